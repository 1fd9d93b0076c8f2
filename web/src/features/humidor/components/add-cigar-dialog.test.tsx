import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cigarQuery } from '../api/get-cigar';
import { AddCigarDialog } from './add-cigar-dialog';

const cigar = { id: 'padron-1964', brandName: 'Padrón', name: '1964 Exclusivo', vitola: 'Robusto', length: 5.5, ringGauge: 50, country: 'Nicaragua' };

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false }, mutations: { retry: false } } });
  client.setQueryData(cigarQuery(cigar.id).queryKey, cigar as never);
  return render(<QueryClientProvider client={client}><AddCigarDialog open onOpenChange={() => {}} cigarId={cigar.id} /></QueryClientProvider>);
}

afterEach(() => vi.unstubAllGlobals());

describe('Add Cigar dialog (AddHumidorItem)', () => {
  it('is ready with the preset cigar and the default quantity of 1; a quantity under 1 is refused inline', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    renderDialog();
    const add = screen.getByRole('button', { name: 'Add to Humidor' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.tab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Quantity must be at least 1');
    expect(quantity.getAttribute('aria-describedby')).toBe(alert.id);
    expect((add as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends what it always sent (no status), with empty texts and price as null', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderDialog();
    const add = screen.getByRole('button', { name: 'Add to Humidor' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.type(screen.getByLabelText('Location'), ' Top tray ');
    await user.type(screen.getByLabelText('Box date'), '2021-01-15');
    await user.click(add);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ cigarId: cigar.id, quantity: 5, location: 'Top tray', boxDate: '2021-01-15', notes: null, pricePaid: null });
  });
});
