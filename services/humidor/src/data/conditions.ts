import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { ConditionReading } from '@torcedor/shared/schemas/humidor';
import type { z } from 'zod';
import { keys } from './keys.ts';

type Reading = z.infer<typeof ConditionReading>;
const READINGS_SHOWN = 90;

/** AP: the member's latest readings, oldest first (up to 90). */
export async function listReadings(userId: string): Promise<Reading[]> {
  const out = await ddb.send(new QueryCommand({
    TableName: TABLE, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.member(userId), ':sk': keys.readingPrefix }, ScanIndexForward: false, Limit: READINGS_SHOWN,
  }));
  return (out.Items ?? []).map((i) => ConditionReading.parse(i)).reverse();
}

/** AP: log one reading (sorted by when it was taken); a keyed rerun writes the same item again, harmlessly. */
export async function addReading(userId: string, r: Omit<Reading, 'id'>, id: string = randomUUID()): Promise<void> {
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.reading(userId, r.recordedAt, id), id, ...r } }));
}
