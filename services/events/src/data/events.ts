import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
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
export async function countPast(now: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(new QueryCommand({
      TableName: TABLE,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :now',
      ExpressionAttributeValues: { ':pk': keys.timelinePK, ':now': now },
      Select: 'COUNT',
      ExclusiveStartKey: start,
    }));
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}

/** AP: the member's RSVP on each of the given events. */
export async function rsvpsOf(userId: string, eventIds: string[]): Promise<Map<string, ClubEvent['rsvpStatus']>> {
  const map = new Map<string, ClubEvent['rsvpStatus']>();
  for (let i = 0; i < eventIds.length; i += 100) {
    let request: Record<string, { Keys: Record<string, string>[] }> | undefined = {
      [TABLE]: { Keys: eventIds.slice(i, i + 100).map((id) => keys.rsvp(id, userId)) },
    };
    while (request && Object.keys(request).length) {
      const res = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      for (const r of res.Responses?.[TABLE] ?? []) map.set(String(r.eventId), r.status as ClubEvent['rsvpStatus']);
      request = res.UnprocessedKeys as typeof request;
    }
  }
  return map;
}
