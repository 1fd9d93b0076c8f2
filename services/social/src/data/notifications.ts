import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EventDetail } from '@torcedor/shared/events';
import { ddb, isConditionFailure, TABLE } from '@torcedor/service-kit/ddb';
import type { TransactPart } from '@torcedor/service-kit/transactions';
import { NOTIFICATION_TTL_DAYS, NOTIFICATIONS_SHOWN } from '@torcedor/shared/constants';
import type { Notification } from '@torcedor/shared/schemas/social';
import type { Author } from './authors.ts';
import { keys } from './keys.ts';

type NotificationType = Notification['type'];

/**
 * Which setting lets each kind of notification through (docs/product.md, "Notifications"): new followers
 * follow the follow setting, likes and comments on what the member shared the review setting, RSVPs to
 * their events and news of events they attend (a waitlist promotion, a change, a cancellation) the event setting. Settings are applied when the bell is read, so turning one off hides
 * those notifications at once and turning it back on shows them again.
 */
export function allowedTypes(recipient: Pick<Author, 'followNotifications' | 'reviewNotifications' | 'eventNotifications'>): NotificationType[] {
  return [
    ...(recipient.followNotifications ? ['follow' as const] : []),
    ...(recipient.reviewNotifications ? ['like' as const, 'comment' as const] : []),
    ...(recipient.eventNotifications ? ['rsvp' as const, 'event_promoted' as const, 'event_changed' as const, 'event_cancelled' as const] : []),
  ];
}

/** The transaction part that records a notification for `recipientId` (none for one's own actions). */
export function notificationPart(
  recipientId: string, n: { type: NotificationType; actorId: string; targetId: string | null; excerpt: string | null; createdAt: string },
): TransactPart | undefined {
  if (recipientId === n.actorId) return undefined;
  const sk = `${n.createdAt}#${randomUUID()}`;
  return {
    Put: {
      TableName: TABLE,
      Item: {
        ...keys.notification(recipientId, sk), id: sk, recipientId, ...n, read: false,
        ttl: Math.floor(Date.parse(n.createdAt) / 1000) + NOTIFICATION_TTL_DAYS * 86_400,
      },
    },
  };
}

const typeFilter = (types: NotificationType[]) => ({
  FilterExpression: `#type IN (${types.map((_, i) => `:t${i}`).join(', ')})`,
  names: { '#type': 'type' },
  values: Object.fromEntries(types.map((t, i) => [`:t${i}`, t])),
});

/** AP: the member's latest notifications of the allowed kinds, and how many of those are unread. */
export async function listNotifications(userId: string, types: NotificationType[]) {
  if (!types.length) return { items: [] as Record<string, unknown>[], unreadCount: 0 };
  const f = typeFilter(types);
  const [latest, unread] = await Promise.all([
    ddb.send(new QueryCommand({
      TableName: TABLE, KeyConditionExpression: 'PK = :pk', ScanIndexForward: false, Limit: NOTIFICATIONS_SHOWN * 4,
      FilterExpression: f.FilterExpression, ExpressionAttributeNames: f.names, ExpressionAttributeValues: { ':pk': keys.notifications(userId), ...f.values },
    })),
    unreadItems(userId, types),
  ]);
  return { items: (latest.Items ?? []).slice(0, NOTIFICATIONS_SHOWN), unreadCount: unread.length };
}

async function unreadItems(userId: string, types: NotificationType[]): Promise<Record<string, unknown>[]> {
  const f = typeFilter(types);
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new QueryCommand({
      TableName: TABLE, KeyConditionExpression: 'PK = :pk', ExclusiveStartKey: start,
      FilterExpression: `#read = :no AND ${f.FilterExpression}`, ProjectionExpression: 'PK, SK',
      ExpressionAttributeNames: { ...f.names, '#read': 'read' }, ExpressionAttributeValues: { ':pk': keys.notifications(userId), ':no': false, ...f.values },
    }));
    out.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** AP: mark the given notifications (or every unread one) read; answers the unread count left. */
export async function markRead(userId: string, ids: string[] | undefined, types: NotificationType[]): Promise<number> {
  const targets = ids ? ids.map((id) => keys.notification(userId, id)) : (await unreadItems(userId, types)).map((i) => ({ PK: String(i.PK), SK: String(i.SK) }));
  const CONCURRENCY = 16;
  for (let i = 0; i < targets.length; i += CONCURRENCY) {
    await Promise.all(targets.slice(i, i + CONCURRENCY).map(async (Key) => {
      try {
        await ddb.send(new UpdateCommand({
          TableName: TABLE, Key, UpdateExpression: 'SET #read = :yes', ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#read': 'read' }, ExpressionAttributeValues: { ':yes': true },
        }));
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }));
  }
  return types.length ? (await unreadItems(userId, types)).length : 0;
}

const NOTICE_TYPES = { rsvp: 'rsvp', promoted: 'event_promoted', changed: 'event_changed', cancelled: 'event_cancelled' } as const;

/**
 * AP: the events service's notices become notifications (one per recipient, the actor excepted). The key comes
 * from the notice, so a repeated delivery writes nothing new and never marks a read one unread again.
 */
export async function recordNotice(n: EventDetail<'EventNotice'>): Promise<void> {
  const CONCURRENCY = 16;
  const recipients = n.recipientIds.filter((r) => r !== n.actorId);
  for (let i = 0; i < recipients.length; i += CONCURRENCY) {
    await Promise.all(recipients.slice(i, i + CONCURRENCY).map(async (recipientId) => {
      const sk = `${n.createdAt}#${n.noticeId}`;
      try {
        await ddb.send(new PutCommand({
          TableName: TABLE, ConditionExpression: 'attribute_not_exists(PK)',
          Item: {
            ...keys.notification(recipientId, sk), id: sk, recipientId, type: NOTICE_TYPES[n.kind], actorId: n.actorId, targetId: n.eventId,
            excerpt: n.eventTitle.slice(0, 80), createdAt: n.createdAt, read: false,
            ttl: Math.floor(Date.parse(n.createdAt) / 1000) + NOTIFICATION_TTL_DAYS * 86_400,
          },
        }));
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }));
  }
}
