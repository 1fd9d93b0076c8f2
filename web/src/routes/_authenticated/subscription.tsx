import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { subscriptionStatusQuery } from '@/features/billing/api/get-subscription-status';
import { SubscriptionPage } from '@/features/billing/components/subscription-page';
import { flag, text } from '@/lib/search-params';

/**
 * `success`: back from a confirmed payment (the return URL of Stripe's Payment Element, or the local card form's own
 * step), shown once and then dropped from the URL. `redirect_status`: what Stripe adds to that URL ('failed' when a
 * redirect-based payment was not completed). Anything else (Stripe's payment intent parameters) is dropped with them.
 */
type Search = { success?: true; redirect_status?: string };

const validateSearch = (s: Search & SearchSchemaInput): Search => ({ success: flag(s.success), redirect_status: text(s.redirect_status, 40) });

export const Route = createFileRoute('/_authenticated/subscription')({
  validateSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(subscriptionStatusQuery),
  component: Subscription,
});

function Subscription() {
  const { success, redirect_status } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onPaid = useCallback(() => void navigate({ search: { success: true } }), [navigate]);
  const onReturnSeen = useCallback(() => void navigate({ search: {}, replace: true, resetScroll: false }), [navigate]);
  return (
    <SubscriptionPage
      returned={success ? (redirect_status === 'failed' ? 'failed' : 'success') : null}
      onPaid={onPaid}
      onReturnSeen={onReturnSeen}
    />
  );
}
