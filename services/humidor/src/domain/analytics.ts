import type { HumidorAnalytics, HumidorItem } from '@torcedor/shared/schemas/humidor';

type Item = Pick<HumidorItem, 'quantity' | 'brandCountry' | 'cigarVitola' | 'cigarStrength' | 'pricePaid' | 'currentPrice' | 'boxDate' | 'createdAt'>;

export const ANALYTICS_PREMIUM_MESSAGE = 'Advanced analytics are part of Premium.';

/** The vitolas chart shows the most held ones. */
export const TOP_VITOLAS = 8;

const STRENGTHS = [['mild', 'Mild'], ['mild-medium', 'Mild-Medium'], ['medium', 'Medium'], ['medium-full', 'Medium-Full'], ['full', 'Full']] as const;
/** Aging bands by the box date's age in years: each holds the ages under its bound (and at least the previous one's). */
const AGING_BANDS = [['< 6 months', 0.5], ['6-12 months', 1], ['1-2 years', 2], ['2-5 years', 5], ['5+ years', Infinity]] as const;

const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;
const cents = (n: number) => Math.round(n * 100) / 100;
/** Milliseconds since the start (UTC) of a 'YYYY-MM-DD' box date. */
const ageMs = (boxDate: string, now: Date) => now.getTime() - new Date(`${boxDate}T00:00:00Z`).getTime();

/**
 * Sticks per name, largest first (ties keep the order of the oldest item): names whose items hold no sticks
 * (quantity 0) are left out.
 */
function sticksBy(items: readonly Item[], name: (i: Item) => string) {
  const m = new Map<string, number>();
  for (const i of items) m.set(name(i), (m.get(name(i)) ?? 0) + i.quantity);
  return [...m.entries()].filter(([, value]) => value > 0).map(([n, value]) => ({ name: n, value })).sort((a, b) => b.value - a.value);
}

/**
 * Advanced analytics of a member's humidor (every item, whatever its status), counted in sticks (quantities):
 * - origins: per brand country ('Other' when unknown);
 * - strengths: the five strengths, mild to full, always all five (items stored without a strength are not counted);
 * - vitolas: the 8 most held ('Other' when unknown);
 * - spendByMonth: per month the item was added (createdAt, UTC), price paid × quantity, rounded to cents, oldest
 *   month first (items without a price paid are not counted);
 * - aging: sticks per age band of the box date, always all five bands (undated items are not counted; a box date
 *   in the future counts as under 6 months);
 * - totals: sticks; value in USD (current price per stick, else the price paid, × quantity, rounded to cents;
 *   unpriced items count 0); the average age in whole days of the dated items (each item once, a future box date
 *   counting 0), or null when no item has a box date.
 * `items` in the data access order (oldest first) makes the order of ties stable.
 */
export function humidorAnalytics(items: readonly Item[], now: Date): HumidorAnalytics {
  const strengths = STRENGTHS.map(([key, name]) => ({ name, value: items.reduce((n, i) => n + (i.cigarStrength === key ? i.quantity : 0), 0) }));

  const spend = new Map<string, number>();
  for (const i of items) {
    if (i.pricePaid === null) continue;
    const month = i.createdAt.slice(0, 7);
    spend.set(month, (spend.get(month) ?? 0) + i.pricePaid * i.quantity);
  }
  const spendByMonth = [...spend.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, value]) => ({ month, value: cents(value) }));

  const aging = AGING_BANDS.map(([name]) => ({ name, value: 0 }));
  const ages: number[] = [];
  for (const i of items) {
    if (!i.boxDate) continue;
    const ms = ageMs(i.boxDate, now);
    if (Number.isNaN(ms)) continue;
    aging[AGING_BANDS.findIndex(([, max]) => ms / YEAR_MS < max)]!.value += i.quantity;
    ages.push(Math.max(0, ms) / DAY_MS);
  }

  return {
    origins: sticksBy(items, (i) => i.brandCountry || 'Other'),
    strengths,
    vitolas: sticksBy(items, (i) => i.cigarVitola || 'Other').slice(0, TOP_VITOLAS),
    spendByMonth,
    aging,
    totals: {
      sticks: items.reduce((n, i) => n + i.quantity, 0),
      valueUsd: cents(items.reduce((n, i) => n + (i.currentPrice ?? i.pricePaid ?? 0) * i.quantity, 0)),
      averageAgeDays: ages.length ? Math.round(ages.reduce((a, b) => a + b, 0) / ages.length) : null,
    },
  };
}
