import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import type { ClubEvent } from '@torcedor/shared/schemas/events';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { upcomingEventsQuery } from '@/lib/api/get-events';

/** Test fixtures and a fake API for the events' component tests (not a test file itself). */

export const makeEvent = (over: Partial<ClubEvent> = {}): ClubEvent => ({
  id: 'e1', title: 'Cuban Night', description: 'Aged Habanos and rum', eventType: 'tasting', hostId: 'u2', hostName: 'Carlos', hostPremium: false,
  venueName: 'The Humidor Room', address: '1 Ocean Drive, Miami', startAt: '2030-05-01T23:30:00.000Z', endAt: null, capacity: null,
  attendingCount: 4, interestedCount: 1, waitlistCount: 0, isAgeRestricted: true, rsvpStatus: null, waitlistPosition: null, isHost: false,
  ...over,
});

export { callsOf, fakeApi, json, type Handler } from '@/testing/fake-api';

export function makeClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchOnMount: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}

/** Seeds the upcoming events' infinite query with these pages. */
export function seedEvents(client: QueryClient, pages: { upcoming: ClubEvent[]; pastCount?: number; nextCursor?: string | null }[]) {
  client.setQueryData(upcomingEventsQuery.queryKey, {
    pages: pages.map((p) => ({ upcoming: p.upcoming, pastCount: p.pastCount ?? 0, nextCursor: p.nextCursor ?? null })),
    pageParams: pages.map((_, i) => (i === 0 ? undefined : `c${i}`)),
  });
}

/**
 * Renders `ui` in a router that knows the events pages and profiles (for the links), with a query client and the
 * toaster, starting at `path`: on every page (`at: 'root'`), or as the page of `/events/$id` (`at: 'event'`).
 */
export function renderWithRouter(ui: () => ReactNode, { client = makeClient(), path = '/', at = 'root' }: { client?: QueryClient; path?: string; at?: 'root' | 'event' } = {}) {
  const rootRoute = createRootRoute({ component: () => <>{at === 'root' ? ui() : null}<Outlet /></> });
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => null });
  const events = createRoute({ getParentRoute: () => rootRoute, path: '/events', component: () => <p>Events list</p> });
  const event = createRoute({ getParentRoute: () => rootRoute, path: '/events/$id', component: () => (at === 'event' ? ui() : null) });
  const profile = createRoute({ getParentRoute: () => rootRoute, path: '/profile/{-$id}', component: () => null });
  const router = createRouter({ routeTree: rootRoute.addChildren([home, events, event, profile]), history: createMemoryHistory({ initialEntries: [path] }) });
  const result = render(<QueryClientProvider client={client}><RouterProvider router={router} /><Toaster /></QueryClientProvider>);
  return { ...result, client, router };
}
