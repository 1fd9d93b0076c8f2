import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/date-time';
import { SAVED_AT_HEADER } from '@/lib/offline-cache';
import { noteAnswer, resetSavedCopies, savedCopyAt } from '@/lib/saved-copy';
import { SAVED_COPY_RETRY_MS, SavedCopyNotice } from './saved-copy-notice';

const saved = (at: string) => new Response('[]', { headers: { [SAVED_AT_HEADER]: at } });
const fresh = () => new Response('[]');

afterEach(() => resetSavedCopies());

describe('saved copies', () => {
  it('are marked by the service worker\'s stamp and cleared by the next answer from the network', () => {
    noteAnswer('/api/humidor', saved('2026-12-02T18:30:00.000Z'));
    noteAnswer('/api/wishlist', saved('2026-12-01T09:00:00.000Z'));
    noteAnswer('/api/humidor/summary', fresh());
    expect(savedCopyAt(['/api/humidor', '/api/wishlist'])).toEqual(new Date('2026-12-01T09:00:00.000Z'));
    expect(savedCopyAt(['/api/humidor/summary'])).toBeNull();
    noteAnswer('/api/wishlist', fresh());
    expect(savedCopyAt(['/api/humidor', '/api/wishlist'])).toEqual(new Date('2026-12-02T18:30:00.000Z'));
    // A failed answer from the network is not a fresh copy: what the page shows is still the saved one.
    noteAnswer('/api/humidor', new Response('{}', { status: 503 }));
    expect(savedCopyAt(['/api/humidor'])).toEqual(new Date('2026-12-02T18:30:00.000Z'));
  });
});

describe('the saved-copy notice', () => {
  const renderNotice = (queryClient = new QueryClient()) =>
    render(<QueryClientProvider client={queryClient}><SavedCopyNotice paths={['/api/humidor', '/api/wishlist']} /></QueryClientProvider>);

  it('says nothing while the page\'s reads came from the network', () => {
    noteAnswer('/api/humidor', fresh());
    renderNotice();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says from when the copy shown was saved, and goes when fresh answers arrive', () => {
    renderNotice();
    act(() => noteAnswer('/api/humidor', saved('2026-12-02T18:30:00.000Z')));
    expect(screen.getByRole('status').textContent).toBe(`Saved copy from ${formatDateTime(new Date('2026-12-02T18:30:00.000Z'))} — you are offline`);
    act(() => noteAnswer('/api/humidor', fresh()));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('reads the page again when the browser is back online', () => {
    const queryClient = new QueryClient();
    const refetch = vi.spyOn(queryClient, 'refetchQueries').mockResolvedValue();
    noteAnswer('/api/wishlist', saved('2026-12-02T18:30:00.000Z'));
    renderNotice(queryClient);
    act(() => void dispatchEvent(new Event('online')));
    expect(refetch).toHaveBeenCalledWith({ type: 'active' });
  });

  it('tries the network again now and then while the browser says it is online, and not once the copy is gone', () => {
    vi.useFakeTimers();
    try {
      const queryClient = new QueryClient();
      const refetch = vi.spyOn(queryClient, 'refetchQueries').mockResolvedValue();
      noteAnswer('/api/humidor', saved('2026-12-02T18:30:00.000Z'));
      renderNotice(queryClient);
      act(() => void vi.advanceTimersByTime(SAVED_COPY_RETRY_MS - 1));
      expect(refetch).not.toHaveBeenCalled();
      act(() => void vi.advanceTimersByTime(1));
      expect(refetch).toHaveBeenCalledTimes(1);
      act(() => noteAnswer('/api/humidor', fresh()));
      act(() => void vi.advanceTimersByTime(SAVED_COPY_RETRY_MS * 3));
      expect(refetch).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
