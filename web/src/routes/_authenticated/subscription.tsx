import { createFileRoute } from '@tanstack/react-router';
import { subscriptionStatusQuery } from '@/features/billing/api/get-subscription-status';
import { SubscriptionPage } from '@/features/billing/components/subscription-page';

export const Route = createFileRoute('/_authenticated/subscription')({
  loader: ({ context }) => context.queryClient.ensureQueryData(subscriptionStatusQuery),
  component: SubscriptionPage,
});
