import type { ConditionReading, HumidorItem } from '@torcedor/shared/schemas/humidor';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Charts load on demand (recharts stays out of the main bundle). */
const GOLD = '#d4a640';
const PALETTE = ['#d4a640', '#8b5a2b', '#6aa7e0', '#6fbf73', '#b58be0', '#e0675a', '#e6c14a', '#c9b8a6'];
const axis = { stroke: '#b8a898', fontSize: 12 };
const tooltip = { contentStyle: { background: '#1f1814', border: '1px solid #3b2f26', color: '#f3eadf' } };

export function ConditionsChart({ readings }: { readings: { recordedAt: string; humidity: number; temperatureC: number }[] }) {
  const data = [...readings].sort((a, b) => a.recordedAt.localeCompare(b.recordedAt)).map((r) => ({ ...r, day: new Date(r.recordedAt).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }) }));
  return (
    <div className="h-48" role="img" aria-label="Humidity and temperature over time">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data}>
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

function count<T>(items: HumidorItem[], key: (i: HumidorItem) => T) {
  const m = new Map<T, number>();
  for (const i of items) m.set(key(i), (m.get(key(i)) ?? 0) + i.quantity);
  return [...m.entries()].map(([name, value]) => ({ name: String(name), value }));
}

const STRENGTHS = [['mild', 'Mild'], ['mild-medium', 'Mild-Medium'], ['medium', 'Medium'], ['medium-full', 'Medium-Full'], ['full', 'Full']] as const;

/** Premium analytics: origins, strength mix, vitolas, spend by month and aging distribution. */
export function AnalyticsCharts({ items, now }: { items: HumidorItem[]; now: Date }) {
  const origins = count(items, (i) => i.brandCountry || 'Other');
  const vitolas = count(items, (i) => i.cigarVitola || 'Other').sort((a, b) => b.value - a.value).slice(0, 8);
  const strengths = STRENGTHS.map(([key, name]) => ({ name, value: items.filter((i) => i.cigarStrength === key).reduce((n, i) => n + i.quantity, 0) }));
  const spend = new Map<string, number>();
  for (const i of items) if (i.pricePaid !== null) spend.set(i.createdAt.slice(0, 7), (spend.get(i.createdAt.slice(0, 7)) ?? 0) + i.pricePaid * i.quantity);
  const spendData = [...spend.entries()].sort().map(([month, value]) => ({ month, value: Math.round(value * 100) / 100 }));
  const bands = [['< 6 months', 0.5], ['6-12 months', 1], ['1-2 years', 2], ['2-5 years', 5], ['5+ years', Infinity]] as const;
  const aging = bands.map(([name]) => ({ name, value: 0 }));
  for (const i of items) {
    if (!i.boxDate) continue;
    const years = (now.getTime() - new Date(`${i.boxDate}T00:00:00Z`).getTime()) / (365.25 * 86_400_000);
    aging[bands.findIndex(([, max]) => years < max)]!.value += i.quantity;
  }
  const box = 'rounded-lg border border-border p-3';
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <figure className={box}>
        <figcaption className="mb-2 font-semibold">Origins</figcaption>
        <div className="h-56"><ResponsiveContainer><PieChart><Pie data={origins} dataKey="value" nameKey="name" outerRadius={70}>{origins.map((o, i) => <Cell key={o.name} fill={PALETTE[i % PALETTE.length]} />)}</Pie><Tooltip {...tooltip} /><Legend wrapperStyle={{ color: '#f3eadf', fontSize: 12 }} /></PieChart></ResponsiveContainer></div>
      </figure>
      <figure className={box}>
        <figcaption className="mb-2 font-semibold">Strength mix</figcaption>
        <div className="h-56"><ResponsiveContainer><BarChart data={strengths}><CartesianGrid stroke="#3b2f26" /><XAxis dataKey="name" {...axis} /><YAxis allowDecimals={false} {...axis} /><Tooltip {...tooltip} /><Bar dataKey="value" name="Sticks" fill="#e0675a" /></BarChart></ResponsiveContainer></div>
      </figure>
      <figure className={box}>
        <figcaption className="mb-2 font-semibold">Vitolas</figcaption>
        <div className="h-56"><ResponsiveContainer><BarChart data={vitolas}><CartesianGrid stroke="#3b2f26" /><XAxis dataKey="name" {...axis} /><YAxis allowDecimals={false} {...axis} /><Tooltip {...tooltip} /><Bar dataKey="value" name="Sticks" fill={GOLD} /></BarChart></ResponsiveContainer></div>
      </figure>
      <figure className={box}>
        <figcaption className="mb-2 font-semibold">Spend by month (USD)</figcaption>
        <div className="h-56"><ResponsiveContainer><BarChart data={spendData}><CartesianGrid stroke="#3b2f26" /><XAxis dataKey="month" {...axis} /><YAxis {...axis} /><Tooltip {...tooltip} /><Bar dataKey="value" name="Spent" fill="#8b5a2b" /></BarChart></ResponsiveContainer></div>
      </figure>
      <figure className={box}>
        <figcaption className="mb-2 font-semibold">Aging</figcaption>
        <div className="h-56"><ResponsiveContainer><BarChart data={aging}><CartesianGrid stroke="#3b2f26" /><XAxis dataKey="name" {...axis} /><YAxis allowDecimals={false} {...axis} /><Tooltip {...tooltip} /><Bar dataKey="value" name="Sticks" fill="#6fbf73" /></BarChart></ResponsiveContainer></div>
      </figure>
    </div>
  );
}
