import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceFixture, type ServiceFixture } from '../../kit/test/fixture.ts';
import { call } from '../../kit/test/http-event.ts';

let f: ServiceFixture;
let http: ServiceFixture['http'];
let ddb: ServiceFixture['ddb'];

beforeAll(async () => {
  f = await serviceFixture('humidor', { http: () => import('../src/http.ts'), worker: () => import('../src/worker.ts') });
  ({ http, ddb } = f);
});

const DAY = 86_400_000;
const isoDay = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
const analytics = (cookies: string[]) => call(http, 'GET', '/api/humidor/analytics', { cookies });

/** A stored humidor item, as the add route stores it (cigar fields copied from the catalog). */
const put = (userId: string, n: number, over: Record<string, unknown>) => ddb.ddb.send(new PutCommand({
  TableName: ddb.TABLE,
  Item: {
    PK: `MEMBER#${userId}`, SK: `ITEM#i${n}`, id: `i${n}`, cigarId: `c${n}`, quantity: 1, location: null, status: 'owned', notes: null,
    pricePaid: null, currentPrice: null, readyOn: null, boxDate: null, cigarImageUrl: null, brandName: 'Padrón', cigarName: `Cigar ${n}`,
    brandCountry: 'Nicaragua', cigarVitola: 'Robusto', cigarLength: 5.5, cigarRingGauge: 50, cigarStrength: null,
    createdAt: `2026-01-0${n}T00:00:00.000Z`, ...over,
  },
}));

/** The humidor's own copy of the member's plan, written as the cap tests do. */
const setPlan = (userId: string, tier: 'free' | 'trial' | 'premium', until: string | null, version = 1) =>
  ddb.ddb.send(new PutCommand({ TableName: ddb.TABLE, Item: { PK: `MEMBER#${userId}`, SK: 'ENTITLEMENT', tier, until, version } }));

/** Billing's EntitlementChanged at this version, handled by the humidor's worker. */
const entitlementChanged = (userId: string, version: number, tier: 'free' | 'trial' | 'premium', until: string | null) =>
  f.send('EntitlementChanged', { userId, version, tier, until }, 'torcedor.billing');

async function seed(userId: string) {
  await put(userId, 1, { brandCountry: 'Cuba', cigarVitola: 'Churchill', cigarStrength: 'medium', quantity: 3, pricePaid: 22.5, boxDate: isoDay(3 * 365 * DAY), createdAt: '2025-11-20T10:00:00.000Z' });
  await put(userId, 2, { cigarStrength: 'full', quantity: 2, pricePaid: 14.99, currentPrice: 18, boxDate: isoDay(30 * DAY), createdAt: '2026-02-03T10:00:00.000Z' });
  await put(userId, 3, { brandCountry: null, cigarVitola: null, cigarStrength: 'full', quantity: 1, createdAt: '2026-02-10T10:00:00.000Z' });
}

/** What the three seeded items make (box dates relative to today, so the ages hold on any day). */
const expected = {
  origins: [{ name: 'Cuba', value: 3 }, { name: 'Nicaragua', value: 2 }, { name: 'Other', value: 1 }],
  strengths: [{ name: 'Mild', value: 0 }, { name: 'Mild-Medium', value: 0 }, { name: 'Medium', value: 3 }, { name: 'Medium-Full', value: 0 }, { name: 'Full', value: 3 }],
  vitolas: [{ name: 'Churchill', value: 3 }, { name: 'Robusto', value: 2 }, { name: 'Other', value: 1 }],
  spendByMonth: [{ month: '2025-11', value: 67.5 }, { month: '2026-02', value: 29.98 }],
  aging: [{ name: '< 6 months', value: 2 }, { name: '6-12 months', value: 0 }, { name: '1-2 years', value: 0 }, { name: '2-5 years', value: 3 }, { name: '5+ years', value: 0 }],
  // 3 × 22.50 (no current price) + 2 × 18.00 (current price) + 1 unpriced.
  totals: { sticks: 6, valueUsd: 103.5, averageAgeDays: expect.any(Number) },
};

describe('advanced analytics (GET /api/humidor/analytics), premium and trial only', () => {
  it('refuses a free member with 403 PREMIUM_REQUIRED, with or without a copy of the plan', async () => {
    const m = await f.member();
    await seed(m.userId);
    const none = await analytics(m.cookies);
    expect([none.status, none.body]).toEqual([403, { code: 'PREMIUM_REQUIRED', message: 'Advanced analytics are part of Premium.' }]);
    await setPlan(m.userId, 'free', null);
    expect((await analytics(m.cookies)).body.code).toBe('PREMIUM_REQUIRED');
  });

  it('answers a trial member (from EntitlementChanged) with the numbers of their humidor', async () => {
    const m = await f.member();
    await seed(m.userId);
    await entitlementChanged(m.userId, 1, 'trial', new Date(Date.now() + 7 * DAY).toISOString());
    const r = await analytics(m.cookies);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(expected);
    // Ages: about 3 × 365 days and 30 days, each item once.
    expect(Math.abs(r.body.totals.averageAgeDays - (3 * 365 + 30) / 2)).toBeLessThanOrEqual(1);
  });

  it('answers a premium member, and an empty humidor with zeros and no average age', async () => {
    const m = await f.member();
    await setPlan(m.userId, 'premium', new Date(Date.now() + 30 * DAY).toISOString());
    const empty = await analytics(m.cookies);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ origins: [], vitolas: [], spendByMonth: [], totals: { sticks: 0, valueUsd: 0, averageAgeDays: null } });
    await seed(m.userId);
    expect((await analytics(m.cookies)).body).toEqual(expected);
  });

  it('refuses a premium plan whose end date has passed, even before the event saying so', async () => {
    const m = await f.member();
    await seed(m.userId);
    await setPlan(m.userId, 'premium', new Date(Date.now() - 60_000).toISOString());
    expect((await analytics(m.cookies)).body).toEqual({ code: 'PREMIUM_REQUIRED', message: 'Advanced analytics are part of Premium.' });
    // Renewed (a newer version), then lapsed to free by a later event.
    await entitlementChanged(m.userId, 2, 'premium', new Date(Date.now() + 30 * DAY).toISOString());
    expect((await analytics(m.cookies)).status).toBe(200);
    await entitlementChanged(m.userId, 3, 'free', null);
    expect((await analytics(m.cookies)).status).toBe(403);
  });

  it("counts only the caller's items", async () => {
    const a = await f.member();
    const b = await f.member();
    await seed(a.userId);
    await setPlan(b.userId, 'premium', new Date(Date.now() + DAY).toISOString());
    expect((await analytics(b.cookies)).body.totals).toEqual({ sticks: 0, valueUsd: 0, averageAgeDays: null });
  });
});
