import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MarketingAnalytics } from '@torcedor/shared/schemas/marketing';
import { Bot } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type * as z from 'zod';
import { Badge, Card, Skeleton } from '@/components/ui/card';
import { formatDecimal, formatNumber, formatPercent } from '@/lib/numbers';
import { useMarketingAnalytics } from '../api/get-marketing-analytics';
import type { Series } from './charts';
import { formatWholePercent } from './format';
import { QueryState } from './query-state';

const DailyChart = lazy(() => import('./charts').then((m) => ({ default: m.DailyChart })));
const SourcesChart = lazy(() => import('./charts').then((m) => ({ default: m.SourcesChart })));

type Funnel = z.infer<typeof MarketingAnalytics>['funnel'];

/**
 * The benchmark figures the product keeps as written (docs/marketing.md, "Dashboard and Analytics"). They are not
 * the club's data, and the tab says so; the charts beside them are. Their values are written as the active language
 * writes them (Benchmarks).
 */
const BENCHMARKS: readonly { key: 'organic' | 'social' | 'openRate' | 'leadQuality'; label: MessageDescriptor }[] = [
  { key: 'organic', label: msg`Organic Traffic` },
  { key: 'social', label: msg`Social Engagement` },
  { key: 'openRate', label: msg`Email Open Rate` },
  { key: 'leadQuality', label: msg`Lead Quality Score` },
];
const CHANNELS: readonly { key: string; label: MessageDescriptor; share: number }[] = [
  { key: 'social', label: msg`Social Media`, share: 42 },
  { key: 'email', label: msg`Email Marketing`, share: 28 },
  { key: 'organic', label: msg`Organic Search`, share: 30 },
];

const DAILY_SERIES: readonly Series[] = [
  { key: 'signups', name: msg`Sign-ups`, color: '#d4a640' },
  { key: 'trials', name: msg`Trials`, color: '#6aa7e0' },
  { key: 'conversions', name: msg`Conversions`, color: '#6fbf73' },
];

/** The Analytics tab: the club's own charts, and the spec's illustrative benchmarks, labelled as such. */
export function AnalyticsTab() {
  const { t } = useLingui();
  const analytics = useMarketingAnalytics();
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
      <section aria-labelledby="club-analytics" className="space-y-4 xl:col-span-2">
        <h2 id="club-analytics" className="text-xl font-semibold"><Trans>Your club</Trans></h2>
        <QueryState query={analytics} failed={t`The analytics could not be loaded.`} skeleton="h-72">
          {(a) => (
            <>
              <Card>
                <h3 className="mb-2 font-semibold"><Trans>Sign-ups per day</Trans></h3>
                <Suspense fallback={<Skeleton className="h-56" />}>
                  <DailyChart days={a.days} series={DAILY_SERIES} caption={t`Sign-ups, trials and conversions per day`} />
                </Suspense>
              </Card>
              <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
                <Card>
                  <h3 className="mb-2 font-semibold"><Trans>Funnel</Trans></h3>
                  <FunnelSteps funnel={a.funnel} />
                </Card>
                <Card>
                  <h3 className="mb-2 font-semibold"><Trans>Lead sources</Trans></h3>
                  {a.sources.length ? (
                    <Suspense fallback={<Skeleton className="h-56" />}><SourcesChart sources={a.sources} /></Suspense>
                  ) : <p className="text-sm text-muted"><Trans>No leads yet.</Trans></p>}
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

const stepPercent = (n: number, of: number) => (of > 0 ? formatPercent((n / of) * 100) : '—');

/** Visitor → sign-up → trial → premium, each step with its share of the step before. */
function FunnelSteps({ funnel }: { funnel: Funnel }) {
  const { t } = useLingui();
  const signupShare = stepPercent(funnel.signups, funnel.visitors);
  const trialShare = stepPercent(funnel.trials, funnel.signups);
  const premiumShare = stepPercent(funnel.premium, funnel.trials);
  const steps = [
    { key: 'visitors', label: t`Visitors`, value: funnel.visitors, share: null },
    { key: 'signups', label: t`Sign-ups`, value: funnel.signups, share: t`(${signupShare} of visitors)` },
    { key: 'trials', label: t`Trials`, value: funnel.trials, share: t`(${trialShare} of sign-ups)` },
    { key: 'premium', label: t({ message: 'Premium', context: 'funnel step' }), value: funnel.premium, share: t`(${premiumShare} of trials)` },
  ];
  const widest = Math.max(1, ...steps.map((s) => s.value));
  return (
    <ol className="space-y-3" aria-label={t`Funnel`}>
      {steps.map((s) => (
        <li key={s.key}>
          <div className="flex justify-between text-sm">
            <span>{s.label}</span>
            <span>
              <span className="font-bold">{formatNumber(s.value)}</span>
              {s.share ? <span className="ml-2 text-muted">{s.share}</span> : null}
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
  const { t, i18n } = useLingui();
  const score = formatDecimal(8.3);
  const values: Record<(typeof BENCHMARKS)[number]['key'], string> = {
    organic: formatWholePercent(127, { signed: true }),
    social: formatWholePercent(89, { signed: true }),
    openRate: formatPercent(34.7),
    leadQuality: t`${score}/10`,
  };
  return (
    <section aria-labelledby="benchmarks-title" className="space-y-4">
      <div>
        <h2 id="benchmarks-title" className="text-xl font-semibold"><Trans>Benchmarks</Trans></h2>
        <p className="text-sm text-muted"><Trans>Illustrative figures, not measured from your club.</Trans></p>
      </div>
      <Card>
        <dl className="grid grid-cols-2 gap-3">
          {BENCHMARKS.map((b) => (
            <div key={b.key} className="rounded-md bg-surface-2 p-3">
              <dt className="text-xs text-muted">{i18n._(b.label)}</dt>
              <dd className="text-xl font-bold">{values[b.key]}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card>
        <h3 className="mb-2 font-semibold"><Trans>Channels</Trans></h3>
        <ul className="space-y-2">
          {CHANNELS.map((c) => (
            <li key={c.key}>
              <div className="flex justify-between text-sm"><span>{i18n._(c.label)}</span><span className="font-semibold">{formatWholePercent(c.share)}</span></div>
              <div className="mt-1 h-2 rounded-full bg-surface-2" aria-hidden><div className="h-2 rounded-full bg-primary" style={{ width: `${c.share}%` }} /></div>
            </li>
          ))}
        </ul>
      </Card>
      <Card className="flex items-start gap-3">
        <Bot className="mt-0.5 h-6 w-6 shrink-0 text-primary" aria-hidden />
        <div>
          <p className="flex items-center gap-2 font-semibold"><Trans>AI Marketing Assistant</Trans> <Badge className="bg-success/20 text-success"><Trans context="assistant state">Active</Trans></Badge></p>
          <p className="mt-1 text-sm text-muted"><Trans>Next content generation in 2 hours.</Trans></p>
        </div>
      </Card>
    </section>
  );
}
