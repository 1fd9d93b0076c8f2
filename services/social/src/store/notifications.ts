import { randomUUID } from 'node:crypto';
import { write } from '@torcedor/service-kit/entity';
import { queryAll, queryPage, type Item } from '@torcedor/service-kit/items';
import type { TransactPart } from '@torcedor/service-kit/transactions';
import { NOTIFICATION_TTL_DAYS, NOTIFICATIONS_SHOWN } from '@torcedor/shared/constants';
import type { EventDetail } from '@torcedor/shared/events';
import { NOTICE_TYPES, type NotificationItem, type NotificationType } from '../domain/notifications.ts';
import { notifications } from './entities.ts';
import { keys } from './keys.ts';

/** Notifications are kept NOTIFICATION_TTL_DAYS from their time (the table's `ttl`). */
const ttlOf = (createdAt: string) => Math.floor(Date.parse(createdAt) / 1000) + NOTIFICATION_TTL_DAYS * 86_400;

/** The transaction part that records a notification for `recipientId` (none for one's own actions). */
export function notificationPart(
  recipientId: string, n: { type: NotificationType; actorId: string; targetId: string | null; excerpt: string | null; createdAt: string },
): TransactPart | undefined {
  if (recipientId === n.actorId) return undefined;
  const sk = `${n.createdAt}#${randomUUID()}`;
  return notifications.put({ userId: recipientId, sk }, { id: sk, recipientId, ...n, read: false, ttl: ttlOf(n.createdAt) });
}

const typeFilter = (types: NotificationType[]) => ({
  FilterExpression: `#type IN (${types.map((_, i) => `:t${i}`).join(', ')})`,
  names: { '#type': 'type' },
  values: Object.fromEntries(types.map((t, i) => [`:t${i}`, t])),
});

/** AP: the member's latest notifications of the allowed kinds, and how many of those are unread. */
export async function listNotifications(userId: string, types: NotificationType[]) {
  if (!types.length) return { items: [] as Item[], unreadCount: 0 };
  const f = typeFilter(types);
  const [latest, unread] = await Promise.all([
    queryPage({
      KeyConditionExpression: 'PK = :pk', ScanIndexForward: false, Limit: NOTIFICATIONS_SHOWN * 4,
      FilterExpression: f.FilterExpression, ExpressionAttributeNames: f.names, ExpressionAttributeValues: { ':pk': keys.notifications(userId), ...f.values },
    }),
    unreadItems(userId, types),
  ]);
  return { items: latest.items.slice(0, NOTIFICATIONS_SHOWN), unreadCount: unread.length };
}

/** The keys of the member's unread notifications of the allowed kinds, all pages. */
function unreadItems(userId: string, types: NotificationType[]): Promise<Item[]> {
  const f = typeFilter(types);
  return queryAll({
    KeyConditionExpression: 'PK = :pk', FilterExpression: `#read = :no AND ${f.FilterExpression}`, ProjectionExpression: 'PK, SK',
    ExpressionAttributeNames: { ...f.names, '#read': 'read' }, ExpressionAttributeValues: { ':pk': keys.notifications(userId), ':no': false, ...f.values },
  });
}

/** Runs `task` over `all`, CONCURRENCY at a time. */
async function eachConcurrently<T>(all: T[], task: (t: T) => Promise<unknown>): Promise<void> {
  const CONCURRENCY = 16;
  for (let i = 0; i < all.length; i += CONCURRENCY) await Promise.all(all.slice(i, i + CONCURRENCY).map(task));
}

/** AP: mark the given notifications (or every unread one) read; answers the unread count left. */
export async function markRead(userId: string, ids: string[] | undefined, types: NotificationType[]): Promise<number> {
  const sks = ids ?? (await unreadItems(userId, types)).map((i) => String(i.SK));
  // A notification gone meanwhile (its ttl) stays gone: the update is conditioned on it.
  await eachConcurrently(sks, (sk) => write(notifications.update({ userId, sk }, { read: true }, { ifExists: true })));
  return types.length ? (await unreadItems(userId, types)).length : 0;
}

/**
 * AP: the events service's notices become notifications (one per recipient, the actor excepted). The key comes
 * from the notice, so a repeated delivery writes nothing new and never marks a read one unread again.
 */
export async function recordNotice(n: EventDetail<'EventNotice'>): Promise<void> {
  const sk = `${n.createdAt}#${n.noticeId}`;
  await eachConcurrently(n.recipientIds.filter((r) => r !== n.actorId), (recipientId) => {
    const item: NotificationItem = {
      id: sk, recipientId, type: NOTICE_TYPES[n.kind], actorId: n.actorId, targetId: n.eventId,
      excerpt: n.eventTitle.slice(0, 80), createdAt: n.createdAt, read: false, ttl: ttlOf(n.createdAt),
    };
    return write(notifications.put({ userId: recipientId, sk }, item, { ifAbsent: true }));
  });
}
