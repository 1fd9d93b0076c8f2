import { TABLE } from '@torcedor/service-kit/ddb';
import { deleteKeys, exportPart, keyOf, partitionItems, queryAll, type Item } from '@torcedor/service-kit/items';
import { transact } from '@torcedor/service-kit/transactions';
import { keys } from './keys.ts';

const memberItems = (userId: string) =>
  queryAll({ IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': keys.memberPK(userId) } });

/** AP: the member's RSVPs and hosted events (GSI2). */
export async function exportMember(userId: string) {
  return exportPart('events', await memberItems(userId));
}

/**
 * AP: delete the member's RSVPs (a 'going' one gives its seat back in the same transaction) and the
 * events they host with all their RSVPs. Idempotent: a repeat finds nothing left.
 */
export async function deleteMember(userId: string): Promise<void> {
  const items = await memberItems(userId);
  for (const rsvp of items.filter((i) => String(i.SK).startsWith('RSVP#'))) {
    const going = rsvp.status === 'going';
    const r = await transact({
      rsvp: { Delete: { TableName: TABLE, Key: keyOf(rsvp), ConditionExpression: 'attribute_exists(PK) AND #s = :s', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':s': rsvp.status } } },
      seat: going ? { Update: { TableName: TABLE, Key: keys.event(String(rsvp.eventId)), UpdateExpression: 'ADD attendingCount :minus', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':minus': -1 } } } : undefined,
    });
    // Already gone, or the event itself was deleted: remove the RSVP alone.
    if (!r.ok) await deleteKeys([keyOf(rsvp)]);
  }
  for (const ev of items.filter((i: Item) => i.SK === 'EVENT')) {
    const all = await partitionItems(String(ev.PK));
    await deleteKeys(all.map(keyOf));
  }
}
