import type { Lead } from '@torcedor/shared/schemas/marketing';

/** Small formatters of the marketing page. */

const day = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A chart's UTC date (YYYY-MM-DD) as 'Mar 4'. */
export const formatDay = (date: string) => day.format(new Date(`${date}T00:00:00Z`));
export const percent = (value: number) => `${value.toFixed(1)}%`;

/** A run's duration: '850 ms', '4.2 s', '1 min 5 s'. */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const s = Math.round(ms / 1_000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** An EventBridge rate as the page says it: 'rate(1 day)' is 'Daily'; anything else unknown is shown as written. */
export function scheduleLabel(schedule: string): string {
  const m = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(schedule.trim());
  if (!m) return schedule;
  const n = Number(m[1]);
  const unit = m[2]!.replace(/s$/, '');
  if (n === 1) return { minute: 'Every minute', hour: 'Hourly', day: 'Daily' }[unit]!;
  return `Every ${n} ${unit}s`;
}

/** Who a lead is: the name, else the email, else (a trial has neither) 'Trial member'. */
export const leadName = (l: Pick<Lead, 'name' | 'email'>) => l.name ?? l.email ?? 'Trial member';
