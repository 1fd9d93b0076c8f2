import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter } from '@/router';
import { cigar, me, review } from './test-fixtures';

/** The whole app at `path`, the API answering for the member, the one known cigar and its reviews (any other cigar: 404). */
function boot(path: string) {
  vi.stubGlobal('fetch', vi.fn(async (input: string) => {
    const url = String(input);
    if (url.endsWith('/api/auth/user')) return new Response(JSON.stringify(me));
    if (url.endsWith(`/api/cigars/${cigar.id}`)) return new Response(JSON.stringify(cigar));
    if (url.endsWith(`/api/cigars/${cigar.id}/reviews`)) return new Response(JSON.stringify([review()]));
    if (url.includes('/api/cigars/')) return new Response(JSON.stringify({ message: 'Cigar not found', code: 'NOT_FOUND' }), { status: 404 });
    return new Response('{}', { status: 404 });
  }));
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<QueryClientProvider client={queryClient}><RouterProvider router={router} /></QueryClientProvider>);
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('/cigars/{id}', () => {
  it('shows the route\u2019s not-found for an unknown cigar, with a way back to search', async () => {
    boot('/cigars/no-such-cigar');
    expect(await screen.findByRole('heading', { name: 'Cigar not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search the catalog' }).getAttribute('href')).toBe('/search');
  });

  it('opens Write a Review from ?review=1, and closing it takes the parameter out of the URL', async () => {
    const router = boot(`/cigars/${cigar.id}?review=1`);
    expect(await screen.findByRole('form', { name: 'Write a review' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: cigar.name, hidden: true })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: cigar.name })).toBeTruthy();
  });
});
