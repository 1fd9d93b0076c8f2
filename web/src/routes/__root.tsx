import { Trans } from '@lingui/react/macro';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Header } from '@/components/layout/header';
import { NotFound } from '@/components/layout/not-found';
import { TabBar } from '@/components/layout/tab-bar';
import { Toaster } from '@/components/ui/toaster';
import { currentUserQuery } from '@/lib/current-user';

// The live socket (docs/architecture.md, "Live delivery") is its own chunk, loaded once a member is signed in: a
// visitor's first screen loads none of it (docs/decisions.md, "First screen").
const LiveConnection = lazy(() => import('@/features/live/live-connection').then((m) => ({ default: m.LiveConnection })));

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const { data: user } = useQuery(currentUserQuery);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-fg">
        <Trans>Skip to content</Trans>
      </a>
      <Header />
      <div id="main" className="flex-1">
        <Outlet />
      </div>
      <TabBar />
      <Toaster />
      {user ? <Suspense fallback={null}><LiveConnection /></Suspense> : null}
    </div>
  );
}
