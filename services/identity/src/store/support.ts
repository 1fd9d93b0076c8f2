import { memberPK } from '@torcedor/service-kit/ddb';
import { deleteKeys, keyOf, queryAll, type Item } from '@torcedor/service-kit/items';
import { transact } from '@torcedor/service-kit/transactions';
import { SupportRequest } from '@torcedor/shared/schemas/support';
import type { SupportRequestRecord } from '../domain/support.ts';
import { updateReturning } from '@torcedor/service-kit/entity';
import { supportRefs, supportRequests } from './entities.ts';
import { keys, type SupportRequestId } from './keys.ts';

/** The API shape of a stored request (keys and index attributes left out). */
const fromItem = (item: Item): SupportRequestRecord => SupportRequest.parse(item);

/**
 * AP: store a new request (the request and its reference in one transaction, each written once). A second create
 * with the same id (a rerun of a request with the same Idempotency-Key) returns the one stored first.
 */
export async function createRequest(r: SupportRequestRecord): Promise<SupportRequestRecord> {
  const result = await transact({
    ref: supportRefs.put(r.id, { userId: r.userId, createdAt: r.createdAt }, { ifAbsent: true }),
    request: supportRequests.put(r, r, { ifAbsent: true }),
  });
  if (result.ok) return r;
  const stored = await getRequest(r.id);
  if (!stored) throw new Error(`support request ${r.id} could not be stored`);
  return stored;
}

/** Where a request lives, by its id; null for an unknown id. */
async function requestIdOf(id: string): Promise<SupportRequestId | null> {
  const ref = await supportRefs.get(id);
  return ref ? { userId: String(ref.userId), createdAt: String(ref.createdAt), id } : null;
}

/** AP: a request by its id (GetItem of the reference, then of the request); null for an unknown id. */
export async function getRequest(id: string): Promise<SupportRequestRecord | null> {
  const at = await requestIdOf(id);
  if (!at) return null;
  const item = await supportRequests.get(at);
  return item ? fromItem(item) : null;
}

/** Every request item in the member's partition, newest first. */
const memberRequestItems = (userId: string) => queryAll({
  KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
  ExpressionAttributeValues: { ':pk': memberPK(userId), ':prefix': keys.supportRequestPrefix },
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
  ExpressionAttributeValues: { ':pk': keys.supportQueue, ':prefix': prefix },
  ScanIndexForward: forward,
});

/**
 * AP: the owners' queue: the open requests in the index's order (priority first, then oldest first), then the
 * resolved ones, most recently resolved first. Two Queries of GSI1's `SUPPORT` partition (eventually consistent).
 */
export async function listQueue(): Promise<SupportRequestRecord[]> {
  const [open, resolved] = await Promise.all([queueRange(keys.openPrefix, true), queueRange(keys.resolvedPrefix, false)]);
  return [...open, ...resolved].map(fromItem);
}

/**
 * AP: mark a request resolved, once (UpdateItem conditioned on `status = open`; its queue key moves to the resolved
 * range). A request already resolved is returned as it is; null for an unknown id.
 */
export async function resolveRequest(id: string, resolvedAt: string): Promise<SupportRequestRecord | null> {
  const at = await requestIdOf(id);
  if (!at) return null;
  const fields = { status: 'resolved', resolvedAt, GSI1SK: keys.resolvedSK(resolvedAt, id) } as Partial<SupportRequestRecord>;
  const item = await updateReturning(supportRequests.update(at, fields, {
    ifExists: true, ConditionExpression: '#status = :open', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':open': 'open' },
  }));
  return item ? fromItem(item) : getRequest(id);
}

/** AP: delete every request of the member, with their references (account deletion; a repeat finds nothing). */
export async function deleteMemberRequests(userId: string): Promise<void> {
  const items = await memberRequestItems(userId);
  await deleteKeys(items.flatMap((i) => [keyOf(i), keys.supportRef(String(i.id))]));
}
