import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { useNearViewport } from '@/lib/use-near-viewport';
import { useHumidorAnalytics } from '../api/get-humidor-analytics';

const AnalyticsCharts = lazy(() => import('./charts').then((m) => ({ default: m.AnalyticsCharts })));

function UpgradeForAnalytics() {
  return (
    <Card>
      <p><Trans>Origins, strength mix, vitolas, spending and aging charts are part of Premium.</Trans></p>
      <Link to="/subscription" className={buttonClass('primary', 'md', 'mt-3 no-underline')}><Trans>Upgrade to Premium</Trans></Link>
    </Card>
  );
}

/**
 * The server's analytics of the humidor (the charts' code loads on demand). A plan that ended since the totals
 * were read is told by the server (PREMIUM_REQUIRED): the upgrade card then shows instead.
 */
function Analytics({ query }: { query: ReturnType<typeof useHumidorAnalytics> }) {
  const { data, isPending, isError, error, refetch, isFetching } = query;
  if (isPending) return <Skeleton className="h-64" />;
  if (isError) {
    if (error instanceof ApiError && error.body?.code === 'PREMIUM_REQUIRED') return <UpgradeForAnalytics />;
    return (
      <Card role="alert">
        <p><Trans>Analytics could not be loaded.</Trans></p>
        <Button variant="outline" className="mt-3" onClick={() => void refetch()} disabled={isFetching}><Trans>Try Again</Trans></Button>
      </Card>
    );
  }
  return <Suspense fallback={<Skeleton className="h-64" />}><AnalyticsCharts analytics={data} /></Suspense>;
}

/**
 * The page's Analytics section: for a member without the stick limit (premium, trial) and with cigars, the server's
 * analytics; for a free member, the upgrade card.
 */
export function AnalyticsSection({ unlimited, hasItems }: { unlimited: boolean; hasItems: boolean }) {
  // Analytics are premium (the server refuses free members): read only for a member with benefits and cigars.
  const analytics = useHumidorAnalytics(unlimited && hasItems);
  // The charts' code (recharts) loads as the member scrolls towards them, not with the page.
  const [analyticsRef, analyticsNear] = useNearViewport<HTMLElement>();
  return (
    <section ref={analyticsRef} aria-labelledby="analytics-title">
      <h2 id="analytics-title" className="mb-3 text-xl font-semibold"><Trans>Analytics</Trans></h2>
      {unlimited ? (
        hasItems
          ? (analyticsNear ? <Analytics query={analytics} /> : <Skeleton className="h-64" />)
          : <p className="text-sm text-muted"><Trans>Analytics appear once your humidor has cigars.</Trans></p>
      ) : <UpgradeForAnalytics />}
    </section>
  );
}
