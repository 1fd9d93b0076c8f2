import { HumidorAnalytics, type HumidorItem } from '@torcedor/shared/schemas/humidor';
import { describe, expect, it } from 'vitest';
import { humidorAnalytics } from '../src/domain/analytics.ts';

const now = new Date('2026-06-15T12:00:00.000Z');
let n = 0;
const item = (over: Partial<HumidorItem> = {}): HumidorItem => ({
  id: `i${++n}`, cigarId: 'padron-1964', currentPrice: null, readyOn: null, quantity: 1, location: null, status: 'owned', notes: null,
  pricePaid: null, boxDate: null, cigarImageUrl: null, brandName: 'Padrón', cigarName: '1964 Exclusivo', brandCountry: 'Nicaragua',
  cigarVitola: 'Robusto', cigarLength: 5.5, cigarRingGauge: 50, cigarStrength: null, cigarWrapper: null, photos: [], averageRating: null, reviewCount: 0, createdAt: '2026-01-10T09:00:00.000Z',
  ...over,
});
/** A box date `days` days before `now`'s day (UTC). */
const daysAgo = (days: number) => new Date(Date.UTC(2026, 5, 15) - days * 86_400_000).toISOString().slice(0, 10);

describe('humidor analytics', () => {
  it('is all zeros (and the fixed categories) for an empty humidor', () => {
    const a = humidorAnalytics([], now);
    expect(a).toEqual({
      origins: [],
      strengths: ['Mild', 'Mild-Medium', 'Medium', 'Medium-Full', 'Full'].map((name) => ({ name, value: 0 })),
      vitolas: [],
      spendByMonth: [],
      aging: ['< 6 months', '6-12 months', '1-2 years', '2-5 years', '5+ years'].map((name) => ({ name, value: 0 })),
      totals: { sticks: 0, valueUsd: 0, averageAgeDays: null },
    });
    expect(HumidorAnalytics.parse(a)).toEqual(a);
  });

  it("counts sticks per origin, largest first, 'Other' when the country is unknown, leaving out origins with no sticks", () => {
    const a = humidorAnalytics([
      item({ brandCountry: 'Cuba', quantity: 2 }),
      item({ brandCountry: 'Nicaragua', quantity: 3 }),
      item({ brandCountry: null, quantity: 1 }),
      item({ brandCountry: '', quantity: 1 }),
      item({ brandCountry: 'Cuba', quantity: 4 }),
      item({ brandCountry: 'Honduras', quantity: 0 }),
    ], now);
    expect(a.origins).toEqual([{ name: 'Cuba', value: 6 }, { name: 'Nicaragua', value: 3 }, { name: 'Other', value: 2 }]);
    expect(a.totals.sticks).toBe(11);
  });

  it('counts the five strengths in order, from mild to full, skipping items stored without one', () => {
    const a = humidorAnalytics([
      item({ cigarStrength: 'full', quantity: 5 }),
      item({ cigarStrength: 'mild', quantity: 1 }),
      item({ cigarStrength: 'medium-full', quantity: 2 }),
      item({ cigarStrength: 'full', quantity: 1 }),
      item({ cigarStrength: null, quantity: 7 }),
    ], now);
    expect(a.strengths).toEqual([
      { name: 'Mild', value: 1 }, { name: 'Mild-Medium', value: 0 }, { name: 'Medium', value: 0 }, { name: 'Medium-Full', value: 2 }, { name: 'Full', value: 6 },
    ]);
  });

  it('keeps the 8 most held vitolas, ties in the order of the oldest item', () => {
    const names = ['Robusto', 'Toro', 'Churchill', 'Corona', 'Lancero', 'Belicoso', 'Torpedo', 'Petit Corona', 'Gordo', 'Lonsdale'];
    const items = names.map((cigarVitola, i) => item({ cigarVitola, quantity: i < 2 ? 1 : 2 }));
    items.push(item({ cigarVitola: null, quantity: 3 }), item({ cigarVitola: 'Robusto', quantity: 4 }));
    expect(humidorAnalytics(items, now).vitolas).toEqual([
      { name: 'Robusto', value: 5 }, { name: 'Other', value: 3 },
      ...['Churchill', 'Corona', 'Lancero', 'Belicoso', 'Torpedo', 'Petit Corona'].map((name) => ({ name, value: 2 })),
    ]);
  });

  it('sums spend per month added (price paid × quantity), rounded to cents, oldest month first', () => {
    const a = humidorAnalytics([
      item({ createdAt: '2026-03-31T23:59:59.000Z', pricePaid: 0.1, quantity: 3 }),
      item({ createdAt: '2025-12-01T00:00:00.000Z', pricePaid: 14.5, quantity: 2 }),
      item({ createdAt: '2026-03-01T08:00:00.000Z', pricePaid: 0.2, quantity: 1 }),
      item({ createdAt: '2026-02-14T08:00:00.000Z', pricePaid: null, quantity: 5 }),
      item({ createdAt: '2026-04-02T08:00:00.000Z', pricePaid: 9.99, quantity: 0 }),
    ], now);
    expect(a.spendByMonth).toEqual([{ month: '2025-12', value: 29 }, { month: '2026-03', value: 0.5 }, { month: '2026-04', value: 0 }]);
  });

  it('bands sticks by the age of their box date, and averages the dated items’ age in days', () => {
    const a = humidorAnalytics([
      item({ boxDate: daysAgo(10), quantity: 2 }), // < 6 months
      item({ boxDate: daysAgo(182), quantity: 1 }), // 182.5 days: just under half a year (182.625 days)
      item({ boxDate: daysAgo(183), quantity: 3 }), // 6-12 months
      item({ boxDate: daysAgo(400), quantity: 4 }), // 1-2 years
      item({ boxDate: daysAgo(730), quantity: 5 }), // 730.5 days: exactly 2 years of 365.25 days, so 2-5 years
      item({ boxDate: daysAgo(1000), quantity: 6 }), // 2-5 years
      item({ boxDate: daysAgo(3000), quantity: 7 }), // 5+ years
      item({ boxDate: null, quantity: 9 }),
    ], now);
    expect(a.aging).toEqual([
      { name: '< 6 months', value: 3 }, { name: '6-12 months', value: 3 }, { name: '1-2 years', value: 4 }, { name: '2-5 years', value: 11 }, { name: '5+ years', value: 7 },
    ]);
    // Ages run from the box date's midnight UTC to noon now: each is half a day more than its whole days.
    const mean = (10 + 182 + 183 + 400 + 730 + 1000 + 3000) / 7 + 0.5;
    expect(a.totals.averageAgeDays).toBe(Math.round(mean));
  });

  it('counts a box date in the future as under 6 months and as 0 days old', () => {
    const a = humidorAnalytics([item({ boxDate: '2026-12-01', quantity: 2 }), item({ boxDate: daysAgo(100), quantity: 1 })], now);
    expect(a.aging[0]).toEqual({ name: '< 6 months', value: 3 });
    expect(a.totals.averageAgeDays).toBe(50); // (0 + 100.5) / 2, rounded
  });

  it('values the sticks at their current price, else the price paid, to the cent', () => {
    const a = humidorAnalytics([
      item({ pricePaid: 10, currentPrice: 12.34, quantity: 3 }),
      item({ pricePaid: 0.1, quantity: 3 }),
      item({ pricePaid: null, currentPrice: null, quantity: 4 }),
      item({ pricePaid: null, currentPrice: 20, quantity: 1 }),
    ], now);
    expect(a.totals).toEqual({ sticks: 11, valueUsd: 57.32, averageAgeDays: null });
  });

  it('answers what the response schema describes', () => {
    const a = humidorAnalytics([
      item({ brandCountry: 'Cuba', cigarStrength: 'medium', pricePaid: 22.5, boxDate: '2020-01-01', quantity: 3 }),
      item({ cigarVitola: 'Toro', cigarStrength: 'full', currentPrice: 15, boxDate: '2025-09-30', quantity: 2, createdAt: '2026-02-01T00:00:00.000Z' }),
    ], now);
    expect(HumidorAnalytics.parse(a)).toEqual(a);
  });
});
