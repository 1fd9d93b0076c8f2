import { describe, expect, it } from 'vitest';
import { newSupportRequest } from '../src/domain/support.ts';
import { UNSUBSCRIBE_KINDS } from '@torcedor/shared/constants';
import { isOneClickPost, settingOf } from '../src/domain/unsubscribe.ts';
import { memberEmailDetail, newUserRecord, profileDetail, registeredDetail, toApiUser, trialIsOver, withEmailState } from '../src/domain/user.ts';

/** identity's rules and views (domain/), without DynamoDB or the user pool. */
const now = new Date('2026-03-01T00:00:00Z');

describe('a member record', () => {
  it('starts with zero counts and the default settings, and its API view never shows the birth date or versions', () => {
    const r = newUserRecord('u1', 'ana@example.com', { email: 'ana@example.com', firstName: 'Ana', dateOfBirth: '1990-04-12', country: 'US' }, now);
    expect(r).toMatchObject({ id: 'u1', followersCount: 0, humidorCount: 0, profileVersion: 1, createdAt: now.toISOString() });
    const api = toApiUser(r, false, now);
    expect(api).toMatchObject({ id: 'u1', email: 'ana@example.com', isOwner: false, isSubscribed: false });
    expect(api).not.toHaveProperty('dateOfBirth');
    expect(api).not.toHaveProperty('profileVersion');
    expect(registeredDetail(r, undefined)).toEqual({ userId: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: null, kind: 'member', registeredAt: now.toISOString(), trialEndsAt: null });
  });

  it('a trial ends at its end; a support request is priority while the premium benefits run', () => {
    const trial = newUserRecord('t1', 'trial_x', { isTrial: true, trialEndsAt: now.toISOString() }, now);
    expect(trialIsOver(trial, now)).toBe(true);
    expect(trialIsOver({ ...trial, trialEndsAt: '2026-03-02T00:00:00Z' }, now)).toBe(false);
    const body = { category: 'billing' as const, subject: 'Card', message: 'Declined' };
    expect(newSupportRequest({ ...trial, entitlementTier: 'trial', entitlementUntil: '2026-03-02T00:00:00Z' }, body, 'r1', now).priority).toBe(true);
    expect(newSupportRequest(trial, body, 'r2', now)).toMatchObject({ priority: false, status: 'open', email: null });
  });
});

describe('what identity tells the services that email members', () => {
  it('MemberEmailChanged: the address, whether it is proved, and its version; a trial has none', () => {
    const r = newUserRecord('u1', 'ana@example.com', { email: 'ana@example.com', emailVerified: false }, now);
    expect(memberEmailDetail(r)).toEqual({ userId: 'u1', version: 1, email: 'ana@example.com', verified: false, suppressed: false });
    expect(memberEmailDetail({ ...r, emailVerified: true, emailVersion: 4 })).toEqual({ userId: 'u1', version: 4, email: 'ana@example.com', verified: true, suppressed: false });
    const trial = newUserRecord('t1', 'trial_x', { isTrial: true }, now);
    expect(memberEmailDetail(trial)).toEqual({ userId: 't1', version: 1, email: null, verified: false, suppressed: false });
    // Stored before verification existed: counts as verified.
    const { emailVerified: _v, emailVersion: _e, ...old } = r;
    expect(memberEmailDetail(withEmailState(old) as typeof r)).toMatchObject({ version: 0, verified: true });
  });

  it('UserProfileChanged carries the master switch of notification emails', () => {
    const r = newUserRecord('u1', 'ana@example.com', { email: 'ana@example.com' }, now);
    expect(profileDetail(r)).toMatchObject({ emailNotifications: true, marketingEmails: false });
    expect(profileDetail({ ...r, emailNotifications: false })).toMatchObject({ emailNotifications: false });
  });

  it("UserProfileChanged carries the member's language (English for a member stored before it)", () => {
    const r = newUserRecord('u1', 'ana@example.com', { email: 'ana@example.com', language: 'de' }, now);
    expect(profileDetail(r).language).toBe('de');
    const { language: _, ...old } = r;
    expect(profileDetail(old as typeof r).language).toBe('en');
  });
});

describe('unsubscribe links', () => {
  it('map each kind to its setting', () => {
    expect(Object.keys(UNSUBSCRIBE_KINDS).map((k) => settingOf(k as keyof typeof UNSUBSCRIBE_KINDS))).toEqual([
      'emailNotifications', 'followNotifications', 'reviewNotifications', 'eventNotifications', 'messageNotifications', 'marketingEmails',
    ]);
  });

  it('take only the RFC 8058 body, form-encoded or multipart', async () => {
    expect(await isOneClickPost('List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded')).toBe(true);
    expect(await isOneClickPost('List-Unsubscribe=One-Click\r\n', undefined)).toBe(true);
    const form = '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n';
    expect(await isOneClickPost(form, 'multipart/form-data; boundary=b')).toBe(true);
    expect(await isOneClickPost(form, 'multipart/form-data; boundary=other')).toBe(false);
    for (const body of ['', 'List-Unsubscribe=one-click', 'Unsubscribe=One-Click', '{"List-Unsubscribe":"One-Click"}']) {
      expect(await isOneClickPost(body, 'application/x-www-form-urlencoded')).toBe(false);
    }
  });
});
