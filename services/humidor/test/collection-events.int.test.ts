import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishedEvents } from '@torcedor/local/src/testing/service-env.ts';
import type { EventDetail } from '@torcedor/shared/events';
import { serviceFixture, type ServiceFixture } from '../../kit/test/fixture.ts';
import { call } from '../../kit/test/http-event.ts';

/** CollectionItemChanged: every write of a humidor item or a wishlist entry announces the item with its version. */
let f: ServiceFixture;
let http: ServiceFixture['http'];
let ddb: ServiceFixture['ddb'];
let outbox: typeof import('@torcedor/service-kit/outbox');
let items: typeof import('../src/store/items.ts');
const pool = () => f.pool();

// Rows of their own (the other files' catalog rows live in the same table).
const brand = { id: 'ce-fuente', name: 'Fuente Eventos', country: 'Dominican Republic', description: 'Maker for the collection event tests.' };
const cigar = (id: string, name: string, strength: 'medium' | 'full' = 'full') => ({
  id, brandId: brand.id, name, vitola: 'Torpedo', length: 6.25, ringGauge: 52, strength,
  wrapper: 'Cameroon', binder: 'Dominican', filler: 'Dominican', country: 'Dominican Republic', description: 'Rich and spicy.',
});
const OPUS = 'ce-fuente-opus';
const HEMI = 'ce-fuente-hemingway';

beforeAll(async () => {
  f = await serviceFixture('humidor', { http: () => import('../src/http.ts') });
  ({ http, ddb } = f);
  outbox = await import('@torcedor/service-kit/outbox');
  items = await import('../src/store/items.ts');
  await import('@torcedor/service-kit/events'); // the outbox's publisher
  const { writeCatalog } = await import('../src/store/catalog.ts');
  await writeCatalog({ brands: [brand], cigars: [cigar(OPUS, 'OpusX Perfecxion'), cigar(HEMI, 'Hemingway Classic', 'medium')], lounges: [] });
});

type Changed = EventDetail<'CollectionItemChanged'>;

/** The member's CollectionItemChanged events as published, one per (item, version), in version order per item. */
async function itemEvents(userId: string): Promise<Changed[]> {
  await outbox.flushOutbox();
  const seen = new Map<string, Changed>();
  for (const e of await publishedEvents(pool())) {
    if (e.DetailType !== 'CollectionItemChanged') continue;
    const { outboxId: _o, correlationId: _c, ...d } = JSON.parse(e.Detail!) as Changed & { outboxId: string; correlationId?: string };
    if (d.userId !== userId) continue;
    const key = `${d.itemId}#${d.version}`;
    // A relay and a sweep may both publish one; two different events of one version would be a bug.
    if (seen.has(key)) expect(d).toEqual(seen.get(key));
    seen.set(key, d);
  }
  return [...seen.values()].sort((a, b) => a.itemId.localeCompare(b.itemId) || a.version - b.version);
}
const ofItem = (events: Changed[], itemId: string) => events.filter((e) => e.itemId === itemId);
const stored = async (key: { PK: string; SK: string }) =>
  (await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: key, ConsistentRead: true }))).Item;
const setPremium = (userId: string) => ddb.ddb.send(new PutCommand({
  TableName: ddb.TABLE, Item: { PK: `MEMBER#${userId}`, SK: 'ENTITLEMENT', tier: 'premium', until: new Date(Date.now() + 30 * 86_400_000).toISOString(), version: 1 },
}));
const humidorFields = { list: 'humidor', brandName: brand.name, cigarVitola: 'Torpedo', priority: null } as const;

describe('CollectionItemChanged', () => {
  it('announces a humidor item when it is added, each change with a growing version, and its removal', async () => {
    const m = await f.member();
    const add = await call(http, 'POST', '/api/humidor', { cookies: m.cookies, body: { cigarId: OPUS, quantity: 3, boxDate: '2024-05-01', pricePaid: 24.5 } });
    expect(add.status).toBe(201);
    const id = add.body.id as string;
    expect(add.body).not.toHaveProperty('version');
    const edit = (body: Record<string, unknown>) => call(http, 'PUT', `/api/humidor/${id}`, { cookies: m.cookies, body: { location: null, notes: null, pricePaid: 24.5, ...body } });
    expect((await edit({ quantity: 2, status: 'aged' })).status).toBe(200);
    expect((await edit({ quantity: 2, status: 'smoked' })).status).toBe(200); // no change of the totals: still announced
    expect(await stored({ PK: `MEMBER#${m.userId}`, SK: `ITEM#${id}` })).toMatchObject({ version: 3 });
    expect((await call(http, 'DELETE', `/api/humidor/${id}`, { cookies: m.cookies })).status).toBe(200);

    const events = await itemEvents(m.userId);
    expect(events).toHaveLength(4);
    const base = {
      userId: m.userId, itemId: id, ...humidorFields, cigarId: OPUS, cigarName: 'OpusX Perfecxion', cigarStrength: 'full',
      boxDate: '2024-05-01', pricePaid: 24.5, createdAt: add.body.createdAt,
    };
    expect(events).toEqual([
      { ...base, version: 1, removed: false, quantity: 3, status: 'owned' },
      { ...base, version: 2, removed: false, quantity: 2, status: 'aged' },
      { ...base, version: 3, removed: false, quantity: 2, status: 'smoked' },
      { ...base, version: 4, removed: true, quantity: 2, status: 'smoked' },
    ]);
  });

  it('gives concurrent edits of one item distinct versions, the last stored one the highest', async () => {
    const m = await f.member();
    const add = await call(http, 'POST', '/api/humidor', { cookies: m.cookies, body: { cigarId: OPUS, quantity: 1 } });
    const id = add.body.id as string;
    const edits = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((location) => call(http, 'PUT', `/api/humidor/${id}`, {
      cookies: m.cookies, body: { quantity: 1, location, status: 'owned', notes: null, pricePaid: null },
    })));
    expect(edits.map((e) => e.status)).toEqual([200, 200, 200, 200, 200]);
    const events = ofItem(await itemEvents(m.userId), id);
    expect(events.map((e) => e.version)).toEqual([1, 2, 3, 4, 5, 6]);
    const last = await stored({ PK: `MEMBER#${m.userId}`, SK: `ITEM#${id}` });
    expect(last).toMatchObject({ version: 6 });
  });

  it('announces a wishlist entry, its change and its move into the humidor (the entry removed, the item added)', async () => {
    const m = await f.member();
    const wish = await call(http, 'POST', '/api/wishlist', { cookies: m.cookies, body: { cigarId: HEMI, priority: 3, notes: 'For the wedding' } });
    expect(wish.status).toBe(201);
    const wishId = wish.body.id as string;
    expect(wish.body).not.toHaveProperty('version');
    expect((await call(http, 'PUT', `/api/wishlist/${wishId}`, { cookies: m.cookies, body: { priority: 5, notes: null } })).body).toMatchObject({ priority: 5, notes: null });
    const moved = await call(http, 'POST', `/api/wishlist/${wishId}/move`, { cookies: m.cookies, body: { quantity: 2 } });
    expect(moved.status).toBe(201);

    const events = await itemEvents(m.userId);
    const wishBase = {
      userId: m.userId, itemId: wishId, list: 'wishlist', cigarId: HEMI, brandName: brand.name, cigarName: 'Hemingway Classic', cigarVitola: 'Torpedo',
      cigarStrength: 'medium', quantity: null, status: null, boxDate: null, pricePaid: null, createdAt: wish.body.createdAt,
    };
    expect(ofItem(events, wishId)).toEqual([
      { ...wishBase, version: 1, removed: false, priority: 3 },
      { ...wishBase, version: 2, removed: false, priority: 5 },
      { ...wishBase, version: 3, removed: true, priority: 5 },
    ]);
    expect(ofItem(events, moved.body.id)).toEqual([{
      userId: m.userId, itemId: moved.body.id, ...humidorFields, cigarId: HEMI, cigarName: 'Hemingway Classic', cigarStrength: 'medium',
      version: 1, removed: false, quantity: 2, status: 'owned', boxDate: null, pricePaid: null, createdAt: moved.body.createdAt,
    }]);

    // A plain removal of an entry.
    const other = await call(http, 'POST', '/api/wishlist', { cookies: m.cookies, body: { cigarId: OPUS, priority: 1 } });
    expect((await call(http, 'DELETE', `/api/wishlist/${other.body.id}`, { cookies: m.cookies })).status).toBe(200);
    expect(ofItem(await itemEvents(m.userId), other.body.id).map((e) => [e.version, e.removed, e.priority])).toEqual([[1, false, 1], [2, true, 1]]);
    expect((await call(http, 'DELETE', `/api/wishlist/${other.body.id}`, { cookies: m.cookies })).status).toBe(404);
  });

  it('announces every imported row, in transactions DynamoDB takes, and an import rerun adds no second announcement', async () => {
    const m = await f.member();
    await setPremium(m.userId);
    const rows = Array.from({ length: 90 }, (_, i) => ({ cigarId: i % 2 ? OPUS : HEMI, quantity: 1 + (i % 3), pricePaid: null, location: `Shelf ${i}`, boxDate: null }));
    const headers = { 'Idempotency-Key': `ce-import-${m.userId}` };
    const r = await call(http, 'POST', '/api/humidor/import', { cookies: m.cookies, body: { rows }, headers });
    expect(r.status).toBe(201);
    expect(r.body).toHaveLength(90);
    expect(items.IMPORT_ROWS_PER_TRANSACTION).toBe(49);
    const summary = await call(http, 'GET', '/api/humidor/summary', { cookies: m.cookies });
    expect(summary.body).toMatchObject({ items: 90, totalSticks: rows.reduce((n, row) => n + row.quantity, 0) });

    const events = await itemEvents(m.userId);
    expect(events).toHaveLength(90);
    const byId = new Map(events.map((e) => [e.itemId, e]));
    for (const [i, item] of (r.body as { id: string; quantity: number; cigarId: string }[]).entries()) {
      expect(byId.get(item.id)).toMatchObject({ version: 1, removed: false, list: 'humidor', cigarId: rows[i]!.cigarId, quantity: rows[i]!.quantity, status: 'owned' });
    }

    // The same call again (its answer replayed, or rerun on the keyed ids): no second announcement.
    expect((await call(http, 'POST', '/api/humidor/import', { cookies: m.cookies, body: { rows }, headers })).status).toBe(201);
    expect(await itemEvents(m.userId)).toHaveLength(90);
  });

  it('a capped import stays all or nothing, and announces nothing when refused', async () => {
    const m = await f.member();
    const row = { cigarId: OPUS, quantity: 1, pricePaid: null, location: null, boxDate: null };
    expect((await call(http, 'POST', '/api/humidor/import', { cookies: m.cookies, body: { rows: Array.from({ length: 21 }, () => row) } })).body.code).toBe('HUMIDOR_LIMIT');
    expect(await itemEvents(m.userId)).toEqual([]);
    const ok = await call(http, 'POST', '/api/humidor/import', { cookies: m.cookies, body: { rows: Array.from({ length: 20 }, () => row) } });
    expect(ok.status).toBe(201);
    expect((await itemEvents(m.userId)).map((e) => e.version)).toEqual(Array.from({ length: 20 }, () => 1));
    // Refused by the cap: the item is not added, nor announced.
    expect((await call(http, 'POST', '/api/humidor', { cookies: m.cookies, body: { cigarId: OPUS, quantity: 1 } })).status).toBe(403);
    expect(await itemEvents(m.userId)).toHaveLength(20);
  });

  it('versions an item stored before versions were kept from 1 on', async () => {
    const m = await f.member();
    const id = 'ce-legacy-item';
    await ddb.ddb.send(new PutCommand({
      TableName: ddb.TABLE,
      Item: {
        PK: `MEMBER#${m.userId}`, SK: `ITEM#${id}`, id, cigarId: OPUS, quantity: 2, location: null, status: 'owned', notes: null, pricePaid: null, boxDate: null,
        cigarImageUrl: null, brandName: brand.name, cigarName: 'OpusX Perfecxion', brandCountry: brand.country, cigarVitola: 'Torpedo', cigarLength: 6.25,
        cigarRingGauge: 52, createdAt: '2025-01-01T00:00:00.000Z',
      },
    }));
    const edit = await call(http, 'PUT', `/api/humidor/${id}`, { cookies: m.cookies, body: { quantity: 2, location: 'Top', status: 'owned', notes: null, pricePaid: null } });
    expect(edit.status).toBe(200);
    expect((await call(http, 'DELETE', `/api/humidor/${id}`, { cookies: m.cookies })).status).toBe(200);
    expect((await itemEvents(m.userId)).map((e) => [e.version, e.removed, e.cigarStrength])).toEqual([[1, false, null], [2, true, null]]);
  });
});
