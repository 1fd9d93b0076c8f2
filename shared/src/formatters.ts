import { DAY_MS, HOUR_MS, RELATIVE_TIME_DAYS_LIMIT } from './constants.ts';

/** A calendar date 'YYYY-MM-DD' as its parts, or null when it is not a real date. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/**
 * Age in whole years (docs/product.md, "Behaviour"): the difference of years, minus one if this year's birthday
 * has not come yet. A Feb 29 birthday comes on Mar 1 in common years. `today` is a calendar date.
 */
export function ageOn(dateOfBirth: string, today: string): number {
  const b = parseIsoDate(dateOfBirth);
  const t = parseIsoDate(today);
  if (!b || !t) throw new RangeError('dates must be YYYY-MM-DD');
  let age = t.year - b.year;
  if (t.month < b.month || (t.month === b.month && t.day < b.day)) age -= 1;
  return age;
}

/**
 * A whole number with thousands separators as 'en-US' writes it (2,000), without Intl: a page's first Intl number
 * formatter loads the locale's number data (~60 ms with the CPU 4x slower), which a schema's message built when the
 * API client loads must not pay for.
 */
export const thousands = (n: number): string => String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

let deviceZone: string | undefined;
/** The device's time zone, resolved once (asking builds a formatter, which costs about as much as formatting). */
export const localTimeZone = (): string => (deviceZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * One formatter per time zone, made on first use: making an Intl.DateTimeFormat costs ~50 times using one, and the
 * humidor asks for the day once per item (aging) on every render.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date 'YYYY-MM-DD' in UTC or in the given time zone. */
export function isoDay(now: Date, timeZone = 'UTC'): string {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(now);
}

/** Aging label (docs/product.md, "Validation"): years to one decimal at 1 year or more, otherwise whole months. */
export function agingLabel(boxDate: string, now: Date): string {
  const b = parseIsoDate(boxDate);
  if (!b) return '';
  const days = (now.getTime() - Date.UTC(b.year, b.month - 1, b.day)) / DAY_MS;
  if (days < 0) return '0 months';
  const years = days / 365.25;
  if (years >= 1) return `${(Math.floor(years * 10) / 10).toFixed(1)} years`;
  const months = Math.floor(days / (365.25 / 12));
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}

/** True when at least `years` whole years have passed since the box date (aging stat rule). */
export function isAgedAtLeast(boxDate: string | null | undefined, years: number, now: Date): boolean {
  if (!boxDate) return false;
  const b = parseIsoDate(boxDate);
  if (!b) return false;
  return ageOn(boxDate, isoDay(now)) >= years;
}

/**
 * Star rating from a 0-100 score (docs/product.md, "Validation"): score / 20 to one decimal; the number of full stars is
 * the whole part, and a half star shows when the remainder (score mod 20) is at least 10.
 */
export function starRating(score: number): { value: string; full: number; half: boolean; empty: number } {
  const s = Math.max(0, Math.min(100, score));
  const full = Math.floor(s / 20);
  const half = full < 5 && s % 20 >= 10;
  return { value: (s / 20).toFixed(1), full, half, empty: 5 - full - (half ? 1 : 0) };
}

/**
 * Relative post time (docs/product.md, "Behaviour"): under 1 hour 'Just now'; under 24 hours 'Nh ago'; under 7 days
 * 'Nd ago'; otherwise the local date.
 */
export function relativePostTime(createdAt: string | Date, now: Date, locale?: string): string {
  const t = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  const diff = now.getTime() - t.getTime();
  if (diff < HOUR_MS) return 'Just now';
  if (diff < DAY_MS) return `${Math.floor(diff / HOUR_MS)}h ago`;
  if (diff < RELATIVE_TIME_DAYS_LIMIT * DAY_MS) return `${Math.floor(diff / DAY_MS)}d ago`;
  return t.toLocaleDateString(locale);
}

/** What a member is called when they have given no name at all. */
const NAMELESS_MEMBER = 'Member';

/** The name shown for a member, here and to others: the display name, else first plus last name. */
export function displayName(u: { displayName?: string | null; firstName?: string | null; lastName?: string | null }): string {
  const dn = u.displayName?.trim();
  if (dn) return dn;
  return [u.firstName?.trim(), u.lastName?.trim()].filter(Boolean).join(' ') || NAMELESS_MEMBER;
}
