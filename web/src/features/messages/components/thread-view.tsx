import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Message } from '@torcedor/shared/schemas/messages';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { MemberBadge } from '@/components/member-badge';
import { ReportButton } from '@/components/report-button';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatRelative } from '@/lib/date-time';
import { toast } from '@/lib/toast';
import { useDeleteMessage } from '../api/delete-message';
import { useThread } from '../api/get-thread';
import { useMarkThreadRead } from '../api/mark-thread-read';
import { MemberAvatar } from './member-avatar';
import { MessageComposer } from './message-composer';

function RemoveMessage({ memberId, messageId }: { memberId: string; messageId: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const remove = useDeleteMessage();
  const confirm = () => remove.mutate({ memberId, messageId }, {
    onSuccess: () => setOpen(false),
    onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to remove the message`), variant: 'error' }),
  });
  return (
    <>
      <Button variant="ghost" size="sm" className="h-7 px-2 text-muted" aria-label={t`Remove this message`} onClick={() => setOpen(true)}>
        <Trash2 className="h-3.5 w-3.5" aria-hidden />
      </Button>
      <ConfirmDialog
        open={open} onOpenChange={setOpen} title={t`Remove this message?`} text={t`Both of you will see 'Message removed' in its place.`}
        confirmLabel={t({ message: 'Remove', context: 'delete a message' })} onConfirm={confirm} pending={remove.isPending}
      />
    </>
  );
}

function MessageItem({ m, mine, memberId, now }: { m: Message; mine: boolean; memberId: string; now: Date }) {
  const { t } = useLingui();
  return (
    <li className={cn('group flex flex-col', mine ? 'items-end' : 'items-start')} data-message-id={m.id} data-mine={mine || undefined}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-2',
          m.removed ? 'border border-dashed border-border italic text-muted' : mine ? 'bg-primary text-primary-fg' : 'bg-surface-2 text-fg',
        )}
      >
        {/* Plain text: React writes it as text, never markup. */}
        <p className="whitespace-pre-wrap break-words">{m.removed || m.text === null ? t`Message removed` : m.text}</p>
      </div>
      <div className="mt-0.5 flex items-center gap-1 text-xs text-muted">
        <time dateTime={m.createdAt}>{formatRelative(m.createdAt, now)}</time>
        {!m.removed && mine ? <RemoveMessage memberId={memberId} messageId={m.id} /> : null}
        {!m.removed && !mine ? <ReportButton targetType="message" targetId={`${memberId}:${m.id}`} className="h-7 px-2" /> : null}
      </div>
    </li>
  );
}

/**
 * The thread with a member: the API reads it newest first, the page shows the oldest at the top and the newest at the
 * bottom ('Load older' reads further back). Opening it, and each message received while it is open, marks it read. A
 * conversation not started yet shows empty, with the composer for the first message.
 */
export function ThreadView({ memberId, me }: { memberId: string; me: string }) {
  const { t } = useLingui();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useThread(memberId);
  const { mutate: markRead } = useMarkThreadRead();
  const first = data.pages[0]!;
  const member = first.member;
  const name = member.displayName;
  // Why the member may not reply, or null when they may.
  const closed = first.canReply ? null : member.deleted ? t`This member deleted their account.` : t`This member is not accepting messages.`;
  const messages = data.pages.flatMap((p) => p.items).toReversed();
  const newest = messages.at(-1);
  const newestReceived = messages.findLast((m) => m.fromId !== me)?.id;
  const end = useRef<HTMLDivElement>(null);
  const now = new Date();

  // Only a thread with messages received has anything to mark (a conversation not started yet has no thread to mark).
  useEffect(() => {
    if (newestReceived) markRead(memberId);
  }, [markRead, memberId, newestReceived]);
  // The newest message in view when the thread opens and when one arrives (not when older ones load above).
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [newest?.id]);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-3 border-b border-border p-3">
        <Link to="/messages" className="rounded-full p-1 text-muted hover:text-fg min-[769px]:hidden" aria-label={t`Back to conversations`}>
          <ArrowLeft className="h-5 w-5" aria-hidden />
        </Link>
        <MemberAvatar name={member.displayName} imageUrl={member.profileImageUrl} />
        <h2 className="flex min-w-0 items-center gap-1 text-lg font-semibold">
          {member.deleted
            ? <span className="truncate italic text-muted">{member.displayName}</span>
            : <Link to="/profile/{-$id}" params={{ id: member.id }} className="truncate text-fg no-underline hover:text-primary">{member.displayName}</Link>}
          <MemberBadge premium={member.premium} />
        </h2>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        {hasNextPage ? (
          <div className="mb-3 text-center">
            <Button variant="ghost" size="sm" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {isFetchingNextPage ? t`Loading...` : t`Load older`}
            </Button>
          </div>
        ) : null}
        {messages.length === 0 ? (
          <div className="py-10 text-center">
            <p className="font-semibold"><Trans>No messages yet</Trans></p>
            <p className="mt-1 text-sm text-muted">{first.canReply ? t`Say hello to ${name}.` : t`There is nothing in this conversation.`}</p>
          </div>
        ) : (
          <ol aria-label={t`Messages with ${name}`} className="space-y-3">
            {messages.map((m) => <MessageItem key={m.id} m={m} mine={m.fromId === me} memberId={memberId} now={now} />)}
          </ol>
        )}
        <div ref={end} />
      </div>
      <MessageComposer key={memberId} memberId={memberId} closed={closed} />
    </div>
  );
}

/** The thread of a member that is not one (unknown, or not the reader's): the route's not-found. */
export function ThreadNotFound() {
  return (
    <div className="flex h-full flex-col items-center justify-center p-6 text-center">
      <h2 className="text-lg font-semibold"><Trans>Conversation not found</Trans></h2>
      <p className="mt-1 text-sm text-muted"><Trans>This member does not exist, or the conversation is not yours.</Trans></p>
      <Link to="/messages" className="mt-3 text-primary"><Trans>Back to conversations</Trans></Link>
    </div>
  );
}
