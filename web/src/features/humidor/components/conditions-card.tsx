import { useSuspenseQuery } from '@tanstack/react-query';
import { AddConditionReading } from '@torcedor/shared/schemas/humidor';
import { Droplets } from 'lucide-react';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { errorDetail } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-time';
import { toast } from '@/lib/toast';
import { useAddConditionReading } from '../api/add-condition-reading';
import { conditionsQuery } from '../api/get-conditions';

/** A reading's bounds, the shared AddConditionReading rule's own: the inputs refuse what the server would. */
const boundsOf = (n: { minValue: number | null; maxValue: number | null }) => ({ min: n.minValue ?? undefined, max: n.maxValue ?? undefined });
const HUMIDITY = boundsOf(AddConditionReading.shape.humidity);
const TEMPERATURE = boundsOf(AddConditionReading.shape.temperatureC);

const ConditionsChart = lazy(() => import('./charts').then((m) => ({ default: m.ConditionsChart })));

/** The humidor's conditions log: readings, a chart and a recharge reminder. */
export function ConditionsCard() {
  const { data } = useSuspenseQuery(conditionsQuery);
  const add = useAddConditionReading();
  const [f, setF] = useState({ humidity: '', temperatureC: '' });
  const id = useId();
  // Readings come oldest first.
  const latest = data.readings.at(-1);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({ humidity: Number(f.humidity), temperatureC: Number(f.temperatureC) }, {
      onSuccess: () => { setF({ humidity: '', temperatureC: '' }); toast({ title: 'Reading saved', variant: 'success' }); },
      onError: (err) => toast({ title: 'Failed to save the reading', description: errorDetail(err), variant: 'error' }),
    });
  };
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold"><Droplets className="h-5 w-5 text-info" aria-hidden />Conditions</h2>
      <p className="text-sm text-muted">Keep relative humidity between {data.target.min}% and {data.target.max}%.</p>
      {latest ? <p className="mt-2 text-sm">Latest: <strong>{latest.humidity}% RH</strong>, {latest.temperatureC} °C (<time dateTime={latest.recordedAt}>{formatDateTime(latest.recordedAt)}</time>)</p> : null}
      {data.rechargeNeeded ? <p role="alert" className="mt-2 rounded-md border border-warning/50 bg-warning/10 p-2 text-sm">Humidity is below the target: time to recharge your humidification.</p> : null}
      {data.readings.length > 1 ? <Suspense fallback={<Skeleton className="mt-3 h-48" />}><div className="mt-3"><ConditionsChart readings={data.readings} /></div></Suspense> : null}
      <form onSubmit={submit} className="mt-3 grid grid-cols-[1fr_1fr_auto] items-end gap-2" aria-label="Log a reading">
        <div><Label htmlFor={`${id}-h`}>Humidity %</Label><Input id={`${id}-h`} type="number" min={HUMIDITY.min} max={HUMIDITY.max} step={0.1} required value={f.humidity} onChange={(e) => setF({ ...f, humidity: e.target.value })} /></div>
        <div><Label htmlFor={`${id}-t`}>Temp °C</Label><Input id={`${id}-t`} type="number" min={TEMPERATURE.min} max={TEMPERATURE.max} step={0.1} required value={f.temperatureC} onChange={(e) => setF({ ...f, temperatureC: e.target.value })} /></div>
        <Button type="submit" disabled={add.isPending}>Log</Button>
      </form>
    </Card>
  );
}
