import { TABLE, type Key } from '@torcedor/service-kit/ddb';
import { setExpression, type Item } from '@torcedor/service-kit/items';
import type { TransactPart } from '@torcedor/service-kit/transactions';

/**
 * A part adding to counters of an item (the totals, a day, a source, a campaign; zeros left out) and setting plain
 * fields beside them (`set`: the day's date, the source's name). Undefined when it adds nothing.
 */
export function addPart(key: Key, adds: Record<string, number>, set: Item = {}): TransactPart | undefined {
  const added = Object.entries(adds).filter(([, n]) => n !== 0);
  if (!added.length) return undefined;
  const fields = Object.keys(set).length ? setExpression(set) : undefined;
  return {
    Update: {
      TableName: TABLE, Key: key,
      UpdateExpression: [`ADD ${added.map((_, i) => `#a${i} :a${i}`).join(', ')}`, fields?.UpdateExpression].filter(Boolean).join(' '),
      ExpressionAttributeNames: { ...Object.fromEntries(added.map(([k], i) => [`#a${i}`, k])), ...fields?.ExpressionAttributeNames },
      ExpressionAttributeValues: { ...Object.fromEntries(added.map(([, n], i) => [`:a${i}`, n])), ...fields?.ExpressionAttributeValues },
    },
  };
}
