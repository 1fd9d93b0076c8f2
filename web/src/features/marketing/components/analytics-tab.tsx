import type { MarketingAnalytics } from '@torcedor/shared/schemas/marketing';
import { Bot } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type * as z from 'zod';
import { Badge, Card, Skeleton } from '@/components/ui/card';
import { useMarketingAnalytics } from '../api/get-marketing-analytics';
import { QueryState } from './query-state';

const DailyChart = lazy(() => import('./charts').then((m) => ({ default: m.DailyChart })));
const SourcesChart = lazy(() => import('./charts').then((m) => ({ default: m.SourcesChart })));

type Funnel = z.infer<typeof MarketingAnalytics>['funnel'];

/**
 * The benchmark figures the product keeps as written (docs/marketing.md, "Dashboard and Analytics"). They are not
 * the club's data, and the tab says so; the charts beside them are.
 */
const BENCHMARKS = [
  { label: 'Organic Traffic', value: '+127%' },
  { label: 'Social Engagement', value: '+89%' },
  { label: 'Email Open Rate', value: '34.7%' },
  { label: 'Lead Quality Score', value: '8.3/10' },
] as const;
const CHANNELS = [
  { label: 'Social Media', share: 42 },
  { label: 'Email Marketing', share: 28 },
  { label: 'Organic Search', share: 30 },
] as const;

const DAILY_SERIES = [
  { key: 'signups', name: 'Sign-ups', color: '#d4a640' },
  { key: 'trials', name: 'Trials', color: '#6aa7e0' },
  { key: 'conversions', name: 'Conversions', color: '#6fbf73' },
] as const;

/** The Analytics tab: the club's own charts, and the spec's illustrative benchmarks, labelled as such. */
export function AnalyticsTab() {
  const analytics = useMarketingAnalytics();
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
      <section aria-labelledby="club-analytics" className="space-y-4 xl:col-span-2">
        <h2 id="club-analytics" className="text-xl font-semibold">Your club</h2>
        <QueryState query={analytics} what="The analytics" skeleton="h-72">
          {(a) => (
            <>
              <Card>
                <h3 className="mb-2 font-semibold">Sign-ups per day</h3>
                <Suspense fallback={<Skeleton className="h-56" />}>
                  <DailyChart days={a.days} series={DAILY_SERIES} caption="Sign-ups, trials and conversions per day" />
                </Suspense>
              </Card>
              <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
                <Card>
                  <h3 className="mb-2 font-semibold">Funnel</h3>
                  <FunnelSteps funnel={a.funnel} />
                </Card>
                <Card>
                  <h3 className="mb-2 font-semibold">Lead sources</h3>
                  {a.sources.length ? (
                    <Suspense fallback={<Skeleton className="h-56" />}><SourcesChart sources={a.sources} /></Suspense>
                  ) : <p className="text-sm text-muted">No leads yet.</p>}
                </Card>
              </div>
            </>
          )}
        </QueryState>
      </section>
      <Benchmarks />
    </div>
  );
}

const stepPercent = (n: number, of: number) => (of > 0 ? `${((n / of) * 100).toFixed(1)}%` : '—');

/** Visitor → sign-up → trial → premium, each step with its share of the step before. */
function FunnelSteps({ funnel }: { funnel: Funnel }) {
  const steps = [
    { label: 'Visitors', value: funnel.visitors },
    { label: 'Sign-ups', value: funnel.signups },
    { label: 'Trials', value: funnel.trials },
    { label: 'Premium', value: funnel.premium },
  ];
  const widest = Math.max(1, ...steps.map((s) => s.value));
  return (
    <ol className="space-y-3" aria-label="Funnel">
      {steps.map((s, i) => (
        <li key={s.label}>
          <div className="flex justify-between text-sm">
            <span>{s.label}</span>
            <span>
              <span className="font-bold">{s.value}</span>
              {i > 0 ? <span className="ml-2 text-muted">({stepPercent(s.value, steps[i - 1]!.value)} of {steps[i - 1]!.label.toLowerCase()})</span> : null}
            </span>
          </div>
          <div className="mt-1 h-2 rounded-full bg-surface-2" aria-hidden>
            <div className="h-2 rounded-full bg-primary" style={{ width: `${(s.value / widest) * 100}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}

function Benchmarks() {
  return (
    <section aria-labelledby="benchmarks-title" className="space-y-4">
      <div>
        <h2 id="benchmarks-title" className="text-xl font-semibold">Benchmarks</h2>
        <p className="text-sm text-muted">Illustrative figures, not measured from your club.</p>
      </div>
      <Card>
        <dl className="grid grid-cols-2 gap-3">
          {BENCHMARKS.map((b) => (
            <div key={b.label} className="rounded-md bg-surface-2 p-3">
              <dt className="text-xs text-muted">{b.label}</dt>
              <dd className="text-xl font-bold">{b.value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card>
        <h3 className="mb-2 font-semibold">Channels</h3>
        <ul className="space-y-2">
          {CHANNELS.map((c) => (
            <li key={c.label}>
              <div className="flex justify-between text-sm"><span>{c.label}</span><span className="font-semibold">{c.share}%</span></div>
              <div className="mt-1 h-2 rounded-full bg-surface-2" aria-hidden><div className="h-2 rounded-full bg-primary" style={{ width: `${c.share}%` }} /></div>
            </li>
          ))}
        </ul>
      </Card>
      <Card className="flex items-start gap-3">
        <Bot className="mt-0.5 h-6 w-6 shrink-0 text-primary" aria-hidden />
        <div>
          <p className="flex items-center gap-2 font-semibold">AI Marketing Assistant <Badge className="bg-success/20 text-success">Active</Badge></p>
          <p className="mt-1 text-sm text-muted">Next content generation in 2 hours.</p>
        </div>
      </Card>
    </section>
  );
}
