import { COUNTRIES, type CountryCode } from '@torcedor/shared/constants';
import { ageOn, isoDay } from '@torcedor/shared/formatters';

export type AgeCheck =
  | { ok: true }
  | { ok: false; code: 'FUTURE_DATE' | 'IMPLAUSIBLE_DATE' | 'UNDER_AGE'; message: string };

/**
 * The server's age rule (spec sections 4-5): minimum 21 in the United States, 18 in the other listed
 * countries, age in whole years on today's date (UTC).
 */
export function checkAge(dateOfBirth: string, country: CountryCode, now: Date): AgeCheck {
  const today = isoDay(now);
  if (dateOfBirth > today) return { ok: false, code: 'FUTURE_DATE', message: 'Date of birth cannot be in the future' };
  if (dateOfBirth < '1900-01-01') return { ok: false, code: 'IMPLAUSIBLE_DATE', message: 'Please enter a real date of birth' };
  const c = COUNTRIES.find((x) => x.code === country)!;
  if (ageOn(dateOfBirth, today) < c.minimumAge) {
    return { ok: false, code: 'UNDER_AGE', message: `You must be at least ${c.minimumAge} years old to access this platform in ${c.name}` };
  }
  return { ok: true };
}
