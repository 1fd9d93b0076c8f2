import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { INVALID_CODE_MESSAGE } from '@torcedor/shared/constants';
import { DEFAULT_SETTINGS, type User } from '@torcedor/shared/schemas/identity';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { currentUserQuery } from '@/lib/current-user';
import { callsOf, fakeApi, json } from '@/testing/fake-api';
import { VerifyEmailBanner } from './verify-email-banner';

const member: User = {
  id: 'u1', email: 'ana@example.com', emailVerified: false, pendingEmail: null, firstName: 'Ana', lastName: 'Reyes', displayName: null,
  profileImageUrl: null, bio: null, location: null, isOwner: false, isSubscribed: false, isTrial: false, trialEndsAt: null,
  followingCount: 0, followersCount: 0, reviewsCount: 0, humidorCount: 0, wishlistCount: 0,
  ...DEFAULT_SETTINGS, tastes: { strengths: [], wrappers: [], countries: [] }, onboardedAt: null, createdAt: '2026-01-01T00:00:00.000Z',
};

function renderBanner(user: User) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  client.setQueryData(currentUserQuery.queryKey, user);
  render(<QueryClientProvider client={client}><VerifyEmailBanner /><Toaster /></QueryClientProvider>);
  return client;
}

const banner = () => screen.queryByRole('region', { name: 'Please verify your email address' });

afterEach(() => vi.unstubAllGlobals());

describe('the verify-your-email banner', () => {
  it('shows for an unverified address, with what waits on it and a code field made for emailed codes', () => {
    renderBanner(member);
    const region = banner()!;
    expect(region.textContent).toContain('ana@example.com is not verified yet');
    expect(region.textContent).toContain('Posting, commenting, reviewing, hosting and RSVPs open once it is');
    const code = within(region).getByLabelText('Verification code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('does not show for a verified address, nor for a trial account (no address)', () => {
    renderBanner({ ...member, emailVerified: true });
    expect(banner()).toBeNull();
    renderBanner({ ...member, email: null, emailVerified: null, isTrial: true, trialEndsAt: '2999-01-01T00:00:00.000Z' });
    expect(banner()).toBeNull();
  });

  it('checks the code with the shared schema, then sends it; the answer becomes the current user and the banner goes', async () => {
    const fetch = fakeApi({ 'POST /api/auth/verify-email': () => json({ ...member, emailVerified: true }) });
    const client = renderBanner(member);
    const u = userEvent.setup();
    const code = within(banner()!).getByLabelText('Verification code');
    await u.type(code, '12ab');
    await u.click(within(banner()!).getByRole('button', { name: 'Verify' }));
    expect((await within(banner()!).findByText('Enter the 6-digit code from the email')).getAttribute('role')).toBe('alert');
    expect(fetch).not.toHaveBeenCalled();

    await u.clear(code);
    await u.type(code, '123456');
    await u.click(within(banner()!).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(banner()).toBeNull());
    expect(callsOf(fetch)).toEqual([{ call: 'POST /api/auth/verify-email', body: { code: '123456' } }]);
    expect(client.getQueryData<User>(currentUserQuery.queryKey)?.emailVerified).toBe(true);
    expect((await screen.findByTestId('toast')).textContent).toContain('Email verified');
  });

  it('shows the server\u2019s message under the field for a wrong code, and keeps the banner', async () => {
    fakeApi({ 'POST /api/auth/verify-email': () => json({ message: INVALID_CODE_MESSAGE, code: 'INVALID_CODE' }, 400) });
    renderBanner(member);
    const u = userEvent.setup();
    const code = within(banner()!).getByLabelText('Verification code');
    await u.type(code, '654321');
    await u.click(within(banner()!).getByRole('button', { name: 'Verify' }));
    const error = await within(banner()!).findByText(INVALID_CODE_MESSAGE);
    expect(code.getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(code);
  });

  it('resends: the button reads Sent and the status says where the code went', async () => {
    const fetch = fakeApi({ 'POST /api/auth/verify-email/resend': () => json({ ok: true }, 202) });
    renderBanner(member);
    const u = userEvent.setup();
    await u.click(within(banner()!).getByRole('button', { name: 'Resend code' }));
    expect(await within(banner()!).findByRole('button', { name: 'Sent' })).toHaveProperty('disabled', true);
    expect(within(banner()!).getByRole('status').textContent).toBe('A new code is on its way to ana@example.com. Only the latest code works.');
    expect(callsOf(fetch).map((c) => c.call)).toEqual(['POST /api/auth/verify-email/resend']);
  });

  it('on 429 tells when to ask again from Retry-After, else gives the server\u2019s message', async () => {
    const limited = (headers: Record<string, string>) => new Response(
      JSON.stringify({ message: 'Too many codes asked for. Please try again later.', code: 'RATE_LIMITED' }),
      { status: 429, headers: { 'content-type': 'application/json', ...headers } },
    );
    let headers: Record<string, string> = { 'retry-after': '720' };
    fakeApi({ 'POST /api/auth/verify-email/resend': () => limited(headers) });
    renderBanner(member);
    const u = userEvent.setup();
    await u.click(within(banner()!).getByRole('button', { name: 'Resend code' }));
    const status = within(banner()!).getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('For your security we limit how often we send codes. You can ask for a new one in 12 minutes.'));

    headers = {};
    await u.click(within(banner()!).getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(status.textContent).toBe('Too many codes asked for. Please try again later.'));
  });
});
