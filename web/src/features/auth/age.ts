import { COUNTRIES, type CountryCode } from '@torcedor/shared/constants';
import { checkAge } from '@torcedor/shared/age';
import { parseIsoDate } from '@torcedor/shared/formatters';

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

/** The alert of docs/product.md, "Validation" when the birth date or the country is empty. */
export const INCOMPLETE = 'Please complete all required fields';

/**
 * The shared age rule (shared/src/age.ts) as the page applies it before the server applies it again: null
 * when old enough, otherwise the alert to show. Empty fields and dates that do not exist are the page's
 * own messages; the rest is the rule's.
 */
export function ageProblem(dateOfBirth: string, country: string, now = new Date()): string | null {
  if (!dateOfBirth || !COUNTRIES.some((x) => x.code === country)) return INCOMPLETE;
  if (!parseIsoDate(dateOfBirth)) return 'Please enter a valid date of birth';
  const r = checkAge(dateOfBirth, country, now);
  return r.ok ? null : r.message;
}
