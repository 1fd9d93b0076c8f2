import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { Campaign } from '@torcedor/shared/schemas/marketing';
import type { z } from 'zod';
import { keys } from './keys.ts';

/** AP: all campaigns, newest first (GSI1). */
export async function listCampaigns(): Promise<z.infer<typeof Campaign>[]> {
  const items: z.infer<typeof Campaign>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new QueryCommand({
      TableName: TABLE, IndexName: 'GSI1', ScanIndexForward: false, ExclusiveStartKey: start,
      KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.campaignsByTime },
    }));
    for (const i of page.Items ?? []) items.push(Campaign.parse(i));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}
