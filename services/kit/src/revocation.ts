import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { EventDetail } from '@torcedor/shared/events';
import { ddb, isConditionFailure, TABLE } from './ddb.ts';
import { batchGetAll, type Item, type Key } from './items.ts';
import type { TransactPart } from './ddb.ts';

/**
 * Sessions ended on the server. Access tokens are verified by signature in every service, so an ended session
 * must also be known to every service: identity writes the markers in its own table, and each other service
 * writes them in its own table from the SessionRevoked and UserDeleted events (docs/architecture.md, "Sessions").
 *
 * - The login's marker (`REVOKED#<sessionId>`) refuses every access token of that login, kept as long as its
 *   refresh token could live.
 * - The member's **not-before time** (`NOTBEFORE#<userId>`) refuses every access token issued before it: logout
 *   signs the member out everywhere, and deleting the account ends every other session at once. After a
 *   deletion it is also the member's **tombstone**: workers drop late events about a deleted member (they would
 *   bring back data that was just erased), see events.ts.
 *
 * Both are read in one round trip. Reads may trust a "not revoked" answer this instance got less than
 * READ_RECHECK_MS ago; state-changing requests always read. What this instance writes takes effect at once.
 */
export const READ_RECHECK_MS = 5_000;
const MAX_REMEMBERED = 10_000;

const revokedKey = (sessionId: string) => ({ PK: `REVOKED#${sessionId}`, SK: 'SESSION' });
const notBeforeKey = (userId: string) => ({ PK: `NOTBEFORE#${userId}`, SK: 'MEMBER' });

/** sessionId -> when this instance last read that it was not revoked (ms). */
const checkedOk = new Map<string, number>();
/** sessionId -> marker expiry (s) of sessions this instance saw revoked. */
const knownRevoked = new Map<string, number>();
/** userId -> not-before time (ms) this instance wrote or read. */
const knownNotBefore = new Map<string, number>();

function remember<V>(map: Map<string, V>, key: string, value: V) {
  if (map.size >= MAX_REMEMBERED) map.clear();
  map.set(key, value);
}

/**
 * Writes a member's not-before time (only ever later: an older event cannot move it back). It is kept in ms:
 * logins (refresh tokens) compare at that precision; access tokens carry whole seconds (`iat`), so a token is
 * refused when it was issued in an earlier second (a token of the very second of a logout is given the benefit).
 */
async function writeNotBefore(userId: string, notBeforeMs: number, ttl: number, deleted: boolean) {
  await ddb.send(new PutCommand({
    TableName: TABLE,
    Item: { ...notBeforeKey(userId), notBeforeMs, deleted, ttl },
    ConditionExpression: 'attribute_not_exists(PK) OR notBeforeMs <= :nb',
    ExpressionAttributeValues: { ':nb': notBeforeMs },
  })).catch((err: unknown) => {
    if (!isConditionFailure(err)) throw err;
  });
  remember(knownNotBefore, userId, Math.max(knownNotBefore.get(userId) ?? 0, notBeforeMs));
  checkedOk.clear();
}
/** An access token issued (whole seconds) before the not-before time's second. */
const issuedBefore = (issuedAt: number, notBeforeMs: number) => issuedAt < Math.floor(notBeforeMs / 1000);

/**
 * identity's logout, as parts of the one transaction that also records its SessionRevoked event: the login's
 * marker and the member's not-before time (logout's "now" is later than any earlier one). `noteRevoked` then
 * makes them count in this instance at once.
 */
export function revocationParts(d: EventDetail<'SessionRevoked'>): TransactPart[] {
  return [
    { Put: { TableName: TABLE, Item: { ...revokedKey(d.sessionId), userId: d.userId, ttl: d.expiresAt } } },
    ...(d.notBeforeMs !== undefined ? [{ Put: { TableName: TABLE, Item: { ...notBeforeKey(d.userId), notBeforeMs: d.notBeforeMs, deleted: false, ttl: d.expiresAt } } }] : []),
  ];
}
export function noteRevoked(d: EventDetail<'SessionRevoked'>): void {
  checkedOk.clear();
  remember(knownRevoked, d.sessionId, d.expiresAt);
  if (d.notBeforeMs !== undefined) remember(knownNotBefore, d.userId, d.notBeforeMs);
}

/** The SessionRevoked consumer: the login's marker, and the member's not-before time. */
export async function markRevoked(d: EventDetail<'SessionRevoked'>): Promise<void> {
  // A plain put is idempotent: duplicates and any order give the same item.
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...revokedKey(d.sessionId), userId: d.userId, ttl: d.expiresAt } }));
  checkedOk.delete(d.sessionId);
  remember(knownRevoked, d.sessionId, d.expiresAt);
  if (d.notBeforeMs !== undefined) await writeNotBefore(d.userId, d.notBeforeMs, d.expiresAt, false);
}

/** How long a deleted member's tombstone is kept: longer than any of their tokens and any event redelivery. */
const TOMBSTONE_SECONDS = 35 * 24 * 3600;

const tombstone = (deletedAt: string) => {
  const atMs = new Date(deletedAt).getTime();
  // Every token of the member is refused, whatever second it was issued in (+1 s).
  return { notBeforeMs: atMs + 1_000, ttl: Math.floor(atMs / 1000) + TOMBSTONE_SECONDS };
};

/** On UserDeleted: every session of the member ends, and the member's tombstone is written. */
export async function markDeleted(userId: string, deletedAt: string): Promise<void> {
  const t = tombstone(deletedAt);
  await writeNotBefore(userId, t.notBeforeMs, t.ttl, true);
}

/** Makes a tombstone identity committed count in this instance at once. */
export function noteTombstone(userId: string, deletedAt: string): void {
  remember(knownNotBefore, userId, tombstone(deletedAt).notBeforeMs);
  checkedOk.clear();
}

/** identity's deletion, as a part of the transaction that also records its UserDeleted event. */
export function tombstonePart(userId: string, deletedAt: string): TransactPart {
  const t = tombstone(deletedAt);
  return { Put: { TableName: TABLE, Item: { ...notBeforeKey(userId), notBeforeMs: t.notBeforeMs, deleted: true, ttl: t.ttl } } };
}

/** True when the member's account was deleted (late events about them are dropped). */
export async function isDeleted(userId: string): Promise<boolean> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: notBeforeKey(userId), ConsistentRead: true }));
  return out.Item?.deleted === true;
}

export interface SessionRef { sessionId: string; userId: string; issuedAt: number }

export interface RevocationCheck {
  read?: boolean;
  nowMs?: number;
  /**
   * More items of this table to read in the same BatchGetItem (the member's entitlement for a write: docs/decisions.md,
   * "Request path"); `found` gets them (absent ones left out) whenever the markers are read.
   */
  alsoRead?: { keys: Key[]; found: (items: Item[]) => void };
}

export async function isRevoked(s: SessionRef, opts: RevocationCheck = {}): Promise<boolean> {
  const nowMs = opts.nowMs ?? Date.now();
  const nowSeconds = Math.floor(nowMs / 1000);
  const expiry = knownRevoked.get(s.sessionId);
  if (expiry !== undefined && expiry > nowSeconds) return true;
  if (issuedBefore(s.issuedAt, knownNotBefore.get(s.userId) ?? 0)) return true;
  const okAt = checkedOk.get(s.sessionId);
  if (opts.read && okAt !== undefined && nowMs - okAt < READ_RECHECK_MS) return false;
  const keys = [revokedKey(s.sessionId), notBeforeKey(s.userId)];
  const found = await batchGetAll([...keys, ...(opts.alsoRead?.keys ?? [])], { consistent: true });
  const find = (k: Key) => found.find((i) => i.PK === k.PK && i.SK === k.SK);
  const [marker, notBefore] = keys.map(find);
  opts.alsoRead?.found(opts.alsoRead.keys.map(find).filter((i): i is Item => i !== undefined));
  // DynamoDB deletes expired items lazily: an item past its TTL no longer counts.
  const live = (i: Record<string, unknown> | undefined) => !!i && Number(i.ttl) > nowSeconds;
  if (live(notBefore)) remember(knownNotBefore, s.userId, Number(notBefore!.notBeforeMs));
  const revoked = live(marker) || (live(notBefore) && issuedBefore(s.issuedAt, Number(notBefore!.notBeforeMs)));
  if (revoked) {
    checkedOk.delete(s.sessionId);
    if (live(marker)) remember(knownRevoked, s.sessionId, Number(marker!.ttl));
  } else {
    remember(checkedOk, s.sessionId, nowMs);
  }
  return revoked;
}

/** The member's not-before time (ms), 0 when none is set. */
export async function notBeforeMsOf(userId: string): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: notBeforeKey(userId), ConsistentRead: true }));
  return out.Item && Number(out.Item.ttl) > Date.now() / 1000 ? Number(out.Item.notBeforeMs) : 0;
}
