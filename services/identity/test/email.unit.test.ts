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

describe('the email templates in the member\'s language', () => {
  const ana = (language: 'en' | 'es' | 'fr' | 'de' | 'it') => ({ firstName: 'Ana', language });

  it('write every email in the member\'s saved language, English without one', () => {
    const es = renderEmail(verificationEmail(ana('es'), '042817', false, link));
    expect(es.subject).toBe('Verifica tu dirección de correo de Torcedor');
    expect(es.text).toMatch(/^Verifica tu dirección de correo\n\nHola, Ana:\n[\s\S]*Es válido durante 24 horas\.[\s\S]*\n042817\n/);
    expect(es.html).toContain('<html lang="es">');
    const de = renderEmail(resetCodeEmail(ana('de'), '000123', link));
    expect(de.subject).toBe('Setzen Sie Ihr Torcedor-Passwort zurück');
    expect(de.text).toContain('Er ist 1 Stunde gültig.');
    expect(de.text).toContain('Kontoeinstellungen: https://torcedor.example/settings');
    const fr = renderEmail(emailChangedEmail(ana('fr'), 'neu@example.com', link));
    expect(fr.text).toContain('est désormais neu@example.com.');
    // French puts a no-break space before the colon, in the layout's links too.
    expect(fr.text).toContain('Se connecter avec la nouvelle adresse\u00a0: https://torcedor.example/?auth=login');
    const it = welcomeEmail(ana('it'), link);
    expect([it.subject, it.list![0]]).toEqual(['Ti diamo il benvenuto in Torcedor', 'Aggiungi il tuo primo sigaro al tuo humidor: https://torcedor.example/humidor']);
    expect(passwordChangedEmail(ana('de'), link).action).toEqual({ label: 'Anmelden', url: 'https://torcedor.example/?auth=login' });
    expect(verificationEmail({ firstName: null, language: 'fr' }, '1', true, link).paragraphs[0]).toBe('Bonjour,');
    expect(verificationEmail({ firstName: 'Ana' }, '1', false, link).subject).toBe('Verify your Torcedor email address');
    expect(verificationEmail({ firstName: 'Ana', language: null }, '1', false, link).language).toBe('en');
  });

  it('have every message in every language, with English\'s placeholders (checked when loaded)', async () => {
    const { catalogProblems } = await import('@torcedor/service-kit/messages');
    const files = Object.fromEntries(await Promise.all(['en', 'es', 'fr', 'de', 'it'].map(async (l) =>
      [l, (await import(`../content/${l}/emails.json`, { with: { type: 'json' } })).default]))) as Parameters<typeof catalogProblems>[0];
    expect(catalogProblems(files)).toEqual([]);
    expect(Object.keys(files.en)).toHaveLength(40);
    // Every language writes its own words: no message is left in English.
    for (const l of ['es', 'fr', 'de', 'it'] as const) {
      for (const [key, text] of Object.entries(files[l])) expect(text, `${l} ${key}`).not.toBe(files.en[key]);
    }
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
