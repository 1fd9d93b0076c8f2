import { DAY_MS, MARKETING_CHART_DAYS } from '@torcedor/shared/constants';
import { utcDay } from './scoring.ts';

/** The last `n` UTC dates, today included, oldest first. */
export const lastDays = (now: Date, n: number) => Array.from({ length: n }, (_, i) => utcDay(new Date(now.getTime() - (n - 1 - i) * DAY_MS)));

/** The UTC dates of the charts, oldest first, today last. */
export const chartDays = (now: Date) => lastDays(now, MARKETING_CHART_DAYS);

/** Seconds from `now` to the end of its UTC day (at least one). */
export const secondsLeftIn = (now: Date) => Math.max(1, Math.ceil((DAY_MS - (now.getTime() % DAY_MS)) / 1000));

/** A counter as read (absent: 0). */
export const num = (v: unknown) => Number(v ?? 0);
