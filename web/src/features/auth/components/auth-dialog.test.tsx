import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVALID_CODE_MESSAGE } from '@torcedor/shared/constants';
import { Toaster } from '@/components/ui/toaster';
import { callsOf, fakeApi, json } from '@/testing/fake-api';
import type { AuthTab } from '../auth-tabs';
import { AuthDialog } from './auth-dialog';

function renderDialog(tab: AuthTab) {
  const rootRoute = createRootRoute({ component: () => <AuthDialog tab={tab} onTabChange={() => {}} onClose={() => {}} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}><RouterProvider router={router} /><Toaster /></QueryClientProvider>);
}

afterEach(() => vi.unstubAllGlobals());

describe('sign-up form (SignupBody)', () => {
  it('shows the shared schema\u2019s errors under the email and the password, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderDialog('signup');
    const form = await screen.findByRole('form', { name: 'Sign up' });
    await user.type(within(form).getByLabelText('First name'), 'Ana');
    await user.type(within(form).getByLabelText('Last name'), 'Robusto');
    await user.type(within(form).getByLabelText('Email'), 'not-an-email');
    await user.type(within(form).getByLabelText('Password'), 'Ab1');
    await user.type(within(form).getByLabelText('Date of birth'), '1984-03-09');
    await user.selectOptions(within(form).getByLabelText('Country'), 'CA');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));

    const email = within(form).getByLabelText('Email');
    const emailError = await within(form).findByText('Please enter a valid email address');
    expect(emailError.getAttribute('role')).toBe('alert');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(emailError.id);

    const password = within(form).getByLabelText('Password');
    const passwordError = within(form).getByText('Password must be at least 8 characters');
    expect(passwordError.getAttribute('role')).toBe('alert');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')?.split(' ')).toContain(passwordError.id);

    expect(within(form).getByLabelText('First name').getAttribute('aria-invalid')).toBeNull();
    expect(within(form).getAllByRole('alert')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
    // The toast a failed sign-up has always shown, now with the schema's first problem.
    expect((await screen.findByTestId('toast')).textContent).toContain('Signup failed');
  });

  it('keeps the spec\u2019s Missing fields toast when required fields are empty, and the age rule under the date of birth', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    renderDialog('signup');
    const form = await screen.findByRole('form', { name: 'Sign up' });
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Missing fields');
    expect(within(form).getByText('First name is required').getAttribute('role')).toBe('alert');

    await user.type(within(form).getByLabelText('First name'), 'Ana');
    await user.type(within(form).getByLabelText('Last name'), 'Robusto');
    await user.type(within(form).getByLabelText('Email'), 'ana@example.com');
    await user.type(within(form).getByLabelText('Password'), 'Cohiba-Siglo-6');
    await user.type(within(form).getByLabelText('Date of birth'), `${new Date().getFullYear() - 19}-01-01`);
    await user.selectOptions(within(form).getByLabelText('Country'), 'US');
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));
    const age = await within(form).findByText('You must be at least 21 years old to access this platform in United States');
    expect(within(form).getByLabelText('Date of birth').getAttribute('aria-describedby')).toBe(age.id);
  });
});

describe('login form (LoginBody)', () => {
  it('keeps the Missing credentials toast and marks the empty fields', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    renderDialog('login');
    const form = await screen.findByRole('form', { name: 'Log in' });
    await user.click(within(form).getByRole('button', { name: 'Log In' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Missing credentials');
    expect(within(form).getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Password is required').getAttribute('role')).toBe('alert');
  });
});

describe('forgot password (ForgotPasswordBody, ResetPasswordBody)', () => {
  const CODE_SENT = 'If an account exists for that address, we sent a 6-digit code. It is valid for 1 hour.';

  it('sends a code, answers neutrally, sets the new password and comes back to the login with the email filled in', async () => {
    let codeTries = 0;
    const fetch = fakeApi({
      'POST /api/auth/forgot-password': () => json({ ok: true }, 202),
      'POST /api/auth/reset-password': () => (++codeTries === 1
        ? json({ message: INVALID_CODE_MESSAGE, code: 'INVALID_CODE' }, 400)
        : json({ ok: true })),
    });
    const user = userEvent.setup();
    renderDialog('login');
    const login = await screen.findByRole('form', { name: 'Log in' });
    await user.type(within(login).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(login).getByRole('button', { name: 'Forgot password?' }));

    const request = await screen.findByRole('form', { name: 'Reset password' });
    const email = within(request).getByLabelText('Email');
    expect((email as HTMLInputElement).value).toBe('ana@example.com');
    expect(document.activeElement).toBe(email);
    await user.click(within(request).getByRole('button', { name: 'Send code' }));

    const reset = await screen.findByRole('form', { name: 'Choose a new password' });
    expect(screen.getAllByRole('status').map((s) => s.textContent).join(' ')).toContain(CODE_SENT);
    const code = within(reset).getByLabelText('Code from the email');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(document.activeElement).toBe(code);
    const password = within(reset).getByLabelText('New password');
    expect(password.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(reset).getByText('At least 8 characters, with an uppercase letter, a lowercase letter and a number.')).toBeTruthy();

    // The shared rules first: a weak password is refused here, nothing sent.
    await user.type(code, '123456');
    await user.type(password, 'short');
    await user.click(within(reset).getByRole('button', { name: 'Set new password' }));
    expect(await within(reset).findByText('Password must be at least 8 characters')).toBeTruthy();

    // A wrong code: the server's message under the code.
    await user.clear(password);
    await user.type(password, 'Maduro-Wrapper-7');
    await user.click(within(reset).getByRole('button', { name: 'Set new password' }));
    const codeError = await within(reset).findByText(INVALID_CODE_MESSAGE);
    expect(code.getAttribute('aria-describedby')).toContain(codeError.id);

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(reset).getByRole('button', { name: 'Set new password' }));

    const back = await screen.findByRole('form', { name: 'Log in' });
    expect(screen.getByText('Your password was changed. Log in with your new password.')).toBeTruthy();
    expect((within(back).getByLabelText('Email') as HTMLInputElement).value).toBe('ana@example.com');
    expect(document.activeElement).toBe(within(back).getByLabelText('Password'));
    expect(callsOf(fetch)).toEqual([
      { call: 'POST /api/auth/forgot-password', body: { email: 'ana@example.com' } },
      { call: 'POST /api/auth/reset-password', body: { email: 'ana@example.com', code: '123456', password: 'Maduro-Wrapper-7' } },
      { call: 'POST /api/auth/reset-password', body: { email: 'ana@example.com', code: '654321', password: 'Maduro-Wrapper-7' } },
    ]);
  });

  it('says when to ask again when too many codes were asked for', async () => {
    fakeApi({
      'POST /api/auth/forgot-password': () => new Response(JSON.stringify({ message: 'Too many requests', code: 'RATE_LIMITED' }), { status: 429, headers: { 'retry-after': '45' } }),
    });
    const user = userEvent.setup();
    renderDialog('login');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const request = await screen.findByRole('form', { name: 'Reset password' });
    await user.type(within(request).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(request).getByRole('button', { name: 'Send code' }));
    expect(await within(request).findByText('For your security we limit how often we send codes. You can ask for a new one in 45 seconds.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Choose a new password' })).toBeNull();
  });
});
