import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { currentUserQuery } from '@/lib/current-user';
import { dismissToast } from '@/lib/toast';
import { reportsQuery } from '../api/list-reports';
import { ModerationPage } from './moderation-page';
import type { StatusFilter } from './status-filters';

const report = (id: string, status: 'open' | 'hidden' | 'dismissed', targetType: 'post' | 'comment' | 'review' | 'member' = 'post') => ({
  id, targetType, targetId: `t-${id}`, reason: `Reason ${id}`, reporterId: 'u1', reporterName: 'Ana Robusto',
  excerpt: `Excerpt ${id}`, status, createdAt: '2026-01-01T12:00:00.000Z',
});
const reports = [report('1', 'open'), report('2', 'open', 'comment'), report('3', 'hidden', 'review'), report('4', 'dismissed', 'member')];

function renderPage({ isOwner, status = 'open', fetch = vi.fn() }: { isOwner: boolean; status?: StatusFilter; fetch?: ReturnType<typeof vi.fn> }) {
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  client.setQueryData(currentUserQuery.queryKey, { id: 'me', isOwner } as never);
  if (isOwner) client.setQueryData(reportsQuery.queryKey, reports as never);
  const onStatusChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <Suspense fallback="loading"><ModerationPage status={status} onStatusChange={onStatusChange} /></Suspense>
      <Toaster />
    </QueryClientProvider>,
  );
  return { onStatusChange, fetch };
}

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('moderation page', () => {
  it('tells a member the area is restricted, and loads nothing', () => {
    const { fetch } = renderPage({ isOwner: false });
    expect(screen.getByRole('heading', { name: 'Access Restricted' })).toBeTruthy();
    expect(screen.getByText('This area is restricted to platform administrators.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Moderation' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('lists the open reports with type, excerpt, reason and reporter; the filter goes to the URL', async () => {
    const user = userEvent.setup();
    const { onStatusChange } = renderPage({ isOwner: true });
    expect(screen.getByRole('heading', { name: 'Moderation' })).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Reports' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]!.textContent).toContain('Comment');
    expect(items[1]!.textContent).toContain('Excerpt 2');
    expect(items[1]!.textContent).toContain('Reason 2');
    expect(items[1]!.textContent).toContain('Ana Robusto');
    expect(screen.getByRole('button', { name: /Open/ }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: /Dismissed/ }));
    expect(onStatusChange).toHaveBeenCalledWith('dismissed');
  });

  it('hides the content of a report and says so', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ...report('1', 'hidden') })));
    const user = userEvent.setup();
    renderPage({ isOwner: true, fetch });
    const first = within(screen.getByRole('list', { name: 'Reports' })).getAllByRole('listitem')[0]!;
    await user.click(within(first).getByRole('button', { name: 'Hide content' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/reports/1/resolve');
    expect(JSON.parse(init.body as string)).toEqual({ action: 'hide' });
    expect((await screen.findByTestId('toast')).textContent).toContain('Content hidden');
  });

  it('says so when a dismissal fails', async () => {
    const user = userEvent.setup();
    renderPage({ isOwner: true, status: 'all', fetch: vi.fn(async () => new Response('', { status: 500 })) });
    expect(within(screen.getByRole('list', { name: 'Reports' })).getAllByRole('listitem')).toHaveLength(4);
    await user.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    const t = await screen.findByTestId('toast');
    expect(t.textContent).toContain('Error');
    expect(t.textContent).toContain('Failed to update report');
  });
});
