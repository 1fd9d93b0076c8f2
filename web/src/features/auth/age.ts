import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { COUNTRIES, type CountryCode } from '@torcedor/shared/constants';
import { checkAge } from '@torcedor/shared/age';
import { parseIsoDate } from '@torcedor/shared/formatters';
import { formatNumber } from '@/lib/numbers';
import { COUNTRY_NAMES } from './country-names';

const GATE_KEY = 'torcedor.ageGate';

export interface GateAnswer { dateOfBirth: string; country: CountryCode }

/** The gate's outcome, remembered for this browser session. */
export function passedGate(): GateAnswer | null {
  try {
    const raw = sessionStorage.getItem(GATE_KEY);
    if (!raw) return null;
    const v: unknown = JSON.parse(raw);
    if (v && typeof v === 'object' && 'dateOfBirth' in v && 'country' in v && typeof v.dateOfBirth === 'string') {
      const c = COUNTRIES.find((x) => x.code === v.country);
      if (c) return { dateOfBirth: v.dateOfBirth, country: c.code };
    }
    return null;
  } catch {
    return null;
  }
}

export const rememberGate = (a: GateAnswer) => sessionStorage.setItem(GATE_KEY, JSON.stringify(a));

/** The alert of docs/product.md, "Validation" when the birth date or the country is empty (in the app's language). */
export const incompleteText = () => t`Please complete all required fields`;

/**
 * The shared age rule (shared/src/age.ts) as the page applies it before the server applies it again: null
 * when old enough, otherwise the alert to show, in the app's language at the moment it is called. Empty fields
 * and dates that do not exist are the page's own messages; the rest is the rule's (its code worded here).
 */
export function ageProblem(dateOfBirth: string, country: string, now = new Date()): string | null {
  const c = COUNTRIES.find((x) => x.code === country);
  if (!dateOfBirth || !c) return incompleteText();
  if (!parseIsoDate(dateOfBirth)) return t`Please enter a valid date of birth`;
  const r = checkAge(dateOfBirth, country, now);
  if (r.ok) return null;
  if (r.code === 'FUTURE_DATE') return t`Date of birth cannot be in the future`;
  if (r.code === 'IMPLAUSIBLE_DATE') return t`Please enter a real date of birth`;
  const age = formatNumber(c.minimumAge);
  const countryName = i18n._(COUNTRY_NAMES[c.code]);
  return t`You must be at least ${age} years old to access this platform in ${countryName}`;
}
