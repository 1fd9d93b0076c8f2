import { randomUUID } from 'node:crypto';
import { write } from '@torcedor/service-kit/entity';
import { queryAfter } from '@torcedor/service-kit/items';
import { ConditionReading } from '@torcedor/shared/schemas/humidor';
import type { Reading } from '../domain/collection.ts';
import { readings } from './entities.ts';
import { keys } from './keys.ts';

const READINGS_SHOWN = 90;

/** AP: the member's latest readings, oldest first (up to 90). */
export async function listReadings(userId: string): Promise<Reading[]> {
  const page = await queryAfter(
    { KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': keys.member(userId), ':sk': keys.readingPrefix } },
    { limit: READINGS_SHOWN, sortKey: 'SK', newestFirst: true },
  );
  return page.items.map((i) => ConditionReading.parse(i)).reverse();
}

/** AP: log one reading (sorted by when it was taken); a keyed rerun writes the same item again, harmlessly. */
export async function addReading(userId: string, r: Omit<Reading, 'id'>, id: string = randomUUID()): Promise<void> {
  await write(readings.put([userId, r.recordedAt, id], { id, ...r }));
}
