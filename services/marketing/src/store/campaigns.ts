import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, TABLE } from '@torcedor/service-kit/ddb';
import { write } from '@torcedor/service-kit/entity';
import { queryAll, queryPage, setExpression, type Item } from '@torcedor/service-kit/items';
import type { TransactPart } from '@torcedor/service-kit/transactions';
import { emailRefusal, type CampaignEmail, type EmailRefusal } from '../domain/campaign-email.ts';
import type { StoredCampaign } from '../domain/campaigns.ts';
import { campaigns } from './entities.ts';
import { keys } from './keys.ts';

const STORED_FIELDS = [
  'id', 'name', 'description', 'objective', 'type', 'status', 'generatedBy', 'visits', 'signups', 'trials', 'conversions', 'ranking',
  'email', 'createdAt', 'updatedAt',
] as const;

/** A stored campaign's fields (counters absent until moved read as 0). */
function toStored(i: Item): StoredCampaign {
  return {
    ...(Object.fromEntries(STORED_FIELDS.map((f) => [f, i[f]])) as unknown as StoredCampaign),
    visits: Number(i.visits ?? 0), signups: Number(i.signups ?? 0), trials: Number(i.trials ?? 0), conversions: Number(i.conversions ?? 0),
    ranking: (i.ranking as StoredCampaign['ranking']) ?? null,
    email: (i.email as CampaignEmail | null | undefined) ?? null,
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

/**
 * The campaign's email is a map on the campaign item (`email`, null until written); these names and values address its
 * fields in the updates below.
 */
const EMAIL_NAMES = { '#e': 'email', '#status': 'status', '#started': 'sendStartedAt', '#sentAt': 'sentAt', '#rec': 'recipients', '#sent': 'sent', '#unsub': 'unsubscribed' };

/** An update of a campaign's email alone (its fields addressed as `#e.#…`), answering the campaign after it or undefined when its condition failed. */
async function updateEmail(id: string, update: string, condition: string, values: Item): Promise<StoredCampaign | undefined> {
  // DynamoDB refuses a name the expressions do not use.
  const used = Object.entries(EMAIL_NAMES).filter(([k]) => new RegExp(`${k}\\b`).test(`${update} ${condition}`));
  try {
    const out = await ddb.send(new UpdateCommand({
      TableName: TABLE, Key: campaigns.key(id), UpdateExpression: update, ConditionExpression: condition, ReturnValues: 'ALL_NEW',
      ExpressionAttributeNames: Object.fromEntries(used), ExpressionAttributeValues: values,
    }));
    return toStored(out.Attributes!);
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/** What a change of a campaign's email came to: the campaign after it, or why it was refused. */
export type EmailChange = { ok: true; campaign: StoredCampaign } | { ok: false; reason: EmailRefusal };

/** Why a conditional change of the email failed, from the campaign as it is now. */
async function refusal(id: string, need: 'writable' | 'sendable'): Promise<EmailChange> {
  return { ok: false, reason: emailRefusal(await readCampaign(id), need) ?? 'not-draft' };
}

/** AP: write or rewrite a campaign's email while it is a draft (none yet, or a draft): answers the campaign, or why not. */
export async function saveEmail(id: string, email: CampaignEmail, now: string): Promise<EmailChange> {
  const campaign = await updateEmail(id, 'SET #e = :email, updatedAt = :now',
    'attribute_exists(PK) AND (attribute_not_exists(#e) OR attribute_type(#e, :null) OR #e.#status = :draft)',
    { ':email': email, ':now': now, ':null': 'NULL', ':draft': 'draft' });
  return campaign ? { ok: true, campaign } : refusal(id, 'writable');
}

/**
 * AP: start sending a campaign's email: its status goes from draft to sending, with when and to how many, conditioned
 * on it being a draft, so of two sends at once one starts and the other is refused.
 */
export async function startSending(id: string, recipients: number, now: string): Promise<EmailChange> {
  const campaign = await updateEmail(id, 'SET #e.#status = :sending, #e.#started = :now, #e.#rec = :n, updatedAt = :now', '#e.#status = :draft',
    { ':sending': 'sending', ':now': now, ':n': recipients, ':draft': 'draft' });
  return campaign ? { ok: true, campaign } : refusal(id, 'sendable');
}

/** AP: record how many recipients a send has reached so far (while it is sending; a page run again writes the same number). */
export async function recordSent(id: string, sent: number): Promise<void> {
  await updateEmail(id, 'SET #e.#sent = :n', '#e.#status = :sending', { ':n': sent, ':sending': 'sending' });
}

/** AP: a send's last page is done: sent, when, to how many (a repeat finds it sent and changes nothing). */
export async function finishSending(id: string, sent: number, now: string): Promise<void> {
  await updateEmail(id, 'SET #e.#status = :sent, #e.#sentAt = :now, #e.#sent = :n', '#e.#status = :sending', { ':sent': 'sent', ':now': now, ':n': sent, ':sending': 'sending' });
}

/**
 * AP: one more of a campaign's messages SES reported delivered, bounced or complained about (each SES event once: the
 * worker's idempotency). An email stored before these counters existed starts them at 0.
 */
export async function recordMailOutcome(id: string, field: 'delivered' | 'bounced' | 'complained'): Promise<void> {
  try {
    await ddb.send(new UpdateCommand({
      TableName: TABLE, Key: campaigns.key(id), UpdateExpression: 'SET #e.#f = if_not_exists(#e.#f, :zero) + :one',
      ConditionExpression: 'attribute_exists(#e.#f) OR attribute_exists(#e.#status)',
      ExpressionAttributeNames: { '#e': 'email', '#f': field, '#status': 'status' }, ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
    }));
  } catch (err) {
    // The campaign (or its email) is gone: nothing to count.
    if (!isConditionFailure(err)) throw err;
  }
}

/** The part counting one more recipient of a campaign's email who turned marketing emails off (in the lead's transaction). */
export function unsubscribedPart(id: string): TransactPart {
  return {
    Update: {
      TableName: TABLE, Key: campaigns.key(id), UpdateExpression: 'SET #e.#unsub = #e.#unsub + :one',
      ExpressionAttributeNames: { '#e': 'email', '#unsub': 'unsubscribed' }, ExpressionAttributeValues: { ':one': 1 },
    },
  };
}
