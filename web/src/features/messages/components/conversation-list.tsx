import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Conversation } from '@torcedor/shared/schemas/messages';
import { MemberBadge } from '@/components/member-badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/numbers';
import { formatRelative } from '@/lib/date-time';
import { unreadLabel } from './unread';
import { useConversations } from '../api/list-conversations';
import { MemberAvatar } from './member-avatar';

function ConversationRow({ c, me, selected, now }: { c: Conversation; me: string; selected: boolean; now: Date }) {
  const { t } = useLingui();
  const last = c.lastMessage;
  const text = last.removed || last.text === null ? t`Message removed` : last.text;
  const unread = c.unreadCount > 0;
  return (
    <li>
      <Link
        to="/messages/$memberId"
        params={{ memberId: c.member.id }}
        aria-current={selected ? 'page' : undefined}
        data-unread={unread || undefined}
        className={cn(
          'flex items-center gap-3 rounded-lg px-3 py-3 text-fg no-underline hover:bg-surface-2',
          selected && 'bg-surface-2 ring-1 ring-primary/40',
        )}
      >
        <MemberAvatar name={c.member.displayName} imageUrl={c.member.profileImageUrl} />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1">
            <span className={cn('truncate', unread ? 'font-bold' : 'font-semibold', c.member.deleted && 'italic text-muted')}>{c.member.displayName}</span>
            <MemberBadge premium={c.member.premium} />
            <time dateTime={c.updatedAt} className="ml-auto shrink-0 pl-2 text-xs text-muted">{formatRelative(c.updatedAt, now)}</time>
          </span>
          <span className="flex items-center gap-2">
            <span className={cn('block truncate text-sm', last.removed ? 'italic text-muted' : unread ? 'text-fg' : 'text-muted')}>
              {last.fromId === me && !last.removed ? t`You: ${text}` : text}
            </span>
            {unread ? (
              <span
                role="img" aria-label={unreadLabel(c.unreadCount)}
                className="ml-auto flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-bold text-primary-fg"
              >
                {c.unreadCount > 99 ? `${formatNumber(99)}+` : formatNumber(c.unreadCount)}
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The member's conversations, the most recent first, each with the other member, the last message and its unread count. */
export function ConversationList({ me, selected }: { me: string; selected?: string }) {
  const { t } = useLingui();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useConversations();
  const items = data.pages.flatMap((p) => p.items);
  const now = new Date();
  if (items.length === 0) {
    return (
      <div className="p-6 text-center">
        <h2 className="text-lg font-semibold"><Trans>No conversations yet</Trans></h2>
        <p className="mt-1 text-sm text-muted"><Trans>Message a member from their profile to start one.</Trans></p>
      </div>
    );
  }
  return (
    <>
      <ul aria-label={t`Conversations`} className="space-y-1 p-2">
        {items.map((c) => <ConversationRow key={c.member.id} c={c} me={me} selected={c.member.id === selected} now={now} />)}
      </ul>
      {hasNextPage ? (
        <div className="p-2 text-center">
          <Button variant="ghost" size="sm" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? t`Loading...` : t`Load more`}
          </Button>
        </div>
      ) : null}
    </>
  );
}
