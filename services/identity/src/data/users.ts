import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

/** AP2: create a user once (a second create of the same id fails its condition). */
export async function createUser(u: UserRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...userKey(u.id), ...u }, ConditionExpression: 'attribute_not_exists(PK)' }));
}

/**
 * AP3: set some fields of an existing user; returns the new user. With `publicProfile`, the profile
 * version grows in the same write, so the event carrying it orders correctly.
 */
export async function updateUser(userId: string, fields: Partial<UserRecord>, publicProfile: boolean): Promise<UserRecord> {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = entries.map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  if (publicProfile) {
    sets.push('profileVersion = if_not_exists(profileVersion, :zero) + :one');
    values[':zero'] = 0;
    values[':one'] = 1;
  }
  try {
    const out = await ddb.send(new UpdateCommand({
      TableName: TABLE, Key: userKey(userId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }));
    return fromItem(out.Attributes ?? {});
  } catch (err) {
    if (isConditionFailure(err)) throw notFound('User not found');
    throw err;
  }
}
