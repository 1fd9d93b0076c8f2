import { COUNTRIES } from './constants.ts';
import { ageOn, isoDay, parseIsoDate } from './formatters.ts';

/**
 * The age rule, once for the age gate, the sign-up and trial forms and the server (docs/decisions.md, "Age
 * rule"): at least 21 in the United States and 18 in the other listed countries, in whole years, on today's
 * date where it is earliest on Earth (UTC-12). A birthday counts once it has begun everywhere, so nobody is
 * admitted early in any time zone, and the page and the server always agree without knowing the member's zone.
 * Birth dates must exist, not lie in the future, and not precede 1900.
 */
const AGE_RULE_TIME_ZONE = 'Etc/GMT+12';
const EARLIEST_BIRTH_DATE = '1900-01-01';

export type AgeCheck =
  | { ok: true }
  | { ok: false; code: 'FUTURE_DATE' | 'IMPLAUSIBLE_DATE' | 'UNDER_AGE'; message: string };

/** The day the age rule counts from. */
const ageRuleToday = (now: Date) => isoDay(now, AGE_RULE_TIME_ZONE);

export function checkAge(dateOfBirth: string, country: string, now: Date): AgeCheck {
  const c = COUNTRIES.find((x) => x.code === country);
  if (!c) throw new RangeError(`unknown country ${country}`);
  if (!parseIsoDate(dateOfBirth)) throw new RangeError('dateOfBirth must be an existing YYYY-MM-DD date');
  const today = ageRuleToday(now);
  if (dateOfBirth > today) return { ok: false, code: 'FUTURE_DATE', message: 'Date of birth cannot be in the future' };
  if (dateOfBirth < EARLIEST_BIRTH_DATE) return { ok: false, code: 'IMPLAUSIBLE_DATE', message: 'Please enter a real date of birth' };
  if (ageOn(dateOfBirth, today) < c.minimumAge) {
    return { ok: false, code: 'UNDER_AGE', message: `You must be at least ${c.minimumAge} years old to access this platform in ${c.name}` };
  }
  return { ok: true };
}
