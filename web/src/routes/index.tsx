import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { AUTH_TABS, type AuthTab } from '@/features/auth/auth-tabs';
import { LandingPage } from '@/features/auth/components/landing-page';
import { PageSkeleton } from '@/components/layout/page-skeleton';
import { currentUserQuery, useCurrentUser } from '@/lib/current-user';
import { safeRedirect } from '@/lib/safe-redirect';
import { oneOf } from '@/lib/search-params';

/**
 * `auth`: the auth dialog's open tab. `redirect`: the member page to go to after logging in (set by the
 * signed-in routes' guard); only a path on this origin is kept (open-redirect safe), anything else is dropped.
 */
type Search = { auth?: AuthTab; redirect?: string };
const validateSearch = (s: Search & SearchSchemaInput): Search => ({ auth: oneOf(s.auth, AUTH_TABS), redirect: safeRedirect(s.redirect) });

// The signed-in home (the feed and the floating VitolAI chat) is a chunk of its own: a visitor's landing page loads none of it.
const MemberHome = lazy(() => import('./-member-home').then((m) => ({ default: m.MemberHome })));

/** `/`: the landing page when logged out, the home feed once signed in (docs/product.md, "Screens"). */
export const Route = createFileRoute('/')({
  validateSearch,
  // The loader stays in the first bundle (a visitor's landing page waits for no chunk to decide what to show); what
  // it needs only when signed in is imported then (docs/decisions.md, "First screen").
  codeSplitGroupings: [['component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context: { queryClient } }) => {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    // Signed in: start the home's reads now; the columns suspend on them without blocking the page.
    if (!user) return;
    void import('@/features/feed/api/get-feed').then(({ feedQuery }) => queryClient.prefetchInfiniteQuery(feedQuery));
    void import('@/lib/api/get-events').then(({ upcomingEventsQuery }) => queryClient.prefetchInfiniteQuery(upcomingEventsQuery));
  },
  component: Home,
});

function Home() {
  const user = useCurrentUser();
  const { auth, redirect } = Route.useSearch();
  const navigate = useNavigate({ from: '/' });
  if (user) return <Suspense fallback={<PageSkeleton />}><MemberHome user={user} /></Suspense>;
  // Changing or closing the dialog's tab keeps the page to return to.
  return (
    <LandingPage
      tab={auth ?? null}
      onTabChange={(t) => void navigate({ search: { auth: t ?? undefined, redirect }, replace: true })}
      redirect={redirect}
    />
  );
}
