import { appLink, renderEmail, sendEmail } from '@torcedor/service-kit/email';
import type { JobPage } from '@torcedor/service-kit/jobs';
import { logger } from '@torcedor/service-kit/logger';
import { oneClickHeaders, unsubscribePage, unsubscribeToken } from '@torcedor/service-kit/mail-links';
import { languageOf } from '@torcedor/service-kit/messages';
import { DIGEST_ITEMS_SHOWN, DIGEST_SHARDS, type LanguageCode, type UnsubscribeKind } from '@torcedor/shared/constants';
import * as z from 'zod';
import { config } from '../config.ts';
import { authorOf } from '../domain/audience.ts';
import { digestDecision, digestEmail, inDigest, kindsIn, messageDigestLine, type DigestMarker } from '../domain/digests.ts';
import type { ConversationItem } from '../domain/messages.ts';
import { notificationView } from '../domain/notifications.ts';
import { readAudience } from '../store/audience.ts';
import { blockedIdsOf } from '../store/blocks.ts';
import { claimDigest, digestMarkerPage, finishDigest, readDigestStates, releaseDigest, type DigestState } from '../store/digests.ts';
import { keys } from '../store/keys.ts';
import { unreadConversationsSince } from '../store/messages.ts';
import { notificationsSince, type NotificationsSince } from '../store/notifications.ts';

/**
 * Notification emails (the service README, "Notification emails"): the `notification_digests` schedule starts the
 * paged job `notification-digests` (handlers/jobs.ts), whose pages walk the DIGEST_SHARDS marker partitions, a bounded
 * page of members at a time; the minute schedule continues a run the tick's budget did not finish.
 */

/** Members whose markers one page of the job handles (their digests go out in parallel). */
const DIGEST_PAGE = 25;
const Cursor = z.object({ shard: z.number().int().min(0).max(DIGEST_SHARDS - 1), start: z.record(z.string(), z.unknown()).optional() });

/**
 * Sends one member's digest of these notifications and conversations with unread messages, in their language; SES's
 * refusal is thrown.
 */
async function sendDigest(to: string, userId: string, found: NotificationsSince, unread: ConversationItem[], language: LanguageCode): Promise<void> {
  const actors = await readAudience(userId, [...found.items.map((i) => i.actorId), ...unread.map((c) => c.otherId)]);
  const kinds: UnsubscribeKind[] = [...(unread.length ? ['messages' as const] : []), ...kindsIn([...found.types]), 'notifications'];
  const tokens = new Map(await Promise.all(kinds.map(async (k) => [k, await unsubscribeToken(userId, k)] as const)));
  const lines = unread.map((c) => messageDigestLine(c, authorOf(actors, c.otherId).displayName, actors.viewer.contentFilter, language));
  const content = digestEmail(found.items.map((i) => notificationView(i, actors)), found.total, {
    app: appLink(unread.length ? '/messages' : '/'),
    settings: appLink('/settings'),
    unsubscribe: Object.fromEntries(kinds.map((k) => [k, unsubscribePage(config.APP_ORIGIN, tokens.get(k)!)])),
  }, lines, language);
  await sendEmail({ to, ...renderEmail(content), headers: oneClickHeaders(config.APP_ORIGIN, tokens.get('notifications')!), tags: { kind: 'digest' } });
}

/**
 * One member's marker: wait (their last digest is less than an hour old), drop it (no verified address, email off,
 * nothing left once filtered) or claim the digest (`lastDigestAt`), send it and drop the marker. A send SES refuses
 * gives the claim back and leaves the marker for the next tick.
 */
async function digestOf(marker: DigestMarker, { copy, mail }: DigestState, now: Date): Promise<boolean> {
  const decision = digestDecision(copy, mail, now);
  if (decision.act === 'wait') return false;
  if (decision.act === 'drop') {
    await finishDigest(marker, undefined);
    return false;
  }
  const [found, unread] = await Promise.all([
    notificationsSince(marker.userId, marker.since, inDigest(decision.types), DIGEST_ITEMS_SHOWN),
    decision.messages ? unreadMessagesSince(marker.userId, marker.since) : [],
  ]);
  // What the digest read up to: the newest notification's sort key or the newest conversation's time, whichever is later.
  const through = [found.through, unread[0] && keys.postSk(unread[0].updatedAt, unread[0].otherId)].filter((t): t is string => !!t).sort().at(-1);
  if (!found.items.length && !unread.length) {
    await finishDigest(marker, through);
    return false;
  }
  const sentAt = now.toISOString();
  if (!(await claimDigest(marker.userId, sentAt, mail?.lastDigestAt))) return false;
  try {
    await sendDigest(decision.to, marker.userId, found, unread, languageOf(copy.language));
  } catch (err) {
    await releaseDigest(marker.userId, sentAt, mail?.lastDigestAt);
    logger.warn('digest not sent: the marker stays for the next tick', { error: err as Error });
    return false;
  }
  await finishDigest(marker, through);
  return true;
}

/**
 * The member's conversations with unread messages written since `since`, the most recent first, without those of
 * members either blocked (docs/product.md, "Blocking").
 */
async function unreadMessagesSince(userId: string, since: string): Promise<ConversationItem[]> {
  const unread = await unreadConversationsSince(userId, since);
  if (!unread.length) return unread;
  const blocked = await blockedIdsOf(userId);
  return unread.filter((c) => !blocked.has(c.otherId));
}

/**
 * A page of the `notification-digests` job: the next DIGEST_PAGE markers of the cursor's shard, each member's digest
 * decided and sent; the shards one after the other. Idempotent: a repeated page finds the members it emailed not due
 * (their `lastDigestAt`) or their markers gone.
 */
export const digestPage: JobPage<Record<string, never>> = async ({ cursor }) => {
  const at = cursor === null ? { shard: 0 } : Cursor.parse(JSON.parse(cursor));
  const { markers, next } = await digestMarkerPage(at.shard, at.start, DIGEST_PAGE);
  const states = await readDigestStates(markers.map((m) => m.userId));
  const now = new Date();
  const sent = await Promise.all(markers.map((m) => digestOf(m, states.get(m.userId)!, now)));
  const after = next ? { shard: at.shard, start: next } : at.shard + 1 < DIGEST_SHARDS ? { shard: at.shard + 1 } : null;
  return { next: after && JSON.stringify(after), done: sent.filter(Boolean).length };
};
