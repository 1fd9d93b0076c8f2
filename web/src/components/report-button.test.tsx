import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { dismissToast } from '@/lib/toast';
import { ReportButton } from './report-button';

const report = {
  id: 'r1', targetType: 'comment', targetId: 'p1:c1', reason: 'Spam', reporterId: 'u1', reporterName: 'Ana',
  excerpt: 'Buy cheap sticks', status: 'open', createdAt: '2026-01-01T00:00:00.000Z',
};

function renderButton() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}><ReportButton targetType="comment" targetId="p1:c1" /><Toaster /></QueryClientProvider>);
}

/** Renders the button, opens its dialog and types `reason` (the form loads when first opened: found, not got). */
async function openAndType(reason: string) {
  const user = userEvent.setup();
  renderButton();
  await user.click(screen.getByRole('button', { name: 'Report this comment' }));
  const dialog = await screen.findByRole('dialog');
  await user.type(await within(dialog).findByLabelText('Reason'), reason);
  return { user, dialog };
}

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('ReportButton', () => {
  it('refuses an empty reason inline, announced, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { user, dialog } = await openAndType('   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Please say what is wrong');
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(reason.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts {targetType, targetId, reason}, thanks the member and closes', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(report), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const { user, dialog } = await openAndType(' Spam ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/reports');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ targetType: 'comment', targetId: 'p1:c1', reason: 'Spam' });
    const t = await screen.findByTestId('toast');
    expect(t.textContent).toContain('Report sent');
    expect(t.textContent).toContain('Thank you. A moderator will review it.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open and says so when the report fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 500 })));
    const { user, dialog } = await openAndType('Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    const t = await screen.findByTestId('toast');
    expect(t.textContent).toContain('Error');
    expect(t.textContent).toContain('Failed to send report');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('starts empty when opened again after Cancel', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { user, dialog } = await openAndType('Half a thought');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Report this comment' }));
    const reason = await within(await screen.findByRole('dialog')).findByLabelText('Reason');
    expect((reason as HTMLTextAreaElement).value).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });
});
