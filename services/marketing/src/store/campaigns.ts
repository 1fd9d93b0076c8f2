import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, TABLE } from '@torcedor/service-kit/ddb';
import { write } from '@torcedor/service-kit/entity';
import { queryAll, queryPage, setExpression, type Item } from '@torcedor/service-kit/items';
import type { TransactPart } from '@torcedor/service-kit/transactions';
import type { StoredCampaign } from '../domain/campaigns.ts';
import { campaigns } from './entities.ts';
import { keys } from './keys.ts';

const STORED_FIELDS = [
  'id', 'name', 'description', 'objective', 'type', 'status', 'generatedBy', 'visits', 'signups', 'trials', 'conversions', 'ranking',
  'createdAt', 'updatedAt',
] as const;

/** A stored campaign's fields (counters absent until moved read as 0). */
function toStored(i: Item): StoredCampaign {
  return {
    ...(Object.fromEntries(STORED_FIELDS.map((f) => [f, i[f]])) as unknown as StoredCampaign),
    visits: Number(i.visits ?? 0), signups: Number(i.signups ?? 0), trials: Number(i.trials ?? 0), conversions: Number(i.conversions ?? 0),
    ranking: (i.ranking as StoredCampaign['ranking']) ?? null,
  };
}

/** AP: all campaigns, newest first (GSI1). */
export async function listCampaigns(): Promise<StoredCampaign[]> {
  const items = await queryAll({
    IndexName: 'GSI1', ScanIndexForward: false,
    KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.campaignsByTime },
  });
  return items.map(toStored);
}

/** AP: one campaign (consistent), or null. */
export async function readCampaign(id: string): Promise<StoredCampaign | null> {
  const item = await campaigns.get(id);
  return item ? toStored(item) : null;
}

/** AP: whether a campaign with this utm_campaign value exists (leads are attributed only to real campaigns). */
export async function campaignExists(id: string): Promise<boolean> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: campaigns.key(id), ProjectionExpression: 'PK' }));
  return !!out.Item;
}

/** The write of a new campaign (its id is new: a repeat of it fails its condition). */
export const campaignPut = (c: StoredCampaign): TransactPart => campaigns.put(c.id, c, { ifAbsent: true });

/** AP: create a campaign; false when its id is taken. */
export async function createCampaign(c: StoredCampaign): Promise<boolean> {
  return write(campaignPut(c));
}

/**
 * AP: change a campaign's own fields (its counters are the leads' and visits' to change): the campaign as changed, or
 * undefined when there is none.
 */
export async function updateCampaign(
  id: string, fields: Partial<Pick<StoredCampaign, 'name' | 'description' | 'objective' | 'type' | 'status'>>, now: string,
): Promise<StoredCampaign | undefined> {
  try {
    const out = await ddb.send(new UpdateCommand({
      TableName: TABLE, Key: campaigns.key(id), ConditionExpression: 'attribute_exists(PK)', ReturnValues: 'ALL_NEW',
      ...setExpression({ ...fields, updatedAt: now }),
    }));
    return toStored(out.Attributes!);
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/** AP: record the last optimization's ranking of a campaign (nothing when it was deleted meanwhile). */
export async function saveRanking(id: string, ranking: NonNullable<StoredCampaign['ranking']>): Promise<void> {
  await write(campaigns.update(id, { ranking }, { ifExists: true }));
}

/** AP: a campaign's daily flows (visits, sign-ups, conversions) from a date on. */
export async function campaignDays(id: string, fromDay: string): Promise<Item[]> {
  return queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.campaignPartition(id), ':from': `DAY#${fromDay}`, ':to': 'DAY#~' },
  });
}

/** AP: the newest leads a campaign brought (their ids). */
export async function campaignLeadIds(id: string, limit: number): Promise<string[]> {
  const page = await queryPage({
    ScanIndexForward: false, Limit: limit,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :lead)', ExpressionAttributeValues: { ':pk': keys.campaignPartition(id), ':lead': 'LEAD#' },
  });
  return page.items.map((i) => String(i.userId));
}
