import { describe, expect, it } from 'vitest';
import { renderEmail } from '@torcedor/service-kit/email';
import { EMAIL_CODES } from '@torcedor/shared/constants';
import { isLastTry, issueCode, judgeCode } from '../src/domain/codes.ts';
import { emailChangedEmail, passwordChangedEmail, resetCodeEmail, verificationEmail, welcomeEmail } from '../src/domain/emails.ts';
import { addressToVerify, newUserRecord, withEmailState } from '../src/domain/user.ts';

/** identity's email templates and code rules (domain/), without SES or DynamoDB. */
const link = (path: string) => new URL(path, 'https://torcedor.example').toString();
const evil = { firstName: '<img src=x onerror="alert(1)">&Co' };

describe('the email templates', () => {
  it("escape the member's name in the HTML part and keep it as written in the text part", () => {
    const all = [
      verificationEmail(evil, '042817', false, link), verificationEmail(evil, '042817', true, link), welcomeEmail(evil, link),
      resetCodeEmail(evil, '042817', link), passwordChangedEmail(evil, link), emailChangedEmail(evil, 'new<b>@example.com', link),
    ].map(renderEmail);
    for (const r of all) {
      expect(r.html).not.toContain('<img');
      expect(r.html).toContain('Hello &lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;Co,');
      expect(r.text).toContain(`Hello ${evil.firstName},`);
    }
    expect(all[5]!.html).toContain('new&lt;b&gt;@example.com');
  });

  it('show the code, its lifetime, and the welcome its three first steps', () => {
    const v = renderEmail(verificationEmail({ firstName: 'Ana' }, '042817', false, link));
    expect(v.text.split('\n')).toContain('042817');
    expect(v.text).toContain('24 hours');
    expect(renderEmail(resetCodeEmail({ firstName: null }, '000123', link)).text).toMatch(/^Reset your password\n\nHello,\n[\s\S]*1 hour[\s\S]*000123/);
    const w = welcomeEmail({ firstName: 'Ana' }, link);
    expect(w.list).toEqual([
      expect.stringContaining('https://torcedor.example/humidor'),
      expect.stringContaining('https://torcedor.example/'),
      expect.stringContaining('https://torcedor.example/events'),
    ]);
  });
});

describe('emailed codes', () => {
  const now = 1_800_000_000;

  it('are six digits kept only as a salted hash, right until they expire', () => {
    const { code, record } = issueCode('VERIFY', 'ana@example.com', now);
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(record)).not.toContain(code);
    expect(record).toMatchObject({ purpose: 'VERIFY', address: 'ana@example.com', tries: 0, expiresAt: now + EMAIL_CODES.verifyTtlSeconds, ttl: now + EMAIL_CODES.verifyTtlSeconds });
    expect(issueCode('RESET', 'a@example.com', now).record.expiresAt).toBe(now + EMAIL_CODES.resetTtlSeconds);
    expect(judgeCode(record, code, now)).toBe('right');
    expect(judgeCode(record, code === '000000' ? '000001' : '000000', now)).toBe('wrong');
    expect(judgeCode(record, code, record.expiresAt)).toBe('dead');
    expect(judgeCode(undefined, code, now)).toBe('dead');
  });

  it('die on the fifth wrong try', () => {
    const { code, record } = issueCode('VERIFY', 'ana@example.com', now);
    expect(isLastTry({ ...record, tries: EMAIL_CODES.maxTries - 2 })).toBe(false);
    expect(isLastTry({ ...record, tries: EMAIL_CODES.maxTries - 1 })).toBe(true);
    expect(judgeCode({ ...record, tries: EMAIL_CODES.maxTries }, code, now)).toBe('dead');
  });
});

describe("a member's email state", () => {
  it('counts members stored before verification as verified, and trials as having no address', () => {
    expect(withEmailState({ email: 'old@example.com' })).toMatchObject({ emailVerified: true, pendingEmail: null });
    expect(withEmailState({ email: null })).toMatchObject({ emailVerified: null, pendingEmail: null });
    expect(withEmailState({ email: 'new@example.com', emailVerified: false })).toMatchObject({ emailVerified: false });
  });

  it('proves a pending new address first, else the own address while it is unverified', () => {
    const r = newUserRecord('u1', 'ana@example.com', { email: 'ana@example.com', emailVerified: false }, new Date());
    expect(addressToVerify(r)).toBe('ana@example.com');
    expect(addressToVerify({ ...r, emailVerified: true })).toBeNull();
    expect(addressToVerify({ ...r, emailVerified: true, pendingEmail: 'new@example.com' })).toBe('new@example.com');
  });
});
