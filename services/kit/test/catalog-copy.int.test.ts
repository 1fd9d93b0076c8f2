import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CATALOG_COPY_GRACE_SECONDS, CATALOG_COPY_STATE_KEY } from '@torcedor/shared/constants';
import { serviceEnv } from '@torcedor/local/src/testing/service-env.ts';
import { ownTable } from './own-table.ts';
import { shuffle } from './shuffle.ts';

let copy: typeof import('../src/catalog-copy.ts');
let ddb: typeof import('../src/ddb.ts');
let table: Awaited<ReturnType<typeof ownTable>>;

beforeAll(async () => {
  // A table of this file's own: the copy's STATE is one item for the whole table.
  table = await ownTable('social', inject('localAws'));
  Object.assign(process.env, serviceEnv('social', inject('localAws')), { TABLE_NAME: table.name, LOG_LEVEL: 'SILENT' });
  copy = await import('../src/catalog-copy.ts');
  ddb = await import('../src/ddb.ts');
});
afterAll(async () => table?.drop());

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const GRACE_MS = CATALOG_COPY_GRACE_SECONDS * 1000;
const state = async () =>
  (await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: { ...CATALOG_COPY_STATE_KEY }, ConsistentRead: true }))).Item ?? {};
/** The chunks of a version, named by their first cigar id. */
const chunksOf = (catalogVersion: number, n: number) => Array.from({ length: n }, (_, i) => `v${catalogVersion}-cigar-${String(i).padStart(3, '0')}`);
const published = (catalogVersion: number, chunks: number) => ({ catalogVersion, cigarCount: chunks * 150, chunks });
/** A publishBehind that remembers what it was asked. */
const asked = () => {
  const versions: number[] = [];
  return { versions, publishBehind: async (v: number) => { versions.push(v); } };
};

describe('a copy of the catalog that knows when it is whole (kit catalog-copy.ts)', () => {
  it('is behind before any version is whole', async () => {
    expect(await state()).toEqual({});
    expect(await copy.catalogCopyBehind()).toBe(true);
    expect(await copy.catalogCopyState()).toEqual({ behind: true, wholeVersion: null });
  });

  it('is whole once it holds every chunk, whatever the order and duplicates: chunks first, then CatalogPublished', async () => {
    const b = asked();
    const ids = chunksOf(1, 3);
    for (const id of shuffle([...ids, ids[0]!, ids[2]!], 3)) await copy.recordChunk(1, id, T0);
    expect(await copy.catalogCopyBehind()).toBe(true);
    await copy.recordPublished(published(1, 3), b.publishBehind, T0);
    expect(await state()).toMatchObject({ wholeVersion: 1, publishedVersion: 1, publishedChunks: 3 });
    expect(await copy.catalogCopyState()).toEqual({ behind: false, wholeVersion: 1 });
    expect(b.versions).toEqual([]);
  });

  it('is whole the other way round: CatalogPublished first (behind until the last chunk), duplicates included', async () => {
    const b = asked();
    await copy.recordPublished(published(2, 4), b.publishBehind, T0);
    expect(await copy.catalogCopyState()).toEqual({ behind: true, wholeVersion: 1 });
    const ids = chunksOf(2, 4);
    for (const id of shuffle([...ids.slice(0, 3), ids[1]!, ids[0]!], 5)) await copy.recordChunk(2, id, T0);
    await copy.recordPublished(published(2, 4), b.publishBehind, T0 + 1000);
    expect(await copy.catalogCopyBehind()).toBe(true);
    await copy.recordChunk(2, ids[3]!, T0 + 2000);
    expect(await copy.catalogCopyState()).toEqual({ behind: false, wholeVersion: 2 });
    expect(b.versions).toEqual([]);
  });

  it('concurrent chunks and announcements of one version settle whole', async () => {
    const b = asked();
    const ids = chunksOf(3, 6);
    await Promise.all(shuffle([
      ...[...ids, ...ids].map((id) => () => copy.recordChunk(3, id, T0)),
      () => copy.recordPublished(published(3, 6), b.publishBehind, T0),
      () => copy.recordPublished(published(3, 6), b.publishBehind, T0),
    ], 11).map((run) => run()));
    expect(await copy.catalogCopyState()).toEqual({ behind: false, wholeVersion: 3 });
  });

  it('a missing chunk leaves it behind; after the grace each CatalogPublished asks for the version again, until it heals', async () => {
    const b = asked();
    const ids = chunksOf(4, 3);
    for (const id of ids.slice(0, 2)) await copy.recordChunk(4, id, T0);
    await copy.recordPublished(published(4, 3), b.publishBehind, T0);
    await copy.recordPublished(published(4, 3), b.publishBehind, T0 + GRACE_MS);
    expect(b.versions).toEqual([]);
    expect(await copy.catalogCopyState()).toEqual({ behind: true, wholeVersion: 3 });
    await copy.recordPublished(published(4, 3), b.publishBehind, T0 + GRACE_MS + 1);
    await copy.recordPublished(published(4, 3), b.publishBehind, T0 + 3_600_000);
    expect(b.versions).toEqual([4, 4]);
    // A late announcement of an older version asks for nothing: the copy is whole for it.
    await copy.recordPublished(published(3, 6), b.publishBehind, T0 + 3_600_000);
    expect(b.versions).toEqual([4, 4]);
    expect(await state()).toMatchObject({ wholeVersion: 3, publishedVersion: 4 });
    // humidor announces it again: the missing chunk arrives, with the others again.
    for (const id of ids) await copy.recordChunk(4, id, T0 + 3_700_000);
    expect(await copy.catalogCopyState()).toEqual({ behind: false, wholeVersion: 4 });
    await copy.recordPublished(published(4, 3), b.publishBehind, T0 + 7_200_000);
    expect(b.versions).toEqual([4, 4]);
  });

  it('a version of an empty catalog is whole as soon as it is published; a late chunk of an older version changes nothing', async () => {
    const b = asked();
    await copy.recordPublished(published(5, 0), b.publishBehind, T0);
    expect(await copy.catalogCopyState()).toEqual({ behind: false, wholeVersion: 5 });
    await copy.recordChunk(1, 'late-cigar', T0);
    await copy.recordChunk(6, undefined, T0);
    expect(await state()).toMatchObject({ wholeVersion: 5, publishedVersion: 5 });
  });
});
