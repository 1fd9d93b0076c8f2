import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { DEFAULT_SETTINGS, type User } from '@torcedor/shared/schemas/identity';
import type { Post, PublicProfile, Review } from '@torcedor/shared/schemas/social';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { currentUserQuery } from '@/lib/current-user';
import { profileKeys } from '../api/profile-keys';

export const me: User = {
  id: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Reyes', displayName: 'Ana', profileImageUrl: null, bio: 'Maduro fan', location: 'Miami',
  isOwner: false, isSubscribed: false, isTrial: false, trialEndsAt: null, emailVerified: true, pendingEmail: null,
  followingCount: 3, followersCount: 7, reviewsCount: 2, humidorCount: 11, wishlistCount: 4,
  ...DEFAULT_SETTINGS, tastes: { strengths: [], wrappers: [], countries: [] }, onboardedAt: null, createdAt: '2026-01-01T00:00:00.000Z',
};

export const other: PublicProfile = {
  id: 'u2', displayName: 'Carlos', profileImageUrl: null, premium: false, restricted: false, bio: 'Corojo', location: 'Havana',
  followersCount: 10, followingCount: 5, reviewsCount: 1, humidorCount: 30, isOwnProfile: false, isFollowing: false, canFollow: true,
  canMessage: true, blockedByMe: false,
};

export const restricted: PublicProfile = {
  ...other, id: 'u3', displayName: 'Private Pete', restricted: true, bio: null, location: null,
  followersCount: null, followingCount: null, reviewsCount: null, humidorCount: null, canFollow: true,
};

export const post = (over: Partial<Post> = {}): Post => ({
  id: 'p1', userId: 'u2', userName: 'Carlos', userLocation: null, userImageUrl: null, premium: false, postType: 'text', content: 'Hello',
  imageUrl: null, likeCount: 2, commentCount: 1, likedByMe: false, createdAt: new Date().toISOString(), ...over,
});

export const review = (over: Partial<Review> = {}): Review => ({
  id: 'r1', userId: 'u2', userName: 'Carlos', userImageUrl: null, premium: false, cigarId: 'c1', brandName: 'Padrón', cigarName: '1964 Exclusivo',
  cigarVitola: 'Robusto', drawScore: 90, burnScore: 80, flavorScore: 95, overallScore: 90, flavorTags: ['cocoa', 'cedar'],
  notes: 'Great draw', photos: [], createdAt: '2026-02-01T00:00:00.000Z', ...over,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch stub answering by method and path; unknown calls answer 404. Answers may be functions of the call. */
type Answer = (init: RequestInit, url: URL) => Response | Promise<Response>;
export function stubApi(answers: Record<string, unknown>) {
  const fetch = vi.fn(async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    if (!(key in answers)) return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    const a = answers[key];
    return typeof a === 'function' ? (a as Answer)(init, url) : json(a);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
export { json };

/** Renders `ui` inside a router (for links), a query client holding the signed-in member (and `profiles`), and the toaster. */
export function renderWithApp(ui: () => ReactNode, { profiles = [] as PublicProfile[], user = me } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  client.setQueryData(currentUserQuery.queryKey, user);
  for (const p of profiles) client.setQueryData(profileKeys.user(p.id), p);
  const rootRoute = createRootRoute({ component: () => <>{ui()}</> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  const result = render(<QueryClientProvider client={client}><RouterProvider router={router} /><Toaster /></QueryClientProvider>);
  return { ...result, client };
}
