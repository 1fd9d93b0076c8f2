import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, TABLE } from '@torcedor/service-kit/ddb';
import { countAll, indexKeys } from '@torcedor/service-kit/items';
import { transact } from '@torcedor/service-kit/transactions';
import { Lead } from '@torcedor/shared/schemas/marketing';
import { scoreLead, scoreSortKey, type LeadSignals } from '../domain/scoring.ts';
import { keys } from './keys.ts';

export interface NewLead { userId: string; name: string | null; email: string | null; kind: 'member' | 'trial'; registeredAt: string }

/**
 * AP: create the lead of a new member once. The lead and the lead counter are written in one
 * transaction conditioned on the lead not existing, so a duplicate event changes nothing.
 */
export async function createLead(l: NewLead, now: Date): Promise<boolean> {
  const signals: LeadSignals = { kind: l.kind, registeredAt: l.registeredAt, hasName: !!l.name, hasEmail: !!l.email, converted: false };
  const score = scoreLead(signals, now);
  const r = await transact({
    lead: {
      Put: {
        TableName: TABLE,
        Item: {
          ...keys.lead(l.userId), id: l.userId, name: l.name, email: l.email, source: l.kind === 'trial' ? 'trial' : 'signup',
          kind: l.kind, engagementScore: score, status: 'new', createdAt: l.registeredAt,
          ...indexKeys({ GSI1: [keys.leadsByTime, `${l.registeredAt}#${l.userId}`], GSI2: [keys.leadsByScore, scoreSortKey(score, l.userId)] }),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    stats: { Update: { TableName: TABLE, Key: keys.stats, UpdateExpression: 'ADD totalLeads :one', ExpressionAttributeValues: { ':one': 1 } } },
  });
  return r.ok;
}

/** AP: lead counters (total, converted). */
export async function readStats(): Promise<{ totalLeads: number; convertedLeads: number }> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.stats }));
  return { totalLeads: Number(out.Item?.totalLeads ?? 0), convertedLeads: Number(out.Item?.convertedLeads ?? 0) };
}

/** AP: leads who signed up since `since` (count). */
export const countLeadsSince = (since: string) => countAll({
  IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK >= :since',
  ExpressionAttributeValues: { ':pk': keys.leadsByTime, ':since': since },
});

/** AP: the highest-scoring leads. */
export async function topLeads(limit: number): Promise<Lead[]> {
  const out = await ddb.send(new QueryCommand({
    TableName: TABLE, IndexName: 'GSI2', ScanIndexForward: false, Limit: limit,
    KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': keys.leadsByScore },
  }));
  return (out.Items ?? []).map((i) => Lead.parse(i));
}

/** AP: rescore every lead (paged over GSI1); writes only the leads whose score changed. */
export async function rescoreAll(now: Date): Promise<{ scanned: number; changed: number }> {
  let scanned = 0;
  let changed = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new QueryCommand({
      TableName: TABLE, IndexName: 'GSI1', ExclusiveStartKey: start,
      KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.leadsByTime },
    }));
    for (const i of page.Items ?? []) {
      scanned += 1;
      const score = scoreLead({
        kind: i.kind === 'trial' ? 'trial' : 'member', registeredAt: String(i.createdAt),
        hasName: !!i.name, hasEmail: !!i.email, converted: i.status === 'converted',
      }, now);
      if (score === i.engagementScore) continue;
      await ddb.send(new UpdateCommand({
        TableName: TABLE, Key: keys.lead(String(i.id)),
        UpdateExpression: 'SET engagementScore = :s, GSI2SK = :k',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':s': score, ':k': scoreSortKey(score, String(i.id)) },
      })).catch((err: unknown) => { if (!isConditionFailure(err)) throw err; });
      changed += 1;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { scanned, changed };
}

/** AP: the lead of a member, for the export. */
export async function getLead(userId: string): Promise<Record<string, unknown>[]> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.lead(userId) }));
  return out.Item ? [out.Item] : [];
}

/** AP: delete a member's lead and take it out of the counters in one transaction (a repeat is a no-op). */
export async function deleteLead(userId: string): Promise<void> {
  const [lead] = await getLead(userId);
  if (!lead) return;
  const converted = lead.status === 'converted';
  const r = await transact({
    lead: { Delete: { TableName: TABLE, Key: keys.lead(userId), ConditionExpression: 'attribute_exists(PK) AND #s = :s', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':s': lead.status } } },
    stats: { Update: { TableName: TABLE, Key: keys.stats, UpdateExpression: converted ? 'ADD totalLeads :minus, convertedLeads :minus' : 'ADD totalLeads :minus', ExpressionAttributeValues: { ':minus': -1 } } },
  });
  // The lead changed or went meanwhile: start again from its new state (a repeat finds nothing).
  if (!r.ok) await deleteLead(userId);
}
