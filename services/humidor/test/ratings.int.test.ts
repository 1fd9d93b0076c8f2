import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishedEvents } from '@torcedor/local/src/testing/service-env.ts';
import type { EventDetail } from '@torcedor/shared/events';
import { busEvent, deliver } from '../../kit/test/bus.ts';
import { serviceFixture, type ServiceFixture } from '../../kit/test/fixture.ts';
import { call } from '../../kit/test/http-event.ts';
import { shuffle } from '../../kit/test/shuffle.ts';
import { ratingOf } from '../src/domain/catalog.ts';

/** Cigar ratings from social's review events (src/store/ratings.ts) and the catalog's CatalogCigarsChanged. */
let f: ServiceFixture;
let http: ServiceFixture['http'];
let worker: (e: unknown, c: unknown) => Promise<unknown>;
let catalog: typeof import('../src/store/catalog.ts');
let kitDdb: ServiceFixture['ddb'];
let outbox: typeof import('@torcedor/service-kit/outbox');
const pool = () => f.pool();

// Rows of their own (the other files' catalog rows live in the same table).
const brand = { id: 'rt-casa', name: 'Casa Rating', country: 'Honduras', description: 'Maker for the ratings tests.' };
const cigar = (id: string, name: string, brandId = brand.id) => ({
  id, brandId, name, vitola: 'Robusto', length: 5, ringGauge: 50, strength: 'medium' as const,
  wrapper: 'Connecticut', binder: 'Honduran', filler: 'Honduran', country: 'Honduras', description: 'Creamy.',
});
const CIGAR = 'rt-casa-robusto';

beforeAll(async () => {
  f = await serviceFixture('humidor', { http: () => import('../src/http.ts'), worker: () => import('../src/worker.ts') });
  ({ http, ddb: kitDdb } = f);
  // A Lambda context, as the worker gets in AWS (the idempotency layer reads the remaining time).
  worker = (e) => f.worker(e, { getRemainingTimeInMillis: () => 30_000, functionName: 'humidor-worker', awsRequestId: randomUUID() });
  catalog = await import('../src/store/catalog.ts');
  outbox = await import('@torcedor/service-kit/outbox');
  await import('@torcedor/service-kit/events'); // the outbox's publisher
  await catalog.writeCatalog({ brands: [brand], cigars: [cigar(CIGAR, 'Rating Robusto')], lounges: [] });
});


const published = (r: { reviewId: string; userId: string; cigarId: string; overallScore: number }): EventDetail<'ReviewPublished'> => ({
  ...r, brandName: brand.name, cigarName: 'Rating Robusto', drawScore: 80, burnScore: 80, flavorScore: 80, flavorTags: ['cedar'], photos: [], createdAt: new Date().toISOString(),
});
/** Each delivery is its own bus event (its own id and no outbox id), so the markers, not the worker's idempotency, keep it once. */
const send = (type: 'ReviewPublished' | 'ReviewDeleted', detail: unknown) => () => deliver(worker, busEvent(type, detail, randomUUID(), 'torcedor.social'));
/** Deliveries in groups running at once (conflicting transactions on the cigar item included). */
async function run(deliveries: (() => Promise<void>)[], parallel = 6) {
  for (let i = 0; i < deliveries.length; i += parallel) await Promise.all(deliveries.slice(i, i + parallel).map((d) => d()));
}
const rawItem = async (key: { PK: string; SK: string }) =>
  (await kitDdb.ddb.send(new GetCommand({ TableName: kitDdb.TABLE, Key: key, ConsistentRead: true }))).Item;

describe('cigar ratings from review events', () => {
  it('are exact with every event delivered twice, in any order, deletes overtaking their publishes, and survive a re-import', async () => {
    const reviews = Array.from({ length: 30 }, (_, i) => ({ reviewId: `rt-review-${randomUUID()}`, userId: randomUUID(), cigarId: CIGAR, overallScore: (i * 37 + 11) % 101 }));
    const deletedEarly = reviews.slice(0, 5); // deleted before their publishes arrive
    const deletedLate = reviews.slice(5, 10); // deleted after they were counted
    const del = (r: (typeof reviews)[number]) => send('ReviewDeleted', { reviewId: r.reviewId, userId: r.userId, cigarId: r.cigarId });
    const pub = (r: (typeof reviews)[number]) => send('ReviewPublished', published(r));

    await run(shuffle([...deletedEarly, ...deletedEarly].map(del), 1));
    await run(shuffle([...reviews, ...reviews].map(pub), 2));
    await run(shuffle([...deletedLate, ...deletedLate].map(del).concat([...deletedEarly, ...deletedLate].map(pub)), 3));
    // A review of a cigar the catalog does not hold is ignored, its delete as well.
    const stray = { reviewId: `rt-review-${randomUUID()}`, userId: randomUUID(), cigarId: 'rt-no-such-cigar', overallScore: 90 };
    await run([pub(stray), del(stray)]);

    const live = reviews.slice(10);
    const truth = { reviewCount: live.length, averageRating: Math.round(live.reduce((s, r) => s + r.overallScore, 0) / live.length) };
    expect(await catalog.getCigar(CIGAR)).toMatchObject(truth);
    expect(await rawItem({ PK: `CIGAR#${CIGAR}`, SK: 'CIGAR' })).toMatchObject({ reviewCount: 20, ratingSum: live.reduce((s, r) => s + r.overallScore, 0) });
    expect(await rawItem({ PK: 'CIGAR#rt-no-such-cigar', SK: `REVIEW#${stray.reviewId}` })).toBeUndefined();
    expect(await rawItem({ PK: 'CIGAR#rt-no-such-cigar', SK: 'CIGAR' })).toBeUndefined();
    const m = await f.member();
    const page = await call(http, 'GET', `/api/cigars/${CIGAR}`, { cookies: m.cookies });
    expect(page.body).toMatchObject({ id: CIGAR, ...truth });
    expect((await catalog.getBrandWithCigars(brand.id))?.cigars.find((c) => c.id === CIGAR)).toMatchObject(truth);

    // A re-import changes the curated fields and keeps the ratings.
    await catalog.writeCatalog({ brands: [brand], cigars: [{ ...cigar(CIGAR, 'Rating Robusto'), description: 'Creamy, re-imported.' }], lounges: [] });
    expect(await catalog.getCigar(CIGAR)).toMatchObject({ ...truth, description: 'Creamy, re-imported.' });

    // Deleting every review leaves no rating (null), not 0.
    await run(reviews.slice(10).map(del));
    expect(await catalog.getCigar(CIGAR)).toMatchObject({ reviewCount: 0, averageRating: null });
  });

  it("takes a deleted member's reviews away, though the kit drops social's later ReviewDeleted about them", async () => {
    const id = 'rt-casa-toro';
    await catalog.writeCatalog({ brands: [brand], cigars: [cigar(id, 'Rating Toro')], lounges: [] });
    const gone = randomUUID();
    const stays = { reviewId: `rt-review-${randomUUID()}`, userId: randomUUID(), cigarId: id, overallScore: 70 };
    const mine = [90, 95].map((overallScore) => ({ reviewId: `rt-review-${randomUUID()}`, userId: gone, cigarId: id, overallScore }));
    await run([stays, ...mine].map((r) => send('ReviewPublished', published(r))));
    expect(await catalog.getCigar(id)).toMatchObject({ reviewCount: 3, averageRating: 85 });

    const deletion = { userId: gone, deletedAt: new Date().toISOString() };
    await deliver(worker, busEvent('UserDeleted', deletion, randomUUID(), 'torcedor.identity'));
    expect(await catalog.getCigar(id)).toMatchObject({ reviewCount: 1, averageRating: 70 });
    const tomb = await rawItem({ PK: `CIGAR#${id}`, SK: `REVIEW#${mine[0]!.reviewId}` });
    expect(tomb).toMatchObject({ state: 'deleted' });
    expect(tomb).not.toHaveProperty('userId');
    // Social's own ReviewDeleted, and a repeat of the deletion, change nothing more.
    await run(mine.map((r) => send('ReviewDeleted', { reviewId: r.reviewId, userId: r.userId, cigarId: r.cigarId })));
    await deliver(worker, busEvent('UserDeleted', deletion, randomUUID(), 'torcedor.identity'));
    expect(await catalog.getCigar(id)).toMatchObject({ reviewCount: 1, averageRating: 70 });
  });

  it('rounds the mean to a whole number', () => {
    expect(ratingOf({ ratingSum: 181, reviewCount: 2 })).toEqual({ averageRating: 91, reviewCount: 2 });
    expect(ratingOf({ ratingSum: 179, reviewCount: 3 })).toEqual({ averageRating: 60, reviewCount: 3 });
    expect(ratingOf({})).toEqual({ averageRating: null, reviewCount: 0 });
  });
});

describe('CatalogCigarsChanged', () => {
  it('announces every cigar of the catalog after an import once, with its details, in chunks of at most 150', async () => {
    const before = (await catalog.loadCatalog()).cigars.map((c) => c.id);
    const bulkBrand = { id: 'rt-bulk', name: 'Bulk Hermanos', country: 'Nicaragua', description: 'Many cigars.' };
    const bulk = Array.from({ length: 520 }, (_, i) => cigar(`rt-bulk-${String(i).padStart(3, '0')}`, `Bulk ${i}`, bulkBrand.id));
    const result = await catalog.writeCatalog({ brands: [bulkBrand], cigars: bulk, lounges: [] });
    expect(result.cigarsAnnounced).toBeGreaterThanOrEqual(before.length + bulk.length);
    await outbox.flushOutbox();

    const chunks = new Map<string, EventDetail<'CatalogCigarsChanged'>>();
    for (const e of await publishedEvents(pool())) {
      if (e.DetailType !== 'CatalogCigarsChanged') continue;
      const d = JSON.parse(e.Detail!) as EventDetail<'CatalogCigarsChanged'> & { outboxId: string };
      if (d.catalogVersion === result.catalogVersion) chunks.set(d.outboxId, d); // a relay and a sweep may both publish one
    }
    expect(catalog.CATALOG_EVENT_CHUNK).toBe(150);
    expect(chunks.size).toBe(Math.ceil(result.cigarsAnnounced / 150));
    const announced = [...chunks.values()].flatMap((c) => c.cigars);
    for (const c of chunks.values()) expect(c.cigars.length).toBeLessThanOrEqual(150);
    expect(announced).toHaveLength(result.cigarsAnnounced);
    const byId = new Map(announced.map((c) => [c.id, c]));
    expect(byId.size).toBe(announced.length);
    // Every cigar: the imported rows and the ones imported before (not only the changed rows).
    for (const id of [...before, ...bulk.map((c) => c.id)]) expect(byId.has(id), id).toBe(true);
    // Each with its curated details and its brand's country (the cigar's own country is where it is made).
    const details = { length: 5, ringGauge: 50, strength: 'medium', wrapper: 'Connecticut', binder: 'Honduran', filler: 'Honduran', country: 'Honduras' };
    expect(byId.get('rt-bulk-007')).toEqual({
      id: 'rt-bulk-007', name: 'Bulk 7', brandName: 'Bulk Hermanos', vitola: 'Robusto',
      details: { ...details, brandId: 'rt-bulk', brandCountry: 'Nicaragua', description: 'Creamy.' },
    });
    // Read back from the table (not the rows written): the re-imported description of the first test, if it ran first.
    expect(byId.get(CIGAR)).toEqual({
      id: CIGAR, name: 'Rating Robusto', brandName: 'Casa Rating', vitola: 'Robusto',
      details: { ...details, brandId: brand.id, brandCountry: 'Honduras', description: expect.stringMatching(/^Creamy/) },
    });
    for (const c of announced) expect(c.details, c.id).toBeDefined();
  });
});
