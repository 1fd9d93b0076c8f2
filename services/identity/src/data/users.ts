import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { setExpression } from '@torcedor/service-kit/items';
import { registerRenderer, stateEventPart } from '@torcedor/service-kit/outbox';
import { recentReads } from '@torcedor/service-kit/recent';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { displayName } from '@torcedor/shared/formatters';
import { ddb, isConditionFailure, TABLE } from '@torcedor/service-kit/ddb';
import { notFound } from '@torcedor/service-kit/errors';
import { DEFAULT_SETTINGS, type User } from '@torcedor/shared/schemas/identity';

/** Keys as data: one user is one item. */
export const userKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' });

/** The stored user: the API shape plus what is never exposed or editable. */
export interface UserRecord extends Omit<User, 'isOwner'> {
  /** The pool user name (normalized email, or `trial_<id>` for trials). */
  username: string;
  dateOfBirth: string | null;
  country: string | null;
  /** Grows with every change of the public profile; carried by UserProfileChanged. */
  profileVersion: number;
  /** Read copy of billing's entitlement (EntitlementChanged). */
  entitlementTier?: 'free' | 'trial' | 'premium';
  entitlementUntil?: string | null;
}

function fromItem(item: Record<string, unknown>): UserRecord {
  const { PK: _pk, SK: _sk, ...rest } = item;
  return { ...DEFAULT_SETTINGS, ...rest } as UserRecord;
}

/** AP1: get a user by id. */
export async function getUser(userId: string): Promise<UserRecord | null> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: userKey(userId), ConsistentRead: true }));
  return out.Item ? fromItem(out.Item) : null;
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
export const profileChanged = (userId: string) => stateEventPart('UserProfileChanged', 'profile', userId);

registerRenderer('profile', async (userId) => {
  const u = await getUser(userId);
  return u && {
    userId: u.id,
    version: u.profileVersion,
    displayName: displayName(u),
    location: u.location ?? null,
    profileImageUrl: u.profileImageUrl ?? null,
    bio: u.bio ?? null,
    profileVisibility: u.profileVisibility,
    allowFollowRequests: u.allowFollowRequests,
    showLocationInProfile: u.showLocationInProfile,
    followNotifications: u.followNotifications,
    reviewNotifications: u.reviewNotifications,
    eventNotifications: u.eventNotifications,
    marketingEmails: u.marketingEmails,
    contentFilter: u.contentFilter,
  };
});

/** AP2: create a user once (a second create of the same id fails its condition), with the events announcing it. */
export async function createUser(u: UserRecord, events: TransactPart[] = []): Promise<void> {
  const r = await transact({
    user: { Put: { TableName: TABLE, Item: { ...userKey(u.id), ...u }, ConditionExpression: 'attribute_not_exists(PK)' } },
    ...Object.fromEntries(events.map((e, i) => [`event${i}`, e])),
  });
  if (!r.ok) throw new Error(`user ${u.id} exists already`);
}

/**
 * AP3: set some fields of an existing user; returns the new user. With `publicProfile`, the profile version
 * grows in the same write and the UserProfileChanged event is recorded in the same transaction.
 */
export async function updateUser(userId: string, fields: Partial<UserRecord>, publicProfile: boolean): Promise<UserRecord> {
  const { UpdateExpression, ExpressionAttributeNames, ExpressionAttributeValues } = setExpression(fields);
  const update = {
    TableName: TABLE, Key: userKey(userId), ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeNames,
    UpdateExpression: publicProfile ? `${UpdateExpression}, profileVersion = if_not_exists(profileVersion, :zero) + :one` : UpdateExpression,
    ExpressionAttributeValues: publicProfile ? { ...ExpressionAttributeValues, ':zero': 0, ':one': 1 } : ExpressionAttributeValues,
  };
  if (publicProfile) {
    const r = await transact({ user: { Update: update }, event: profileChanged(userId) });
    forgetRecentUser(userId);
    if (!r.ok) throw notFound('User not found');
    return (await getUser(userId)) ?? Promise.reject(notFound('User not found'));
  }
  try {
    const out = await ddb.send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
    forgetRecentUser(userId);
    return fromItem(out.Attributes ?? {});
  } catch (err) {
    if (isConditionFailure(err)) throw notFound('User not found');
    throw err;
  }
}
