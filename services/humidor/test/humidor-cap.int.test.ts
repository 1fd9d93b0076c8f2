import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceFixture, type ServiceFixture } from '../../kit/test/fixture.ts';
import { call } from '../../kit/test/http-event.ts';

let f: ServiceFixture;
let http: ServiceFixture['http'];
let ddb: ServiceFixture['ddb'];

const lounge = { id: 'it-casa-fuente', name: 'Casa Fuente', city: 'Las Vegas', country: 'United States', address: '3500 S Las Vegas Blvd', website: 'https://www.casafuente.com' };
const brand = { id: 'it-padron', name: 'Padrón', country: 'Nicaragua', description: 'Family-owned maker in Estelí, Nicaragua.' };
const cigar = (id: string, name: string) => ({
  id, brandId: 'it-padron', name, vitola: 'Robusto', length: 5.5, ringGauge: 50, strength: 'medium-full' as const,
  wrapper: 'Nicaraguan Maduro', binder: 'Nicaraguan', filler: 'Nicaraguan', country: 'Nicaragua', description: 'Box-pressed.',
});

beforeAll(async () => {
  f = await serviceFixture('humidor', { http: () => import('../src/http.ts') });
  ({ http, ddb } = f);
  const { writeCatalog } = await import('../src/store/catalog.ts');
  await writeCatalog({ brands: [brand], cigars: [cigar('it-padron-1964-exclusivo', '1964 Anniversary Series Exclusivo'), cigar('it-padron-2000', '2000 Natural')], lounges: [lounge] });
});

const add = (cookies: string[], body: Record<string, unknown>) => call(http, 'POST', '/api/humidor', { cookies, body });
/**
 * An add as the page makes it under load: with an Idempotency-Key, tried again with the same key after a 503 (the
 * 1.2 s database deadline on a busy machine: the write may or may not have committed) or while the first try is still
 * in progress. The key makes the retry find what a committed first try wrote, so every add is counted exactly once.
 */
async function addAsThePageDoes(cookies: string[], body: Record<string, unknown>) {
  const key = `cap-${randomUUID()}`;
  for (let attempt = 1; ; attempt++) {
    const res = await call(http, 'POST', '/api/humidor', { cookies, body, headers: { 'idempotency-key': key } });
    const retry = res.status === 503 || (res.status === 409 && res.body.code === 'IDEMPOTENCY_IN_PROGRESS');
    if (!retry || attempt === 10) return res;
    await new Promise((r) => setTimeout(r, 250 * attempt));
  }
}
const one = { cigarId: 'it-padron-1964-exclusivo', quantity: 1 };
const list = async (cookies: string[]) => (await call(http, 'GET', '/api/humidor', { cookies })).body as { id: string; quantity: number }[];
const sticks = async (cookies: string[]) => (await list(cookies)).reduce((n, i) => n + i.quantity, 0);
const setPlan = (userId: string, tier: 'premium' | 'free', version: number) =>
  ddb.ddb.send(new PutCommand({ TableName: ddb.TABLE, Item: { PK: `MEMBER#${userId}`, SK: 'ENTITLEMENT', tier, until: tier === 'free' ? null : new Date(Date.now() + 86_400_000 * 30).toISOString(), version } }));

describe('free-tier humidor cap (20 cigars), exact under concurrency', () => {
  it('lets exactly 20 of 50 parallel adds through, 20 times over', async () => {
    for (let round = 0; round < 20; round++) {
      const m = await f.member();
      const results = await Promise.all(Array.from({ length: 50 }, () => addAsThePageDoes(m.cookies, one)));
      const ok = results.filter((r) => r.status === 201).length;
      const limited = results.filter((r) => r.status === 403 && r.body.code === 'HUMIDOR_LIMIT').length;
      expect([round, ok, limited]).toEqual([round, 20, 30]);
      expect(await sticks(m.cookies)).toBe(20);
      const summary = await call(http, 'GET', '/api/humidor/summary', { cookies: m.cookies });
      expect(summary.body).toMatchObject({ totalSticks: 20, items: 20, cap: 20 });
    }
  }, 240_000);

  it('from 15 held, lets exactly 5 more through', async () => {
    const m = await f.member();
    expect((await add(m.cookies, { ...one, quantity: 15 })).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 30 }, () => addAsThePageDoes(m.cookies, one)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(await sticks(m.cookies)).toBe(20);
  });

  it('holds the cap on quantity increases, and allows decreases and removals', async () => {
    const m = await f.member();
    const a = await add(m.cookies, { ...one, quantity: 18 });
    const edit = (quantity: number) => call(http, 'PUT', `/api/humidor/${a.body.id}`, { cookies: m.cookies, body: { quantity, location: null, status: 'owned', notes: null, pricePaid: null } });
    expect((await edit(21)).body.code).toBe('HUMIDOR_LIMIT');
    expect((await edit(20)).status).toBe(200);
    const parallel = await Promise.all([edit(20), edit(19), edit(20)]);
    expect(parallel.every((r) => r.status === 200)).toBe(true);
    expect(await sticks(m.cookies)).toBeLessThanOrEqual(20);
    expect((await edit(0)).body.quantity).toBe(0);
    expect((await call(http, 'DELETE', `/api/humidor/${a.body.id}`, { cookies: m.cookies })).status).toBe(200);
    expect(await list(m.cookies)).toEqual([]);
  });

  it('lifts the cap for premium, and a member back on free keeps and edits what they hold but cannot add', async () => {
    const m = await f.member();
    await setPlan(m.userId, 'premium', 1);
    expect((await add(m.cookies, { ...one, quantity: 30 })).status).toBe(201);
    expect((await call(http, 'GET', '/api/humidor/summary', { cookies: m.cookies })).body.cap).toBeNull();
    await setPlan(m.userId, 'free', 2);
    expect((await add(m.cookies, one)).status).toBe(403);
    const [held] = await list(m.cookies);
    const lower = await call(http, 'PUT', `/api/humidor/${held!.id}`, { cookies: m.cookies, body: { quantity: 25, location: 'Top tray', status: 'aged', notes: null, pricePaid: 12.5 } });
    expect(lower.body).toMatchObject({ quantity: 25, location: 'Top tray', status: 'aged', pricePaid: 12.5 });
    expect((await call(http, 'PUT', `/api/humidor/${held!.id}`, { cookies: m.cookies, body: { quantity: 26, location: null, status: 'aged', notes: null, pricePaid: null } })).status).toBe(403);
  });
});

describe('humidor items belong to their member', () => {
  it("answers 404 for another member's item and changes nothing (IDOR)", async () => {
    const owner = await f.member();
    const other = await f.member();
    const item = (await add(owner.cookies, { ...one, quantity: 3 })).body;
    const put = await call(http, 'PUT', `/api/humidor/${item.id}`, { cookies: other.cookies, body: { quantity: 1, location: null, status: 'smoked', notes: null, pricePaid: null } });
    expect(put.status).toBe(404);
    expect((await call(http, 'DELETE', `/api/humidor/${item.id}`, { cookies: other.cookies })).status).toBe(404);
    expect(await list(owner.cookies)).toEqual([expect.objectContaining({ id: item.id, quantity: 3, status: 'owned' })]);
    expect(await list(other.cookies)).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    ['quantity -1', { quantity: -1 }],
    ['quantity 1.5', { quantity: 1.5 }],
    ['quantity "abc"', { quantity: 'abc' }],
    ['price "x"', { pricePaid: 'x' }],
    ['a price with 3 decimals', { pricePaid: 1.005 }],
    ['an unknown cigar', { cigarId: 'no-such-cigar' }],
    ['an unknown field', { isPremium: true }],
    ['a malformed box date', { boxDate: '2024-13-01' }],
  ])('rejects %s with 400 and stores nothing', async (_what, over) => {
    const m = await f.member();
    const r = await add(m.cookies, { ...one, ...over });
    expect(r.status).toBe(400);
    expect(r.body.message).toBeTruthy();
    expect(await list(m.cookies)).toEqual([]);
  });

  it('accepts prices with cents and stores the edit rules of the spec', async () => {
    const m = await f.member();
    const r = await add(m.cookies, { ...one, pricePaid: 19.99, location: '', notes: '', boxDate: '2023-05-01' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ pricePaid: 19.99, location: null, notes: null, boxDate: '2023-05-01', brandName: 'Padrón', cigarVitola: 'Robusto', brandCountry: 'Nicaragua' });
  });
});

describe('wishlist', () => {
  it('adds with a priority, changes it, moves an entry into the humidor within the cap, and removes', async () => {
    const m = await f.member();
    const w = await call(http, 'POST', '/api/wishlist', { cookies: m.cookies, body: { cigarId: 'it-padron-2000', priority: 4, notes: 'For a birthday' } });
    expect(w.status).toBe(201);
    expect((await call(http, 'POST', '/api/wishlist', { cookies: m.cookies, body: { cigarId: 'it-padron-2000', priority: 6 } })).status).toBe(400);
    const upd = await call(http, 'PUT', `/api/wishlist/${w.body.id}`, { cookies: m.cookies, body: { priority: 5, notes: 'For a birthday' } });
    expect(upd.body.priority).toBe(5);
    await add(m.cookies, { ...one, quantity: 19 });
    expect((await call(http, 'POST', `/api/wishlist/${w.body.id}/move`, { cookies: m.cookies, body: { quantity: 2 } })).body.code).toBe('HUMIDOR_LIMIT');
    const moved = await call(http, 'POST', `/api/wishlist/${w.body.id}/move`, { cookies: m.cookies, body: { quantity: 1 } });
    expect(moved.status).toBe(201);
    expect(moved.body).toMatchObject({ cigarId: 'it-padron-2000', quantity: 1, notes: 'For a birthday' });
    expect((await call(http, 'GET', '/api/wishlist', { cookies: m.cookies })).body).toEqual([]);
    expect((await call(http, 'GET', '/api/humidor/summary', { cookies: m.cookies })).body).toMatchObject({ totalSticks: 20, wishlistCount: 0 });
    expect((await call(http, 'DELETE', `/api/wishlist/${w.body.id}`, { cookies: m.cookies })).status).toBe(404);
  });
});

describe('catalog and search', () => {
  it('finds Padrón by "padron" and by the typo "padrn", and 400s an empty query', async () => {
    const m = await f.member();
    for (const q of ['padron', 'padrn', 'PADRÓN 1964']) {
      const r = await call(http, 'GET', '/api/search', { cookies: m.cookies, query: { q } });
      expect(r.status).toBe(200);
      const cigars = r.body.find((g: { type: string }) => g.type === 'cigars').items;
      expect(cigars.map((c: { id: string }) => c.id)).toContain('it-padron-1964-exclusivo');
    }
    expect((await call(http, 'GET', '/api/search', { cookies: m.cookies, query: { q: '   ' } })).status).toBe(400);
    expect((await call(http, 'GET', '/api/search', { cookies: m.cookies })).status).toBe(400);
  });

  it('serves a cigar with its brand and rating fields, and 404s an unknown one', async () => {
    const m = await f.member();
    const r = await call(http, 'GET', '/api/cigars/it-padron-2000', { cookies: m.cookies });
    expect(r.body).toMatchObject({ id: 'it-padron-2000', brandName: 'Padrón', brandCountry: 'Nicaragua', averageRating: null, reviewCount: 0 });
    expect((await call(http, 'GET', '/api/cigars/nope', { cookies: m.cookies })).status).toBe(404);
    expect((await call(http, 'GET', '/api/brands/it-padron', { cookies: m.cookies })).body.cigars).toHaveLength(2);
  });

  it('serves lounges, one by id, and 404s an unknown one', async () => {
    const m = await f.member();
    expect((await call(http, 'GET', '/api/lounges', { cookies: m.cookies })).body).toContainEqual(lounge);
    expect((await call(http, 'GET', '/api/lounges/it-casa-fuente', { cookies: m.cookies })).body).toEqual(lounge);
    expect((await call(http, 'GET', '/api/lounges/nope', { cookies: m.cookies })).status).toBe(404);
  });

  it("keeps the cigar's strength on the humidor item (premium analytics chart it)", async () => {
    const m = await f.member();
    const r = await add(m.cookies, { cigarId: 'it-padron-2000', quantity: 1 });
    expect([r.status, r.body.cigarStrength]).toEqual([201, 'medium-full']);
  });
});

describe('conditions log', () => {
  it('logs readings and asks for a recharge under 62% relative humidity', async () => {
    const m = await f.member();
    const ok = await call(http, 'POST', '/api/humidor/conditions', { cookies: m.cookies, body: { humidity: 68, temperatureC: 19.5 } });
    expect(ok.body.rechargeNeeded).toBe(false);
    const dry = await call(http, 'POST', '/api/humidor/conditions', { cookies: m.cookies, body: { humidity: 58, temperatureC: 20, note: 'Winter heating' } });
    expect(dry.body.readings).toHaveLength(2);
    expect(dry.body.rechargeNeeded).toBe(true);
    expect((await call(http, 'POST', '/api/humidor/conditions', { cookies: m.cookies, body: { humidity: 140, temperatureC: 20 } })).status).toBe(400);
  });
});

describe('CSV import', () => {
  it('previews matches and imports all rows or none', async () => {
    const m = await f.member();
    const csv = 'name,brand,quantity,price,location,date\n1964 Exclusivo,Padron,2,14.50,Drawer 1,2023-02-01\nUnknown Stick,Nobody,1,,,\n';
    const p = await call(http, 'POST', '/api/humidor/import/preview', { cookies: m.cookies, body: { csv } });
    expect(p.body.rows[0]).toMatchObject({ line: 2, match: { cigarId: 'it-padron-1964-exclusivo' }, errors: [] });
    expect(p.body.rows[1].match).toBeNull();
    const tooMany = await call(http, 'POST', '/api/humidor/import', { cookies: m.cookies, body: { rows: [{ cigarId: 'it-padron-1964-exclusivo', quantity: 15, pricePaid: null, location: null, boxDate: null }, { cigarId: 'it-padron-2000', quantity: 6, pricePaid: null, location: null, boxDate: null }] } });
    expect(tooMany.status).toBe(403);
    expect(await list(m.cookies)).toEqual([]);
    const badRow = await call(http, 'POST', '/api/humidor/import', { cookies: m.cookies, body: { rows: [{ cigarId: 'it-padron-2000', quantity: 1, pricePaid: null, location: null, boxDate: null }, { cigarId: 'missing', quantity: 1, pricePaid: null, location: null, boxDate: null }] } });
    expect(badRow.status).toBe(400);
    expect(await list(m.cookies)).toEqual([]);
    const good = await call(http, 'POST', '/api/humidor/import', { cookies: m.cookies, body: { rows: [{ cigarId: 'it-padron-1964-exclusivo', quantity: 2, pricePaid: 14.5, location: 'Drawer 1', boxDate: '2023-02-01' }] } });
    expect(good.status).toBe(201);
    expect(await sticks(m.cookies)).toBe(2);
  });
});
