import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_SETTINGS, type User } from '@torcedor/shared/schemas/identity';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { currentUserQuery } from '@/lib/current-user';
import { callsOf, fakeApi, json } from '@/testing/fake-api';
import { SettingsPage } from './settings-page';

const member: User = {
  id: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Reyes', displayName: null, profileImageUrl: null, bio: null, location: null,
  isOwner: false, isSubscribed: false, isTrial: false, trialEndsAt: null, emailVerified: true, pendingEmail: null,
  followingCount: 0, followersCount: 0, reviewsCount: 0, humidorCount: 0, wishlistCount: 0,
  ...DEFAULT_SETTINGS, tastes: { strengths: [], wrappers: [], countries: [] }, onboardedAt: null, createdAt: '2026-01-01T00:00:00.000Z',
};
const trialMember: User = { ...member, id: 'u2', email: null, emailVerified: null, firstName: null, lastName: null, displayName: 'Trial Member', isTrial: true, trialEndsAt: '2999-01-01T00:00:00.000Z' };

/** The settings page for `user`, on the Security tab with the delete dialog open. */
async function openDeleteDialog(user: User) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  client.setQueryData(currentUserQuery.queryKey, user);
  render(<QueryClientProvider client={client}><SettingsPage /><Toaster /></QueryClientProvider>);
  const u = userEvent.setup();
  await u.click(screen.getByRole('tab', { name: 'Security' }));
  await u.click(await screen.findByRole('button', { name: 'Delete Account' }));
  return { u, form: await screen.findByRole('form', { name: 'Delete account' }) };
}

afterEach(() => vi.unstubAllGlobals());

describe('delete account (DeleteAccountBody)', () => {
  it('asks a member for their password: empty, it shows the schema\u2019s error under the field and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { u, form } = await openDeleteDialog(member);
    await u.type(within(form).getByLabelText('Type DELETE to confirm'), 'DELETE');
    const password = within(form).getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    await u.click(password);
    await u.tab();
    const error = await within(form).findByText('Password is required');
    expect(error.getAttribute('role')).toBe('alert');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toBe(error.id);
    expect(within(form).getByRole('button', { name: 'Delete permanently' })).toHaveProperty('disabled', true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the password with the confirmation, and shows the server\u2019s answer to a wrong one under the field', async () => {
    const fetch = vi.fn(async (url: string) => (String(url).endsWith('/api/auth/refresh')
      ? new Response('{}', { status: 200 })
      : new Response(JSON.stringify({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }), { status: 401 })));
    vi.stubGlobal('fetch', fetch);
    const { u, form } = await openDeleteDialog(member);
    await u.type(within(form).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await u.type(within(form).getByLabelText('Password'), 'Wrong-Pass-1');
    await u.click(within(form).getByRole('button', { name: 'Delete permanently' }));
    const error = await within(form).findByText('Invalid email or password');
    expect(within(form).getByLabelText('Password').getAttribute('aria-describedby')).toBe(error.id);
    expect((await screen.findByTestId('toast')).textContent).toContain('Invalid email or password');
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/user'))! as unknown as [string, RequestInit];
    expect(init.method).toBe('DELETE');
    expect(JSON.parse(String(init.body))).toEqual({ confirmation: 'DELETE', password: 'Wrong-Pass-1' });
  });

  it('asks a trial member for the typed confirmation alone', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { u, form } = await openDeleteDialog(trialMember);
    expect(within(form).queryByLabelText('Password')).toBeNull();
    await u.type(within(form).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await u.click(within(form).getByRole('button', { name: 'Delete permanently' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ confirmation: 'DELETE' });
  });
});

describe('email address (ChangeEmailBody, then the code)', () => {
  async function openSecurity(user: User) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
    client.setQueryData(currentUserQuery.queryKey, user);
    render(<QueryClientProvider client={client}><SettingsPage /><Toaster /></QueryClientProvider>);
    const u = userEvent.setup();
    await u.click(screen.getByRole('tab', { name: 'Security' }));
    return { u, section: await screen.findByRole('region', { name: 'Email address' }) };
  }

  it('shows the address and its state; a change shows the pending address with the code, which switches the address', async () => {
    const fetch = fakeApi({
      'PUT /api/user/email': ({ body }) => ((body as { password: string }).password === 'Right-Pass-1'
        ? json({ ...member, pendingEmail: 'ana@club.example' })
        : json({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }, 401)),
      'POST /api/auth/verify-email': () => json({ ...member, email: 'ana@club.example', pendingEmail: null }),
    });
    const { u, section } = await openSecurity(member);
    expect(section.textContent).toContain('ana@example.com');
    expect(within(section).getByText('Verified')).toBeTruthy();

    const form = within(section).getByRole('form', { name: 'Change email address' });
    await u.type(within(form).getByLabelText('New email address'), 'Ana@Club.example');
    await u.type(within(form).getByLabelText('Current password'), 'Wrong-Pass-1');
    await u.click(within(form).getByRole('button', { name: 'Change Email' }));
    const wrong = await within(form).findByText('Invalid email or password');
    expect(within(form).getByLabelText('Current password').getAttribute('aria-describedby')).toContain(wrong.id);

    await u.clear(within(form).getByLabelText('Current password'));
    await u.type(within(form).getByLabelText('Current password'), 'Right-Pass-1');
    await u.click(within(form).getByRole('button', { name: 'Change Email' }));

    await waitFor(() => expect(within(section).getAllByRole('status')[0]!.textContent).toContain('We sent a code to ana@club.example'));
    expect(within(section).queryByRole('form', { name: 'Change email address' })).toBeNull();
    const code = within(section).getByLabelText('Verification code');
    expect(document.activeElement).toBe(code);
    await u.type(code, '246810');
    await u.click(within(section).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(section.textContent).toContain('Current address:ana@club.example'));
    expect(within(section).getByText('Verified')).toBeTruthy();
    expect(within(section).queryByLabelText('Verification code')).toBeNull();
    expect((await screen.findByTestId('toast')).textContent).toContain('Email address updated');
    expect(callsOf(fetch)).toEqual([
      { call: 'PUT /api/user/email', body: { email: 'ana@club.example', password: 'Wrong-Pass-1' } },
      { call: 'PUT /api/user/email', body: { email: 'ana@club.example', password: 'Right-Pass-1' } },
      { call: 'POST /api/auth/verify-email', body: { code: '246810' } },
    ]);
  });

  it('says Not verified for an unverified address, and shows a trial account has none', async () => {
    const { section } = await openSecurity({ ...member, emailVerified: false });
    expect(within(section).getByText('Not verified')).toBeTruthy();
    cleanup();
    const trial = await openSecurity(trialMember);
    expect(trial.section.textContent).toContain('A trial account has no email address.');
    expect(within(trial.section).queryByRole('form')).toBeNull();
  });
});

describe('preferences: the language', () => {
  it('lists each language in its own name; saving one puts the saved member in the current-user read at once', async () => {
    // The tab's switches measure themselves (jsdom has no ResizeObserver).
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
    // The refetch after the save never answers: only the save's own answer can change the read.
    const fetch = fakeApi({
      'PUT /api/user/preferences': ({ body }) => json({ ...member, ...(body as Partial<User>) }),
      'GET /api/auth/user': () => new Promise<Response>(() => {}),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
    client.setQueryData(currentUserQuery.queryKey, member);
    render(<QueryClientProvider client={client}><SettingsPage /><Toaster /></QueryClientProvider>);
    const u = userEvent.setup();
    await u.click(screen.getByRole('tab', { name: 'Preferences' }));
    const form = await screen.findByRole('form', { name: 'Preferences' });
    const language = within(form).getByLabelText('Language') as HTMLSelectElement;
    expect([...language.options].map((o) => [o.value, o.textContent])).toEqual([
      ['en', 'English'], ['es', 'Español'], ['fr', 'Français'], ['de', 'Deutsch'], ['it', 'Italiano'],
    ]);
    expect(language.value).toBe('en');

    await u.selectOptions(language, 'fr');
    await u.click(within(form).getByRole('button', { name: 'Save Preferences' }));
    await waitFor(() => expect(client.getQueryData<User>(currentUserQuery.queryKey)?.language).toBe('fr'));
    expect(callsOf(fetch)[0]).toEqual({
      call: 'PUT /api/user/preferences', body: { language: 'fr', contentFilter: member.contentFilter, showMatureContent: member.showMatureContent },
    });
  });
});
