import { describe, expect, it } from 'vitest';
import { newSupportRequest } from '../src/domain/support.ts';
import { newUserRecord, registeredDetail, toApiUser, trialIsOver } from '../src/domain/user.ts';

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
