import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { conditionsQuery } from '../api/get-conditions';
import { ConditionsCard } from './conditions-card';

const reading = (recordedAt: string, humidity: number, temperatureC: number) => ({ id: recordedAt, recordedAt, humidity, temperatureC, note: null });

function renderWith(data: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(conditionsQuery.queryKey, data as never);
  return render(<QueryClientProvider client={client}><Suspense fallback="loading"><ConditionsCard /></Suspense></QueryClientProvider>);
}

describe('conditions card', () => {
  it('shows the newest reading (the log is oldest first) and the recharge reminder', () => {
    renderWith({
      readings: [reading('2026-11-20T08:00:00.000Z', 66, 20), reading('2026-11-21T08:00:00.000Z', 64, 21), reading('2026-11-22T08:00:00.000Z', 60, 21.5)],
      target: { min: 62, max: 72 }, rechargeNeeded: true,
    });
    expect(screen.getByText('60% RH')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('time to recharge');
  });
  it('has no reminder while humidity is in the band', () => {
    renderWith({ readings: [reading('2026-11-22T08:00:00.000Z', 68, 20)], target: { min: 62, max: 72 }, rechargeNeeded: false });
    expect(screen.getByText('68% RH')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
