import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AddConditionReading } from '@torcedor/shared/schemas/humidor';
import { Droplets } from 'lucide-react';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { errorDetail } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-time';
import { formatDecimal, formatNumber } from '@/lib/numbers';
import { toast } from '@/lib/toast';
import { useAddConditionReading } from '../api/add-condition-reading';
import { conditionsQuery } from '../api/get-conditions';

/** A reading's bounds, the shared AddConditionReading rule's own: the inputs refuse what the server would. */
const boundsOf = (n: { minValue: number | null; maxValue: number | null }) => ({ min: n.minValue ?? undefined, max: n.maxValue ?? undefined });
const HUMIDITY = boundsOf(AddConditionReading.shape.humidity);
const TEMPERATURE = boundsOf(AddConditionReading.shape.temperatureC);

/** A reading as the member's language writes it: 65.5 / 65,5 (a whole reading has no decimals). */
const decimal = (n: number) => (Number.isInteger(n) ? formatNumber(n) : formatDecimal(n));

const ConditionsChart = lazy(() => import('./charts').then((m) => ({ default: m.ConditionsChart })));

/** The humidor's conditions log: readings, a chart and a recharge reminder. */
export function ConditionsCard() {
  const { t } = useLingui();
  const { data } = useSuspenseQuery(conditionsQuery);
  const add = useAddConditionReading();
  const [f, setF] = useState({ humidity: '', temperatureC: '' });
  const id = useId();
  // Readings come oldest first.
  const latest = data.readings.at(-1);
  const min = formatNumber(data.target.min);
  const max = formatNumber(data.target.max);
  const humidity = latest ? decimal(latest.humidity) : '';
  const temperature = latest ? decimal(latest.temperatureC) : '';
  const recorded = latest ? formatDateTime(latest.recordedAt) : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({ humidity: Number(f.humidity), temperatureC: Number(f.temperatureC) }, {
      onSuccess: () => { setF({ humidity: '', temperatureC: '' }); toast({ title: t`Reading saved`, variant: 'success' }); },
      onError: (err) => toast({ title: t`Failed to save the reading`, description: errorDetail(err), variant: 'error' }),
    });
  };
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold"><Droplets className="h-5 w-5 text-info" aria-hidden /><Trans>Conditions</Trans></h2>
      <p className="text-sm text-muted"><Trans>Keep relative humidity between {min}% and {max}%.</Trans></p>
      {latest ? <p className="mt-2 text-sm"><Trans>Latest: <strong>{humidity}% RH</strong>, {temperature} °C (<time dateTime={latest.recordedAt}>{recorded}</time>)</Trans></p> : null}
      {data.rechargeNeeded ? <p role="alert" className="mt-2 rounded-md border border-warning/50 bg-warning/10 p-2 text-sm"><Trans>Humidity is below the target: time to recharge your humidification.</Trans></p> : null}
      {data.readings.length > 1 ? <Suspense fallback={<Skeleton className="mt-3 h-48" />}><div className="mt-3"><ConditionsChart readings={data.readings} /></div></Suspense> : null}
      <form onSubmit={submit} className="mt-3 grid grid-cols-[1fr_1fr_auto] items-end gap-2" aria-label={t`Log a reading`}>
        <div><Label htmlFor={`${id}-h`}><Trans>Humidity %</Trans></Label><Input id={`${id}-h`} type="number" min={HUMIDITY.min} max={HUMIDITY.max} step={0.1} required value={f.humidity} onChange={(e) => setF({ ...f, humidity: e.target.value })} /></div>
        <div><Label htmlFor={`${id}-t`}><Trans>Temp °C</Trans></Label><Input id={`${id}-t`} type="number" min={TEMPERATURE.min} max={TEMPERATURE.max} step={0.1} required value={f.temperatureC} onChange={(e) => setF({ ...f, temperatureC: e.target.value })} /></div>
        <Button type="submit" disabled={add.isPending}><Trans context="humidor reading">Log</Trans></Button>
      </form>
    </Card>
  );
}
