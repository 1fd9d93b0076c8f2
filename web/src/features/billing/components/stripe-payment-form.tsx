import { useLingui } from '@lingui/react/macro';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementLocale } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { intlLocale } from '@/lib/i18n';
import { toast } from '@/lib/toast';

/**
 * Stripe's Payment Element. This module (and Stripe's packages with it) is loaded only when the provider is
 * 'stripe' (subscription-page.tsx imports it lazily); Stripe's own script is fetched from js.stripe.com on the
 * first render, which the site's CSP admits when a Stripe key is configured.
 */

/** One Stripe.js instance per publishable key for the page's lifetime (loadStripe must not run on every render). */
const instances = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string) => {
  let stripe = instances.get(publishableKey);
  if (!stripe) instances.set(publishableKey, (stripe = loadStripe(publishableKey)));
  return stripe;
};

/** The site's colours (styles.css) for the element's iframe, which the page's CSS does not reach. */
const appearance = {
  theme: 'night',
  variables: {
    colorPrimary: '#d4a640', colorBackground: '#2a211b', colorText: '#f3eadf', colorTextSecondary: '#b8a898',
    colorDanger: '#e0675a', borderRadius: '6px',
  },
} as const;

/** Where Stripe sends the member back after a confirmed payment (or a bank's redirect). */
export const returnUrl = () => `${window.location.origin}/subscription?success=true`;

function PaymentForm() {
  const { t } = useLingui();
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    // Success leaves the page for the return URL; only an error comes back here.
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl() } });
    setPending(false);
    toast({ title: t`Payment Failed`, description: error.message ?? t`Your payment could not be completed.`, variant: 'error' });
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t`Card payment`} className="space-y-4">
      <PaymentElement />
      <Button type="submit" className="w-full" disabled={!stripe || !elements || pending}>{pending ? t`Processing...` : t`Complete Payment`}</Button>
    </form>
  );
}

export default function StripePaymentForm({ clientSecret, publishableKey }: { clientSecret: string; publishableKey: string }) {
  // The element's own labels and Stripe's error messages in the app's language (set once: Stripe cannot change it later).
  const [locale] = useState(() => intlLocale() as StripeElementLocale);
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance, locale }}>
      <PaymentForm />
    </Elements>
  );
}
