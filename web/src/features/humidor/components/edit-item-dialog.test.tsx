import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { HumidorItem } from '@torcedor/shared/schemas/humidor';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadImage } from '@/lib/api/upload-image';
import { EditItemDialog } from './edit-item-dialog';

vi.mock('@/lib/api/upload-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/upload-image')>()),
  uploadImage: vi.fn(),
}));

const item: HumidorItem = {
  id: 'i1', cigarId: 'padron-1964', currentPrice: null, readyOn: null, quantity: 2, location: 'Top tray', status: 'owned', notes: null,
  pricePaid: 14.5, boxDate: null, cigarImageUrl: null, brandName: 'Padrón', cigarName: '1964 Exclusivo', brandCountry: 'Nicaragua',
  cigarVitola: 'Robusto', cigarLength: 5.5, cigarRingGauge: 50, cigarStrength: 'full', cigarWrapper: 'Nicaraguan Maduro', photos: [],
  averageRating: 87, reviewCount: 4, createdAt: '2026-01-01T00:00:00.000Z',
};

function renderDialog(it: HumidorItem = item) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}><EditItemDialog item={it} open onOpenChange={() => {}} /></QueryClientProvider>);
}

afterEach(() => vi.unstubAllGlobals());

describe('edit item dialog (UpdateHumidorItem)', () => {
  it('shows the shared schema\u2019s error under the price and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderDialog();
    const price = screen.getByLabelText('Price paid (per stick)');
    await user.clear(price);
    await user.type(price, '-3');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Price cannot be negative');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(price.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.getByLabelText('Quantity').getAttribute('aria-invalid')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the body the spec asks for: empty quantity is 0, empty texts and prices are null', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ...item, quantity: 0 }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderDialog();
    await user.clear(screen.getByLabelText('Quantity'));
    await user.clear(screen.getByLabelText('Location'));
    await user.clear(screen.getByLabelText('Price paid (per stick)'));
    await user.type(screen.getByLabelText('Current price (per stick)'), '19.999');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/humidor\/i1$/);
    expect(JSON.parse(init.body as string)).toEqual({
      quantity: 0, location: null, status: 'owned', notes: null, pricePaid: null, boxDate: null, currentPrice: 20, readyOn: null,
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the photos it has by object path, drops a removed one and uploads a new one first', async () => {
    const urls = URL as unknown as { createObjectURL?: (f: Blob) => string; revokeObjectURL?: (u: string) => void };
    urls.createObjectURL = vi.fn(() => 'blob:new');
    urls.revokeObjectURL = vi.fn();
    vi.mocked(uploadImage).mockResolvedValue({ objectPath: 'incoming/u1/new0123456789abcdef' });
    const fetch = vi.fn(async () => new Response(JSON.stringify(item), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderDialog({ ...item, photos: ['/uploads/u1/first', '/uploads/u1/second'] });
    expect(screen.getAllByRole('img', { name: /^Photo \d of 2$/ }).map((i) => i.getAttribute('src'))).toEqual(['/uploads/u1/first', '/uploads/u1/second']);
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await user.upload(screen.getByLabelText('Photo files'), new File([new Uint8Array([137, 80, 78, 71])], 'new.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string).photos).toEqual(['uploads/u1/second', 'incoming/u1/new0123456789abcdef']);
    delete urls.createObjectURL;
    delete urls.revokeObjectURL;
  });
});
