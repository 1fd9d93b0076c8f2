import { AGING_STAT_YEARS } from './constants.ts';
import { isAgedAtLeast } from './formatters.ts';

/** Humidor stats of docs/product.md, "Screens": total sticks, unique cigars, aging (2+ years), origins. */
export function humidorStats(items: { cigarId: string; quantity: number; boxDate: string | null; brandCountry: string | null }[], now: Date) {
  const origins = new Map<string, number>();
  for (const i of items) {
    const c = i.brandCountry || 'Other';
    origins.set(c, (origins.get(c) ?? 0) + i.quantity);
  }
  return {
    totalSticks: items.reduce((n, i) => n + i.quantity, 0),
    uniqueCigars: new Set(items.map((i) => i.cigarId)).size,
    aging: items.filter((i) => isAgedAtLeast(i.boxDate, AGING_STAT_YEARS, now)).length,
    origins: [...origins.entries()].sort((a, b) => b[1] - a[1]).map(([country, count]) => ({ country, count })),
  };
}
