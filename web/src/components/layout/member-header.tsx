import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { User } from '@torcedor/shared/schemas/identity';
import type { Notification } from '@torcedor/shared/schemas/social';
import { Bell, Camera, Menu, MessageCircle, Search, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { MemberBadge } from '@/components/member-badge';
import { useNotifications } from '@/lib/api/get-notifications';
import { formatRelative } from '@/lib/date-time';
import { useUnreadMessages } from '@/lib/api/get-unread-messages';
import { useLiveStatus } from '@/lib/live-status';
import { useMarkNotificationsRead } from '@/lib/api/mark-notifications-read';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { currentUserQuery } from '@/lib/current-user';
import { AccountMenu, AvatarTrigger, PAGE_NAMES } from './account-menu';
import { HEADER_ROW } from './header-row';
import { toast } from '@/lib/toast';

const link = 'rounded-md px-3 py-2 text-sm font-medium text-muted no-underline hover:text-fg';
const active = { className: 'text-primary' };

function SearchBox({ onDone, autoFocus }: { onDone?: () => void; autoFocus?: boolean }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = q.trim();
    if (!query) return;
    void navigate({ to: '/search', search: { q: query } });
    onDone?.();
  };
  return (
    <form role="search" onSubmit={submit} className="relative">
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
      <input
        aria-label={t`Search cigars and brands`}
        autoFocus={autoFocus}
        placeholder={t`Search cigars, brands…`}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        className="h-9 w-full rounded-full border border-border bg-surface-2 pl-9 pr-3 text-sm text-fg placeholder:text-muted focus:border-primary focus:outline-none md:w-56"
      />
    </form>
  );
}

/** How long the bell stays open before the unread notifications it shows count as read. */
export const MARK_SHOWN_READ_DELAY_MS = 1_500;

/** The badge's text: the count, '9+' above 9. */
export const unreadBadge = (n: number) => (n > 9 ? '9+' : String(n));

/** What a notification says, the actor's name first. */
function notificationText(n: Notification): ReactNode {
  const actor = <span className="font-semibold">{n.actorName}<MemberBadge premium={n.actorPremium} className="ml-1" /></span>;
  const excerpt = n.excerpt;
  const said = n.excerpt ?? '';
  switch (n.type) {
    case 'follow': return <Trans>{actor} started following you</Trans>;
    case 'like': return <Trans>{actor} liked your post</Trans>;
    case 'comment': return <Trans>{actor} commented: &ldquo;{said}&rdquo;</Trans>;
    case 'rsvp': return excerpt === null ? <Trans>{actor} RSVPed to your event</Trans> : <Trans>{actor} RSVPed to {excerpt}</Trans>;
    case 'event_promoted': return excerpt === null
      ? <Trans>A seat opened up: you are going to an event</Trans>
      : <Trans>A seat opened up: you are going to {excerpt}</Trans>;
    case 'event_changed': return excerpt === null ? <Trans>An event was updated by its host</Trans> : <Trans>{excerpt} was updated by its host</Trans>;
    case 'event_cancelled': return excerpt === null ? <Trans>An event was cancelled</Trans> : <Trans>{excerpt} was cancelled</Trans>;
    case 'welcome': return <Trans><span className="font-semibold">Welcome to Torcedor!</span> Take your first steps: your tastes, members to follow, your first cigar</Trans>;
  }
}

/** Whether a notification is about an event (its target is the event's id). */
const isEventNotification = (n: Notification) => n.type === 'rsvp' || n.type.startsWith('event_');

function Avatar({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  return imageUrl
    ? <img src={imageUrl} alt="" className="h-9 w-9 shrink-0 rounded-full object-cover" />
    : <span aria-hidden className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-surface-2 font-semibold text-fg">{name.slice(0, 1).toUpperCase()}</span>;
}

function NotificationRow({ n, unread, now, onNavigate }: { n: Notification; unread: boolean; now: Date; onNavigate: () => void }) {
  const { t } = useLingui();
  const body = (
    <>
      <Avatar name={n.actorName} imageUrl={n.actorImageUrl} />
      <span className="min-w-0 flex-1">
        <span className="block break-words">{notificationText(n)}</span>
        <span className="block text-xs text-muted"><time dateTime={n.createdAt}>{formatRelative(n.createdAt, now)}</time></span>
      </span>
      {unread ? <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-primary" aria-label={t`Unread`} role="img" /> : null}
    </>
  );
  const row = cn('flex w-full items-start gap-3 rounded-md px-2 py-2 text-left text-fg no-underline', unread ? 'bg-primary/10' : 'hover:bg-surface-2');
  return (
    <li data-unread={unread || undefined}>
      {n.type === 'follow'
        ? <Link to="/profile/{-$id}" params={{ id: n.actorId }} onClick={onNavigate} className={cn(row, 'hover:bg-surface-2')}>{body}</Link>
        : n.type === 'welcome'
          ? <Link to="/welcome" onClick={onNavigate} className={cn(row, 'hover:bg-surface-2')}>{body}</Link>
          : isEventNotification(n) && n.targetId
            ? <Link to="/events/$id" params={{ id: n.targetId }} onClick={onNavigate} className={cn(row, 'hover:bg-surface-2')}>{body}</Link>
            : <div className={row}>{body}</div>}
    </li>
  );
}

/**
 * The bell (signed in only): the latest notifications, refreshed on opening, its count kept live by the socket (and
 * polled while the socket is down, docs/architecture.md "Live delivery"). Opening it marks the unread ones it shows read after a short moment; they keep their unread look
 * until it closes, so the member sees what is new.
 */
export function NotificationsBell() {
  const { t } = useLingui();
  const { data: user } = useQuery(currentUserQuery);
  const notifications = useNotifications(!!user);
  const markRead = useMarkNotificationsRead();
  const [open, setOpen] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const items = notifications.data?.items ?? [];
  const unreadCount = notifications.data?.unreadCount ?? 0;
  const unreadIds = items.filter((n) => !n.read).map((n) => n.id);
  const unreadKey = unreadIds.join(',');
  const { mutate } = markRead;

  useEffect(() => {
    if (!open || !unreadKey) return;
    const ids = unreadKey.split(',');
    setFresh((prev) => new Set([...prev, ...ids]));
    const timer = setTimeout(() => mutate(ids), MARK_SHOWN_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, unreadKey, mutate]);

  const change = (o: boolean) => {
    setOpen(o);
    if (o) void notifications.refetch();
    else setFresh(new Set());
  };
  const markAll = () => {
    setFresh(new Set());
    mutate(undefined, { onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to mark notifications as read`), variant: 'error' }) });
  };
  const now = new Date();

  return (
    <Popover.Root open={open} onOpenChange={change}>
      <Popover.Trigger className="relative rounded-full p-2 text-muted hover:text-fg" aria-label={unreadCount ? t`Notifications, ${unreadCount} unread` : t`Notifications`}>
        <Bell className="h-5 w-5" aria-hidden />
        <CountBadge count={unreadCount} testId="unread-badge" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={8} aria-label={t`Notifications`} className="z-50 w-80 rounded-lg border border-border bg-surface p-3 text-sm shadow-xl">
          <div className="flex items-center justify-between gap-2 px-1 pb-2">
            <p className="font-semibold"><Trans>Notifications</Trans></p>
            {unreadCount > 0 || fresh.size > 0 ? (
              <button type="button" className="text-xs font-medium text-primary hover:underline disabled:opacity-50" disabled={markRead.isPending} onClick={markAll}>
                <Trans>Mark all as read</Trans>
              </button>
            ) : null}
          </div>
          {notifications.isPending ? (
            <p className="px-1 py-2 text-muted"><Trans>Loading...</Trans></p>
          ) : notifications.isError && !notifications.data ? (
            <p className="px-1 py-2 text-muted"><Trans>Notifications could not be loaded.</Trans></p>
          ) : items.length === 0 ? (
            <p className="px-1 py-2 text-muted"><Trans>You are all caught up.</Trans></p>
          ) : (
            <ul className="max-h-96 space-y-1 overflow-y-auto">
              {items.map((n) => <NotificationRow key={n.id} n={n} unread={!n.read || fresh.has(n.id)} now={now} onNavigate={() => change(false)} />)}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * The Messages link with the member's unread direct messages on a badge (kept live by the socket; `data-live` tells
 * whether the socket is open).
 */
export function MessagesLink() {
  const { t } = useLingui();
  const { data: user } = useQuery(currentUserQuery);
  const count = useUnreadMessages(!!user).data?.count ?? 0;
  const live = useLiveStatus();
  return (
    <Link
      to="/messages" className="relative rounded-full p-2 text-muted hover:text-fg" activeProps={active} data-live={live}
      aria-label={count ? t`Messages, ${count} unread` : t`Messages`} title={t`Messages`}
    >
      <MessageCircle className="h-5 w-5" aria-hidden />
      <CountBadge count={count} testId="messages-badge" />
    </Link>
  );
}

/**
 * The signed-in header: the main navigation, search, the band scan, messages, the bell, the account menu and the menu
 * of the pages the navigation cannot show. On a phone (below 768 px) it keeps the brand, a search button (the search
 * field opens under the bar, focused), messages and the bell, flush with the right edge; the pages and the account
 * menu are on the tab bar at the bottom (member-tab-bar.tsx).
 * Loaded only once a member is signed in (header.tsx), so the landing page does not pay for its menus and popovers.
 */
export function MemberHeader({ user, brand }: { user: User; brand: ReactNode }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [searching, setSearching] = useState(false);
  const nav = [
    { to: '/', label: i18n._(PAGE_NAMES.feed) },
    { to: '/events', label: i18n._(PAGE_NAMES.events) },
    { to: '/humidor', label: i18n._(PAGE_NAMES.humidor) },
    { to: '/recommendations', label: i18n._(PAGE_NAMES.recommendations) },
    { to: '/learn', label: i18n._(PAGE_NAMES.learn) },
    { to: '/subscription', label: i18n._(PAGE_NAMES.premium) },
    ...(user.isOwner ? [{ to: '/marketing', label: i18n._(PAGE_NAMES.marketing) }, { to: '/moderation', label: i18n._(PAGE_NAMES.moderation) }] : []),
  ] as const;

  return (
    <>
      <div className={HEADER_ROW}>
        {brand}
        <nav aria-label={t({ message: 'Main', context: 'main navigation' })} className="hidden flex-1 items-center lg:flex">
          {nav.map((n) => (
            <Link key={n.to} to={n.to} className={link} activeProps={active} activeOptions={{ exact: n.to === '/' }}>{n.label}</Link>
          ))}
        </nav>
        {/* -mr-2: the last icon's glyph, not its padding, lines up with the page's right edge. */}
        <div className="-mr-2 ml-auto flex items-center gap-1 md:mr-0">
          <div className="hidden md:block"><SearchBox /></div>
          <button
            type="button" className="rounded-full p-2 text-muted hover:text-fg md:hidden" aria-expanded={searching} aria-controls="phone-search"
            aria-label={searching ? t`Close search` : t`Search`} onClick={() => setSearching(!searching)}
          >
            {searching ? <X className="h-5 w-5" aria-hidden /> : <Search className="h-5 w-5" aria-hidden />}
          </button>
          <Link to="/scan" aria-label={t`Scan a cigar band`} title={t`Scan a cigar band`} className="hidden rounded-full p-2 text-muted hover:text-fg md:block" activeProps={active}>
            <Camera className="h-5 w-5" aria-hidden />
          </Link>
          <MessagesLink />
          <NotificationsBell />
          <div className="hidden md:block"><AccountMenu user={user} trigger={<AvatarTrigger user={user} />} /></div>
          <button type="button" className="hidden rounded p-2 md:block lg:hidden" aria-label={open ? t`Close menu` : t`Open menu`} aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
          </button>
        </div>
      </div>
      {searching ? (
        <div id="phone-search" className="border-t border-border px-4 py-3 md:hidden">
          <SearchBox autoFocus onDone={() => setSearching(false)} />
        </div>
      ) : null}
      {open ? (
        <nav aria-label={t`More pages`} className="hidden border-t border-border px-4 pb-4 md:block lg:hidden">
          {[...nav, { to: '/scan', label: i18n._(PAGE_NAMES.scan) } as const, { to: '/settings', label: i18n._(PAGE_NAMES.settings) } as const].map((n) => (
            <Link key={n.to} to={n.to} onClick={() => setOpen(false)} className={cn(link, 'block')} activeProps={active} activeOptions={{ exact: n.to === '/' }}>{n.label}</Link>
          ))}
          <Link to="/profile/{-$id}" params={{ id: undefined }} onClick={() => setOpen(false)} className={cn(link, 'block')}>{i18n._(PAGE_NAMES.profile)}</Link>
        </nav>
      ) : null}
    </>
  );
}

/** The unread count on a header icon (the bell, messages): hidden from assistive tools, whose name carries the count. */
function CountBadge({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <span aria-hidden data-testid={testId} className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-[10px] font-bold leading-none text-primary-fg">
      {unreadBadge(count)}
    </span>
  );
}
