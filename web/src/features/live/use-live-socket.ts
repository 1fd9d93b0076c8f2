import { t } from '@lingui/core/macro';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { LivePush } from '@torcedor/shared/live';
import { routes } from '@torcedor/shared/routes';
import { useEffect } from 'react';
import { apiCall } from '@/lib/api-client';
import { setLiveConnected } from '@/lib/live-status';
import { cachedMember } from '@/lib/message-cache';
import { toast } from '@/lib/toast';
import { applyPush, refreshAfterGap } from './apply-push';
import { liveUrl, openLiveSocket } from './live-socket';

/**
 * The name a new message's toast gives its sender: from the cached conversation or thread, else their profile; null
 * when neither can be read.
 */
async function senderName(queryClient: QueryClient, memberId: string): Promise<string | null> {
  const cached = cachedMember(queryClient, memberId);
  if (cached) return cached.displayName;
  try {
    return (await apiCall(routes.getUser, { params: { id: memberId } })).displayName;
  } catch {
    return null;
  }
}

/** A message's first words for its toast. */
const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

/** The thread's path on the messages page. */
export const threadPath = (memberId: string) => `/messages/${encodeURIComponent(memberId)}`;

/**
 * Whether a push is a message the member should be told of with a toast: one they received (not one of theirs sent
 * from another tab), while they are not reading that thread.
 */
export const toastsFor = (push: LivePush, pathname: string): push is Extract<LivePush, { type: 'message' }> =>
  push.type === 'message' && push.message.fromId === push.memberId && !push.message.removed && pathname !== threadPath(push.memberId);

/**
 * This tab's live socket while a member (`memberId`) is signed in (docs/architecture.md, "Live delivery"): each push updates the
 * cached queries; a received message outside its thread shows a toast with a link to it. The socket's state is
 * published (lib/live-status.ts) so the pushed queries poll only while it is down; after a gap they are read again.
 */
export function useLiveSocket(memberId: string | undefined): void {
  const queryClient = useQueryClient();
  const router = useRouter();
  useEffect(() => {
    if (!memberId) return;
    const toasted = new Set<string>();
    const socket = openLiveSocket({
      url: liveUrl(window.location),
      onStatus: (connected, reopened) => {
        setLiveConnected(connected);
        if (connected && reopened) refreshAfterGap(queryClient);
      },
      onPush: (push) => {
        applyPush(queryClient, push);
        if (!toastsFor(push, router.state.location.pathname) || toasted.has(push.message.id)) return;
        toasted.add(push.message.id);
        void senderName(queryClient, push.memberId).then((name) => toast({
          title: name === null ? t`New message from a member` : t`New message from ${name}`,
          description: excerpt(push.message.text ?? ''),
          link: { label: t`Open conversation`, href: threadPath(push.memberId) },
        }));
      },
    });
    return () => {
      socket.close();
      setLiveConnected(false);
    };
  }, [memberId, queryClient, router]);
}
