import { createFileRoute, Outlet, useParams } from '@tanstack/react-router';
import { conversationsQuery } from '@/features/messages/api/list-conversations';
import { MessagesPage } from '@/features/messages/components/messages-page';

/** /messages: the conversations; its child route /messages/$memberId is the open thread, so a link or a reload shows it. */
export const Route = createFileRoute('/_authenticated/messages')({
  loader: ({ context: { queryClient } }) => queryClient.ensureInfiniteQueryData(conversationsQuery),
  component: Messages,
});

function Messages() {
  const { user } = Route.useRouteContext();
  const { memberId } = useParams({ strict: false });
  return <MessagesPage me={user.id} selected={memberId} thread={<Outlet />} />;
}
