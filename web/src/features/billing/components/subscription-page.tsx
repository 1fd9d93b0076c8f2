import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { MESSAGE_LIMITS, PREMIUM_PRICE_USD_CENTS } from '@torcedor/shared/constants';
import type { CreateSubscriptionResult, SubscriptionStatus } from '@torcedor/shared/schemas/billing';
import { Check, Crown } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { Badge, Card, PageTitle, Skeleton } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { intlLocale } from '@/lib/i18n';
import { formatMoney } from '@/lib/numbers';
import { toast } from '@/lib/toast';
import { useCancelSubscription } from '../api/cancel-subscription';
import { isPaymentsUnavailable, useCreateSubscription } from '../api/create-subscription';
import { subscriptionStatusQuery } from '../api/get-subscription-status';
import { refreshPlan } from '../api/refresh-plan';
import { LocalPaymentForm } from './local-payment-form';

// Stripe's packages are loaded only when the provider is 'stripe': no other page, nor the local form, pays for them.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

/** What each plan gives, in the app's language. */
function usePlanFeatures(premium: boolean): string[] {
  const { t } = useLingui();
  const conversations = (n: number) => t({ message: plural(n, { one: 'Direct messages: # new conversation a day', other: 'Direct messages: # new conversations a day' }) });
  return premium
    ? [
      t`Unlimited humidor`, t`Unlimited AI recommendations`, t`Advanced analytics`, t`Priority events and hosting`, t`No ads`, t`Exclusive content`,
      t`Member badge`, t`Priority support`, conversations(MESSAGE_LIMITS.newConversationsPerDay.premium),
    ]
    : [t`Up to 20 cigars in your humidor`, t`3 AI recommendations per day`, t`Feed, reviews and events`, conversations(MESSAGE_LIMITS.newConversationsPerDay.free)];
}

/** A plan's monthly price in the app's language ($9.99 / 9,99 $US); a whole amount is written without cents ($0). */
const priceOf = (usd: number) => (Number.isInteger(usd) ? formatMoney(usd).replace(/[.,]00(?!\d)/, '') : formatMoney(usd));
const premiumPrice = () => priceOf(PREMIUM_PRICE_USD_CENTS / 100);

/** After the return from the payment: how long the status is polled for the provider's confirmation (its webhook). */
export const ACTIVATION_POLL_MS = 15_000;
const POLL_INTERVAL_MS = 1_000;

type Status = z.infer<typeof SubscriptionStatus>;
type Setup = z.infer<typeof CreateSubscriptionResult>;
/** How the member came back from the payment: `?success=true` (Stripe adds `redirect_status=failed` when a redirect-based payment failed). */
export type PaymentReturn = 'success' | 'failed' | null;

/**
 * A plan date as the server words it in its messages ('April 5, 2026', in UTC), so the panel and the message agree;
 * in the app's language (5 avril 2026).
 */
const day = (iso: string) => {
  const locale = intlLocale();
  return new Date(iso).toLocaleDateString(locale === 'en' ? 'en-US' : locale, { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
};

/**
 * Torcedor Premium: the member's plan, what each tier gives, and buying or canceling premium. Upgrade to Premium
 * obtains the payment form's client secret; the form is the local provider's test-mode card form or Stripe's Payment
 * Element. A confirmed payment comes back as /subscription?success=true (`returned`), which the page welcomes and
 * clears (`onReturnSeen`), polling the status until the provider's confirmation has landed.
 */
export function SubscriptionPage({ returned = null, onPaid, onReturnSeen }: {
  returned?: PaymentReturn;
  /** The local form's payment succeeded: go to /subscription?success=true, as Stripe's return does. */
  onPaid: () => void;
  /** The return has been shown: drop `?success=true` from the URL (replacing the entry). */
  onReturnSeen: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  /** 'waiting': back from a payment, the status is polled until premium; 'late': it was not within ACTIVATION_POLL_MS. */
  const [activation, setActivation] = useState<'waiting' | 'late' | null>(null);
  const { data: status } = useSuspenseQuery({
    ...subscriptionStatusQuery,
    refetchInterval: activation === 'waiting' ? (q) => (q.state.data?.isPremium ? false : POLL_INTERVAL_MS) : false,
  });
  const [setup, setSetup] = useState<Setup | null>(null);
  const create = useCreateSubscription();

  const handled = useRef(false);
  useEffect(() => {
    if (!returned) {
      handled.current = false;
      return;
    }
    if (handled.current) return;
    handled.current = true;
    if (returned === 'success') {
      toast({ title: t`Welcome to Premium!`, description: t`Your subscription has been activated successfully.`, variant: 'success' });
      setActivation('waiting');
    } else {
      toast({ title: t`Payment Failed`, description: t`Your payment was not completed. Please try again.`, variant: 'error' });
    }
    onReturnSeen();
  }, [returned, onReturnSeen, t]);

  /** Whether the polling saw the plan still free, so its confirmation must refresh what else depends on the plan. */
  const sawFree = useRef(false);
  useEffect(() => {
    if (activation !== 'waiting') return;
    if (status.isPremium) {
      setActivation(null);
      // Confirmed by the polling: the member, the humidor cap, the AI allowance are read again too.
      if (sawFree.current) void refreshPlan(queryClient);
      sawFree.current = false;
      return;
    }
    sawFree.current = true;
    const late = setTimeout(() => setActivation('late'), ACTIVATION_POLL_MS);
    return () => clearTimeout(late);
  }, [activation, status.isPremium, queryClient]);

  const upgrade = () =>
    create.mutate(undefined, {
      onSuccess: setSetup,
      onError: (error) => {
        // PAYMENTS_UNAVAILABLE: the status is read again (by the hook) and the page shows why instead of a form.
        if (isPaymentsUnavailable(error)) return;
        toast({ title: t`Error`, description: errorText(error, t`Failed to create subscription`), variant: 'error' });
      },
    });

  // The local form's payment went through: the plan is read again (so the panel replaces the form), then the page
  // goes to ?success=true as Stripe's return does.
  const paid = async () => {
    await refreshPlan(queryClient);
    setSetup(null);
    onPaid();
  };

  const canUpgrade = !status.isPremium && activation !== 'waiting' && status.paymentsAvailable;
  const unavailable = !status.isPremium && !status.paymentsAvailable;
  return (
    <>
      <PageTitle title={t`Torcedor Premium`} subtitle={t`Everything the serious collector needs.`} />
      {activation && !status.isPremium ? (
        <Card role="status" className="mb-6 border-info/60">
          {activation === 'waiting'
            ? t`Confirming your payment...`
            : t`Your payment is still being confirmed. Refresh this page in a minute to see your Premium membership.`}
        </Card>
      ) : null}
      {status.plan !== 'free' ? <MemberPanel status={status} /> : null}
      <div className="grid gap-6 md:grid-cols-2">
        <PlanCard current={status.plan === 'free'} />
        <PlanCard premium current={status.isPremium}>
          {canUpgrade && !setup ? (
            <Button className="mt-6 w-full" onClick={upgrade} disabled={create.isPending}>
              <Crown className="h-4 w-4" aria-hidden />{create.isPending ? t`Setting up...` : t`Upgrade to Premium`}
            </Button>
          ) : null}
          {unavailable ? <p role="status" className="mt-6 rounded-md border border-border p-3 text-sm text-muted">{t`Premium is not available yet. Please try again later.`}</p> : null}
        </PlanCard>
      </div>
      {canUpgrade && setup ? <PaymentCard setup={setup} onPaid={() => void paid()} /> : null}
    </>
  );
}

/** A plan, its price and what it gives; `premium` draws it in gold, and `children` say how to get it. */
function PlanCard({ premium = false, current, children }: { premium?: boolean; current: boolean; children?: ReactNode }) {
  const { t } = useLingui();
  const tone = premium ? 'text-primary' : 'text-success';
  const amount = premium ? premiumPrice() : priceOf(0);
  const features = usePlanFeatures(premium);
  return (
    <Card className={cn('flex flex-col', premium && 'border-primary')}>
      <div className="flex items-center gap-2">
        <h2 className="text-xl font-semibold">{premium ? t`Premium Membership` : t`Free Membership`}</h2>
        {current ? <Badge className={premium ? 'bg-primary/20 text-primary' : 'bg-surface-2 text-muted'}><Trans>Current plan</Trans></Badge> : null}
      </div>
      <p className="mt-1 text-3xl font-bold"><Trans>{amount}<span className="text-base font-normal text-muted">/month</span></Trans></p>
      <ul className="mt-4 space-y-2">{features.map((f) => <li key={f} className="flex gap-2"><Check className={cn('h-5 w-5', tone)} aria-hidden />{f}</li>)}</ul>
      {children}
    </Card>
  );
}

/** The paid or trial plan: its state, its date, and (for a renewing paid plan) Cancel Subscription. */
function MemberPanel({ status }: { status: Status }) {
  const { t } = useLingui();
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  /** The cancellation's answer, which names the day premium ends. */
  const [message, setMessage] = useState<string | null>(null);
  const trial = status.plan === 'trial';

  const doCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        setConfirming(false);
        setMessage(result.message);
        toast({ title: t`Subscription Canceled`, description: t`Your subscription has been canceled successfully.`, variant: 'success' });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: t`Error`, description: errorText(error, t`Failed to cancel subscription`), variant: 'error' });
      },
    });

  const ends = status.endsAt && day(status.endsAt);
  const renews = status.renewalDate && day(status.renewalDate);
  const date = trial
    ? ends && t`Ends ${ends}`
    : status.cancelAtPeriodEnd
      ? ends && t`Premium until ${ends}`
      : renews && t`Renews ${renews}`;
  return (
    <Card role="region" className="mb-6 border-primary" aria-labelledby="member-panel-title">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex items-center gap-2">
            <Crown className="h-5 w-5 text-primary" aria-hidden />
            <h2 id="member-panel-title" className="text-xl font-semibold">{trial ? t`Trial Member` : t`Premium Member`}</h2>
            <Badge className="bg-success/20 text-success"><Trans>Active</Trans></Badge>
          </div>
          {date ? <p className="mt-1 text-sm text-muted">{date}</p> : null}
        </div>
        {status.isPremium && !status.cancelAtPeriodEnd ? (
          <Button variant="outline" onClick={() => setConfirming(true)} disabled={cancel.isPending}><Trans>Cancel Subscription</Trans></Button>
        ) : null}
      </div>
      {message ? <p role="status" className="mt-3 text-sm">{message}</p> : null}
      <Dialog open={confirming} onOpenChange={(open) => { if (!cancel.isPending) setConfirming(open); }}>
        <DialogContent
          title={t`Cancel Subscription`}
          description={t`Premium stays active until the end of the period you have paid for; then your membership returns to the free plan.`}
          className="max-w-md"
        >
          <div className="flex justify-end gap-2">
            <Button variant="outline" disabled={cancel.isPending} onClick={() => setConfirming(false)}><Trans>Keep Premium</Trans></Button>
            <Button variant="danger" disabled={cancel.isPending} onClick={doCancel}>{cancel.isPending ? t`Canceling...` : t`Cancel Subscription`}</Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

/** 'Complete Your Subscription': the provider's payment form for the client secret just obtained. */
function PaymentCard({ setup, onPaid }: { setup: Setup; onPaid: () => void }) {
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  const price = premiumPrice();
  // The card appears below the plans: take the member (and a screen reader) to it.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);
  return (
    <Card role="region" className="mt-6 max-w-xl" aria-labelledby="complete-subscription-title">
      <h2 id="complete-subscription-title" ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none"><Trans>Complete Your Subscription</Trans></h2>
      <p className="mb-4 mt-1 text-sm text-muted"><Trans>Premium Membership, {price}/month. Cancel anytime.</Trans></p>
      {setup.provider === 'local' ? (
        <LocalPaymentForm clientSecret={setup.clientSecret} onPaid={onPaid} />
      ) : setup.publishableKey ? (
        <Suspense fallback={<div role="status" aria-busy="true" aria-label={t`Loading the payment form`}><Skeleton className="h-40" /></div>}>
          <StripePaymentForm clientSecret={setup.clientSecret} publishableKey={setup.publishableKey} />
        </Suspense>
      ) : (
        <p role="alert" className="text-danger"><Trans>The payment form is not available right now. Please try again later.</Trans></p>
      )}
    </Card>
  );
}
