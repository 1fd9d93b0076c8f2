import type { EventDetail } from '@torcedor/shared/events';
import type { Notification } from '@torcedor/shared/schemas/social';
import { authorOf, sees, type Audience } from './audience.ts';
import { isPremiumAuthor, type Author } from './author.ts';

export type NotificationType = Notification['type'];

/** A notification as stored in the recipient's bell (`NOTIF#<userId>`), kept NOTIFICATION_TTL_DAYS. */
export type NotificationItem = {
  id: string; recipientId: string; type: NotificationType; actorId: string; targetId: string | null; excerpt: string | null;
  createdAt: string; read: boolean; ttl: number;
};

/**
 * Which setting lets each kind of notification through (docs/product.md, "Notifications"): new followers
 * follow the follow setting, likes and comments on what the member shared the review setting, RSVPs to
 * their events and news of events they attend (a waitlist promotion, a change, a cancellation) the event setting. Settings are applied when the bell is read, so turning one off hides
 * those notifications at once and turning it back on shows them again.
 */
export function allowedTypes(recipient: Pick<Author, 'followNotifications' | 'reviewNotifications' | 'eventNotifications'>): EmailedType[] {
  return [
    ...(recipient.followNotifications ? ['follow' as const] : []),
    ...(recipient.reviewNotifications ? ['like' as const, 'comment' as const] : []),
    ...(recipient.eventNotifications ? ['rsvp' as const, 'event_promoted' as const, 'event_changed' as const, 'event_cancelled' as const] : []),
  ];
}

/** The kinds a setting governs, which the digest emails carry too: all but the welcome. */
export type EmailedType = Exclude<NotificationType, 'welcome'>;

/**
 * What the bell shows: the kinds the settings let through, and the welcome, which no setting governs and no email
 * carries (docs/product.md, "First run").
 */
export const bellTypes = (recipient: Parameters<typeof allowedTypes>[0]): NotificationType[] => [...allowedTypes(recipient), 'welcome'];

/**
 * A new member's welcome (UserRegistered), from the member to themselves: its key comes from the registration, so a
 * repeated delivery finds it written and writes nothing.
 */
export function welcomeNotification(userId: string, registeredAt: string, ttl: number): NotificationItem {
  return { id: `${registeredAt}#welcome`, recipientId: userId, type: 'welcome', actorId: userId, targetId: null, excerpt: null, createdAt: registeredAt, read: false, ttl };
}

/** The notification type of each kind of the events service's notices. */
export const NOTICE_TYPES: Record<EventDetail<'EventNotice'>['kind'], NotificationType> = {
  rsvp: 'rsvp', promoted: 'event_promoted', changed: 'event_changed', cancelled: 'event_cancelled',
};

/**
 * A notification as the bell shows it, with its actor's name and badge. A comment's excerpt is the commenter's
 * content: quoted only to one who may see it (domain/visibility.ts).
 */
export function notificationView(i: Record<string, unknown>, actors: Audience) {
  const a = authorOf(actors, String(i.actorId));
  const quoted = i.type !== 'comment' || sees(actors, a.userId);
  return {
    id: String(i.id), type: i.type as 'follow', actorId: a.userId, actorName: a.displayName, actorImageUrl: a.profileImageUrl, actorPremium: isPremiumAuthor(a),
    targetId: (i.targetId as string | null) ?? null, excerpt: quoted ? ((i.excerpt as string | null) ?? null) : null, read: i.read === true, createdAt: String(i.createdAt),
  };
}
