import { write } from '@torcedor/service-kit/entity';
import { eventPart, registerRenderer, stateEventPart } from '@torcedor/service-kit/outbox';
import { recentReads } from '@torcedor/service-kit/recent';
import { tombstonePart } from '@torcedor/service-kit/revocation';
import { transact } from '@torcedor/service-kit/transactions';
import type { EventDetail } from '@torcedor/shared/events';
import { DEFAULT_SETTINGS } from '@torcedor/shared/schemas/identity';
import { profileDetail, type UserRecord } from '../domain/user.ts';
import { updateReturning } from '@torcedor/service-kit/entity';
import { users } from './entities.ts';

function fromItem(item: Record<string, unknown>): UserRecord {
  const { PK: _pk, SK: _sk, ...rest } = item;
  return { ...DEFAULT_SETTINGS, ...rest } as UserRecord;
}

/** AP1: get a user by id (consistent); null when there is none. */
export async function getUser(userId: string): Promise<UserRecord | null> {
  const item = await users.get(userId);
  return item ? fromItem(item) : null;
}

/**
 * How long GET /api/auth/user, which every page load calls, may answer from this instance's last read of the user
 * (docs/decisions.md, "Request path"): this instance's own writes count at once; the copies identity's worker
 * writes (counts, plan) already arrive by event, and reach this read within as much again.
 */
export const USER_RECHECK_MS = 1_000;
const recentUsers = recentReads<UserRecord | null>({ ttlMs: USER_RECHECK_MS, max: 10_000 });

/** AP1, for the read route only: the user as this instance read them less than USER_RECHECK_MS ago, else read. */
export const getRecentUser = (userId: string) => recentUsers.get(userId, () => getUser(userId));
/** This instance's own change of the user counts at once for getRecentUser. */
export const forgetRecentUser = (userId: string) => recentUsers.forget(userId);

/**
 * The UserProfileChanged event of a transaction that changes a public profile, published with the profile as it
 * is then (the kit's outbox renders it), so other services keep the newest version.
 */
const profileChanged = (userId: string) => stateEventPart('UserProfileChanged', 'profile', userId);

registerRenderer('profile', async (userId) => {
  const u = await getUser(userId);
  return u && profileDetail(u);
});

/**
 * AP2: create a user once, with UserRegistered and UserProfileChanged in the same transaction (the kit's outbox):
 * never one without the other. False when a user with this id exists already.
 */
export async function createUser(u: UserRecord, registered: EventDetail<'UserRegistered'>): Promise<boolean> {
  const r = await transact({
    user: users.put(u.id, u, { ifAbsent: true }),
    registered: eventPart('UserRegistered', registered),
    profile: profileChanged(u.id),
  });
  return r.ok;
}

/**
 * AP3: set some fields of an existing user: the user after the change, or undefined when there is no such user.
 * With `publicProfile`, the profile version grows in the same write and the UserProfileChanged event is recorded in
 * the same transaction.
 */
export async function updateUser(userId: string, fields: Partial<UserRecord>, publicProfile: boolean): Promise<UserRecord | undefined> {
  if (publicProfile) {
    const { Update } = users.update(userId, fields, { ifExists: true, ExpressionAttributeValues: { ':zero': 0, ':one': 1 } });
    const grow = { ...Update!, UpdateExpression: `${Update!.UpdateExpression}, profileVersion = if_not_exists(profileVersion, :zero) + :one` };
    const r = await transact({ user: { Update: grow }, event: profileChanged(userId) });
    forgetRecentUser(userId);
    if (!r.ok) return undefined;
    return (await getUser(userId)) ?? undefined;
  }
  const item = await updateReturning(users.update(userId, fields, { ifExists: true }));
  if (!item) return undefined;
  forgetRecentUser(userId);
  return fromItem(item);
}

/**
 * AP: the member's tombstone, with UserDeleted in the same transaction: from then on no session of the member is
 * accepted, and the event tells every other service to write its own and erase what it holds.
 */
export async function recordDeletion(userId: string, deletedAt: string): Promise<void> {
  await transact({ tombstone: tombstonePart(userId, deletedAt), event: eventPart('UserDeleted', { userId, deletedAt }) });
}

/** AP: delete the user's item (account deletion; deleting a missing one is a no-op). */
export async function deleteUser(userId: string): Promise<void> {
  await write(users.remove(userId));
  forgetRecentUser(userId);
}
