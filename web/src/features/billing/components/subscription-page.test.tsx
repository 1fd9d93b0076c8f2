import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider, useNavigate, useSearch } from '@tanstack/react-router';
import type { SubscriptionStatus } from '@torcedor/shared/schemas/billing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { Toaster } from '@/components/ui/toaster';
import { collectionKeys } from '@/lib/collection-keys';
import { currentUserQuery } from '@/lib/current-user';
import { dismissToast } from '@/lib/toast';
import { callsOf, fakeApi, json, type Handler } from '@/testing/fake-api';
import { subscriptionStatusQuery } from '../api/get-subscription-status';
import { formatExpiry, groupCardNumber } from './local-payment-form';
import { SubscriptionPage } from './subscription-page';

type Status = z.infer<typeof SubscriptionStatus>;

const features = (on: boolean) => ({ unlimitedHumidor: on, unlimitedRecommendations: on, prioritySupport: on, advancedAnalytics: on });
const FREE: Status = { isPremium: false, plan: 'free', renewalDate: null, cancelAtPeriodEnd: false, endsAt: null, features: features(false), paymentsAvailable: true };
const PREMIUM: Status = { isPremium: true, plan: 'premium', renewalDate: '2026-05-05T12:00:00.000Z', cancelAtPeriodEnd: false, endsAt: null, features: features(true), paymentsAvailable: true };
const CANCELED: Status = { ...PREMIUM, renewalDate: null, cancelAtPeriodEnd: true, endsAt: '2026-05-05T12:00:00.000Z' };
const TRIAL: Status = { isPremium: false, plan: 'trial', renewalDate: null, cancelAtPeriodEnd: false, endsAt: '2026-04-12T08:00:00.000Z', features: features(true), paymentsAvailable: true };
const SETUP = { clientSecret: 'sub_local_1_secret_abc', provider: 'local', publishableKey: null } as const;

/** A deferred answer: the test decides when the server replies. */
function later() {
  let reply!: (r: Response) => void;
  const answer = new Promise<Response>((r) => { reply = r; });
  return { handler: (() => answer) as Handler, reply };
}

/** The page at /subscription with `?success` in the URL, wired as the route wires it. */
function renderPage({ status, path = '/subscription', handlers = {} }: { status: () => Status; path?: string; handlers?: Record<string, Handler> }) {
  const fetch = fakeApi({ 'GET /api/subscription/status': () => json(status()), ...handlers });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchOnMount: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  client.setQueryData(subscriptionStatusQuery.queryKey, status());
  const rootRoute = createRootRoute();
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/subscription',
    validateSearch: z.object({ success: z.boolean().optional().catch(undefined), redirect_status: z.string().optional().catch(undefined) }),
    component: function Subscription() {
      const { success, redirect_status } = useSearch({ strict: false }) as { success?: boolean; redirect_status?: string };
      const navigate = useNavigate();
      return (
        <SubscriptionPage
          returned={success ? (redirect_status === 'failed' ? 'failed' : 'success') : null}
          onPaid={() => void navigate({ to: '/subscription', search: { success: true } })}
          onReturnSeen={() => void navigate({ to: '/subscription', search: {}, replace: true })}
        />
      );
    },
  });
  const router = createRouter({ routeTree: rootRoute.addChildren([page]), history: createMemoryHistory({ initialEntries: [path] }) });
  render(<QueryClientProvider client={client}><RouterProvider router={router} /><Toaster /></QueryClientProvider>);
  return { fetch, client, router, user: userEvent.setup() };
}

const toastEl = () => screen.findByTestId('toast');

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string, expiry = '1234', cvc = '123') {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), expiry);
  await user.type(screen.getByLabelText('CVC'), cvc);
}

/** From Upgrade to Premium to the local card form. */
async function openPaymentForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
  return screen.findByRole('region', { name: 'Complete Your Subscription' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  dismissToast();
});

describe('the subscription page', () => {
  it('shows both plans; Upgrade to Premium reads Setting up... until the local test-mode card form shows', async () => {
    const create = later();
    const { fetch, user } = renderPage({ status: () => FREE, handlers: { 'POST /api/create-subscription': create.handler } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Torcedor Premium' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Free Membership' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Premium Membership' })).toBeTruthy();
    expect(screen.getByText('$9.99')).toBeTruthy();
    expect(screen.getByText('Up to 20 cigars in your humidor')).toBeTruthy();
    expect(screen.getByText('Priority support')).toBeTruthy();
    // The plan's direct-message allowance, from the same limits the service enforces.
    expect(screen.getByText('Direct messages: 100 new conversations a day')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Member$/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    const pending = await screen.findByRole('button', { name: 'Setting up...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    create.reply(json(SETUP));

    const card = await screen.findByRole('region', { name: 'Complete Your Subscription' });
    expect(within(card).getByText('Test mode')).toBeTruthy();
    expect(within(card).getByText(/No real card is charged\. Use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a decline, 4000 0025 0000 3155 to see a confirmation step\./)).toBeTruthy();
    const number = within(card).getByLabelText('Card number');
    expect([number.getAttribute('inputmode'), number.getAttribute('autocomplete')]).toEqual(['numeric', 'cc-number']);
    expect(within(card).getByLabelText('Expiry (MM / YY)').getAttribute('autocomplete')).toBe('cc-exp');
    expect(within(card).getByLabelText('CVC').getAttribute('autocomplete')).toBe('cc-csc');
    expect(within(card).getByRole('button', { name: 'Complete Payment' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Upgrade to Premium|Setting up/ })).toBeNull();
    expect(callsOf(fetch).map((c) => c.call)).toEqual(['POST /api/create-subscription']);
  });

  it("groups the card number by 4 and the expiry as MM / YY as typed, and checks them with the shared body's messages", async () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4242 42')).toBe('4242 42');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('12 / ')).toBe('12');

    const { fetch, user } = renderPage({ status: () => FREE, handlers: { 'POST /api/create-subscription': () => json(SETUP) } });
    const card = await openPaymentForm(user);
    await user.type(within(card).getByLabelText('Card number'), '42424242');
    expect((within(card).getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242');
    await user.type(within(card).getByLabelText('Expiry (MM / YY)'), '1');
    await user.type(within(card).getByLabelText('CVC'), '12');
    await user.click(within(card).getByRole('button', { name: 'Complete Payment' }));

    expect(await within(card).findByText('Your card number is incomplete.')).toBeTruthy();
    expect(within(card).getByText("Your card's expiration year is invalid.")).toBeTruthy();
    expect(within(card).getByText("Your card's security code is incomplete.")).toBeTruthy();
    expect(within(card).getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');

    await user.clear(within(card).getByLabelText('Expiry (MM / YY)'));
    await user.type(within(card).getByLabelText('Expiry (MM / YY)'), '1330');
    expect((within(card).getByLabelText('Expiry (MM / YY)') as HTMLInputElement).value).toBe('13 / 30');
    expect(await within(card).findByText("Your card's expiration month is invalid.")).toBeTruthy();
    expect(callsOf(fetch).map((c) => c.call)).toEqual(['POST /api/create-subscription']);
  });

  it("a declined card: Complete Payment reads Processing..., then 'Payment Failed' with the provider's message", async () => {
    const confirm = later();
    const { fetch, user } = renderPage({
      status: () => FREE,
      handlers: { 'POST /api/create-subscription': () => json(SETUP), 'POST /api/billing/local/confirm': confirm.handler },
    });
    await openPaymentForm(user);
    await fillCard(user, '4000000000000002', '1234', '123');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    expect(((await screen.findByRole('button', { name: 'Processing...' })) as HTMLButtonElement).disabled).toBe(true);
    confirm.reply(json({ message: 'Your card was declined.', code: 'PAYMENT_FAILED' }, 402));

    const t = await toastEl();
    expect(within(t).getByText('Payment Failed')).toBeTruthy();
    expect(within(t).getByText('Your card was declined.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeTruthy();
    expect(callsOf(fetch).find((c) => c.call === 'POST /api/billing/local/confirm')?.body).toEqual({
      clientSecret: SETUP.clientSecret, cardNumber: '4000000000000002', expMonth: 12, expYear: 2034, cvc: '123',
    });
  });

  it('requires_action shows the confirmation step, which confirms again; then the page goes to ?success=true, welcomes and clears it', async () => {
    let status = FREE;
    const { fetch, router, user } = renderPage({
      status: () => status,
      handlers: {
        'POST /api/create-subscription': () => json(SETUP),
        'POST /api/billing/local/confirm': ({ body }) => {
          if (!(body as { authentication?: string }).authentication) return json({ status: 'requires_action' });
          status = PREMIUM;
          return json({ status: 'succeeded' });
        },
      },
    });
    await openPaymentForm(user);
    await fillCard(user, '4000002500003155');
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));

    const step = await screen.findByRole('dialog', { name: 'Confirm this payment' });
    expect(within(step).getByText('Your bank asks you to confirm this test payment.')).toBeTruthy();
    expect(within(step).getByRole('button', { name: 'Fail' })).toBeTruthy();
    await user.click(within(step).getByRole('button', { name: 'Complete' }));

    const t = await toastEl();
    expect(within(t).getByText('Welcome to Premium!')).toBeTruthy();
    expect(within(t).getByText('Your subscription has been activated successfully.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.href).toBe('/subscription'));
    const panel = await screen.findByRole('region', { name: 'Premium Member' });
    expect(within(panel).getByText('Active')).toBeTruthy();
    expect(within(panel).getByText('Renews May 5, 2026')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Complete Your Subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();

    const confirms = callsOf(fetch).filter((c) => c.call === 'POST /api/billing/local/confirm').map((c) => (c.body as { authentication?: string }).authentication);
    expect(confirms).toEqual([undefined, 'complete']);
    // The history went through /subscription?success=true, whose entry was replaced by the clean URL.
    expect(router.history.length).toBe(2);
  });

  it("the confirmation step's Fail: 'Payment Failed' with the provider's message", async () => {
    const { user } = renderPage({
      status: () => FREE,
      handlers: {
        'POST /api/create-subscription': () => json(SETUP),
        'POST /api/billing/local/confirm': ({ body }) => ((body as { authentication?: string }).authentication
          ? json({ message: 'We are unable to authenticate your payment method.', code: 'PAYMENT_FAILED' }, 402)
          : json({ status: 'requires_action' })),
      },
    });
    await openPaymentForm(user);
    await fillCard(user, '4000002500003155');
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm this payment' })).getByRole('button', { name: 'Fail' }));
    const t = await toastEl();
    expect(within(t).getByText('Payment Failed')).toBeTruthy();
    expect(within(t).getByText('We are unable to authenticate your payment method.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('?success=true (back from Stripe): welcomes, clears the query, and polls the status until premium', async () => {
    let reads = 0;
    const { router } = renderPage({
      path: '/subscription?success=true',
      status: () => (reads++ < 2 ? FREE : PREMIUM),
    });
    const t = await toastEl();
    expect(within(t).getByText('Welcome to Premium!')).toBeTruthy();
    expect(within(t).getByText('Your subscription has been activated successfully.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.href).toBe('/subscription'));
    expect(router.state.location.search).toEqual({});
    expect(screen.getByText('Confirming your payment...')).toBeTruthy();

    const panel = await screen.findByRole('region', { name: 'Premium Member' }, { timeout: 4000 });
    expect(within(panel).getByText('Active')).toBeTruthy();
    expect(screen.queryByText('Confirming your payment...')).toBeNull();
  });

  it("a failed redirect-based payment (redirect_status=failed) says 'Payment Failed' and clears the query", async () => {
    const { router } = renderPage({ path: '/subscription?success=true&redirect_status=failed&payment_intent=pi_1', status: () => FREE });
    const t = await toastEl();
    expect(within(t).getByText('Payment Failed')).toBeTruthy();
    await waitFor(() => expect(router.state.location.href).toBe('/subscription'));
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeTruthy();
  });

  it("cancel: 'Subscription Canceled', the answer's message in the panel, the status read again, and every plan-dependent read refreshed", async () => {
    let status = PREMIUM;
    const { fetch, client, user } = renderPage({
      status: () => status,
      handlers: {
        'POST /api/cancel-subscription': () => {
          status = CANCELED;
          return json({ cancelAtPeriodEnd: true, endsAt: CANCELED.endsAt, message: 'Your subscription has been canceled. Premium stays active until May 5, 2026.' });
        },
      },
    });
    // Reads of other pages, not on screen: dropped, so their pages read them afresh.
    client.setQueryData(['ai', 'usage'], { used: 1, limit: null });
    client.setQueryData(collectionKeys.summary, { totalSticks: 25, items: 2, wishlistCount: 0, cap: null });
    client.setQueryData(currentUserQuery.queryKey, null);

    const panel = await screen.findByRole('region', { name: 'Premium Member' });
    expect(within(panel).getByText('Active')).toBeTruthy();
    expect(within(panel).getByText('Renews May 5, 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Subscription' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));

    const t = await toastEl();
    expect(within(t).getByText('Subscription Canceled')).toBeTruthy();
    expect(within(t).getByText('Your subscription has been canceled successfully.')).toBeTruthy();
    expect(within(panel).getByText('Your subscription has been canceled. Premium stays active until May 5, 2026.')).toBeTruthy();
    expect(await within(panel).findByText('Premium until May 5, 2026')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    expect(callsOf(fetch).map((c) => c.call)).toEqual(['POST /api/cancel-subscription', 'GET /api/subscription/status']);
    expect(client.getQueryData(['ai', 'usage'])).toBeUndefined();
    expect(client.getQueryData(collectionKeys.summary)).toBeUndefined();
    expect(client.getQueryData(currentUserQuery.queryKey)).toBeUndefined();
  });

  it("errors: 'Error' with the server's message, else 'Failed to create subscription' / 'Failed to cancel subscription'", async () => {
    const { user } = renderPage({
      status: () => FREE,
      handlers: { 'POST /api/create-subscription': () => new Response('', { status: 500 }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    let t = await toastEl();
    expect(within(t).getByText('Error')).toBeTruthy();
    expect(within(t).getByText('Failed to create subscription')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeTruthy();
    dismissToast();

    fakeApi({
      'GET /api/subscription/status': () => json(FREE),
      'POST /api/create-subscription': () => json({ message: 'You already have an active Premium subscription.', code: 'ALREADY_SUBSCRIBED' }, 409),
    });
    await user.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    t = await toastEl();
    expect(within(t).getByText('Error')).toBeTruthy();
    expect(within(t).getByText('You already have an active Premium subscription.')).toBeTruthy();
  });

  it("a failed cancel says 'Error' / 'Failed to cancel subscription' and keeps the button", async () => {
    const { user } = renderPage({ status: () => PREMIUM, handlers: { 'POST /api/cancel-subscription': () => new Response('', { status: 500 }) } });
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel Subscription' })).getByRole('button', { name: 'Cancel Subscription' }));
    const t = await toastEl();
    expect(within(t).getByText('Error')).toBeTruthy();
    expect(within(t).getByText('Failed to cancel subscription')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Premium Member' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeTruthy();
  });

  it('without a payment provider: no Upgrade button and no card form, the page says premium is not available yet', async () => {
    renderPage({ status: () => ({ ...FREE, paymentsAvailable: false }) });
    expect((await screen.findByText('Premium is not available yet. Please try again later.')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Complete Your Subscription' })).toBeNull();
  });

  it('payments switched off after the page loaded: the 503 reads the status again and the notice replaces the button, with no error toast', async () => {
    let available = true;
    const { user } = renderPage({
      status: () => ({ ...FREE, paymentsAvailable: available }),
      handlers: {
        'POST /api/create-subscription': () => {
          available = false;
          return json({ message: 'Premium is not available yet. Please try again later.', code: 'PAYMENTS_UNAVAILABLE' }, 503);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull());
    expect(screen.getByText('Premium is not available yet. Please try again later.')).toBeTruthy();
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Complete Your Subscription' })).toBeNull();
  });

  it('a trial member: Trial Member with its end date, no cancel, and the upgrade still offered', async () => {
    renderPage({ status: () => TRIAL });
    const panel = await screen.findByRole('region', { name: 'Trial Member' });
    expect(within(panel).getByText('Active')).toBeTruthy();
    expect(within(panel).getByText('Ends April 12, 2026')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeTruthy();
  });
});
