import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
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
