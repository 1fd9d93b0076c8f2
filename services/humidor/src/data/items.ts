import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { HumidorItem } from '@torcedor/shared/schemas/humidor';
import { keys } from './keys.ts';

/** AP: all humidor items of a member (one partition, paged until done), oldest first. */
export async function listItems(userId: string): Promise<HumidorItem[]> {
  const items: HumidorItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': keys.member(userId), ':sk': keys.itemPrefix },
      ExclusiveStartKey: start,
    }));
    for (const raw of page.Items ?? []) items.push(HumidorItem.parse(raw));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
