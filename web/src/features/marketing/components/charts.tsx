import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '@/lib/numbers';
import { formatDay } from './format';

/**
 * The marketing page's charts. This module loads on demand (React.lazy), so recharts stays out of the route's
 * main chunk. Each chart is a picture for sighted owners (hidden from screen readers) with its numbers beside it
 * as a visually hidden table. The picture takes no keyboard focus (`accessibilityLayer={false}`): nothing inside
 * what is hidden from screen readers may be focusable. Days, ticks, legends and tooltips are in the app's language.
 */
const axis = { stroke: '#b8a898', fontSize: 12 };
const tooltip = { contentStyle: { background: '#1f1814', border: '1px solid #3b2f26', color: '#f3eadf' } };
const legend = { wrapperStyle: { color: '#f3eadf', fontSize: 12 } };

/** A count on an axis or in a tooltip, as the language writes it. */
const count = (v: unknown) => (typeof v === 'number' ? formatNumber(v) : String(v ?? ''));

/** What a daily chart may draw: a day's counts. */
type DailyKey = 'visits' | 'signups' | 'trials' | 'conversions';
export interface Series { key: DailyKey; name: MessageDescriptor; color: string }

/** Numbers per UTC day (oldest first), one line per series. */
export function DailyChart({ days, series, caption, height = 'h-56' }: {
  days: readonly ({ date: string } & Partial<Record<DailyKey, number>>)[];
  series: readonly Series[];
  caption: string;
  height?: string;
}) {
  const { i18n } = useLingui();
  const data = days.map((d) => ({ ...d, day: formatDay(d.date) }));
  const named = series.map((s) => ({ ...s, label: i18n._(s.name) }));
  return (
    <>
      <div className={height} aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} accessibilityLayer={false}>
            <CartesianGrid stroke="#3b2f26" />
            <XAxis dataKey="day" {...axis} minTickGap={16} />
            <YAxis allowDecimals={false} {...axis} width={32} tickFormatter={count} />
            <Tooltip {...tooltip} formatter={count} />
            <Legend {...legend} />
            {named.map((s) => <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={s.color} dot={false} strokeWidth={2} />)}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead><tr><th scope="col"><Trans>Day</Trans></th>{named.map((s) => <th key={s.key} scope="col">{s.label}</th>)}</tr></thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.date}><th scope="row">{d.day}</th>{named.map((s) => <td key={s.key}>{formatNumber(d[s.key] ?? 0)}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Leads by where they came from, most first. */
export function SourcesChart({ sources }: { sources: readonly { source: string; leads: number }[] }) {
  const { t } = useLingui();
  const data = [...sources].sort((a, b) => b.leads - a.leads);
  return (
    <>
      <div className="h-56" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ left: 16 }} accessibilityLayer={false}>
            <CartesianGrid stroke="#3b2f26" />
            <XAxis type="number" allowDecimals={false} {...axis} tickFormatter={count} />
            <YAxis type="category" dataKey="source" width={96} {...axis} />
            <Tooltip {...tooltip} formatter={count} />
            <Bar dataKey="leads" name={t`Leads`} fill="#d4a640" />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption><Trans>Leads by source</Trans></caption>
        <thead><tr><th scope="col"><Trans context="lead source">Source</Trans></th><th scope="col"><Trans>Leads</Trans></th></tr></thead>
        <tbody>{data.map((s) => <tr key={s.source}><th scope="row">{s.source}</th><td>{formatNumber(s.leads)}</td></tr>)}</tbody>
      </table>
    </>
  );
}
