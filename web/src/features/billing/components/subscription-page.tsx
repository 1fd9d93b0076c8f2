import { useSuspenseQuery } from '@tanstack/react-query';
import { PREMIUM_PRICE_USD_CENTS } from '@torcedor/shared/constants';
import { Check } from 'lucide-react';
import { Badge, Card, PageTitle } from '@/components/ui/card';
import { subscriptionStatusQuery } from '../api/get-subscription-status';

const FREE = ['Up to 20 cigars in your humidor', '3 AI recommendations per day', 'Feed, reviews and events'];
const PREMIUM = ['Unlimited humidor', 'Unlimited AI recommendations', 'Advanced analytics', 'Priority events and hosting', 'No ads', 'Exclusive content', 'Member badge', 'Priority support'];
const price = `$${(PREMIUM_PRICE_USD_CENTS / 100).toFixed(2)}`;

/** Torcedor Premium: the member's plan and what each tier gives. */
export function SubscriptionPage() {
  const { data: s } = useSuspenseQuery(subscriptionStatusQuery);
  return (
    <>
      <PageTitle title="Torcedor Premium" subtitle="Everything the serious collector needs." />
      {s.plan !== 'free' ? (
        <Card className="mb-6 border-primary">
          <div className="flex items-center gap-2"><h2 className="text-xl font-semibold">{s.plan === 'trial' ? 'Trial Member' : 'Premium Member'}</h2><Badge className="bg-success/20 text-success">Active</Badge></div>
          {s.renewalDate ? <p className="mt-1 text-sm text-muted">{s.plan === 'trial' ? 'Ends' : s.cancelAtPeriodEnd ? 'Ends' : 'Renews'} {new Date(s.renewalDate).toLocaleDateString()}</p> : null}
        </Card>
      ) : null}
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <h2 className="text-xl font-semibold">Free Membership</h2>
          <p className="mt-1 text-3xl font-bold">$0<span className="text-base font-normal text-muted">/month</span></p>
          <ul className="mt-4 space-y-2">{FREE.map((f) => <li key={f} className="flex gap-2"><Check className="h-5 w-5 text-success" aria-hidden />{f}</li>)}</ul>
        </Card>
        <Card className="border-primary">
          <h2 className="text-xl font-semibold">Premium Membership</h2>
          <p className="mt-1 text-3xl font-bold">{price}<span className="text-base font-normal text-muted">/month</span></p>
          <ul className="mt-4 space-y-2">{PREMIUM.map((f) => <li key={f} className="flex gap-2"><Check className="h-5 w-5 text-primary" aria-hidden />{f}</li>)}</ul>
        </Card>
      </div>
    </>
  );
}
