import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { batchGetAll, countAll } from '@torcedor/service-kit/items';
import type { ClubEvent } from '@torcedor/shared/schemas/events';
import { keys } from './keys.ts';

type StoredEvent = Omit<ClubEvent, 'rsvpStatus'>;

/** AP: events starting after `now`, soonest first (GSI1 timeline). */
export async function listUpcoming(now: string, limit = 100): Promise<StoredEvent[]> {
  const out = await ddb.send(new QueryCommand({
    TableName: TABLE,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK > :now',
    ExpressionAttributeValues: { ':pk': keys.timelinePK, ':now': now },
    Limit: limit,
  }));
  return (out.Items ?? []) as StoredEvent[];
}

/** AP: how many events started before `now` (GSI1 timeline, count only). */
export const countPast = (now: string) => countAll({
  IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :now',
  ExpressionAttributeValues: { ':pk': keys.timelinePK, ':now': now },
});

/** AP: the member's RSVP on each of the given events. */
export async function rsvpsOf(userId: string, eventIds: string[]): Promise<Map<string, ClubEvent['rsvpStatus']>> {
  const found = await batchGetAll(eventIds.map((id) => keys.rsvp(id, userId)));
  return new Map(found.map((r) => [String(r.eventId), r.status as ClubEvent['rsvpStatus']]));
}
