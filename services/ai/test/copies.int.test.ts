import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventDetail, EventName } from '@torcedor/shared/events';
import { serviceFixture, type ServiceFixture } from '../../kit/test/fixture.ts';
import { shuffle } from '../../kit/test/shuffle.ts';

/** ai's own copies of the catalog and of each member's collection and reviews (src/store/copies.ts), kept from events. */
let f: ServiceFixture;
let copies: typeof import('../src/store/copies.ts');
let ddb: ServiceFixture['ddb'];
let items: typeof import('@torcedor/service-kit/items');

beforeAll(async () => {
  f = await serviceFixture('ai', { worker: () => import('../src/worker.ts') });
  ddb = f.ddb;
  copies = await import('../src/store/copies.ts');
  items = await import('@torcedor/service-kit/items');
});

const SOURCES: Partial<Record<EventName, string>> = {
  CatalogCigarsChanged: 'torcedor.humidor', CollectionItemChanged: 'torcedor.humidor',
  ReviewPublished: 'torcedor.social', ReviewDeleted: 'torcedor.social', UserDeleted: 'torcedor.identity',
};
/** One delivery as the bus makes it; each is its own event (a redelivery of a republished event), so the copies, not the worker's idempotency, keep it once. */
const send = <N extends EventName>(type: N, detail: EventDetail<N>) => f.send(type, detail, SOURCES[type]);
/** Deliveries in groups running at once. */
async function run(deliveries: (() => Promise<void>)[], parallel = 4) {
  for (let i = 0; i < deliveries.length; i += parallel) await Promise.all(deliveries.slice(i, i + parallel).map((d) => d()));
}
const raw = async (key: { PK: string; SK: string }) => (await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: key, ConsistentRead: true }))).Item;
const partition = (userId: string) => items.partitionItems(`MEMBER#${userId}`);

type Announced = EventDetail<'CatalogCigarsChanged'>['cigars'][number];
const announced = (id: string, name: string, description = 'Cedar and cocoa.'): Announced => ({
  id, name, brandName: 'Padrón', vitola: 'Robusto',
  details: {
    brandId: 'padron', brandCountry: 'Nicaragua', length: 5, ringGauge: 50, strength: 'medium-full', wrapper: 'Nicaraguan Maduro',
    binder: 'Nicaraguan', filler: 'Nicaraguan', country: 'Nicaragua', description,
  },
});

describe('catalog copy', () => {
  it('keeps each chunk\'s cigars with details, never an older import over a newer one, and maps them for the engine', async () => {
    const run1 = randomUUID().slice(0, 8);
    const a = `cp-${run1}-a`;
    const b = `cp-${run1}-b`;
    const bare = `cp-${run1}-bare`;
    const mine = async () => (await copies.readCatalog()).filter((c) => c.id.startsWith(`cp-${run1}-`));

    // Import 2 in two chunks, one row without details (left out), each chunk delivered twice.
    const v2a = { catalogVersion: 2, cigars: [announced(a, 'Series A'), { id: bare, name: 'Bare', brandName: 'Padrón', vitola: null }] };
    const v2b = { catalogVersion: 2, cigars: [announced(b, 'Series B')] };
    // Import 1 delivered late: older, ignored.
    const v1 = { catalogVersion: 1, cigars: [announced(a, 'Old A'), announced(b, 'Old B')] };
    await run(shuffle([v2a, v2b, v2a, v2b].map((d) => () => send('CatalogCigarsChanged', d)), 7));
    await send('CatalogCigarsChanged', v1);

    expect(await mine()).toEqual([
      {
        id: a, brandId: 'padron', brandName: 'Padrón', brandCountry: 'Nicaragua', name: 'Series A', vitola: 'Robusto', length: 5, ringGauge: 50,
        strength: 'medium-full', wrapper: 'Nicaraguan Maduro', binder: 'Nicaraguan', filler: 'Nicaraguan', country: 'Nicaragua', description: 'Cedar and cocoa.',
      },
      expect.objectContaining({ id: b, name: 'Series B' }),
    ]);
    expect(await raw({ PK: 'CATALOG', SK: `CIGAR#${a}` })).toMatchObject({ catalogVersion: 2 });

    // The same version again (a re-announced chunk) and a newer import apply.
    await send('CatalogCigarsChanged', { catalogVersion: 3, cigars: [announced(a, 'Series A', 'Re-curated.')] });
    expect((await mine()).map((c) => [c.id, c.name, c.description])).toEqual([[a, 'Series A', 'Re-curated.'], [b, 'Series B', 'Cedar and cocoa.']]);
  });

  it('loadCatalog reads the partition at most once a minute per instance', async () => {
    const id = `cp-cache-${randomUUID().slice(0, 8)}`;
    const t0 = Date.now() + 10 * 60_000; // later than any read this instance made
    const first = await copies.loadCatalog(t0);
    expect(first.find((c) => c.id === id)).toBeUndefined();
    await send('CatalogCigarsChanged', { catalogVersion: 1, cigars: [announced(id, 'Cached')] });
    expect(await copies.loadCatalog(t0 + 1_000)).toBe(first);
    expect(await copies.loadCatalog(t0 + copies.CATALOG_CACHE_MS - 1)).toBe(first);
    const fresh = await copies.loadCatalog(t0 + copies.CATALOG_CACHE_MS);
    expect(fresh.find((c) => c.id === id)).toMatchObject({ id, name: 'Cached', strength: 'medium-full' });
  });
});

type ItemChange = EventDetail<'CollectionItemChanged'>;
const humidorItem = (userId: string, itemId: string, version: number, over: Partial<ItemChange> = {}): ItemChange => ({
  userId, itemId, list: 'humidor', version, removed: false, cigarId: 'padron-1964', brandName: 'Padrón', cigarName: '1964 Anniversary Exclusivo',
  cigarVitola: 'Robusto', cigarStrength: 'medium-full', quantity: version, status: 'owned', boxDate: '2024-03-01', pricePaid: 18.5, priority: null,
  createdAt: '2026-01-02T00:00:00.000Z', ...over,
});
const wish = (userId: string, itemId: string, version: number, over: Partial<ItemChange> = {}): ItemChange => ({
  userId, itemId, list: 'wishlist', version, removed: false, cigarId: 'opus-x', brandName: 'Arturo Fuente', cigarName: 'OpusX', cigarVitola: null,
  cigarStrength: null, quantity: null, status: null, boxDate: null, pricePaid: null, priority: version, createdAt: '2026-01-03T00:00:00.000Z', ...over,
});
const review = (userId: string, reviewId: string, overallScore: number, createdAt: string): EventDetail<'ReviewPublished'> => ({
  reviewId, userId, cigarId: 'padron-1964', brandName: 'Padrón', cigarName: '1964 Anniversary Exclusivo', drawScore: 80, burnScore: 85,
  flavorScore: 90, overallScore, flavorTags: ['cocoa', 'cedar'], photos: [], createdAt,
});

describe('member copies', () => {
  it('keep the newest version of each item whatever the order and duplicates, and a removal stays removed', async () => {
    const userId = randomUUID();
    const kept = [1, 2, 3].map((v) => humidorItem(userId, 'kept', v));
    const gone = [1, 2].map((v) => humidorItem(userId, 'gone', v)).concat(humidorItem(userId, 'gone', 3, { removed: true }));
    const wishes = [1, 2, 3, 4].map((v) => wish(userId, 'wish', v));
    const all = [...kept, ...gone, ...wishes];
    await run(shuffle([...all, ...all].map((d) => () => send('CollectionItemChanged', d)), 11));
    // Late deliveries of older versions, the removed item's add included.
    await run([kept[0]!, gone[0]!, gone[1]!, wishes[1]!].map((d) => () => send('CollectionItemChanged', d)));

    expect(await raw({ PK: `MEMBER#${userId}`, SK: 'ITEM#gone' })).toMatchObject({ version: 3, removed: true, ttl: expect.any(Number) });
    const member = await copies.loadMember(userId, null);
    expect(member.humidor).toEqual([{
      itemId: 'kept', cigarId: 'padron-1964', brandName: 'Padrón', cigarName: '1964 Anniversary Exclusivo', cigarVitola: 'Robusto',
      cigarStrength: 'medium-full', quantity: 3, status: 'owned', boxDate: '2024-03-01', pricePaid: 18.5, createdAt: '2026-01-02T00:00:00.000Z',
    }]);
    expect(member.wishlist).toEqual([{ itemId: 'wish', cigarId: 'opus-x', brandName: 'Arturo Fuente', cigarName: 'OpusX', priority: 4 }]);
  });

  it('keep a review once, and a delete wins whether it comes before or after its publish', async () => {
    const userId = randomUUID();
    const live = review(userId, `r-${randomUUID()}`, 92, '2026-02-01T00:00:00.000Z');
    const deletedAfter = review(userId, `r-${randomUUID()}`, 40, '2026-02-02T00:00:00.000Z');
    const deletedBefore = review(userId, `r-${randomUUID()}`, 60, '2026-02-03T00:00:00.000Z');
    const del = (r: EventDetail<'ReviewPublished'>) => () => send('ReviewDeleted', { reviewId: r.reviewId, userId, cigarId: r.cigarId, photos: [] });
    const pub = (r: EventDetail<'ReviewPublished'>) => () => send('ReviewPublished', r);

    await run([del(deletedBefore), del(deletedBefore)]);
    await run(shuffle([live, deletedAfter, deletedBefore, live, deletedAfter].map(pub), 5));
    await run([del(deletedAfter), del(deletedAfter)]);
    await run([pub(deletedAfter), pub(deletedBefore)]); // redelivered after their deletes

    const tomb = await raw({ PK: `MEMBER#${userId}`, SK: `REVIEW#${deletedBefore.reviewId}` });
    expect(tomb).toMatchObject({ deleted: true, ttl: expect.any(Number) });
    expect(tomb).not.toHaveProperty('overallScore');
    // A review's photos are not kept (Quick Picks show the cigar's).
    const { userId: _u, photos: _p, ...kept } = live;
    expect((await copies.loadMember(userId, null)).reviews).toEqual([kept]);
  });

  it('loadMember gives the engine its MemberContext from the member partition, leaving the rest of it out', async () => {
    const userId = randomUUID();
    const put = (Item: Record<string, unknown>) => ddb.ddb.send(new PutCommand({ TableName: ddb.TABLE, Item: { PK: `MEMBER#${userId}`, ...Item } }));
    // What else ai keeps in the partition: usage, entitlement, chat turns, rate counters.
    await Promise.all([
      put({ SK: 'USAGE#2026-02-01', count: 2 }), put({ SK: 'ENTITLEMENT', tier: 'premium', until: null, version: 1 }),
      put({ SK: `CHAT#s1#2026-02-01T00:00:00.000Z#0`, role: 'user', content: 'Hola', timestamp: '2026-02-01T00:00:00.000Z' }),
      put({ SK: 'RATE#HOUR#2026-02-01T10', count: 1 }), put({ SK: 'RATE#DAY#2026-02-01', count: 1 }),
    ]);
    await run([
      () => send('CollectionItemChanged', humidorItem(userId, 'newer', 1, { createdAt: '2026-01-05T00:00:00.000Z', cigarStrength: null, boxDate: null, pricePaid: null, status: null })),
      () => send('CollectionItemChanged', humidorItem(userId, 'older', 2, { createdAt: '2026-01-01T00:00:00.000Z' })),
      () => send('CollectionItemChanged', wish(userId, 'low', 1, { createdAt: '2026-01-01T00:00:00.000Z' })),
      () => send('CollectionItemChanged', wish(userId, 'high', 5, { createdAt: '2026-01-02T00:00:00.000Z' })),
      () => send('ReviewPublished', review(userId, 'r-old', 70, '2026-01-01T00:00:00.000Z')),
      () => send('ReviewPublished', review(userId, 'r-new', 88, '2026-01-09T00:00:00.000Z')),
    ]);

    const member = await copies.loadMember(userId, 'mild');
    const reviewOf = (r: EventDetail<'ReviewPublished'>) => { const { userId: _u, photos: _p, ...rest } = r; return rest; };
    expect(member).toEqual({
      humidor: [
        {
          itemId: 'older', cigarId: 'padron-1964', brandName: 'Padrón', cigarName: '1964 Anniversary Exclusivo', cigarVitola: 'Robusto',
          cigarStrength: 'medium-full', quantity: 2, status: 'owned', boxDate: '2024-03-01', pricePaid: 18.5, createdAt: '2026-01-01T00:00:00.000Z',
        },
        {
          itemId: 'newer', cigarId: 'padron-1964', brandName: 'Padrón', cigarName: '1964 Anniversary Exclusivo', cigarVitola: 'Robusto',
          cigarStrength: null, quantity: 1, status: null, boxDate: null, pricePaid: null, createdAt: '2026-01-05T00:00:00.000Z',
        },
      ],
      wishlist: [
        { itemId: 'high', cigarId: 'opus-x', brandName: 'Arturo Fuente', cigarName: 'OpusX', priority: 5 },
        { itemId: 'low', cigarId: 'opus-x', brandName: 'Arturo Fuente', cigarName: 'OpusX', priority: 1 },
      ],
      reviews: [reviewOf(review(userId, 'r-new', 88, '2026-01-09T00:00:00.000Z')), reviewOf(review(userId, 'r-old', 70, '2026-01-01T00:00:00.000Z'))],
      preferredStrength: 'mild',
    });
    expect(await copies.loadMember(randomUUID(), null)).toEqual({ humidor: [], wishlist: [], reviews: [], preferredStrength: null });
  });

  it('UserDeleted removes every copy of the member, and a late event brings nothing back', async () => {
    const userId = randomUUID();
    const other = randomUUID();
    await run([
      () => send('CollectionItemChanged', humidorItem(userId, 'i1', 1)),
      () => send('CollectionItemChanged', wish(userId, 'w1', 1)),
      () => send('ReviewPublished', review(userId, 'r1', 90, '2026-01-01T00:00:00.000Z')),
      () => send('ReviewDeleted', { reviewId: 'r2', userId, cigarId: 'padron-1964', photos: [] }),
      () => send('CollectionItemChanged', humidorItem(other, 'i1', 1)),
    ]);
    expect((await partition(userId)).map((i) => i.SK).sort()).toEqual(['ITEM#i1', 'ITEM#w1', 'REVIEW#r1', 'REVIEW#r2']);

    await send('UserDeleted', { userId, deletedAt: new Date().toISOString() });
    expect(await partition(userId)).toEqual([]);
    await send('CollectionItemChanged', humidorItem(userId, 'i1', 2));
    await send('ReviewPublished', review(userId, 'r3', 90, '2026-01-02T00:00:00.000Z'));
    expect(await partition(userId)).toEqual([]);
    expect(await copies.loadMember(userId, null)).toEqual({ humidor: [], wishlist: [], reviews: [], preferredStrength: null });
    // Another member's copies stay.
    expect((await copies.loadMember(other, null)).humidor).toHaveLength(1);
  });
});

describe("cigars' community copy", () => {
  it('keeps the newest version of a cigar\'s rating and photos, whatever the order, and reads them by id', async () => {
    const cigarId = `cc-${randomUUID()}`;
    const state = (version: number, reviewCount: number, photos: string[]): EventDetail<'CigarCommunityChanged'> => ({
      cigarId, version, averageRating: reviewCount ? 80 + version : null, reviewCount, photos,
    });
    const newest = state(3, 2, ['/uploads/u1/aaaaaaaaaaaaaaaaaaaaaaaa', '/uploads/u2/bbbbbbbbbbbbbbbbbbbbbbbb']);
    await run(shuffle([state(1, 1, ['/uploads/u1/aaaaaaaaaaaaaaaaaaaaaaaa']), state(2, 0, []), newest, newest], 7)
      .map((d) => () => f.send('CigarCommunityChanged', d, 'torcedor.humidor')));
    const read = await copies.readCommunity([cigarId, `cc-none-${randomUUID()}`]);
    expect([...read.keys()]).toEqual([cigarId]);
    expect(read.get(cigarId)).toEqual({ averageRating: 83, reviewCount: 2, photos: newest.photos });
  });
});
