import { queryAll } from '@torcedor/service-kit/items';
import { Campaign } from '@torcedor/shared/schemas/marketing';
import type { z } from 'zod';
import { keys } from './keys.ts';

/** AP: all campaigns, newest first (GSI1). */
export async function listCampaigns(): Promise<z.infer<typeof Campaign>[]> {
  const items = await queryAll({
    IndexName: 'GSI1', ScanIndexForward: false,
    KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.campaignsByTime },
  });
  return items.map((i) => Campaign.parse(i));
}
