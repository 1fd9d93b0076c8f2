import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as z from 'zod';
import { ChatLauncher } from '@/features/ai/components/chat-launcher';
import { LandingPage } from '@/features/auth/components/landing-page';
import { feedQuery } from '@/features/feed/api/get-feed';
import { upcomingEventsQuery } from '@/lib/api/get-events';
import { HomeFeed } from '@/features/feed/components/home-feed';
import { currentUserQuery, useCurrentUser } from '@/lib/current-user';
import { isSafeRedirect } from '@/lib/safe-redirect';

/**
 * `auth`: the auth dialog's open tab. `redirect`: the member page to go to after logging in (set by the
 * signed-in routes' guard); only a path on this origin is kept (open-redirect safe), anything else is dropped.
 */
const Search = z.object({
  auth: z.enum(['signup', 'login', 'trial']).optional().catch(undefined),
  redirect: z.string().refine(isSafeRedirect).optional().catch(undefined),
});

/** `/`: the landing page when logged out, the home feed once signed in (docs/product.md, "Screens"). */
export const Route = createFileRoute('/')({
  validateSearch: Search,
  loader: async ({ context: { queryClient } }) => {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    // Signed in: start the home's reads now; the columns suspend on them without blocking the page.
    if (user) {
      void queryClient.prefetchInfiniteQuery(feedQuery);
      void queryClient.prefetchInfiniteQuery(upcomingEventsQuery);
    }
  },
  component: Home,
});

function Home() {
  const user = useCurrentUser();
  const { auth, redirect } = Route.useSearch();
  const navigate = useNavigate({ from: '/' });
  // The floating VitolAI chat: a round button; its code loads when it is first opened.
  if (user) return <><HomeFeed user={user} /><ChatLauncher /></>;
  // Changing or closing the dialog's tab keeps the page to return to.
  return (
    <LandingPage
      tab={auth ?? null}
      onTabChange={(t) => void navigate({ search: { auth: t ?? undefined, redirect }, replace: true })}
      redirect={redirect}
    />
  );
}
