import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { HumidorAnalytics, HumidorItem } from '@torcedor/shared/schemas/humidor';
import { HUMIDOR_PAGE_SIZE } from '@torcedor/shared/constants';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOf, fakeApi, json } from '@/testing/fake-api';
import { conditionsQuery } from '../api/get-conditions';
import { humidorQuery } from '../api/get-humidor';
import { humidorSummaryQuery } from '../api/get-humidor-summary';
import { wishlistQuery } from '../api/get-wishlist';
import { HumidorPage } from './humidor-page';

const item: HumidorItem = {
  id: 'i1', cigarId: 'padron-1964', currentPrice: null, readyOn: null, quantity: 2, location: 'Top tray', status: 'owned', notes: null,
  pricePaid: 14.5, boxDate: '2024-01-01', cigarImageUrl: null, brandName: 'Padrón', cigarName: '1964 Exclusivo', brandCountry: 'Nicaragua',
  cigarVitola: 'Robusto', cigarLength: 5.5, cigarRingGauge: 50, cigarStrength: 'full', cigarWrapper: 'Nicaraguan Maduro', photos: [],
  averageRating: 87, reviewCount: 4, createdAt: '2026-01-01T00:00:00.000Z',
};

/**
 * The server's answer, deliberately unlike what the page could compute from its one item: the charts must show
 * these numbers, not their own.
 */
const analytics: HumidorAnalytics = {
  origins: [{ name: 'Cuba', value: 12 }, { name: 'Dominican Republic', value: 5 }],
  strengths: [{ name: 'Mild', value: 1 }, { name: 'Mild-Medium', value: 0 }, { name: 'Medium', value: 7 }, { name: 'Medium-Full', value: 4 }, { name: 'Full', value: 5 }],
  vitolas: [{ name: 'Lancero', value: 9 }, { name: 'Corona', value: 8 }],
  spendByMonth: [{ month: '2025-10', value: 120.5 }, { month: '2026-02', value: 33.99 }],
  aging: [{ name: '< 6 months', value: 3 }, { name: '6-12 months', value: 0 }, { name: '1-2 years', value: 6 }, { name: '2-5 years', value: 8 }, { name: '5+ years', value: 0 }],
  totals: { sticks: 17, valueUsd: 412.25, averageAgeDays: 640 },
};

function renderPage({ cap, items = [item], stateful = false }: { cap: number | null; items?: HumidorItem[]; stateful?: boolean }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchOnMount: false, refetchOnWindowFocus: false } } });
  client.setQueryData(humidorQuery.queryKey, items);
  client.setQueryData(humidorSummaryQuery.queryKey, { totalSticks: items.reduce((n, i) => n + i.quantity, 0), items: items.length, wishlistCount: 0, cap });
  client.setQueryData(wishlistQuery.queryKey, []);
  client.setQueryData(conditionsQuery.queryKey, { readings: [], target: { min: 62, max: 72 }, rechargeNeeded: false });
  const rootRoute = createRootRoute();
  // `stateful`: the view changes as the route's search would (the filters apply); otherwise it stays put.
  function Page() {
    const [view, setView] = useState<Parameters<typeof HumidorPage>[0]['view']>({ tab: 'humidor', q: '', status: 'all' });
    return <HumidorPage onAddClosed={() => {}} view={view} onViewChange={async (change) => { if (stateful) setView((v) => ({ ...v, ...change })); }} />;
  }
  const humidor = createRoute({ getParentRoute: () => rootRoute, path: '/humidor', component: Page });
  const others = ['/subscription', '/search'].map((path) => createRoute({ getParentRoute: () => rootRoute, path, component: () => null }));
  const router = createRouter({ routeTree: rootRoute.addChildren([humidor, ...others]), history: createMemoryHistory({ initialEntries: ['/humidor'] }) });
  return render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>);
}

const analyticsSection = async () => within((await screen.findByRole('heading', { name: 'Analytics' })).closest('section')!);
/** A chart's figure, by its caption, and its numbers as the page lists them for screen readers. */
const chartData = (section: ReturnType<typeof within>, caption: string) => {
  const figure = section.getByText(caption).closest('figure')!;
  return [...figure.querySelectorAll('dl > div')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]);
};

afterEach(() => vi.unstubAllGlobals());

describe('humidor page analytics (GET /api/humidor/analytics)', () => {
  it("shows a premium or trial member the charts from the server's numbers", async () => {
    const fetch = fakeApi({ 'GET /api/humidor/analytics': () => json(analytics) });
    renderPage({ cap: null });
    const section = await analyticsSection();
    expect(await section.findByText('Origins', {}, { timeout: 5000 })).toBeTruthy();
    expect(chartData(section, 'Origins')).toEqual([['Cuba', '12 sticks'], ['Dominican Republic', '5 sticks']]);
    expect(chartData(section, 'Strength mix')).toEqual([['Mild', '1 stick'], ['Mild-Medium', '0 sticks'], ['Medium', '7 sticks'], ['Medium-Full', '4 sticks'], ['Full', '5 sticks']]);
    expect(chartData(section, 'Vitolas')).toEqual([['Lancero', '9 sticks'], ['Corona', '8 sticks']]);
    expect(chartData(section, 'Spend by month (USD)')).toEqual([['2025-10', '$120.50'], ['2026-02', '$33.99']]);
    expect(chartData(section, 'Aging')).toEqual([['< 6 months', '3 sticks'], ['6-12 months', '0 sticks'], ['1-2 years', '6 sticks'], ['2-5 years', '8 sticks'], ['5+ years', '0 sticks']]);
    expect(chartData(section, 'Totals')).toEqual([['Sticks', '17'], ['Value', '$412.25'], ['Average age (dated boxes)', '640 days']]);
    expect(section.queryByText(/part of Premium/)).toBeNull();
    expect(callsOf(fetch).filter((c) => c.call === 'GET /api/humidor/analytics')).toHaveLength(1);
  });

  it('does not ask a free member for analytics, and invites them to upgrade', async () => {
    const fetch = fakeApi({ 'GET /api/humidor/analytics': () => json(analytics) });
    renderPage({ cap: 20 });
    const section = await analyticsSection();
    expect(section.getByText('Origins, strength mix, vitolas, spending and aging charts are part of Premium.')).toBeTruthy();
    expect(section.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/subscription');
    expect(callsOf(fetch).map((c) => c.call)).not.toContain('GET /api/humidor/analytics');
  });

  it('does not ask for analytics of an empty humidor', async () => {
    const fetch = fakeApi({ 'GET /api/humidor/analytics': () => json(analytics) });
    renderPage({ cap: null, items: [] });
    const section = await analyticsSection();
    expect(section.getByText('Analytics appear once your humidor has cigars.')).toBeTruthy();
    expect(callsOf(fetch).map((c) => c.call)).not.toContain('GET /api/humidor/analytics');
  });

  it("shows the upgrade card when the server says the plan has ended (PREMIUM_REQUIRED)", async () => {
    fakeApi({ 'GET /api/humidor/analytics': () => json({ code: 'PREMIUM_REQUIRED', message: 'Advanced analytics are part of Premium.' }, 403) });
    renderPage({ cap: null });
    const section = await analyticsSection();
    expect(await section.findByRole('link', { name: 'Upgrade to Premium' })).toBeTruthy();
    expect(section.queryByText('Totals')).toBeNull();
  });
});

describe('a big humidor', () => {
  const many = (n: number): HumidorItem[] => Array.from({ length: n }, (_, k) => ({
    ...item, id: `i${k}`, cigarName: `Line ${k}`, status: k % 2 ? 'aged' : 'owned',
  }));

  it(`draws ${HUMIDOR_PAGE_SIZE} cards, then as many more per 'Show more', until all are shown`, async () => {
    fakeApi({ 'GET /api/humidor/analytics': () => json(analytics) });
    renderPage({ cap: null, items: many(HUMIDOR_PAGE_SIZE * 2 + 5) });
    const panel = within(await screen.findByRole('tabpanel', { name: 'My Humidor' }));
    expect(panel.getAllByRole('listitem')).toHaveLength(HUMIDOR_PAGE_SIZE);
    expect(panel.getByText(`Showing ${HUMIDOR_PAGE_SIZE} of ${HUMIDOR_PAGE_SIZE * 2 + 5} cigars`)).toBeTruthy();
    await userEvent.click(panel.getByRole('button', { name: 'Show more' }));
    expect(panel.getAllByRole('listitem')).toHaveLength(HUMIDOR_PAGE_SIZE * 2);
    await userEvent.click(panel.getByRole('button', { name: 'Show more' }));
    expect(panel.getAllByRole('listitem')).toHaveLength(HUMIDOR_PAGE_SIZE * 2 + 5);
    expect(panel.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('starts over at the first page when the filter changes', async () => {
    fakeApi({ 'GET /api/humidor/analytics': () => json(analytics) });
    renderPage({ cap: null, items: many(HUMIDOR_PAGE_SIZE * 4), stateful: true });
    const panel = within(await screen.findByRole('tabpanel', { name: 'My Humidor' }));
    await userEvent.click(panel.getByRole('button', { name: 'Show more' }));
    expect(panel.getAllByRole('listitem')).toHaveLength(HUMIDOR_PAGE_SIZE * 2);
    await userEvent.selectOptions(panel.getByRole('combobox', { name: 'Status' }), 'aged');
    expect(panel.getAllByRole('listitem')).toHaveLength(HUMIDOR_PAGE_SIZE);
    expect(panel.getByText(`Showing ${HUMIDOR_PAGE_SIZE} of ${HUMIDOR_PAGE_SIZE * 2} cigars`)).toBeTruthy();
  });
});

describe('the dialogs (loaded when first opened)', () => {
  it('opens Add Cigar, Import from CSV and an item’s Edit dialog from their buttons', async () => {
    fakeApi({ 'GET /api/humidor/analytics': () => json(analytics) });
    renderPage({ cap: null });
    const panel = within(await screen.findByRole('tabpanel', { name: 'My Humidor' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Cigar' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Add Cigar' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(await screen.findByRole('dialog', { name: 'Import from CSV' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(panel.getByRole('button', { name: 'Edit Padrón 1964 Exclusivo' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
