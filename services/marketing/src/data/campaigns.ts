import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, TABLE } from '@torcedor/service-kit/ddb';
import { notFound } from '@torcedor/service-kit/errors';
import { indexKeys, queryAll, setExpression, type Item } from '@torcedor/service-kit/items';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import type { StoredCampaign } from '../domain/campaigns.ts';
import { keys } from './keys.ts';

const STORED_FIELDS = [
  'id', 'name', 'description', 'objective', 'type', 'status', 'generatedBy', 'visits', 'signups', 'trials', 'conversions', 'ranking',
  'createdAt', 'updatedAt',
] as const;

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
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.campaign(id), ConsistentRead: true }));
  return out.Item ? toStored(out.Item) : null;
}

/** AP: whether a campaign with this utm_campaign value exists (leads are attributed only to real campaigns). */
export async function campaignExists(id: string): Promise<boolean> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.campaign(id), ProjectionExpression: 'PK' }));
  return !!out.Item;
}

/** The write of a new campaign (its id is new: a repeat of it fails its condition). */
export const campaignPut = (c: StoredCampaign): TransactPart => ({
  Put: {
    TableName: TABLE, ConditionExpression: 'attribute_not_exists(PK)',
    Item: { ...keys.campaign(c.id), ...c, ...indexKeys({ GSI1: [keys.campaignsByTime, `${c.createdAt}#${c.id}`] }) },
  },
});

/** AP: create a campaign. */
export async function createCampaign(c: StoredCampaign): Promise<void> {
  const r = await transact({ campaign: campaignPut(c) });
  if (!r.ok) throw new Error(`campaign id ${c.id} is taken`);
}

/** AP: change a campaign's own fields (its counters are the leads' and visits' to change). */
export async function updateCampaign(id: string, fields: Partial<Pick<StoredCampaign, 'name' | 'description' | 'objective' | 'type' | 'status'>>, now: string): Promise<StoredCampaign> {
  try {
    const out = await ddb.send(new UpdateCommand({
      TableName: TABLE, Key: keys.campaign(id), ConditionExpression: 'attribute_exists(PK)', ReturnValues: 'ALL_NEW',
      ...setExpression({ ...fields, updatedAt: now }),
    }));
    return toStored(out.Attributes!);
  } catch (err) {
    if (isConditionFailure(err)) throw notFound('Campaign not found');
    throw err;
  }
}

/** AP: record the last optimization's ranking of a campaign. */
export async function saveRanking(id: string, ranking: NonNullable<StoredCampaign['ranking']>): Promise<void> {
  await ddb.send(new UpdateCommand({
    TableName: TABLE, Key: keys.campaign(id), ConditionExpression: 'attribute_exists(PK)',
    UpdateExpression: 'SET ranking = :r', ExpressionAttributeValues: { ':r': ranking },
  })).catch((err: unknown) => { if (!isConditionFailure(err)) throw err; });
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
  const out = await ddb.send(new QueryCommand({
    TableName: TABLE, ScanIndexForward: false, Limit: limit,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :lead)', ExpressionAttributeValues: { ':pk': keys.campaignPartition(id), ':lead': 'LEAD#' },
  }));
  return (out.Items ?? []).map((i) => String(i.userId));
}
