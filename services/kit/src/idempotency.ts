import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_SECONDS } from '@torcedor/shared/constants';
import { ddb, isConditionFailure, TABLE } from './ddb.ts';
import { badRequest, DomainError } from './errors.ts';

/**
 * Idempotency keys on creating requests (docs/api.md, "Idempotency"). The first request with a key claims it
 * with a conditional write (in the service's own table, per member), does the work and stores its answer for
 * 24 hours; a repeat with the same key and body gets that answer without the work, also when both arrive
 * together (the second waits for the first); the same key with another body is 422. When the work fails, the
 * claim is removed so that the retry runs it again; writes that could have committed anyway (a timeout) take
 * their ids from the key (`keyedId`), so the rerun finds them instead of writing twice.
 */

/** A claim is another request's while it runs, at most this long (then a repeat may take it over). */
const CLAIM_MS = 4_000;
/** How long a repeat waits for the first request's answer before answering 409 IDEMPOTENCY_IN_PROGRESS. */
const WAIT_MS = 5_000;
const POLL_MS = 50;

export interface StoredAnswer {
  statusCode: number;
  body?: string;
  headers?: Record<string, string>;
}

const keyOf = (userId: string, key: string) => ({ PK: `IDEMPOTENCY#${userId}`, SK: key });
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The request's key, validated; null when it sent none. */
export function idempotencyKeyOf(headerValue: string | undefined): string | null {
  if (headerValue === undefined) return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(headerValue)) {
    throw badRequest('Idempotency-Key must be 8 to 200 letters, digits or _ . : -', [{ path: ['Idempotency-Key'], message: 'Invalid idempotency key' }]);
  }
  return headerValue;
}

/**
 * A stable id for something a keyed request creates (`part` tells apart several things one request creates):
 * the same member, key and part give the same id, so a rerun of the request cannot create a second one.
 */
export function keyedId(userId: string, key: string, part: string): string {
  const h = sha256(`${userId}\u0000${key}\u0000${part}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `work` once per (member, key): see the module comment. `fingerprint` is what makes two requests the same. */
export async function once(userId: string, key: string, fingerprint: string, work: () => Promise<StoredAnswer>): Promise<StoredAnswer & { replayed?: true }> {
  const hash = sha256(fingerprint);
  const deadline = Date.now() + WAIT_MS;
  // Claim the key, or wait for the request that holds it, until the deadline.
  while (Date.now() < deadline) {
    const now = Date.now();
    const token = `${now}-${Math.random().toString(36).slice(2)}`;
    try {
      await ddb.send(new PutCommand({
        TableName: TABLE,
        Item: { ...keyOf(userId, key), state: 'IN_PROGRESS', hash, token, claimedUntil: now + CLAIM_MS, ttl: Math.floor(now / 1000) + IDEMPOTENCY_TTL_SECONDS },
        ConditionExpression: 'attribute_not_exists(PK) OR (#s = :running AND claimedUntil < :now AND #h = :hash)',
        ExpressionAttributeNames: { '#s': 'state', '#h': 'hash' },
        ExpressionAttributeValues: { ':running': 'IN_PROGRESS', ':now': now, ':hash': hash },
      }));
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      const existing = (await ddb.send(new GetCommand({ TableName: TABLE, Key: keyOf(userId, key), ConsistentRead: true }))).Item;
      if (!existing) continue; // the first attempt failed and let the key go: take it
      if (existing.hash !== hash) throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used with a different request.');
      if (existing.state === 'COMPLETED') return { ...(existing.answer as StoredAnswer), replayed: true };
      await sleep(POLL_MS);
      continue;
    }
    return runClaimed(userId, key, token, work);
  }
  throw new DomainError('IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still being processed.', undefined, { 'retry-after': '1' });
}

/** Does the work under our claim, then keeps its answer (or lets the key go when the work failed). */
async function runClaimed(userId: string, key: string, token: string, work: () => Promise<StoredAnswer>): Promise<StoredAnswer> {
  let answer: StoredAnswer;
  try {
    answer = await work();
  } catch (err) {
    // Let the key go so that a retry does the work; a keyed write that did land is found by its keyed id.
    await ddb.send(new DeleteCommand({
      TableName: TABLE, Key: keyOf(userId, key), ConditionExpression: '#tk = :t', ExpressionAttributeNames: { '#tk': 'token' }, ExpressionAttributeValues: { ':t': token },
    })).catch(() => undefined);
    throw err;
  }
  await ddb.send(new UpdateCommand({
    TableName: TABLE, Key: keyOf(userId, key),
    UpdateExpression: 'SET #s = :done, answer = :a REMOVE claimedUntil',
    ConditionExpression: '#tk = :t',
    ExpressionAttributeNames: { '#s': 'state', '#tk': 'token' },
    ExpressionAttributeValues: { ':done': 'COMPLETED', ':a': answer, ':t': token },
  })).catch((err: unknown) => {
    // Our claim was taken over after CLAIM_MS: the answer stands, the other request keeps the key.
    if (!isConditionFailure(err)) throw err;
  });
  return answer;
}
