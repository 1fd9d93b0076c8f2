import type { RouteHandler } from '@torcedor/service-kit/http';
import type { Routes } from '@torcedor/shared/routes';
import { bellTypes, notificationView } from '../domain/notifications.ts';
import { readAudience } from '../store/audience.ts';
import { readAuthor } from '../store/authors.ts';
import { listNotifications, markRead } from '../store/notifications.ts';

/** The bell: the latest notifications of the kinds the member's settings let through (and the welcome), and the unread count. */
export const getNotifications: RouteHandler<Routes['getNotifications']> = async ({ session }) => {
  const me = await readAuthor(session.userId);
  const { items, unreadCount } = await listNotifications(session.userId, bellTypes(me));
  const actors = await readAudience(session.userId, items.map((i) => String(i.actorId)));
  return { unreadCount, items: items.map((i) => notificationView(i, actors)) };
};

export const markNotificationsRead: RouteHandler<Routes['markNotificationsRead']> = async ({ session, body }) => {
  const me = await readAuthor(session.userId);
  return { unreadCount: await markRead(session.userId, body.ids, bellTypes(me)) };
};
