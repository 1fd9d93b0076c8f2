import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '@torcedor/shared/constants';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { currentUserQuery } from '@/lib/current-user';
import { dismissToast } from '@/lib/toast';
import { callsOf, fakeApi, json, type Handler } from '@/testing/fake-api';
import { SupportPage } from './support-page';
import type { SupportRequest } from './support-format';

const request = (id: string, over: Partial<SupportRequest> = {}): SupportRequest => ({
  id, userId: 'u1', displayName: 'Ana Reyes', email: 'ana@example.com', category: 'billing', subject: `Subject ${id}`,
  message: `Message ${id}`, priority: false, status: 'open', createdAt: '2026-01-01T12:00:00.000Z', resolvedAt: null, ...over,
});

function renderPage({ isOwner = false, api = {} }: { isOwner?: boolean; api?: Record<string, Handler> } = {}) {
  const fetch = fakeApi({ 'GET /api/support': () => json({ items: [] }), ...api });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  client.setQueryData(currentUserQuery.queryKey, { id: 'u1', isOwner } as never);
  render(
    <QueryClientProvider client={client}>
      <Suspense fallback="loading"><SupportPage /></Suspense>
      <Toaster />
    </QueryClientProvider>,
  );
  return { fetch, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, { topic = 'billing', subject = 'Card declined', message = 'My card was declined.' } = {}) {
  await user.selectOptions(await screen.findByLabelText('Topic'), topic);
  await user.type(screen.getByLabelText('Subject'), subject);
  await user.type(screen.getByLabelText('Message'), message);
}

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('the support form', () => {
  it("shows the shared schema's messages inline, announced and tied to their fields, and sends nothing", async () => {
    const { fetch, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Send Request' }));
    const subject = screen.getByLabelText('Subject');
    await waitFor(() => expect(subject.getAttribute('aria-invalid')).toBe('true'));
    const form = screen.getByRole('form', { name: 'Support request' });
    expect(within(form).getAllByRole('alert').map((a) => a.textContent)).toEqual(['Choose a topic', 'Subject is required', 'Message is required']);
    expect(subject.getAttribute('aria-describedby')).toBe(screen.getByText('Subject is required').id);
    // Blank after trimming is still empty; a message over the limit is refused with the limit.
    await user.type(subject, '   ');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'x'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1) } });
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText(`Message must be at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`)).toBeTruthy();
    expect(screen.getByText('Subject is required')).toBeTruthy();
    expect(callsOf(fetch).some((c) => c.call === 'POST /api/support')).toBe(false);
  });

  it("sends the request, reads 'Sending...' while pending, says when we answer and lists it with its status", async () => {
    let release!: () => void;
    const stored: SupportRequest[] = [];
    const { fetch, user } = renderPage({
      api: {
        'GET /api/support': () => json({ items: stored }),
        'POST /api/support': () => new Promise<Response>((r) => {
          release = () => {
            stored.unshift(request('r1', { subject: 'Card declined' }));
            r(json(stored[0], 201));
          };
        }),
      },
    });
    await fill(user, { subject: '  Card declined ' });
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    expect((await screen.findByRole('button', { name: 'Sending...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(callsOf(fetch).find((c) => c.call === 'POST /api/support')?.body).toEqual({ category: 'billing', subject: 'Card declined', message: 'My card was declined.' });
    release();
    const t = await screen.findByTestId('toast');
    expect(t.textContent).toContain('Request sent');
    expect(t.textContent).toContain('We will get back to you by email.');
    const mine = await screen.findByRole('list', { name: 'Your requests' });
    expect(within(mine).getByText('Card declined')).toBeTruthy();
    expect(within(mine).getByText('Open')).toBeTruthy();
    // The form is empty again.
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('');
  });

  it("tells a premium member their request is answered first", async () => {
    const { user } = renderPage({ api: { 'POST /api/support': () => json(request('r2', { priority: true }), 201) } });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    const t = await screen.findByTestId('toast');
    expect(t.textContent).toContain('Request sent');
    expect(t.textContent).toContain('Priority support: we answer premium members first.');
  });

  it("shows the server's field problems under the field too", async () => {
    const { user } = renderPage({
      api: { 'POST /api/support': () => json({ message: 'Invalid request body', code: 'VALIDATION', issues: [{ path: ['subject'], message: 'Subject must be at most 120 characters' }] }, 400) },
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    const error = await within(screen.getByRole('form', { name: 'Support request' })).findByText('Subject must be at most 120 characters');
    expect(error.getAttribute('role')).toBe('alert');
    expect((await screen.findByTestId('toast')).textContent).toContain('Error');
  });
});

describe("the member's requests and the owners' queue", () => {
  it('shows a member their own requests with status, and no queue', async () => {
    const { fetch } = renderPage({
      api: { 'GET /api/support': () => json({ items: [request('r2', { subject: 'Newer' }), request('r1', { subject: 'Older', status: 'resolved', resolvedAt: '2026-01-02T12:00:00.000Z' })] }) },
    });
    const items = within(await screen.findByRole('list', { name: 'Your requests' })).getAllByRole('listitem');
    expect(items.map((i) => [within(i).getByRole('heading').textContent, i.textContent?.includes('Resolved') ? 'Resolved' : 'Open'])).toEqual([['Newer', 'Open'], ['Older', 'Resolved']]);
    expect(screen.queryByRole('heading', { name: 'Support Queue' })).toBeNull();
    expect(callsOf(fetch).some((c) => c.call === 'GET /api/support/queue')).toBe(false);
  });

  it("lists every request for an owner in the server's order, priority ones badged, and resolves one", async () => {
    const queue = [
      request('q1', { priority: true, subject: 'Premium first', displayName: 'Pia Premium', email: 'pia@example.com' }),
      request('q2', { subject: 'Free second', displayName: 'Fred Free', email: null }),
      request('q3', { subject: 'Done', status: 'resolved', resolvedAt: '2026-01-03T12:00:00.000Z' }),
    ];
    const { fetch, user } = renderPage({
      isOwner: true,
      api: {
        'GET /api/support/queue': () => json({ items: queue }),
        'POST /api/support/q1/resolve': () => {
          // The server moves it behind the open ones.
          const resolved = { ...queue.shift()!, status: 'resolved' as const, resolvedAt: '2026-01-04T12:00:00.000Z' };
          queue.splice(1, 0, resolved);
          return json(resolved);
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Support Queue' })).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Support queue' })).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual(['Premium first', 'Free second', 'Done']);
    expect(within(items[0]!).getByText('Priority')).toBeTruthy();
    expect(within(items[1]!).queryByText('Priority')).toBeNull();
    expect(items[0]!.textContent).toContain('Pia Premium');
    expect(within(items[0]!).getByRole('link', { name: 'pia@example.com' }).getAttribute('href')).toBe('mailto:pia@example.com');
    expect(items[1]!.textContent).toContain('no email on file');
    expect(within(items[2]!).queryByRole('button', { name: 'Mark Resolved' })).toBeNull();

    await user.click(within(items[0]!).getByRole('button', { name: 'Mark Resolved' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Request resolved');
    expect(callsOf(fetch).some((c) => c.call === 'POST /api/support/q1/resolve')).toBe(true);
    // Resolved at once, then in the server's order again: the open one first.
    const headings = () => within(screen.getByRole('list', { name: 'Support queue' })).getAllByRole('listitem').map((i) => within(i).getByRole('heading').textContent);
    await waitFor(() => expect(headings()).toEqual(['Free second', 'Premium first', 'Done']));
    const resolved = within(screen.getByRole('list', { name: 'Support queue' })).getAllByRole('listitem')[1]!;
    expect(within(resolved).queryByRole('button', { name: 'Mark Resolved' })).toBeNull();
    expect(within(resolved).getByText('Resolved', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('1 open')).toBeTruthy();
  });

  it('says so when resolving fails', async () => {
    const { user } = renderPage({
      isOwner: true,
      api: {
        'GET /api/support/queue': () => json({ items: [request('q1')] }),
        'POST /api/support/q1/resolve': () => json({ message: 'Support request not found', code: 'NOT_FOUND' }, 404),
      },
    });
    const list = await screen.findByRole('list', { name: 'Support queue' });
    await user.click(within(list).getByRole('button', { name: 'Mark Resolved' }));
    const t = await screen.findByTestId('toast');
    expect(t.textContent).toContain('Error');
    expect(t.textContent).toContain('Support request not found');
  });
});
