import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CATALOG_COPY_GRACE_SECONDS, CATALOG_LOADING_MESSAGE } from '@torcedor/shared/constants';
import { publishedEvents } from '@torcedor/local/src/testing/service-env.ts';
import { busEvent, deliver } from '../../kit/test/bus.ts';
import { call } from '../../kit/test/http-event.ts';
import { ownTable } from '../../kit/test/own-table.ts';
import { socialFixture, type Member } from './fixture.ts';

let social: Awaited<ReturnType<typeof socialFixture>>;
let table: Awaited<ReturnType<typeof ownTable>>;

beforeAll(async () => {
  // A table of this file's own: whether social's catalog copy is behind is one item for the whole table.
  table = await ownTable('social', inject('localAws'));
  social = await socialFixture({ TABLE_NAME: table.name });
});
afterAll(async () => table?.drop());

/** Versions of this run (the bus's record of published events is the whole run's). */
const V = Date.now();
const HUMIDOR = 'torcedor.humidor';
const cigar = (id: string) => ({ id, name: `Copy ${id}`, brandName: 'Testa', vitola: 'Robusto' });
const chunk = (catalogVersion: number, ids: string[], time?: string) =>
  deliver(social.worker, { ...busEvent('CatalogCigarsChanged', { catalogVersion, cigars: ids.map(cigar) }, randomUUID(), HUMIDOR), ...(time ? { time } : {}) });
const announce = (catalogVersion: number, chunks: number, time: string, id: string = randomUUID()) =>
  deliver(social.worker, { ...busEvent('CatalogPublished', { catalogVersion, cigarCount: chunks, chunks }, id, HUMIDOR), time });
const review = (m: Member, cigarId: string) => call(social.http, 'POST', '/api/reviews', {
  cookies: m.cookies, body: { cigarId, drawScore: 90, burnScore: 85, flavorScore: 92, overallScore: 91, flavorTags: ['Cedar'], notes: 'Copy test' },
});
const behindEvents = async (catalogVersion: number) => (await publishedEvents(social.pool()))
  .filter((e) => e.DetailType === 'SocialCatalogCopyBehind' && JSON.parse(e.Detail!).catalogVersion === catalogVersion);
const at = (ms: number) => new Date(V + ms).toISOString();

describe("social's copy of the catalog, whole or behind", () => {
  it('refuses a review of a cigar it has no copy of with 503 CATALOG_LOADING while behind, and UNKNOWN_CIGAR once whole', async () => {
    const m = await social.member('Copyist');
    const before = await review(m, `unknown-${randomUUID()}`);
    expect(before.status).toBe(503);
    expect(before.body).toEqual({ code: 'CATALOG_LOADING', message: CATALOG_LOADING_MESSAGE });
    expect(Number(before.headers['retry-after'])).toBeGreaterThan(0);

    // Chunks first, with a duplicate, then the announcement: whole.
    const [a, b] = [`a-${randomUUID()}`, `b-${randomUUID()}`];
    await chunk(V, [a]);
    await chunk(V, [a]);
    expect((await review(m, `unknown-${randomUUID()}`)).status).toBe(503);
    await chunk(V, [b]);
    await announce(V, 2, at(0));
    const unknown = await review(m, `unknown-${randomUUID()}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('UNKNOWN_CIGAR');
    expect((await review(m, b)).status).toBe(201);

    // The announcement of the next version first, then its chunks out of order: behind until the last.
    const [c, d] = [`c-${randomUUID()}`, `d-${randomUUID()}`];
    await announce(V + 1, 2, at(1000));
    expect((await review(m, `unknown-${randomUUID()}`)).body.code).toBe('CATALOG_LOADING');
    await chunk(V + 1, [d]);
    await chunk(V + 1, [d]);
    expect((await review(m, `unknown-${randomUUID()}`)).body.code).toBe('CATALOG_LOADING');
    await chunk(V + 1, [c]);
    expect((await review(m, `unknown-${randomUUID()}`)).body.code).toBe('UNKNOWN_CIGAR');
    // A cigar the copy holds is reviewed while it is behind too.
    await announce(V + 2, 1, at(2000));
    expect((await review(m, c)).status).toBe(201);
  });

  it('asks humidor for a version it still lacks chunks of after the grace, once per announcement delivered', async () => {
    const version = V + 10;
    await chunk(version, [`e-${randomUUID()}`]);
    await announce(version, 2, at(0));
    const grace = CATALOG_COPY_GRACE_SECONDS * 1000;
    await announce(version, 2, at(grace - 1000));
    expect(await behindEvents(version)).toHaveLength(0);
    const late = randomUUID();
    await announce(version, 2, at(grace + 1000), late);
    // The same delivery again (the bus retries) asks nothing more; another announcement asks again.
    await announce(version, 2, at(grace + 1000), late);
    expect(await behindEvents(version)).toHaveLength(1);
    await announce(version, 2, at(3_600_000));
    const events = await behindEvents(version);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ Source: 'torcedor.social' });
    // The announcement again brings the missing chunk: whole, and nothing more is asked.
    await chunk(version, [`f-${randomUUID()}`]);
    await announce(version, 2, at(7_200_000));
    expect(await behindEvents(version)).toHaveLength(2);
  });
});
