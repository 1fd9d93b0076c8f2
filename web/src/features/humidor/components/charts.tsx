import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ConditionReading, HumidorAnalytics } from '@torcedor/shared/schemas/humidor';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDateTime } from '@/lib/date-time';
import { formatDecimal, formatMoney, formatNumber } from '@/lib/numbers';
import { STRENGTH_LABELS } from '@/lib/strength';

/** Charts load on demand (recharts stays out of the main bundle). */
const GOLD = '#d4a640';
const PALETTE = ['#d4a640', '#8b5a2b', '#6aa7e0', '#6fbf73', '#b58be0', '#e0675a', '#e6c14a', '#c9b8a6'];
const axis = { stroke: '#b8a898', fontSize: 12 };
const tooltip = { contentStyle: { background: '#1f1814', border: '1px solid #3b2f26', color: '#f3eadf' } };
/** The axes' numbers in the member's language (2,000 / 2.000). */
const tick = (v: number) => formatNumber(v);

export function ConditionsChart({ readings }: { readings: { recordedAt: string; humidity: number; temperatureC: number }[] }) {
  const { t } = useLingui();
  const data = [...readings].sort((a, b) => a.recordedAt.localeCompare(b.recordedAt)).map((r) => ({ ...r, day: formatDateTime(r.recordedAt) }));
  return (
    <div className="h-48" role="img" aria-label={t`Humidity and temperature over time`}>
      <ResponsiveContainer width="100%" height="100%">
        {/* An image takes no focus inside it: the chart's own keyboard layer is off. */}
        <LineChart data={data} accessibilityLayer={false}>
          <CartesianGrid stroke="#3b2f26" />
          <XAxis dataKey="day" {...axis} />
          <YAxis yAxisId="h" domain={[50, 85]} tickFormatter={tick} {...axis} />
          <YAxis yAxisId="t" orientation="right" domain={[10, 30]} tickFormatter={tick} {...axis} />
          <Tooltip {...tooltip} formatter={(v) => formatDecimal(Number(v))} />
          <Line yAxisId="h" type="monotone" dataKey="humidity" name={t`Humidity %`} stroke={GOLD} dot={false} />
          <Line yAxisId="t" type="monotone" dataKey="temperatureC" name={t`Temperature °C`} stroke="#6aa7e0" dot={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
export type { ConditionReading };

type Point = { name: string; value: number } | { month: string; value: number };

/** The chart's numbers for screen readers (the chart itself is a picture). */
function DataList({ data, unit }: { data: Point[]; unit: (v: number) => string }) {
  return (
    <dl className="sr-only">
      {data.map((d) => {
        const name = 'name' in d ? d.name : d.month;
        return <div key={name}><dt>{name}</dt><dd>{unit(d.value)}</dd></div>;
      })}
    </dl>
  );
}

/**
 * The names the server gives the strength and aging slices, and 'Other' (an unknown country or vitola), in the
 * member's language; any other name (a country, a vitola) is catalog data, shown as it is.
 */
const SLICE_NAMES: Record<string, MessageDescriptor> = {
  Mild: STRENGTH_LABELS.mild,
  'Mild-Medium': STRENGTH_LABELS['mild-medium'],
  Medium: STRENGTH_LABELS.medium,
  'Medium-Full': STRENGTH_LABELS['medium-full'],
  Full: STRENGTH_LABELS.full,
  '< 6 months': msg`< 6 months`,
  '6-12 months': msg`6-12 months`,
  '1-2 years': msg`1-2 years`,
  '2-5 years': msg`2-5 years`,
  '5+ years': msg`5+ years`,
  Other: msg({ message: 'Other', context: 'analytics slice' }),
};

/**
 * Premium analytics: origins, strength mix, vitolas, spend by month and aging distribution, as the server
 * computed them (GET /api/humidor/analytics).
 */
export function AnalyticsCharts({ analytics }: { analytics: HumidorAnalytics }) {
  const { t, i18n } = useLingui();
  const named = <T extends { name: string }>(slices: T[]) => slices.map((d) => (SLICE_NAMES[d.name] ? { ...d, name: i18n._(SLICE_NAMES[d.name]!) } : d));
  const { spendByMonth: spendData, totals } = analytics;
  const origins = named(analytics.origins);
  const strengths = named(analytics.strengths);
  const vitolas = named(analytics.vitolas);
  const aging = named(analytics.aging);
  const sticks = (n: number) => t({ message: plural(n, { one: '# stick', other: '# sticks' }) });
  const days = (n: number) => t({ message: plural(n, { one: '# day', other: '# days' }) });
  const money = (n: number) => formatMoney(n);
  const sticksName = t`Sticks`;
  const box = 'rounded-lg border border-border p-3';
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <figure className={box}>
        <figcaption className="mb-2 font-semibold"><Trans>Origins</Trans></figcaption>
        <div className="h-56"><ResponsiveContainer><PieChart><Pie data={origins} dataKey="value" nameKey="name" outerRadius={70}>{origins.map((o, i) => <Cell key={o.name} fill={PALETTE[i % PALETTE.length]} />)}</Pie><Tooltip {...tooltip} /><Legend wrapperStyle={{ color: '#f3eadf', fontSize: 12 }} /></PieChart></ResponsiveContainer></div>
        <DataList data={origins} unit={sticks} />
      </figure>
      <figure className={box}>
        <figcaption className="mb-2 font-semibold"><Trans>Strength mix</Trans></figcaption>
        <div className="h-56"><ResponsiveContainer><BarChart data={strengths}><CartesianGrid stroke="#3b2f26" /><XAxis dataKey="name" {...axis} /><YAxis allowDecimals={false} tickFormatter={tick} {...axis} /><Tooltip {...tooltip} /><Bar dataKey="value" name={sticksName} fill="#94582a" /></BarChart></ResponsiveContainer></div>
        <DataList data={strengths} unit={sticks} />
      </figure>
      <figure className={box}>
        <figcaption className="mb-2 font-semibold"><Trans>Vitolas</Trans></figcaption>
        <div className="h-56"><ResponsiveContainer><BarChart data={vitolas}><CartesianGrid stroke="#3b2f26" /><XAxis dataKey="name" {...axis} /><YAxis allowDecimals={false} tickFormatter={tick} {...axis} /><Tooltip {...tooltip} /><Bar dataKey="value" name={sticksName} fill={GOLD} /></BarChart></ResponsiveContainer></div>
        <DataList data={vitolas} unit={sticks} />
      </figure>
      <figure className={box}>
        <figcaption className="mb-2 font-semibold"><Trans>Spend by month (USD)</Trans></figcaption>
        <div className="h-56"><ResponsiveContainer><BarChart data={spendData}><CartesianGrid stroke="#3b2f26" /><XAxis dataKey="month" {...axis} /><YAxis tickFormatter={tick} {...axis} /><Tooltip {...tooltip} formatter={(v) => money(Number(v))} /><Bar dataKey="value" name={t`Spent`} fill="#8b5a2b" /></BarChart></ResponsiveContainer></div>
        <DataList data={spendData} unit={money} />
      </figure>
      <figure className={box}>
        <figcaption className="mb-2 font-semibold"><Trans>Aging</Trans></figcaption>
        <div className="h-56"><ResponsiveContainer><BarChart data={aging}><CartesianGrid stroke="#3b2f26" /><XAxis dataKey="name" {...axis} /><YAxis allowDecimals={false} tickFormatter={tick} {...axis} /><Tooltip {...tooltip} /><Bar dataKey="value" name={sticksName} fill="#6fbf73" /></BarChart></ResponsiveContainer></div>
        <DataList data={aging} unit={sticks} />
      </figure>
      <figure className={box}>
        <figcaption className="mb-2 font-semibold"><Trans>Totals</Trans></figcaption>
        <dl className="space-y-1 text-sm">
          <div className="flex justify-between"><dt><Trans>Sticks</Trans></dt><dd>{formatNumber(totals.sticks)}</dd></div>
          <div className="flex justify-between"><dt><Trans>Value</Trans></dt><dd>{money(totals.valueUsd)}</dd></div>
          <div className="flex justify-between"><dt><Trans>Average age (dated boxes)</Trans></dt><dd>{totals.averageAgeDays === null ? '—' : days(totals.averageAgeDays)}</dd></div>
        </dl>
      </figure>
    </div>
  );
}
