import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_COPY_GRACE_SECONDS } from '@torcedor/shared/constants';
import type { EventDetail } from '@torcedor/shared/events';
import { publishedEvents } from '@torcedor/local/src/testing/service-env.ts';
import { busEvent, deliver } from '../../kit/test/bus.ts';
import { serviceFixture, type ServiceFixture } from '../../kit/test/fixture.ts';

/**
 * The catalog published whole (services/humidor/README.md, CatalogPublished): the announcement's end, the hourly
 * heartbeat, and the copies' requests for a version again. The table is shared with the other files, whose imports
 * may move the catalog's version meanwhile: what is asserted of "the current version" is read around it.
 */
let f: ServiceFixture;
const GRACE_MS = CATALOG_COPY_GRACE_SECONDS * 1000;

// Its own brand and cigars, beside the other files' rows.
const brand = { id: 'pub-oliva', name: 'Oliva', country: 'Nicaragua', description: 'Family maker in Estelí.' };
const cigar = (i: number) => ({
  id: `pub-${String(i).padStart(3, '0')}`, brandId: 'pub-oliva', name: `Published ${i}`, vitola: 'Robusto', length: 5, ringGauge: 50,
  strength: 'medium' as const, wrapper: 'Habano', binder: 'Nicaraguan', filler: 'Nicaraguan', country: 'Nicaragua', description: 'Even.',
});

beforeAll(async () => {
  f = await serviceFixture('humidor', { worker: () => import('../src/worker.ts') });
});

type Published = EventDetail<'CatalogPublished'>;
type Entry = Awaited<ReturnType<typeof publishedEvents>>[number];

/** The details of these events of humidor's, once each (a relay and a sweep may both publish one), without the envelope's ids. */
function detailsOf<D>(entries: Entry[], type: string): D[] {
  const byOutboxId = new Map<string, D>();
  for (const e of entries) {
    if (e.DetailType !== type || e.Source !== 'torcedor.humidor') continue;
    const { outboxId, correlationId: _cid, ...d } = JSON.parse(e.Detail!) as { outboxId: string; correlationId?: string };
    byOutboxId.set(outboxId, d as D);
  }
  return [...byOutboxId.values()];
}

const versionItem = async () => {
  const { catalogVersions } = await import('../src/store/entities.ts');
  return (await catalogVersions.get(undefined))!;
};

/** The catalog's version once its announcement has ended (the other files' runs finish within seconds). */
async function settledVersion(): Promise<number> {
  const jobs = await import('@torcedor/service-kit/jobs');
  const { CATALOG_ANNOUNCE_JOB } = await import('../src/store/catalog-announce.ts');
  for (let tick = 0; tick < 60; tick++) {
    const v = await versionItem();
    if (v.publishedVersion === v.version && (await jobs.readJob(CATALOG_ANNOUNCE_JOB, String(v.version)))?.status === 'done') return v.version;
    await deliver(f.worker, { ...busEvent('Scheduled', { schedule: 'outbox-relay-humidor' }), source: 'aws.events' });
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the catalog announcement did not settle');
}

/** Runs `scenario` on a settled catalog, again (up to 3 times) when another file's import moved the version meanwhile. */
async function onSettledCatalog<T>(scenario: (version: number, attempt: number) => Promise<T>): Promise<{ version: number; out: T }> {
  for (let attempt = 0; ; attempt++) {
    const version = await settledVersion();
    const out = await scenario(version, attempt);
    if ((await versionItem()).version === version || attempt >= 2) return { version, out };
  }
}

describe('the announcement ends with CatalogPublished', () => {
  it('publishes it once, with the run\'s chunks and cigars, though every page runs twice', async () => {
    const { writeCatalog } = await import('../src/store/catalog.ts');
    const { announcePage, CATALOG_ANNOUNCE_JOB } = await import('../src/store/catalog-announce.ts');
    const jobs = await import('@torcedor/service-kit/jobs');
    const { flushOutbox } = await import('@torcedor/service-kit/outbox');
    const imported = await writeCatalog({ brands: [brand], cigars: Array.from({ length: 320 }, (_, i) => cigar(i)), lounges: [] }, { deadline: 0 });
    const key = String(imported.catalogVersion);
    const page = announcePage();
    for (let n = 0; n < 100; n++) {
      const at = (await jobs.readJob<{ catalogVersion: number }>(CATALOG_ANNOUNCE_JOB, key))!;
      if (at.status === 'done') break;
      // A run cut after the page, before its checkpoint; then the next invocation does the page again, and only it.
      await page({ params: at.params, cursor: at.cursor, runId: at.runId, key });
      let calls = 0;
      await jobs.runJob(CATALOG_ANNOUNCE_JOB, page, { key, deadline: 1, now: () => (calls++ === 0 ? 0 : 2) });
    }
    const done = (await jobs.readJob(CATALOG_ANNOUNCE_JOB, key))!;
    expect(done.status).toBe('done');
    await flushOutbox();

    const entries = await publishedEvents(f.pool());
    const chunks = detailsOf<EventDetail<'CatalogCigarsChanged'>>(entries, 'CatalogCigarsChanged').filter((c) => c.catalogVersion === imported.catalogVersion);
    const published = detailsOf<Published>(entries, 'CatalogPublished').filter((p) => p.catalogVersion === imported.catalogVersion);
    const ids = new Set(chunks.flatMap((c) => c.cigars.map((x) => x.id)));
    expect(chunks.length).toBeGreaterThan(2);
    expect(ids.size).toBe(done.handled);
    const version = await versionItem();
    if (version.publishedVersion === imported.catalogVersion) {
      expect(published).toEqual([{ catalogVersion: imported.catalogVersion, cigarCount: ids.size, chunks: chunks.length }]);
      expect(version).toMatchObject({ cigarCount: ids.size, chunks: chunks.length });
    } else {
      // Another file's import published a newer version first: the older one's end publishes nothing over it.
      expect(version.publishedVersion).toBeGreaterThan(imported.catalogVersion);
      expect(published).toEqual([]);
    }
  }, 60_000);
});

describe('the catalog-heartbeat schedule', () => {
  it('publishes the current version with its counts', async () => {
    const { version, out } = await onSettledCatalog(async () => {
      const seen = (await publishedEvents(f.pool())).length;
      const before = await versionItem();
      await deliver(f.worker, { ...busEvent('Scheduled', { schedule: 'catalog-heartbeat' }), source: 'aws.events' });
      return { before, published: detailsOf<Published>((await publishedEvents(f.pool())).slice(seen), 'CatalogPublished') };
    });
    const { before, published } = out;
    expect(published).toContainEqual({ catalogVersion: version, cigarCount: before.cigarCount, chunks: before.chunks });
    expect(before.chunks).toBeGreaterThan(0);
  }, 60_000);
});

describe('a copy behind asks for the version again', () => {
  it('starts exactly one run for 5 requests at once, and none within the grace after it', async () => {
    const jobs = await import('@torcedor/service-kit/jobs');
    const { CATALOG_ANNOUNCE_JOB } = await import('../src/store/catalog-announce.ts');
    const { announcementEnds } = await import('../src/store/entities.ts');
    const { reannounceCatalog } = await import('../src/store/catalog-reannounce.ts');
    const run = async (version: number) => (await jobs.readJob(CATALOG_ANNOUNCE_JOB, String(version)))!;
    // A clock past the window of every run so far (the import's, and this file's earlier attempts).
    const clock = (attempt: number) => Date.now() + (10 + 10 * attempt) * GRACE_MS;

    const { version, out } = await onSettledCatalog(async (v, attempt) => {
      const before = await run(v);
      const at = clock(attempt);
      // Social's and ai's requests at once, duplicates among them, one for an older version.
      const outcomes = await Promise.all([v, v, v, v, v - 1].map((asked) => reannounceCatalog(asked, at)));
      return { before, at, outcomes, after: await run(v) };
    });
    const { before, at, outcomes, after } = out;
    expect(outcomes.filter((o) => o === 'started')).toHaveLength(1);
    for (const o of outcomes.filter((x) => x !== 'started')) expect(['recent', 'running']).toContain(o);
    expect(after.runId).not.toBe(before.runId);
    expect(after).toMatchObject({ status: 'done', startedAt: new Date(at).toISOString() });
    // The new run ended with its own CatalogPublished and the same counts.
    expect(await announcementEnds.get(after.runId)).toMatchObject({ catalogVersion: version, chunks: (await versionItem()).chunks });

    // Within the grace after that run: none, whatever asks (and a version humidor does not have yet is nothing).
    const within = at + GRACE_MS / 2;
    expect(await Promise.all([reannounceCatalog(version, within), reannounceCatalog(version - 1, within)])).toEqual(['recent', 'recent']);
    expect(await reannounceCatalog(version + 1000, at + 100 * GRACE_MS)).toBe('newer');
    // The same through the worker, on the real clock (the run started "later").
    await f.send('SocialCatalogCopyBehind', { catalogVersion: version }, 'torcedor.social');
    await f.send('AiCatalogCopyBehind', { catalogVersion: version }, 'torcedor.ai');
    expect((await run(version)).runId).toBe(after.runId);
  }, 90_000);
});
