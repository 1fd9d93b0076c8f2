import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { DEFAULT_SETTINGS, type User } from '@torcedor/shared/schemas/identity';

/** Keys as data: one user is one item. */
export const userKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' });

/** The stored user: the API shape plus what is never exposed or editable. */
export interface UserRecord extends Omit<User, 'isOwner'> {
  dateOfBirth: string | null;
  country: string | null;
  /** Grows with every change of the public profile; carried by UserProfileChanged. */
  profileVersion: number;
}

/** AP1: get a user by id. */
export async function getUser(userId: string): Promise<UserRecord | null> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: userKey(userId) }));
  if (!out.Item) return null;
  const { PK: _pk, SK: _sk, ...rest } = out.Item;
  return { ...DEFAULT_SETTINGS, ...rest } as UserRecord;
}
