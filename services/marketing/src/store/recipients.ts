import { TABLE } from '@torcedor/service-kit/ddb';
import { write } from '@torcedor/service-kit/entity';
import { countAll, queryPage, type Item } from '@torcedor/service-kit/items';
import { RACED, retryOnRace } from '@torcedor/service-kit/race';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { mayReceive } from '../domain/campaign-email.ts';
import type { LeadState } from '../domain/lead-state.ts';
import { unsubscribedPart } from './campaigns.ts';
import { leads, recipients } from './entities.ts';
import { keys } from './keys.ts';
import { toState } from './lead-items.ts';

/**
 * A campaign email's audience and its recipients (docs/marketing.md, "Campaign emails"): the registered leads who accept
 * marketing emails at a verified address, read from the lead index (GSI1, its 16 shards), and a recipient marker per
 * (member, campaign) written before each send, in the member's own partition.
 */

/**
 * The audience as the index shows it (domain `mayReceive`): registered (in GSI1), contactable, verified, not suppressed
 * (a lead written before suppression travelled has no such attribute), with an address.
 */
const AUDIENCE = 'contactable = :t AND emailVerified = :t AND (attribute_not_exists(emailSuppressed) OR emailSuppressed = :f) AND attribute_type(email, :s)';

/** AP: how many members a campaign email would reach now: every GSI1 shard counted (filtered) in parallel, summed. */
export async function countAudience(): Promise<number> {
  const counts = await Promise.all(keys.leadShards.map((pk) => countAll({
    IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', FilterExpression: AUDIENCE,
    ExpressionAttributeValues: { ':pk': pk, ':t': true, ':f': false, ':s': 'S' },
  })));
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * AP: one page of a send's walk over the lead index: up to `limit` leads of GSI1 shard `shard` from `start` (null: the
 * shard's beginning); answers how many it read, the ones the index shows in the audience, and where the shard goes on
 * (null: done).
 */
export async function audiencePage(p: { shard: number; start: Item | null; limit: number }) {
  const page = await queryPage({
    IndexName: 'GSI1', Limit: p.limit, KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.leadShards[p.shard] },
  }, p.start ?? undefined);
  return { scanned: page.items.length, candidates: page.items.map(toState).filter(mayReceive), next: page.next ?? null };
}

/** A campaign's send as its recipient markers name it. */
export interface Send { campaignId: string; sendStartedAt: string }

/** What claiming a member as a recipient came to: theirs to send now, sent already (a page run again), or no longer in the audience. */
export type Claim = { outcome: 'claimed'; lead: LeadState } | { outcome: 'already' } | { outcome: 'gone' };

const markerOf = (userId: string, s: Send) => ({ userId, sendStartedAt: s.sendStartedAt, campaignId: s.campaignId });

/**
 * AP: claim a member as a recipient of a send, at send time: their lead read (consistent) and still in the audience, then
 * in one transaction a check that it still is (the same address) and the marker written if absent. A marker already
 * there is a recipient already sent to; a lead changed between the read and the write is read again (retryOnRace).
 */
export async function claimRecipient(userId: string, send: Send, now: string): Promise<Claim> {
  return retryOnRace(`recipient ${userId}`, async () => {
    const item = await leads.get(userId);
    const lead = item ? toState(item) : null;
    if (!lead || !mayReceive(lead)) return { outcome: 'gone' } as const;
    const r = await transact({
      lead: {
        ConditionCheck: {
          TableName: TABLE, Key: leads.key(userId),
          ConditionExpression: `registered = :t AND ${AUDIENCE} AND email = :email`,
          ExpressionAttributeValues: { ':t': true, ':f': false, ':s': 'S', ':email': lead.email },
        },
      },
      marker: recipients.put(markerOf(userId, send), { ...send, at: now }, { ifAbsent: true }),
    });
    if (r.ok) return { outcome: 'claimed', lead } as const;
    if (r.failed.includes('marker')) return { outcome: 'already' } as const;
    return RACED;
  });
}

/** AP: take back a recipient's marker when their send failed, so the page's retry sends to them. */
export async function releaseRecipient(userId: string, send: Send): Promise<void> {
  await write(recipients.remove(markerOf(userId, send)));
}

/**
 * The parts that count a member's unsubscribe on the last campaign email they received (their newest recipient marker),
 * once per campaign: the marker records it, conditioned on not having done so. None when they received none, or it was
 * counted already. Goes into the lead's own transaction (store/leads.ts#mutateLead).
 */
export async function unsubscribeParts(userId: string, at: string): Promise<Record<string, TransactPart>> {
  const page = await queryPage({
    ScanIndexForward: false, Limit: 1, ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :mail)', ExpressionAttributeValues: { ':pk': keys.leadPartition(userId), ':mail': keys.recipientPrefix },
  });
  const last = page.items[0];
  if (!last || last.unsubscribedAt) return {};
  const send = { campaignId: String(last.campaignId), sendStartedAt: String(last.sendStartedAt) };
  return {
    recipient: recipients.update(markerOf(userId, send), { unsubscribedAt: at }, {
      ifExists: true, ConditionExpression: 'attribute_not_exists(unsubscribedAt)',
    }),
    unsubscribed: unsubscribedPart(send.campaignId),
  };
}
