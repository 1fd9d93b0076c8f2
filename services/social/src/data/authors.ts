import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, TABLE } from '@torcedor/service-kit/ddb';
import type { EventDetail } from '@torcedor/shared/events';
import { keys } from './keys.ts';

/**
 * AP: keep the read copy of a member's public profile. Applied only when the event's version is newer
 * than the stored one, so duplicates and out-of-order deliveries leave the newest state.
 */
export async function upsertAuthor(p: EventDetail<'UserProfileChanged'>): Promise<boolean> {
  try {
    await ddb.send(new PutCommand({
      TableName: TABLE,
      Item: { ...keys.author(p.userId), userId: p.userId, displayName: p.displayName, location: p.location, profileImageUrl: p.profileImageUrl, version: p.version },
      ConditionExpression: 'attribute_not_exists(PK) OR version < :v',
      ExpressionAttributeValues: { ':v': p.version },
    }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
