import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { AiProfile, AiUsage, ChatAnswer, QuickPick, SmokeNextPick } from '@torcedor/shared/schemas/ai';
import type { SmokingHistoryEntry } from '@torcedor/shared/schemas/social';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FunctionComponent } from 'react';
import type * as z from 'zod';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json, type Handler } from '@/testing/fake-api';

export const RESETS_AT = new Date(Date.now() + 6 * 3_600_000).toISOString();
export const usage = (used: number, limit: number | null = 3): z.infer<typeof AiUsage> => ({ used, limit, resetsAt: RESETS_AT });

export const PROFILE: z.infer<typeof AiProfile> = { cigarsTried: 7, averageRating: 87.5, preferredStrength: 'medium-full' };

export const quickPick = (n: number, over: Partial<z.infer<typeof QuickPick>> = {}): z.infer<typeof QuickPick> => ({
  cigarId: `cigar-${n}`, brand: `Brand ${n}`, name: `Cigar ${n}`, vitola: 'Robusto', strength: 'full', matchScore: 95 - n, reason: `Reason ${n}`,
  length: 5, ringGauge: 50, wrapper: 'Ecuadorian Habano', photoUrl: null, averageRating: null, reviewCount: 0, ...over,
});

export const smokeNextPick = (n: number): z.infer<typeof SmokeNextPick> => ({
  itemId: `item-${n}`, cigarId: `cigar-${n}`, brandName: `Humidor Brand ${n}`, cigarName: `Humidor Cigar ${n}`, restDays: 40 + n,
  reason: `Rested and ready ${n}`, pairing: `Pairing ${n}`,
});

export const historyEntry = (n: number): z.infer<typeof SmokingHistoryEntry> => ({
  reviewId: `review-${n}`, cigarId: `cigar-${n}`, brandName: 'Oliva', cigarName: `Serie ${n}`, cigarVitola: 'Toro', rating: 80 + (n % 20),
  flavorTags: ['cocoa'], smokedAt: '2026-01-01T12:00:00.000Z',
});

export const answer = (response: string, over: Partial<z.infer<typeof ChatAnswer>> = {}): z.infer<typeof ChatAnswer> => ({
  response, suggestions: [], usage: usage(1), ...over,
});

/** A deferred answer: the test decides when the server replies. */
export function later() {
  let reply!: (r: Response) => void;
  const handler: Handler = () => new Promise<Response>((r) => { reply = r; });
  return { handler, reply: (r: Response) => reply(r) };
}

export const errorAnswer = (status: number, code: string, message: string) => json({ message, code }, status);

/**
 * `component` at `path` in a router that also knows the pages its links open, with the app's query client (its
 * logged-out rule included) and the toaster.
 */
export function renderAt(component: FunctionComponent, path: string, handlers: Record<string, Handler>, { client = createQueryClient(), loader }: {
  client?: QueryClient;
  /** The route's loader, as the app's route file has it. */
  loader?: (client: QueryClient) => Promise<unknown>;
} = {}) {
  const fetch = fakeApi(handlers);
  const rootRoute = createRootRoute();
  const stub = (p: string) => createRoute({ getParentRoute: () => rootRoute, path: p, component: () => <p>Page {p}</p> });
  const page = createRoute({ getParentRoute: () => rootRoute, path, component, loader: loader && (() => loader(client)) });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page, ...['/cigars/$id', '/subscription', '/humidor'].filter((p) => p !== path).map(stub)]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<QueryClientProvider client={client}><RouterProvider router={router} /><Toaster /></QueryClientProvider>);
  return { fetch, client, router, user: userEvent.setup() };
}
