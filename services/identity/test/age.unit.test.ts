import { describe, expect, it } from 'vitest';
import { checkAge } from '../src/domain/age.ts';

const at = (day: string) => new Date(`${day}T12:00:00Z`);

describe('server age rule', () => {
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
});
