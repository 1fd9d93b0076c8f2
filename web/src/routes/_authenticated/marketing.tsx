import { createFileRoute, notFound } from '@tanstack/react-router';
import { marketingDashboardQuery } from '@/features/marketing/api/get-marketing-dashboard';
import { MarketingPage } from '@/features/marketing/components/marketing-page';

/** Registered for owners only: anyone else gets the 404 page (the API answers them 403 anyway). */
export const Route = createFileRoute('/_authenticated/marketing')({
  beforeLoad: ({ context }) => {
    if (!context.user.isOwner) throw notFound();
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(marketingDashboardQuery),
  component: MarketingPage,
});
