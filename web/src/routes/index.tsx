import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as z from 'zod';
import { LandingPage } from '@/features/auth/components/landing-page';
import { feedQuery } from '@/features/feed/api/get-feed';
import { upcomingEventsQuery } from '@/features/feed/api/get-upcoming-events';
import { HomeFeed } from '@/features/feed/components/home-feed';
import { currentUserQuery, useCurrentUser } from '@/lib/current-user';

const Search = z.object({ auth: z.enum(['signup', 'login', 'trial']).optional().catch(undefined) });

/** `/`: the landing page when logged out, the home feed once signed in (spec section 2). */
export const Route = createFileRoute('/')({
  validateSearch: Search,
  loader: async ({ context: { queryClient } }) => {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    // Signed in: start the home's reads now; the columns suspend on them without blocking the page.
    if (user) {
      void queryClient.prefetchQuery(feedQuery);
      void queryClient.prefetchQuery(upcomingEventsQuery);
    }
  },
  component: Home,
});

function Home() {
  const user = useCurrentUser();
  const { auth } = Route.useSearch();
  const navigate = useNavigate({ from: '/' });
  if (user) return <HomeFeed user={user} />;
  return <LandingPage tab={auth ?? null} onTabChange={(t) => void navigate({ search: t ? { auth: t } : {}, replace: true })} />;
}
