import { describe, expect, it } from 'vitest';
import { checkAge } from '../src/age.ts';

const at = (day: string) => new Date(`${day}T12:00:00Z`);

describe('the age rule (page and server alike)', () => {
  it('admits a US member on their 21st birthday, not the day before it', () => {
    expect(checkAge('2005-11-23', 'US', at('2026-11-23'))).toEqual({ ok: true });
    expect(checkAge('2005-11-24', 'US', at('2026-11-23'))).toEqual({
      ok: false, code: 'UNDER_AGE', message: 'You must be at least 21 years old to access this platform in United States',
    });
  });

  it('uses 18 in the four other countries', () => {
    for (const c of ['GB', 'CA', 'DE', 'NL'] as const) {
      expect(checkAge('2008-11-23', c, at('2026-11-23')).ok).toBe(true);
      expect(checkAge('2008-11-24', c, at('2026-11-23')).ok).toBe(false);
    }
    expect(checkAge('2008-11-24', 'NL', at('2026-11-23'))).toMatchObject({ message: 'You must be at least 18 years old to access this platform in Netherlands' });
  });

  it('lets a Feb 29 birthday count from Mar 1 in a common year', () => {
    expect(checkAge('2008-02-29', 'GB', at('2026-02-28')).ok).toBe(false);
    expect(checkAge('2008-02-29', 'GB', at('2026-03-01')).ok).toBe(true);
  });

  it('refuses dates in the future and implausible ones', () => {
    expect(checkAge('2026-11-24', 'CA', at('2026-11-23'))).toMatchObject({ ok: false, code: 'FUTURE_DATE' });
    expect(checkAge('1899-12-31', 'CA', at('2026-11-23'))).toMatchObject({ ok: false, code: 'IMPLAUSIBLE_DATE' });
  });

  it('counts a birthday once it has begun everywhere on Earth (UTC-12)', () => {
    // 21st birthday on 2026-11-23: at 11:59 UTC it is still the 22nd in UTC-12, at 12:00 UTC the 23rd has begun everywhere.
    expect(checkAge('2005-11-23', 'US', new Date('2026-11-23T11:59:59Z')).ok).toBe(false);
    expect(checkAge('2005-11-23', 'US', new Date('2026-11-23T12:00:00Z')).ok).toBe(true);
  });

  it('takes 1900-01-01 as the earliest birth date, and refuses dates that do not exist', () => {
    expect(checkAge('1900-01-01', 'US', at('2026-11-23')).ok).toBe(true);
    expect(() => checkAge('1990-02-30', 'US', at('2026-11-23'))).toThrow(RangeError);
    expect(() => checkAge('1990-01-01', 'XX', at('2026-11-23'))).toThrow(RangeError);
  });
});
