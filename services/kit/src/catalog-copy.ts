import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CATALOG_COPY_GRACE_SECONDS, CATALOG_COPY_STATE_KEY, CATALOG_LOADING_MESSAGE } from '@torcedor/shared/constants';
import type { EventDetail } from '@torcedor/shared/events';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from './aws.ts';
import { applyIfNewer } from './copies.ts';
import { ddb, isConditionFailure, TABLE, type Key } from './ddb.ts';
import { DomainError } from './errors.ts';
import type { Item } from './items.ts';
import { recentReads } from './recent.ts';

/**
 * A service's copy of humidor's catalog knows when it is whole (docs/architecture.md, "An event"): humidor announces a
 * catalog version in CatalogCigarsChanged chunks, then CatalogPublished says how many chunks that version has (at the
 * end of an announcement and every hour). The copy remembers, per version, the chunks it applied (the chunk's first
 * cigar id in a string set, so a duplicate counts once) and the published chunk count, in any order; once it holds
 * them all, the version is whole. While the published version is not whole, the copy is behind: the service says so
 * to the member (CATALOG_LOADING_MESSAGE) rather than answer from half a catalog, and when it has stayed behind longer
 * than CATALOG_COPY_GRACE_SECONDS (a chunk was dead-lettered) the service asks humidor to announce the version again.
 *
 * Items (the same in social's and ai's tables):
 * - STATE (CATALOG_COPY_STATE_KEY): `wholeVersion`, the newest version held whole (only rises), and `publishedVersion`
 *   with its `publishedChunks`, the newest CatalogPublished. The local stack reads it before it says 'ready'.
 * - `COPY#CATALOG` / `VERSION#<v>`: `chunkIds` (string set), `chunks` (published count, once known) and `publishedAt`
 *   (when the copy first learnt from CatalogPublished that the version exists), kept VERSION_TTL_DAYS after its last write.
 */

/** How long a version's item is kept after its last chunk or announcement (the heartbeat rewrites the current one hourly). */
const VERSION_TTL_DAYS = 30;
/** How long an instance trusts the state it read (each request asks; the database sees one read per instance per this). */
export const CATALOG_COPY_MEMO_MS = 5_000;

const STATE: Key = { PK: CATALOG_COPY_STATE_KEY.PK, SK: CATALOG_COPY_STATE_KEY.SK };
const versionKey = (catalogVersion: number): Key => ({ PK: CATALOG_COPY_STATE_KEY.PK, SK: `VERSION#${catalogVersion}` });
const versionTtl = (nowMs: number) => Math.floor(nowMs / 1000) + VERSION_TTL_DAYS * 86_400;

type VersionItem = { chunkIds?: Set<string>; chunks?: number; publishedAt?: number };
type StateItem = { wholeVersion?: number; publishedVersion?: number };

const stateReads = recentReads<StateItem>({ ttlMs: CATALOG_COPY_MEMO_MS, max: 1 });

/** Sends an update and answers the item after it, or undefined when its condition failed. */
async function update(input: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'ReturnValues'>): Promise<Item | undefined> {
  try {
    const out = await ddb.send(new UpdateCommand({ ...input, TableName: TABLE, ReturnValues: 'ALL_NEW' }));
    return out.Attributes ?? {};
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/** Raises STATE's wholeVersion to `catalogVersion` (never lowers it: the kit's version-checked copy write). */
const raiseWhole = (catalogVersion: number) => applyIfNewer(STATE, 'wholeVersion', catalogVersion, {});

/** Whether a version's item holds every chunk CatalogPublished counted (unknown count: not yet). */
const isWhole = (v: VersionItem) => v.chunks !== undefined && (v.chunkIds?.size ?? 0) >= v.chunks;

/** The version is whole: STATE says so. Answers whether it is. */
async function settle(catalogVersion: number, v: VersionItem): Promise<boolean> {
  if (!isWhole(v)) return false;
  await raiseWhole(catalogVersion);
  return true;
}

/**
 * After a CatalogCigarsChanged chunk was applied to the copy: remembers it (by its first cigar id, so a duplicate
 * delivery changes nothing), then settles. A chunk without cigars carries nothing to hold, and humidor sends none.
 */
export async function recordChunk(catalogVersion: number, firstCigarId: string | undefined, nowMs = Date.now()): Promise<void> {
  if (firstCigarId === undefined) return;
  const v = await update({
    Key: versionKey(catalogVersion), UpdateExpression: 'ADD chunkIds :id SET #ttl = :ttl',
    ExpressionAttributeNames: { '#ttl': 'ttl' }, ExpressionAttributeValues: { ':id': new Set([firstCigarId]), ':ttl': versionTtl(nowMs) },
  });
  stateReads.forget('state');
  await settle(catalogVersion, v as VersionItem);
}

/** STATE's published version, newest wins; answers the state after it (an older announcement changes nothing). */
async function notePublished(d: EventDetail<'CatalogPublished'>): Promise<StateItem> {
  const raised = await update({
    Key: STATE, UpdateExpression: 'SET publishedVersion = :v, publishedChunks = :n',
    ConditionExpression: 'attribute_not_exists(publishedVersion) OR publishedVersion <= :v',
    ExpressionAttributeValues: { ':v': d.catalogVersion, ':n': d.chunks },
  });
  return (raised ?? (await readState(true))) as StateItem;
}

/**
 * CatalogPublished: remembers the version's chunk count and when the copy first learnt of it, and the newest published
 * version; then settles. When the version is still not whole, is the newest published, and the copy learnt of it more
 * than CATALOG_COPY_GRACE_SECONDS before `nowMs` (the delivery's time: chunks in flight settle well within the grace),
 * `publishBehind(version)` asks humidor to announce it again (the service's own *CatalogCopyBehind), once per delivery.
 */
export async function recordPublished(d: EventDetail<'CatalogPublished'>, publishBehind: (catalogVersion: number) => Promise<unknown>, nowMs = Date.now()): Promise<void> {
  const v = (await update({
    Key: versionKey(d.catalogVersion), UpdateExpression: 'SET chunks = :n, publishedAt = if_not_exists(publishedAt, :now), #ttl = :ttl',
    ExpressionAttributeNames: { '#ttl': 'ttl' }, ExpressionAttributeValues: { ':n': d.chunks, ':now': nowMs, ':ttl': versionTtl(nowMs) },
  })) as VersionItem;
  const state = await notePublished(d);
  stateReads.forget('state');
  if (await settle(d.catalogVersion, v)) return;
  const newest = (state.publishedVersion ?? d.catalogVersion) <= d.catalogVersion;
  const whole = (state.wholeVersion ?? -1) >= d.catalogVersion;
  const overdue = nowMs - (v.publishedAt ?? nowMs) > CATALOG_COPY_GRACE_SECONDS * 1000;
  if (newest && !whole && overdue) await publishBehind(d.catalogVersion);
}

async function readState(consistent = false): Promise<StateItem> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: STATE, ConsistentRead: consistent }));
  return (out.Item ?? {}) as StateItem;
}

/** Whether a state is behind: no version whole yet, or a newer version published than the one held whole. */
export const isBehind = (s: StateItem): boolean =>
  s.wholeVersion === undefined || (s.publishedVersion !== undefined && s.publishedVersion > s.wholeVersion);

/** The copy's state as a request reads it: whether it is behind, and the newest version it holds whole (null: none yet). */
export interface CatalogCopyState { behind: boolean; wholeVersion: number | null }

/**
 * The copy's state as this instance read it at most CATALOG_COPY_MEMO_MS ago (the kit's `recentReads`; this
 * instance's own recording counts at once).
 */
export async function catalogCopyState(): Promise<CatalogCopyState> {
  const s = await stateReads.get('state', () => readState());
  return { behind: isBehind(s), wholeVersion: s.wholeVersion ?? null };
}

/** Whether the copy is behind: still filling, or missing chunks of the published version (`catalogCopyState`). */
export const catalogCopyBehind = async (): Promise<boolean> => (await catalogCopyState()).behind;

/** The answer of a request the copy cannot answer while it is behind: 503 CATALOG_LOADING with the kit's Retry-After. */
export const catalogLoading = () =>
  new DomainError('CATALOG_LOADING', CATALOG_LOADING_MESSAGE, undefined, { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
