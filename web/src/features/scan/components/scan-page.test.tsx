import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { BAND_UNREADABLE_MESSAGE, UNAVAILABLE_MESSAGE } from '@torcedor/shared/constants';
import type { Cigar } from '@torcedor/shared/schemas/catalog';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { callsOf, fakeApi, json, type Handler } from '@/testing/fake-api';
import type { BandPhoto } from '../lib/capture';
import type { ScanProgress } from '../lib/ocr';
import type { BandReading } from '../lib/pipeline';
import { CAMERA_MESSAGES } from './camera-view';
import { ScanPage, type Scanner } from './scan-page';

vi.mock('@/lib/api/upload-image', () => ({ uploadImage: vi.fn(async () => ({ objectPath: 'uploads/u1/band-photo-0123456789abcdef' })) }));

const cigar = (n: number, name = `1926 Serie No. ${n}`): Cigar => ({
  id: `padron-1926-serie-no-${n}`, brandId: 'padron', brandName: 'Padrón', brandCountry: 'Nicaragua', name, vitola: 'Robusto', length: 5.5,
  ringGauge: 50, strength: 'full', wrapper: 'Nicaraguan', binder: 'Nicaraguan', filler: 'Nicaraguan', country: 'Nicaragua',
  description: 'Cocoa and espresso.', averageRating: n === 2 ? 90 : null, reviewCount: n === 2 ? 12 : 0, photos: n === 2 ? ['/uploads/u9/serie-2'] : [],
});
const match = (n: number, confidence: number) => ({ cigar: cigar(n), confidence, matched: { brand: ['Padrón'], line: ['1926', 'Serie'], vitola: [] } });
const identified = (visionAvailable = false) => ({ items: [match(1, 0.94), match(2, 0.94), match(6, 0.9)], visionAvailable });

const photo: BandPhoto = { image: { data: new Uint8ClampedArray(4), width: 1, height: 1 }, jpeg: new Blob(['jpeg'], { type: 'image/jpeg' }) };
const reading = (text: string): BandReading => ({ text, confidence: 88, candidate: 'deskewed', tries: 1, skew: 0 });

/** A scanner with no camera or OCR engine: the photo is decoded at once, and `read` reports loading, then answers `text`. */
function fakeScanner(text: string, { hold }: { hold?: Promise<void> } = {}): Scanner {
  return {
    capture: vi.fn(async () => photo),
    decode: vi.fn(async () => photo),
    read: vi.fn(async (_p: BandPhoto, onProgress: (p: ScanProgress) => void) => {
      onProgress({ stage: 'loading', progress: 0.4, attempt: 1, attempts: 1 });
      await hold;
      onProgress({ stage: 'reading', progress: 1, attempt: 1, attempts: 4 });
      return reading(text);
    }),
    stop: vi.fn(),
  };
}

function renderPage(scanner: Scanner, api: Record<string, Handler> = {}) {
  const fetch = fakeApi(api);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  const rootRoute = createRootRoute();
  const scan = createRoute({ getParentRoute: () => rootRoute, path: '/scan', component: () => <><ScanPage scanner={scanner} /><Toaster /></> });
  const others = ['/search', '/cigars/$id', '/humidor'].map((path) => createRoute({ getParentRoute: () => rootRoute, path, component: () => <p>elsewhere</p> }));
  const router = createRouter({ routeTree: rootRoute.addChildren([scan, ...others]), history: createMemoryHistory({ initialEntries: ['/scan'] }) });
  render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>);
  return { fetch, router };
}

const choosePhoto = async (user: ReturnType<typeof userEvent.setup>) =>
  user.upload(await screen.findByLabelText('Choose a photo'), new File(['jpeg'], 'band.jpg', { type: 'image/jpeg' }));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:band');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('scan page: the camera', () => {
  it('says when this browser has no camera, and the photo option stays', async () => {
    renderPage(fakeScanner(''));
    expect((await screen.findByRole('alert')).textContent).toBe(CAMERA_MESSAGES.unsupported);
    expect(screen.getByLabelText('Choose a photo').getAttribute('accept')).toBe('image/*');
    expect(screen.getByText(/The photo never leaves your device unless you ask the server for a second opinion/)).toBeTruthy();
  });

  it('says how to allow a refused camera, and the photo option stays', async () => {
    const getUserMedia = vi.fn(async () => { throw new DOMException('Permission denied', 'NotAllowedError'); });
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    renderPage(fakeScanner(''));
    expect((await screen.findByRole('alert')).textContent).toBe(CAMERA_MESSAGES.refused);
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false });
    expect(screen.getByLabelText('Choose a photo')).toBeTruthy();
  });
});

describe('scan page: reading and matching', () => {
  it('shows progress, the text as read, then the matches with their confidence, why, and what to do', async () => {
    let release = () => {};
    const hold = new Promise<void>((r) => { release = r; });
    let wished: unknown[] = [];
    const { fetch, router } = renderPage(fakeScanner('  PADRON \n ~~ \n1926  SERIE ', { hold }), {
      'POST /api/cigars/identify': () => json(identified()),
      'POST /api/humidor': () => json({
        id: 'i1', cigarId: 'padron-1926-serie-no-1', quantity: 1, location: null, status: 'owned', notes: null, pricePaid: null, boxDate: null,
        cigarImageUrl: null, brandName: 'Padrón', cigarName: '1926 Serie No. 1', brandCountry: 'Nicaragua', cigarVitola: 'Robusto', cigarLength: 5.5,
        cigarRingGauge: 50, createdAt: '2026-01-01T00:00:00.000Z',
      }, 201),
      'GET /api/wishlist': () => json(wished),
      'POST /api/wishlist': () => {
        wished = [{
          id: 'w1', cigarId: 'padron-1926-serie-no-1', brandName: 'Padrón', cigarName: '1926 Serie No. 1', cigarVitola: 'Robusto', notes: null, priority: 3,
          createdAt: '2026-01-01T00:00:00.000Z',
        }];
        return json(wished[0], 201);
      },
    });
    const writes = () => callsOf(fetch).filter((c) => c.call !== 'GET /api/wishlist');
    const user = userEvent.setup();
    await choosePhoto(user);

    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuetext')).toBe('Loading the band reader: 40%');
    release();

    const read = await screen.findByRole('region', { name: 'Read on the band' });
    expect(read.textContent).toContain('PADRON\n1926 SERIE');
    const list = await screen.findByRole('list', { name: 'Matching cigars' });
    expect(writes()).toEqual([{ call: 'POST /api/cigars/identify', body: { text: 'PADRON\n1926 SERIE' } }]);
    expect(screen.getByText('3 matches')).toBeTruthy();
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Padrón 1926 Serie No. 1', 'Padrón 1926 Serie No. 2', 'Padrón 1926 Serie No. 6']);
    const best = within(cards[0]!);
    expect(best.getByText('94% match')).toBeTruthy();
    // Two at 94%: shown as equals, neither crowned.
    expect(within(list).queryByText(/Best match/)).toBeNull();
    expect(cards.map((c) => c.textContent!.includes('Equal match'))).toEqual([true, true, false]);
    expect(screen.getByText('The first 2 match the band equally well: check the size on the band or the box.')).toBeTruthy();
    expect(within(cards[2]!).getByText('90% match')).toBeTruthy();
    // Each match shows the community's photo, or the cigar drawn from the catalog, and its community rating.
    expect(best.getByRole('img', { name: 'Illustration of Padrón 1926 Serie No. 1' }).tagName.toLowerCase()).toBe('svg');
    expect(best.getByText('No ratings yet')).toBeTruthy();
    expect(within(cards[1]!).getByRole('img', { name: 'Photo of Padrón 1926 Serie No. 2' }).getAttribute('src')).toBe('/uploads/u9/serie-2');
    expect(cards[1]!.textContent).toContain('(12 reviews)');
    expect(best.getByRole('list', { name: 'Matched words' }).textContent).toBe('Brand: PadrónLine: 1926Line: Serie');
    expect(best.getByRole('link', { name: 'Write a review of Padrón 1926 Serie No. 1' }).getAttribute('href')).toBe('/cigars/padron-1926-serie-no-1?review=1');
    // No vision model on the server: no second opinion is offered.
    expect(screen.queryByRole('button', { name: 'Ask the server for a second opinion' })).toBeNull();

    await user.click(best.getByRole('button', { name: 'Add to Humidor: Padrón 1926 Serie No. 1' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Item added to humidor');
    await user.click(best.getByRole('button', { name: 'Add to Wishlist: Padrón 1926 Serie No. 1' }));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Item added to wishlist'));
    // The button now says the cigar is on the wishlist (and offers to remove it).
    await waitFor(() => expect(cards[0]!.textContent).toContain('In Wishlist: Padrón 1926 Serie No. 1'));
    expect(best.getByRole('button', { name: 'Remove Padrón 1926 Serie No. 1 from the wishlist' })).toBeTruthy();
    expect(writes().slice(1)).toEqual([
      { call: 'POST /api/humidor', body: { cigarId: 'padron-1926-serie-no-1', quantity: 1 } },
      { call: 'POST /api/wishlist', body: { cigarId: 'padron-1926-serie-no-1', priority: 3, notes: null } },
    ]);

    await user.click(best.getByRole('button', { name: 'Not this cigar: Padrón 1926 Serie No. 1, search instead' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toEqual({ q: 'Padrón 1926 Serie' });
  });

  it('unreadable text says to hold the band flat, without asking the server; Try again goes back to the camera', async () => {
    const { fetch } = renderPage(fakeScanner('~ | ='));
    const user = userEvent.setup();
    await choosePhoto(user);
    expect(await screen.findByText(BAND_UNREADABLE_MESSAGE)).toBeTruthy();
    expect(callsOf(fetch)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Choose a photo')).toBeTruthy();
    expect(screen.queryByText(BAND_UNREADABLE_MESSAGE)).toBeNull();
  });

  it('text that matches nothing says the same, with Try again', async () => {
    renderPage(fakeScanner('HECHO A MANO'), { 'POST /api/cigars/identify': () => json({ items: [], visionAvailable: false }) });
    const user = userEvent.setup();
    await choosePhoto(user);
    expect(await screen.findByText(BAND_UNREADABLE_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Read on the band' }).textContent).toContain('HECHO A MANO');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("a failed identify shows the server's message with Try again", async () => {
    renderPage(fakeScanner('PADRON'), { 'POST /api/cigars/identify': () => json({ message: 'Service unavailable', code: 'UNAVAILABLE' }, 503) });
    const user = userEvent.setup();
    await choosePhoto(user);
    expect(await screen.findByText(UNAVAILABLE_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a reader that fails on the device says so', async () => {
    const scanner = fakeScanner('');
    scanner.read = vi.fn(async () => { throw new Error('wasm blocked'); });
    renderPage(scanner);
    const user = userEvent.setup();
    await choosePhoto(user);
    expect(await screen.findByText('The band could not be read on this device. Try again, or choose a clearer photo.')).toBeTruthy();
  });
});

describe('scan page: the second opinion', () => {
  it('is offered when the server has a vision model: the photo is uploaded and the server reads it', async () => {
    const { fetch } = renderPage(fakeScanner('PADR'), {
      'POST /api/cigars/identify': () => json({ items: [], visionAvailable: true }),
      'POST /api/cigars/identify/image': () => json({ items: [match(9, 0.81)], visionAvailable: true, seen: { brand: 'Padrón', line: '1926 Serie' } }),
    });
    const user = userEvent.setup();
    await choosePhoto(user);
    expect(await screen.findByText(BAND_UNREADABLE_MESSAGE)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ask the server for a second opinion' }));
    expect(await screen.findByText("1 match from the server's reading: Padrón 1926 Serie")).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Padrón 1926 Serie No. 9' })).toBeTruthy();
    const writes = callsOf(fetch).filter((c) => c.call !== 'GET /api/wishlist');
    expect(writes.map((c) => c.call)).toEqual(['POST /api/cigars/identify', 'POST /api/cigars/identify/image']);
    expect(writes[1]!.body).toEqual({ objectPath: 'uploads/u1/band-photo-0123456789abcdef' });
    expect(screen.queryByRole('button', { name: 'Ask the server for a second opinion' })).toBeNull();
  });
});

describe('scan page: offline', () => {
  const rows = [
    ['padron-1926-serie-no-2', 'Padrón', '1926 Serie No. 2', 'Belicoso', 5.5, 52, 'full', 'Nicaraguan Maduro', 'Nicaragua'],
    ['padron-1964-anniversary-exclusivo', 'Padrón', '1964 Anniversary Exclusivo', 'Robusto', 5.5, 50, 'medium-full', 'Nicaraguan Natural', 'Nicaragua'],
    ['montecristo-no-2', 'Montecristo', 'No. 2', 'Torpedo', 6.1, 52, 'medium', 'Cuban', 'Cuba'],
  ];
  const offline = () => { throw new TypeError('Failed to fetch'); };

  it('with no answer from the server, matches the band on the device against the saved catalog, and says so', async () => {
    // The browser says it is offline: the look-up is still sent (not held until it is back), then matched on the device.
    onlineManager.setOnline(false);
    onTestFinished(() => onlineManager.setOnline(true));
    const { fetch } = renderPage(fakeScanner('PADRON\n1926 SERIE\nNo. 2'), {
      'POST /api/cigars/identify': offline,
      'GET /api/band-catalog': () => json({ version: 7, cigars: rows }),
    });
    const user = userEvent.setup();
    await choosePhoto(user);
    const list = await screen.findByRole('list', { name: 'Matching cigars' });
    const first = within(list).getAllByRole('article')[0]!;
    expect(first.getAttribute('aria-label')).toBe('Padrón 1926 Serie No. 2');
    expect(screen.getByText(/^You are offline: these matches come from the catalog saved on this device\./).getAttribute('role')).toBe('status');
    // Nothing that needs the server: no community figures (unknown offline), no add, review or second opinion.
    expect(within(first).queryByText(/No ratings yet|review/i)).toBeNull();
    expect(within(first).queryByRole('button', { name: /Add to Humidor/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ask the server for a second opinion' })).toBeNull();
    expect(callsOf(fetch).map((c) => c.call)).toContain('GET /api/band-catalog');
  });

  it('without a saved catalog, says the server could not be reached', async () => {
    renderPage(fakeScanner('PADRON'), { 'POST /api/cigars/identify': offline, 'GET /api/band-catalog': offline });
    const user = userEvent.setup();
    await choosePhoto(user);
    expect(await screen.findByText(UNAVAILABLE_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Matching cigars' })).toBeNull();
  });
});
