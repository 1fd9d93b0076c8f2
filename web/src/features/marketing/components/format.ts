import { plural, t } from '@lingui/core/macro';
import type { Lead } from '@torcedor/shared/schemas/marketing';
import { intlLocale } from '@/lib/i18n';
import { formatDecimal, formatNumber } from '@/lib/numbers';

/**
 * Small formatters of the marketing page, in the app's language (docs/i18n.md): they read the active language when
 * called, so a component calling them also calls useLingui() and re-renders when it changes.
 */

// Made once per language and kind, as src/lib/date-time.ts and src/lib/numbers.ts do.
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: string, make: (locale: string) => T): T {
  const locale = intlLocale();
  const key = `${locale}:${kind}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = make(locale === 'en' ? 'en-US' : locale)));
  return f as T;
}

/** A chart's UTC date (YYYY-MM-DD) as 'Mar 4' ('4 mars', '4. März'). */
export const formatDay = (date: string) =>
  cached('day', (l) => new Intl.DateTimeFormat(l, { month: 'short', day: 'numeric', timeZone: 'UTC' })).format(new Date(`${date}T00:00:00Z`));

/** A whole percentage as the language writes it ('42%', '42 %'); `signed` writes a gain with its sign ('+127%'). */
export const formatWholePercent = (value: number, { signed = false } = {}) =>
  cached(signed ? 'percent-signed' : 'percent-whole', (l) => new Intl.NumberFormat(l, {
    style: 'percent', maximumFractionDigits: 0, signDisplay: signed ? 'exceptZero' : 'auto',
  })).format(value / 100);

/** A run's duration: '850 ms', '4.2 s', '1 min 5 s'. */
export function formatDuration(ms: number): string {
  if (ms < 1_000) {
    const millis = formatNumber(ms);
    return t`${millis} ms`;
  }
  if (ms < 60_000) {
    const seconds = formatDecimal(ms / 1_000);
    return t`${seconds} s`;
  }
  const total = Math.round(ms / 1_000);
  const minutes = formatNumber(Math.floor(total / 60));
  const seconds = formatNumber(total % 60);
  return t`${minutes} min ${seconds} s`;
}

/** An EventBridge rate as the page says it: 'rate(1 day)' is 'Daily'; anything else unknown is shown as written. */
export function scheduleLabel(schedule: string): string {
  const m = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(schedule.trim());
  if (!m) return schedule;
  const n = Number(m[1]);
  const unit = m[2]!.replace(/s$/, '');
  if (unit === 'minute') return t({ message: plural(n, { one: 'Every minute', other: 'Every # minutes' }) });
  if (unit === 'hour') return t({ message: plural(n, { one: 'Hourly', other: 'Every # hours' }) });
  return t({ message: plural(n, { one: 'Daily', other: 'Every # days' }) });
}

/** Who a lead is: the name, else the email, else (a trial has neither) 'Trial member'. */
export const leadName = (l: Pick<Lead, 'name' | 'email'>) => l.name ?? l.email ?? t`Trial member`;
