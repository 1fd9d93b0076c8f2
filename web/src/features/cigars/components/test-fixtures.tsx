import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { DEFAULT_SETTINGS, type User } from '@torcedor/shared/schemas/identity';
import type { Cigar } from '@torcedor/shared/schemas/catalog';
import type { Review } from '@torcedor/shared/schemas/social';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { currentUserQuery } from '@/lib/current-user';

/** Fixtures and a render helper for the cigar page's tests (not a test file itself). */
export const me: User = {
  id: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Reyes', displayName: null, profileImageUrl: null, bio: null, location: null,
  isOwner: false, isSubscribed: false, isTrial: false, trialEndsAt: null, emailVerified: true, pendingEmail: null,
  followingCount: 0, followersCount: 0, reviewsCount: 1, humidorCount: 0, wishlistCount: 0,
  ...DEFAULT_SETTINGS, tastes: { strengths: [], wrappers: [], countries: [] }, onboardedAt: null, createdAt: '2026-01-01T00:00:00.000Z',
};

export const cigar: Cigar = {
  id: 'padron-1964-exclusivo', brandId: 'padron', brandName: 'Padrón', brandCountry: 'Nicaragua', name: '1964 Anniversary Exclusivo',
  vitola: 'Robusto', length: 5.5, ringGauge: 50, strength: 'medium-full', wrapper: 'Nicaraguan Maduro', binder: 'Nicaraguan',
  filler: 'Nicaraguan', country: 'Nicaragua', description: 'Box-pressed, aged four years.', averageRating: 86, reviewCount: 7,
  photos: [],
};

export const review = (over: Partial<Review> = {}): Review => ({
  id: 'r1', userId: 'u2', userName: 'Beto Cruz', userImageUrl: null, premium: false, cigarId: cigar.id, brandName: cigar.brandName, cigarName: cigar.name,
  cigarVitola: cigar.vitola, drawScore: 90, burnScore: 85, flavorScore: 88, overallScore: 87, flavorTags: ['Cocoa', 'Coffee'],
  notes: 'Rich and even.', photos: [], createdAt: '2026-03-01T12:00:00.000Z', ...over,
});

export function newClient(user: User | null = me) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  client.setQueryData(currentUserQuery.queryKey, user);
  return client;
}

/** Renders `ui` inside a router (for its Links), a query client and the toaster. */
export function renderWithRouter(ui: ReactNode, client = newClient()) {
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return { client, ...render(<QueryClientProvider client={client}><RouterProvider router={router} /><Toaster /></QueryClientProvider>) };
}
