import { describe, expect, it } from 'vitest';
import { activeTier, isPremium, isUnlimited } from '../src/entitlement.ts';

const now = new Date('2026-11-23T12:00:00Z');

describe('is this plan active (every service and the page)', () => {
  it('keeps a plan until the very end of its period, then it is free', () => {
    expect(activeTier({ tier: 'premium', until: '2026-11-23T12:00:00.001Z' }, now)).toBe('premium');
    expect(activeTier({ tier: 'premium', until: '2026-11-23T12:00:00.000Z' }, now)).toBe('free');
    expect(activeTier({ tier: 'trial', until: '2026-11-30T00:00:00Z' }, now)).toBe('trial');
  });
  it('fails closed: no entitlement, free, or a paid plan without an end date is free', () => {
    expect(activeTier(null, now)).toBe('free');
    expect(activeTier({ tier: 'free', until: '2027-01-01T00:00:00Z' }, now)).toBe('free');
    expect(activeTier({ tier: 'premium', until: null }, now)).toBe('free');
  });
  it('lifts the free limits for a running trial or premium, but only premium is premium', () => {
    const trial = { tier: 'trial' as const, until: '2026-11-30T00:00:00Z' };
    expect([isUnlimited(trial, now), isPremium(trial, now)]).toEqual([true, false]);
    const premium = { tier: 'premium' as const, until: '2026-12-23T00:00:00Z' };
    expect([isUnlimited(premium, now), isPremium(premium, now)]).toEqual([true, true]);
  });
});
