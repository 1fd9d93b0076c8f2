import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { User } from '@torcedor/shared/schemas/identity';
import type { Post } from '@torcedor/shared/schemas/social';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { currentUserQuery } from '@/lib/current-user';
import { feedQuery } from '../api/get-feed';

/** Test fixtures and a fake API for the feed's component tests (not a test file itself). */

export const me = {
  id: 'me', email: 'me@example.com', firstName: 'Ana', lastName: 'Robusto', displayName: 'Ana', profileImageUrl: null, bio: null,
  location: 'Miami', isOwner: false, isSubscribed: false, isTrial: false, trialEndsAt: null, emailVerified: true, pendingEmail: null, followingCount: 1, followersCount: 2,
  reviewsCount: 3, humidorCount: 4, wishlistCount: 5, createdAt: '2026-01-01T00:00:00.000Z',
} as unknown as User;

export const makePost = (over: Partial<Post> = {}): Post => ({
  id: 'p1', userId: 'u2', userName: 'Carlos', userLocation: 'Havana', userImageUrl: null, premium: false, postType: 'text', content: 'A fine Robusto tonight',
  imageUrl: null, likeCount: 3, commentCount: 0, likedByMe: false, createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(), ...over,
});

export { fakeApi, json } from '@/testing/fake-api';

export function makeClient() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchOnMount: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  client.setQueryData(currentUserQuery.queryKey, me);
  return client;
}

/** Seeds the feed's infinite query with these pages. */
export function seedFeed(client: QueryClient, pages: { items: Post[]; nextCursor: string | null }[]) {
  client.setQueryData(feedQuery.queryKey, { pages, pageParams: pages.map((_, i) => (i === 0 ? undefined : `c${i}`)) });
}

/** Renders `ui` in a router (for the profile links) with a query client and the toaster. */
export function renderWithRouter(ui: () => ReactNode, client = makeClient()) {
  const rootRoute = createRootRoute({ component: ui });
  const profileRoute = createRoute({ getParentRoute: () => rootRoute, path: '/profile/{-$id}', component: () => null });
  const router = createRouter({ routeTree: rootRoute.addChildren([profileRoute]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  const result = render(<QueryClientProvider client={client}><RouterProvider router={router} /><Toaster /></QueryClientProvider>);
  return { ...result, client };
}

/** Renders `ui` with a query client and the toaster (no router). */
export function renderWithClient(ui: ReactNode, client = makeClient()) {
  const result = render(<QueryClientProvider client={client}>{ui}<Toaster /></QueryClientProvider>);
  return { ...result, client };
}
