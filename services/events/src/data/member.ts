import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, TABLE } from '@torcedor/service-kit/ddb';
import { deleteKeys, exportPart, partitionItems, queryAll, type Item } from '@torcedor/service-kit/items';
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
    try {
      await ddb.send(new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: TABLE, Key: { PK: String(rsvp.PK), SK: String(rsvp.SK) }, ConditionExpression: 'attribute_exists(PK) AND #s = :s', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':s': rsvp.status } } },
          ...(going ? [{ Update: { TableName: TABLE, Key: keys.event(String(rsvp.eventId)), UpdateExpression: 'ADD attendingCount :minus', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':minus': -1 } } }] : []),
        ],
      }));
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      // Already gone, or the event itself was deleted: remove the RSVP alone.
      await deleteKeys([{ PK: String(rsvp.PK), SK: String(rsvp.SK) }]);
    }
  }
  for (const ev of items.filter((i: Item) => i.SK === 'EVENT')) {
    const all = await partitionItems(String(ev.PK));
    await deleteKeys(all.map((i) => ({ PK: String(i.PK), SK: String(i.SK) })));
  }
}
