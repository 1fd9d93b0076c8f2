import { queryAll } from '@torcedor/service-kit/items';
import type { TransactPart } from '@torcedor/service-kit/transactions';
import { endOf, upcomingOf, type Hosting } from '../domain/hosting.ts';
import { hostings } from './entities.ts';
import { keys } from './keys.ts';

/**
 * AP: the host's item (consistent read). A host without one has hosted nothing since the limit exists: the
 * events they host from before (GSI2 `MEMBER#<id>`, `EVENT#`) are counted, and the first write stores them.
 */
export async function readHosting(hostId: string): Promise<Hosting> {
  const item = await hostings.get(hostId);
  if (item) return { hosted: item.hosted ?? {}, version: Number(item.version ?? 0) };
  const events = await queryAll({
    IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk AND begins_with(GSI2SK, :e)',
    ExpressionAttributeValues: { ':pk': keys.memberPK(hostId), ':e': 'EVENT#' },
  });
  const ends = events.map((e) => [String(e.id), endOf({ startAt: String(e.startAt), endAt: (e.endAt as string | null | undefined) ?? null })]);
  return { hosted: Object.fromEntries(ends), version: null };
}

/** The transaction part that stores the host's events that count now (`hosted`), if the item is still as `read`. */
export function hostingPart(hostId: string, read: Hosting, hosted: Record<string, string>, now: string): TransactPart {
  const item = { hostId, hosted: upcomingOf(hosted, now), version: (read.version ?? 0) + 1 };
  return read.version === null
    ? hostings.put(hostId, item, { ifAbsent: true })
    : hostings.put(hostId, item, { ConditionExpression: '#v = :v', ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': read.version } });
}
