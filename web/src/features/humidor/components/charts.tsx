import type { ConditionReading, HumidorAnalytics } from '@torcedor/shared/schemas/humidor';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDateTime } from '@/lib/date-time';
import { money } from './status';

/** Charts load on demand (recharts stays out of the main bundle). */
const GOLD = '#d4a640';
const PALETTE = ['#d4a640', '#8b5a2b', '#6aa7e0', '#6fbf73', '#b58be0', '#e0675a', '#e6c14a', '#c9b8a6'];
const axis = { stroke: '#b8a898', fontSize: 12 };
const tooltip = { contentStyle: { background: '#1f1814', border: '1px solid #3b2f26', color: '#f3eadf' } };

export function ConditionsChart({ readings }: { readings: { recordedAt: string; humidity: number; temperatureC: number }[] }) {
  const data = [...readings].sort((a, b) => a.recordedAt.localeCompare(b.recordedAt)).map((r) => ({ ...r, day: formatDateTime(r.recordedAt) }));
  return (
    <div className="h-48" role="img" aria-label="Humidity and temperature over time">
      <ResponsiveContainer width="100%" height="100%">
        {/* An image takes no focus inside it: the chart's own keyboard layer is off. */}
        <LineChart data={data} accessibilityLayer={false}>
          <CartesianGrid stroke="#3b2f26" />
          <XAxis dataKey="day" {...axis} />
          <YAxis yAxisId="h" domain={[50, 85]} {...axis} />
          <YAxis yAxisId="t" orientation="right" domain={[10, 30]} {...axis} />
          <Tooltip {...tooltip} />
          <Line yAxisId="h" type="monotone" dataKey="humidity" name="Humidity %" stroke={GOLD} dot={false} />
          <Line yAxisId="t" type="monotone" dataKey="temperatureC" name="Temperature °C" stroke="#6aa7e0" dot={false} />
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
const sticks = (n: number) => (n === 1 ? '1 stick' : `${n} sticks`);
const days = (n: number) => (n === 1 ? '1 day' : `${n.toLocaleString()} days`);

/**
 * Premium analytics: origins, strength mix, vitolas, spend by month and aging distribution, as the server
 * computed them (GET /api/humidor/analytics).
 */
export function AnalyticsCharts({ analytics }: { analytics: HumidorAnalytics }) {
  const { origins, strengths, vitolas, spendByMonth: spendData, aging, totals } = analytics;
  const box = 'rounded-lg border border-border p-3';
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <figure className={box}>
        <figcaption className="mb-2 font-semibold">Origins</figcaption>
        <div className="h-56"><ResponsiveContainer><PieChart><Pie data={origins} dataKey="value" nameKey="name" outerRadius={70}>{origins.map((o, i) => <Cell key={o.name} fill={PALETTE[i % PALETTE.length]} />)}</Pie><Tooltip {...tooltip} /><Legend wrapperStyle={{ color: '#f3eadf', fontSize: 12 }} /></PieChart></ResponsiveContainer></div>
        <DataList data={origins} unit={sticks} />
      </figure>
      <figure className={box}>
        <figcaption className="mb-2 font-semibold">Strength mix</figcaption>
        <div className="h-56"><ResponsiveContainer><BarChart data={strengths}><CartesianGrid stroke="#3b2f26" /><XAxis dataKey="name" {...axis} /><YAxis allowDecimals={false} {...axis} /><Tooltip {...tooltip} /><Bar dataKey="value" name="Sticks" fill="#94582a" /></BarChart></ResponsiveContainer></div>
        <DataList data={strengths} unit={sticks} />
      </figure>
      <figure className={box}>
        <figcaption className="mb-2 font-semibold">Vitolas</figcaption>
        <div className="h-56"><ResponsiveContainer><BarChart data={vitolas}><CartesianGrid stroke="#3b2f26" /><XAxis dataKey="name" {...axis} /><YAxis allowDecimals={false} {...axis} /><Tooltip {...tooltip} /><Bar dataKey="value" name="Sticks" fill={GOLD} /></BarChart></ResponsiveContainer></div>
        <DataList data={vitolas} unit={sticks} />
      </figure>
      <figure className={box}>
        <figcaption className="mb-2 font-semibold">Spend by month (USD)</figcaption>
        <div className="h-56"><ResponsiveContainer><BarChart data={spendData}><CartesianGrid stroke="#3b2f26" /><XAxis dataKey="month" {...axis} /><YAxis {...axis} /><Tooltip {...tooltip} /><Bar dataKey="value" name="Spent" fill="#8b5a2b" /></BarChart></ResponsiveContainer></div>
        <DataList data={spendData} unit={money} />
      </figure>
      <figure className={box}>
        <figcaption className="mb-2 font-semibold">Aging</figcaption>
        <div className="h-56"><ResponsiveContainer><BarChart data={aging}><CartesianGrid stroke="#3b2f26" /><XAxis dataKey="name" {...axis} /><YAxis allowDecimals={false} {...axis} /><Tooltip {...tooltip} /><Bar dataKey="value" name="Sticks" fill="#6fbf73" /></BarChart></ResponsiveContainer></div>
        <DataList data={aging} unit={sticks} />
      </figure>
      <figure className={box}>
        <figcaption className="mb-2 font-semibold">Totals</figcaption>
        <dl className="space-y-1 text-sm">
          <div className="flex justify-between"><dt>Sticks</dt><dd>{totals.sticks}</dd></div>
          <div className="flex justify-between"><dt>Value</dt><dd>{money(totals.valueUsd)}</dd></div>
          <div className="flex justify-between"><dt>Average age (dated boxes)</dt><dd>{totals.averageAgeDays === null ? '—' : days(totals.averageAgeDays)}</dd></div>
        </dl>
      </figure>
    </div>
  );
}
