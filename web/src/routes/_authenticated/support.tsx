import { createFileRoute } from '@tanstack/react-router';
import { mySupportRequestsQuery } from '@/features/support/api/get-my-support-requests';
import { supportQueueQuery } from '@/features/support/api/get-support-queue';
import { SupportPage } from '@/features/support/components/support-page';

/** Every member's support page; owners also get the queue (loaded for them only: the API answers others 403). */
export const Route = createFileRoute('/_authenticated/support')({
  loader: ({ context }) => Promise.all([
    context.queryClient.ensureQueryData(mySupportRequestsQuery),
    context.user.isOwner ? context.queryClient.ensureQueryData(supportQueueQuery) : undefined,
  ]),
  component: SupportPage,
});
