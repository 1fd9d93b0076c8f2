import { beforeAll, describe, expect, it } from 'vitest';
import type { EventDetail } from '@torcedor/shared/events';
import { publishedEvents } from '@torcedor/local/src/testing/service-env.ts';
import { busEvent, deliver } from '../../kit/test/bus.ts';
import { serviceFixture, type ServiceFixture } from '../../kit/test/fixture.ts';
import { call } from '../../kit/test/http-event.ts';

let f: ServiceFixture;
let http: ServiceFixture['http'];
const pool = () => f.pool();

// Its own brand and cigars, so that the other files' catalog rows do not match these CSV rows.
const brand = { id: 'imp-oliva', name: 'Oliva', country: 'Nicaragua', description: 'Family maker in Estelí.' };
const cigar = (id: string, name: string) => ({
  id, brandId: 'imp-oliva', name, vitola: 'Figurado', length: 6.5, ringGauge: 52, strength: 'full' as const,
  wrapper: 'Ecuador Sumatra', binder: 'Nicaraguan', filler: 'Nicaraguan', country: 'Nicaragua', description: 'Oily and dark.',
});

beforeAll(async () => {
  f = await serviceFixture('humidor', { http: () => import('../src/http.ts'), worker: () => import('../src/worker.ts') });
  http = f.http;
  const { writeCatalog } = await import('../src/store/catalog.ts');
  await writeCatalog({ brands: [brand], cigars: [cigar('imp-oliva-melanio', 'Serie V Melanio'), cigar('imp-oliva-serie-o', 'Serie O Robusto')], lounges: [] });
});

const list = async (cookies: string[]) => (await call(http, 'GET', '/api/humidor', { cookies })).body as { cigarId: string; quantity: number; pricePaid: number | null; boxDate: string | null }[];
const importRows = (cookies: string[], rows: Record<string, unknown>[]) => call(http, 'POST', '/api/humidor/import', { cookies, body: { rows } });
const row = { cigarId: 'imp-oliva-melanio', quantity: 1, pricePaid: null, location: null, boxDate: null };

describe('CSV import: the preview and the import apply one row rule', () => {
  it('shows 2024-02-30 and 18.505 as error rows, and the import refuses them with 400 and stores nothing', async () => {
    const m = await f.member();
    const csv = [
      'name,brand,quantity,price,location,date',
      'Serie V Melanio,Oliva,2,18.50,Drawer 1,2024-02-29',
      'Serie V Melanio,Oliva,1,,,2024-02-30',
      'Serie O Robusto,Oliva,1,18.505,,',
    ].join('\n');
    const p = await call(http, 'POST', '/api/humidor/import/preview', { cookies: m.cookies, body: { csv } });
    expect(p.status).toBe(200);
    const [good, badDate, badPrice] = p.body.rows;
    expect(good).toMatchObject({ line: 2, errors: [], row: { cigarId: 'imp-oliva-melanio', quantity: 2, pricePaid: 18.5, location: 'Drawer 1', boxDate: '2024-02-29' } });
    expect(badDate).toMatchObject({ line: 3, match: { cigarId: 'imp-oliva-melanio' }, errors: ['Date must be an existing date (YYYY-MM-DD)'], row: null });
    expect(badPrice).toMatchObject({ line: 4, match: { cigarId: 'imp-oliva-serie-o' }, errors: ['Price has at most 2 decimals'], row: null });

    // The same values sent to the import: refused as a whole, nothing stored.
    for (const rows of [[{ ...row, boxDate: '2024-02-30' }], [{ ...row, cigarId: 'imp-oliva-serie-o', pricePaid: 18.505 }], [good.row, { ...row, boxDate: '2024-02-30' }]]) {
      const r = await importRows(m.cookies, rows);
      expect(r.status).toBe(400);
      expect(r.body.issues.map((i: { message: string }) => i.message)).toEqual([expect.stringMatching(/existing date|2 decimals/)]);
    }
    expect(await list(m.cookies)).toEqual([]);

    // What the preview marks importable, the import takes as it is.
    const ok = await importRows(m.cookies, [good.row]);
    expect(ok.status).toBe(201);
    expect(await list(m.cookies)).toEqual([expect.objectContaining({ cigarId: 'imp-oliva-melanio', quantity: 2, pricePaid: 18.5, boxDate: '2024-02-29' })]);
  });

  it('takes at most 90 rows a call', async () => {
    const m = await f.member();
    const r = await importRows(m.cookies, Array.from({ length: 91 }, () => row));
    expect(r.status).toBe(400);
    expect(await list(m.cookies)).toEqual([]);
  });
});

describe('the curated catalog import: its announcement is a paged job', () => {
  /** A runJob clock that allows one page: the deadline is met once the first page has run. */
  const onePage = () => {
    let calls = 0;
    return { deadline: 1, now: () => (calls++ === 0 ? 0 : 2) };
  };
  /** The CatalogCigarsChanged events of one catalog version, once each (a relay and a sweep may both publish one). */
  async function announcedFor(version: number) {
    const chunks = new Map<string, EventDetail<'CatalogCigarsChanged'>>();
    for (const e of await publishedEvents(pool())) {
      if (e.DetailType !== 'CatalogCigarsChanged') continue;
      const d = JSON.parse(e.Detail!) as EventDetail<'CatalogCigarsChanged'> & { outboxId: string };
      if (d.catalogVersion === version) chunks.set(d.outboxId, d);
    }
    return [...chunks.values()];
  }

  it('goes on one page an invocation to the end, a cut run resumes without a page twice, and the minute schedule finishes it', async () => {
    const { writeCatalog } = await import('../src/store/catalog.ts');
    const { announcePage, CATALOG_ANNOUNCE_JOB } = await import('../src/store/catalog-announce.ts');
    const jobs = await import('@torcedor/service-kit/jobs');
    const { flushOutbox } = await import('@torcedor/service-kit/outbox');
    const { worker } = f;
    const rows = Array.from({ length: 460 }, (_, i) => cigar(`imp-job-${String(i).padStart(3, '0')}`, `Job ${i}`));

    // The import writes every row and starts the announcement, here with no time left for a page.
    const imported = await writeCatalog({ brands: [brand], cigars: rows, lounges: [] }, { deadline: 0 });
    expect(imported).toMatchObject({ cigarsAnnounced: 0, announced: false });
    const key = String(imported.catalogVersion);
    expect(await jobs.readJob(CATALOG_ANNOUNCE_JOB, key)).toMatchObject({ status: 'running', pages: 0, cursor: null });

    // Two invocations of one page each.
    const page = announcePage();
    for (const pages of [1, 2]) expect(await jobs.runJob(CATALOG_ANNOUNCE_JOB, page, { key, ...onePage() })).toMatchObject({ status: 'running', pages });
    // A run cut after its third page, before the checkpoint: the page ran, the job still points before it.
    const at = (await jobs.readJob<{ catalogVersion: number }>(CATALOG_ANNOUNCE_JOB, key))!;
    await page({ params: at.params, cursor: at.cursor, runId: at.runId, key });
    // The next invocation does that page again (its event is not recorded twice), then one more.
    expect(await jobs.runJob(CATALOG_ANNOUNCE_JOB, page, { key, ...onePage() })).toMatchObject({ pages: 3 });
    await flushOutbox();
    // The minute schedule continues the run to its end.
    for (let tick = 0; tick < 20 && (await jobs.readJob(CATALOG_ANNOUNCE_JOB, key))?.status !== 'done'; tick++) {
      await deliver(worker, { ...busEvent('Scheduled', { schedule: 'outbox-relay-humidor' }), source: 'aws.events' });
    }
    const done = (await jobs.readJob(CATALOG_ANNOUNCE_JOB, key))!;
    expect(done.status).toBe('done');

    const chunks = await announcedFor(imported.catalogVersion);
    const announced = chunks.flatMap((c) => c.cigars);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) expect(c.cigars.length).toBeLessThanOrEqual(150);
    expect(announced).toHaveLength(done.handled);
    expect(new Set(announced.map((c) => c.id)).size).toBe(announced.length);
    const ids = new Set(announced.map((c) => c.id));
    for (const r of rows) expect(ids.has(r.id), r.id).toBe(true);
    expect(announced.find((c) => c.id === 'imp-job-007')).toEqual({
      id: 'imp-job-007', name: 'Job 7', brandName: 'Oliva', vitola: 'Figurado',
      details: {
        brandId: 'imp-oliva', brandCountry: 'Nicaragua', length: 6.5, ringGauge: 52, strength: 'full', wrapper: 'Ecuador Sumatra',
        binder: 'Nicaraguan', filler: 'Nicaraguan', country: 'Nicaragua', description: 'Oily and dark.',
      },
    });
  }, 60_000);

  it('announces the whole catalog within the import when its budget lasts', async () => {
    const { writeCatalog } = await import('../src/store/catalog.ts');
    const { flushOutbox } = await import('@torcedor/service-kit/outbox');
    const imported = await writeCatalog({ brands: [brand], cigars: [cigar('imp-oliva-melanio', 'Serie V Melanio')], lounges: [] });
    expect(imported.announced).toBe(true);
    await flushOutbox();
    const announced = (await announcedFor(imported.catalogVersion)).flatMap((c) => c.cigars);
    expect(announced).toHaveLength(imported.cigarsAnnounced);
    expect(announced.map((c) => c.id)).toEqual(expect.arrayContaining(['imp-oliva-melanio', 'imp-oliva-serie-o']));
  });
});

