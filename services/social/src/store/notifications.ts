import { randomUUID } from 'node:crypto';
import { write } from '@torcedor/service-kit/entity';
import { queryAll, queryPage, queryPages, type Item } from '@torcedor/service-kit/items';
import { eventPart, registerRenderer, stateEventPart } from '@torcedor/service-kit/outbox';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { NOTIFICATION_TTL_DAYS, NOTIFICATIONS_SHOWN } from '@torcedor/shared/constants';
import type { EventDetail } from '@torcedor/shared/events';
import { bellTypes, NOTICE_TYPES, welcomeNotification, type NotificationItem, type NotificationType } from '../domain/notifications.ts';
import { readAuthor } from './authors.ts';
import { notifications } from './entities.ts';
import { digestDuePart } from './digests.ts';
import { keys } from './keys.ts';

/** Notifications are kept NOTIFICATION_TTL_DAYS from their time (the table's `ttl`). */
const ttlOf = (createdAt: string) => Math.floor(Date.parse(createdAt) / 1000) + NOTIFICATION_TTL_DAYS * 86_400;

/**
 * The recipient's bell pushed to their open tabs (docs/architecture.md, "Live delivery"): a LiveUpdate recorded in the
 * transaction that writes or reads a notification, whose detail (the unread count, as the bell counts it: the
 * recipient's settings applied) is rendered when it is published, after the write committed.
 */
const bellPushed = (recipientId: string) => stateEventPart('LiveUpdate', 'live-bell', recipientId);

registerRenderer('live-bell', async (userId) => {
  const [me, unread] = await Promise.all([
    readAuthor(userId),
    queryAll({
      KeyConditionExpression: 'PK = :pk', FilterExpression: '#read = :no', ProjectionExpression: '#type',
      ExpressionAttributeNames: { '#read': 'read', '#type': 'type' }, ExpressionAttributeValues: { ':pk': keys.notifications(userId), ':no': false },
    }),
  ]);
  const shown = new Set(bellTypes(me));
  const unreadCount = unread.filter((i) => shown.has(i.type as NotificationType)).length;
  return { pushId: randomUUID(), userId, push: { type: 'notifications', unreadCount }, createdAt: new Date().toISOString() };
});

export type NotificationParts = { notify: TransactPart | undefined; digest: TransactPart | undefined; bell: TransactPart | undefined };
/** No notification: the parts left out of a transaction. */
export const NO_NOTIFICATION: NotificationParts = { notify: undefined, digest: undefined, bell: undefined };

/**
 * The transaction parts that record a notification for `recipientId`, to spread into the write's transaction: the
 * notification (`notify`), the recipient's digest marker (`digest`) and the push of their bell (`bell`). None for one's
 * own actions.
 */
export function notificationParts(
  recipientId: string, n: { type: NotificationType; actorId: string; targetId: string | null; excerpt: string | null; createdAt: string },
): NotificationParts {
  if (recipientId === n.actorId) return NO_NOTIFICATION;
  const sk = `${n.createdAt}#${randomUUID()}`;
  return {
    notify: notifications.put({ userId: recipientId, sk }, { id: sk, recipientId, ...n, read: false, ttl: ttlOf(n.createdAt) }),
    digest: digestDuePart(recipientId, n.createdAt),
    bell: bellPushed(recipientId),
  };
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

/**
 * AP: mark the given notifications (or every unread one) read; answers the unread count left, which the member's other
 * tabs are pushed (a LiveUpdate recorded once the updates are written: they are many single writes, so the push is
 * its own transaction after them; lost, the other tabs show the old count until they read the bell again).
 */
export async function markRead(userId: string, ids: string[] | undefined, types: NotificationType[]): Promise<number> {
  const sks = ids ?? (await unreadItems(userId, types)).map((i) => String(i.SK));
  // A notification gone meanwhile (its ttl) stays gone: the update is conditioned on it.
  await eachConcurrently(sks, (sk) => write(notifications.update({ userId, sk }, { read: true }, { ifExists: true })));
  const unreadCount = types.length ? (await unreadItems(userId, types)).length : 0;
  if (sks.length) {
    const createdAt = new Date().toISOString();
    await transact({ live: eventPart('LiveUpdate', { pushId: randomUUID(), userId, push: { type: 'notifications', unreadCount }, createdAt }) });
  }
  return unreadCount;
}

/**
 * AP: the events service's notices become notifications (one per recipient, the actor excepted), each with the
 * recipient's digest marker in one transaction. The key comes from the notice, so a repeated delivery writes nothing
 * new (the notification's condition fails the transaction) and never marks a read one unread again. The same
 * transaction records the recipient's pushes (docs/architecture.md, "Live delivery"): the event's news (`event`, so
 * an open page of it reads it again) and their bell, each once per notice and recipient whatever the deliveries.
 */
export async function recordNotice(n: EventDetail<'EventNotice'>): Promise<void> {
  const sk = `${n.createdAt}#${n.noticeId}`;
  await eachConcurrently(n.recipientIds.filter((r) => r !== n.actorId), (recipientId) => {
    const item: NotificationItem = {
      id: sk, recipientId, type: NOTICE_TYPES[n.kind], actorId: n.actorId, targetId: n.eventId,
      excerpt: n.eventTitle.slice(0, 80), createdAt: n.createdAt, read: false, ttl: ttlOf(n.createdAt),
    };
    return transact({
      notify: notifications.put({ userId: recipientId, sk }, item, { ifAbsent: true }), digest: digestDuePart(recipientId, n.createdAt),
      news: eventPart('LiveUpdate', {
        pushId: `${n.noticeId}#${recipientId}`, userId: recipientId, push: { type: 'event', eventId: n.eventId, kind: n.kind }, createdAt: n.createdAt,
      }),
      bell: bellPushed(recipientId),
    });
  });
}

/**
 * AP: a new member's welcome in their bell (UserRegistered), with the push of their bell, in one transaction
 * conditioned on its absence: the key comes from the registration, so a repeated delivery writes nothing and never
 * marks a read welcome unread again. No digest marker: no email carries it.
 */
export async function recordWelcome(userId: string, registeredAt: string): Promise<boolean> {
  const item = welcomeNotification(userId, registeredAt, ttlOf(registeredAt));
  const r = await transact({ notify: notifications.put({ userId, sk: item.id }, item, { ifAbsent: true }), bell: bellPushed(userId) });
  return r.ok;
}

/** What a digest read of a member's notifications: the first `shown` it keeps, how many it keeps in all, and where it read up to. */
export interface NotificationsSince {
  items: NotificationItem[];
  total: number;
  /** The types of all the notifications kept. */
  types: Set<NotificationType>;
  /** The sort key of the newest notification read (kept or not), or undefined when none was. */
  through: string | undefined;
}

/**
 * AP: the member's notifications written after `since` (a time, or a notification's sort key), newest first, all
 * pages (consistent), the ones `keep` keeps: the first `shown` of them and how many there are. A digest reads the
 * notifications of the hour or so since the last one.
 */
export async function notificationsSince(
  userId: string, since: string, keep: (n: NotificationItem) => boolean, shown: number,
): Promise<NotificationsSince> {
  const out: NotificationsSince = { items: [], total: 0, types: new Set(), through: undefined };
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND SK > :since', ScanIndexForward: false, ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': keys.notifications(userId), ':since': since },
  });
  for await (const page of pages) {
    for (const item of page as (NotificationItem & { SK: string })[]) {
      out.through ??= item.SK;
      if (!keep(item)) continue;
      out.total += 1;
      out.types.add(item.type);
      if (out.items.length < shown) out.items.push(item);
    }
  }
  return out;
}
