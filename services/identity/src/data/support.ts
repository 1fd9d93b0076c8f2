import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, memberPK, TABLE } from '@torcedor/service-kit/ddb';
import { deleteKeys, indexKeys, keyOf, queryAll, type Item } from '@torcedor/service-kit/items';
import { transact } from '@torcedor/service-kit/transactions';
import { SupportRequest } from '@torcedor/shared/schemas/support';
import type * as z from 'zod';

export type SupportRequestRecord = z.infer<typeof SupportRequest>;

/**
 * Keys as data for support requests (../../README.md lists the entities and access patterns). A request lives in
 * its member's partition (their list, their export and their deletion are one Query of it); GSI1 puts every
 * request in the owners' queue, one well-known partition whose sort key is the queue's order; a small reference
 * item finds a request by its id alone (the owners' resolve names only the id).
 */
export const supportKeys = {
  /** The request, sorted in the member's partition by when it was sent. */
  request: (userId: string, createdAt: string, id: string) => ({ PK: memberPK(userId), SK: `SUPPORT#${createdAt}#${id}` }),
  requestPrefix: 'SUPPORT#',
  /** Where the request with this id lives: `userId`, `createdAt`. */
  ref: (id: string) => ({ PK: `SUPPORT#${id}`, SK: 'REF' }),
  /** GSI1: the owners' queue. */
  queuePK: 'SUPPORT',
  /** Open requests first; among them priority ones (0) before the others (1), then oldest first. */
  openSK: (priority: boolean, createdAt: string, id: string) => `OPEN#${priority ? 0 : 1}#${createdAt}#${id}`,
  openPrefix: 'OPEN#',
  /** Then the resolved ones (read newest resolution first). */
  resolvedSK: (resolvedAt: string, id: string) => `RESOLVED#${resolvedAt}#${id}`,
  resolvedPrefix: 'RESOLVED#',
};

/** The API shape of a stored request (keys and index attributes left out). */
const fromItem = (item: Item): SupportRequestRecord => SupportRequest.parse(item);

/**
 * AP: store a new request (the request and its reference in one transaction, each written once). A second create
 * with the same id (a rerun of a request with the same Idempotency-Key) returns the one stored first.
 */
export async function createRequest(r: SupportRequestRecord): Promise<SupportRequestRecord> {
  const result = await transact({
    ref: { Put: { TableName: TABLE, Item: { ...supportKeys.ref(r.id), userId: r.userId, createdAt: r.createdAt }, ConditionExpression: 'attribute_not_exists(PK)' } },
    request: {
      Put: {
        TableName: TABLE,
        Item: { ...supportKeys.request(r.userId, r.createdAt, r.id), ...indexKeys({ GSI1: [supportKeys.queuePK, supportKeys.openSK(r.priority, r.createdAt, r.id)] }), ...r },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  });
  if (result.ok) return r;
  const stored = await getRequest(r.id);
  if (!stored) throw new Error(`support request ${r.id} could not be stored`);
  return stored;
}

/** Where a request lives, by its id; null for an unknown id. */
async function requestKeyOf(id: string) {
  const ref = (await ddb.send(new GetCommand({ TableName: TABLE, Key: supportKeys.ref(id), ConsistentRead: true }))).Item;
  return ref ? supportKeys.request(String(ref.userId), String(ref.createdAt), id) : null;
}

/** AP: a request by its id (GetItem of the reference, then of the request); null for an unknown id. */
export async function getRequest(id: string): Promise<SupportRequestRecord | null> {
  const key = await requestKeyOf(id);
  if (!key) return null;
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: key, ConsistentRead: true }));
  return out.Item ? fromItem(out.Item) : null;
}

/** Every request item in the member's partition, newest first. */
const memberRequestItems = (userId: string) => queryAll({
  KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
  ExpressionAttributeValues: { ':pk': memberPK(userId), ':prefix': supportKeys.requestPrefix },
  ScanIndexForward: false,
  ConsistentRead: true,
});

/** AP: the member's own requests, newest first (Query of their partition, consistent); also their export. */
export async function listMemberRequests(userId: string): Promise<SupportRequestRecord[]> {
  return (await memberRequestItems(userId)).map(fromItem);
}

const queueRange = (prefix: string, forward: boolean) => queryAll({
  IndexName: 'GSI1',
  KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
  ExpressionAttributeValues: { ':pk': supportKeys.queuePK, ':prefix': prefix },
  ScanIndexForward: forward,
});

/**
 * AP: the owners' queue: the open requests in the index's order (priority first, then oldest first), then the
 * resolved ones, most recently resolved first. Two Queries of GSI1's `SUPPORT` partition (eventually consistent).
 */
export async function listQueue(): Promise<SupportRequestRecord[]> {
  const [open, resolved] = await Promise.all([queueRange(supportKeys.openPrefix, true), queueRange(supportKeys.resolvedPrefix, false)]);
  return [...open, ...resolved].map(fromItem);
}

/**
 * AP: mark a request resolved, once (UpdateItem `status = open`; its queue key moves to the resolved range). A
 * request already resolved is returned as it is; null for an unknown id.
 */
export async function resolveRequest(id: string, resolvedAt: string): Promise<SupportRequestRecord | null> {
  const key = await requestKeyOf(id);
  if (!key) return null;
  try {
    const out = await ddb.send(new UpdateCommand({
      TableName: TABLE, Key: key,
      UpdateExpression: 'SET #status = :resolved, resolvedAt = :at, GSI1SK = :sk',
      ConditionExpression: 'attribute_exists(PK) AND #status = :open',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':resolved': 'resolved', ':open': 'open', ':at': resolvedAt, ':sk': supportKeys.resolvedSK(resolvedAt, id) },
      ReturnValues: 'ALL_NEW',
    }));
    return fromItem(out.Attributes ?? {});
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return getRequest(id);
  }
}

/** AP: delete every request of the member, with their references (account deletion; a repeat finds nothing). */
export async function deleteMemberRequests(userId: string): Promise<void> {
  const items = await memberRequestItems(userId);
  await deleteKeys(items.flatMap((i) => [keyOf(i), supportKeys.ref(String(i.id))]));
}
