import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { forbidden } from '@torcedor/service-kit/errors';
import { queryAll } from '@torcedor/service-kit/items';
import type { TransactPart } from '@torcedor/service-kit/transactions';
import { FREE_HOSTED_EVENTS_LIMIT } from '@torcedor/shared/constants';
import { DEFAULT_DURATION_MS } from '../domain/ics.ts';
import { keys } from './keys.ts';

/**
 * The free plan's hosting limit (docs/decisions.md, "Hosting limit"). One item per host (`MEMBER#<id>` /
 * `HOSTING`) holds the events they host that have not ended, each with its end (`hosted`: eventId → end), and a
 * `version`. Every change of a host's events (create, edit, cancel) rewrites it in the same transaction as the
 * event, conditioned on the version it read, and leaves out the events that have ended by then. A free member's
 * count of upcoming events is therefore exact under any concurrency: of two creates that read the same state, one
 * commits and the other decides again on the new state (and is refused if that one took the last slot).
 */
export interface Hosting {
  /** eventId → the end that counts (ISO); may still hold events that ended since it was written. */
  hosted: Record<string, string>;
  /** null: no item yet (the next write must create it). */
  version: number | null;
}

export const hostingLimitReached = () =>
  forbidden(`Free members can host up to ${FREE_HOSTED_EVENTS_LIMIT} upcoming events. Upgrade to Premium to host more.`, 'HOSTING_LIMIT');

/** When an event stops counting: its end, or its start plus the calendar's two hours when it has no end. */
export const endOf = (e: { startAt: string; endAt: string | null }) =>
  new Date(e.endAt ? Date.parse(e.endAt) : Date.parse(e.startAt) + DEFAULT_DURATION_MS).toISOString();

/** The hosted events that have not ended at `now` (cancelled ones are not there at all). */
export const upcomingOf = (hosted: Record<string, string>, now: string): Record<string, string> =>
  Object.fromEntries(Object.entries(hosted).filter(([, end]) => end > now));

/**
 * AP: the host's item (consistent read). A host without one has hosted nothing since the limit exists: the
 * events they host from before (GSI2 `MEMBER#<id>`, `EVENT#`) are counted, and the first write stores them.
 */
export async function readHosting(hostId: string): Promise<Hosting> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.hosting(hostId), ConsistentRead: true }));
  if (out.Item) return { hosted: (out.Item.hosted ?? {}) as Record<string, string>, version: Number(out.Item.version ?? 0) };
  const events = await queryAll({
    IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk AND begins_with(GSI2SK, :e)',
    ExpressionAttributeValues: { ':pk': keys.memberPK(hostId), ':e': 'EVENT#' },
  });
  const ends = events.map((e) => [String(e.id), endOf({ startAt: String(e.startAt), endAt: (e.endAt as string | null | undefined) ?? null })]);
  return { hosted: Object.fromEntries(ends), version: null };
}

/** The transaction part that stores the host's events that count now (`hosted`), if the item is still as `read`. */
export function hostingPart(hostId: string, read: Hosting, hosted: Record<string, string>, now: string): TransactPart {
  return {
    Put: {
      TableName: TABLE,
      Item: { ...keys.hosting(hostId), hostId, hosted: upcomingOf(hosted, now), version: (read.version ?? 0) + 1 },
      ...(read.version === null
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : { ConditionExpression: '#v = :v', ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': read.version } }),
    },
  };
}

/** A short random wait before deciding again after a race on the host's item. */
export const raceWait = (attempt: number) =>
  new Promise((r) => setTimeout(r, Math.random() * Math.min(200, 10 * 2 ** Math.min(attempt, 5))));
