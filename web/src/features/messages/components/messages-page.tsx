import { Trans, useLingui } from '@lingui/react/macro';
import { MessagesSquare } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { ConversationList } from './conversation-list';

/**
 * /messages (docs/product.md, "Screens"): the conversation list and the open thread side by side on a desktop; on a
 * phone (768 px wide or less) the list, or the thread (with a way back) once one is open. `selected` is the open
 * thread's member (from the URL); `thread` is the thread's route.
 */
export function MessagesPage({ me, selected, thread }: { me: string; selected?: string; thread: ReactNode }) {
  const { t } = useLingui();
  return (
    <>
      <h1 className={cn('mb-4 text-3xl font-bold text-fg', selected && 'max-[768px]:sr-only')}><Trans>Messages</Trans></h1>
      <div className="grid h-[calc(100dvh-15.5rem)] min-h-[26rem] md:h-[calc(100dvh-12rem)] grid-cols-1 overflow-hidden rounded-xl border border-border bg-surface min-[769px]:grid-cols-[20rem_1fr]">
        <section aria-label={t`Your conversations`} className={cn('min-h-0 overflow-y-auto border-border min-[769px]:border-r', selected && 'max-[768px]:hidden')}>
          <Suspense fallback={<div className="space-y-2 p-3">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-16" />)}</div>}>
            <ConversationList me={me} selected={selected} />
          </Suspense>
        </section>
        <section aria-label={t`Conversation`} className={cn('min-h-0', !selected && 'max-[768px]:hidden')}>
          {selected ? (
            <Suspense fallback={<div className="space-y-3 p-4"><Skeleton className="h-10" /><Skeleton className="h-24" /></div>}>{thread}</Suspense>
          ) : (
            <div className="flex h-full flex-col items-center justify-center p-6 text-center text-muted">
              <MessagesSquare className="h-10 w-10 text-primary" aria-hidden />
              <p className="mt-2"><Trans>Choose a conversation to read it here.</Trans></p>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
