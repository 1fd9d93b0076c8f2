import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure } from '@torcedor/service-kit/ddb';
import { entity } from '@torcedor/service-kit/entity';
import type { Item } from '@torcedor/service-kit/items';
import type { TransactPart } from '@torcedor/service-kit/transactions';
import type { SupportRequestRecord } from '../domain/support.ts';
import type { UserRecord } from '../domain/user.ts';
import { keys, type SupportRequestId } from './keys.ts';

/** identity's entities, each declared once (../../README.md, the entity table). */

/** A member's account, profile, settings and read copies, by member id. */
export const users = entity<UserRecord>({ name: 'user', key: keys.user });

/** A login behind a refresh token, by the refresh token (kept as its hash), until the token could expire. */
export const logins = entity<{ userId: string; loginAtMs: number; ttl: number }>({ name: 'login', key: keys.login });

/** A support request in its member's partition, in the owners' queue (GSI1) by status, priority and time. */
export const supportRequests = entity<SupportRequestRecord, SupportRequestId>({
  name: 'supportRequest',
  key: keys.supportRequest,
  indexes: (r) => ({
    GSI1: [keys.supportQueue, r.status === 'resolved' && r.resolvedAt ? keys.resolvedSK(r.resolvedAt, r.id) : keys.openSK(r.priority, r.createdAt, r.id)],
  }),
});

/** Where a support request lives, by its id alone. */
export const supportRefs = entity<{ userId: string; createdAt: string }>({ name: 'supportRef', key: keys.supportRef });

/**
 * Sends one Update part (an entity's `update`) alone: the item after it, or undefined when its condition failed. The
 * kit's `write` answers only whether the condition held; the routes that answer the changed item read it back here.
 */
export async function updateReturning(part: TransactPart): Promise<Item | undefined> {
  try {
    const out = await ddb.send(new UpdateCommand({ ...(part.Update as ConstructorParameters<typeof UpdateCommand>[0]), ReturnValues: 'ALL_NEW' }));
    return out.Attributes ?? {};
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}
