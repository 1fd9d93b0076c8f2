import { createFileRoute, notFound } from '@tanstack/react-router';
import { threadQuery } from '@/features/messages/api/get-thread';
import { ThreadNotFound, ThreadView } from '@/features/messages/components/thread-view';
import { ApiError } from '@/lib/api-client';

/** What the thread read answers for a member that is not one (400: not an id; a conversation not started yet reads empty). */
const isMissing = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 400);

export const Route = createFileRoute('/_authenticated/messages/$memberId')({
  loader: async ({ context: { queryClient }, params: { memberId } }) => {
    try {
      await queryClient.ensureInfiniteQueryData(threadQuery(memberId));
    } catch (e) {
      throw isMissing(e) ? notFound() : e;
    }
  },
  notFoundComponent: ThreadNotFound,
  component: Thread,
});

function Thread() {
  const { memberId } = Route.useParams();
  const { user } = Route.useRouteContext();
  return <ThreadView key={memberId} memberId={memberId} me={user.id} />;
}
