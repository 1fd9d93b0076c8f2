import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider, useNavigate, useSearch } from '@tanstack/react-router';
import { EventType } from '@torcedor/shared/schemas/events';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { Toaster } from '@/components/ui/toaster';
import { dismissToast } from '@/lib/toast';
import { EventsPage, type EventsSearch } from './events-page';
import { callsOf, fakeApi, json, makeClient, makeEvent, seedEvents } from './events-test-utils';

/** The list at /events with its filters in the URL, as the route wires it. */
function renderPage(client: QueryClient, path = '/events') {
  const rootRoute = createRootRoute();
  const events = createRoute({
    getParentRoute: () => rootRoute,
    path: '/events',
    validateSearch: z.object({ q: z.string().optional().catch(undefined).transform((v) => v || undefined), type: EventType.optional().catch(undefined) }),
    component: function List() {
      const search = useSearch({ strict: false }) as EventsSearch;
      const navigate = useNavigate();
      return <EventsPage search={search} onSearchChange={(next) => void navigate({ to: '/events', search: next, replace: true })} />;
    },
  });
  const event = createRoute({ getParentRoute: () => rootRoute, path: '/events/$id', component: () => null });
  const router = createRouter({ routeTree: rootRoute.addChildren([events, event]), history: createMemoryHistory({ initialEntries: [path] }) });
  render(<QueryClientProvider client={client}><RouterProvider router={router} /><Toaster /></QueryClientProvider>);
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const cuban = makeEvent();
const master = makeEvent({ id: 'e2', title: 'Rolling Masterclass', description: 'Learn from a torcedor', eventType: 'masterclass', capacity: 10, attendingCount: 10, waitlistCount: 2, isHost: true, hostPremium: true, endAt: '2030-06-01T02:00:00.000Z' });

describe('the events page', () => {
  it('shows the cards with their facts, the past events line, the event types and the age statement', async () => {
    fakeApi({});
    const client = makeClient();
    seedEvents(client, [{ upcoming: [cuban, master], pastCount: 7 }]);
    renderPage(client);
    expect(await screen.findByRole('heading', { name: 'Cigar Events' })).toBeTruthy();
    const cards = screen.getAllByTestId('event-card');
    expect(cards).toHaveLength(2);
    const first = cards[0]!.textContent;
    expect(first).toContain('Hosted by Carlos');
    expect(first).toContain('The Humidor Room');
    expect(first).toContain('1 Ocean Drive, Miami');
    expect(first).toContain('4 attending');
    expect(first).toContain('Tasting');
    expect(first).not.toContain('seats');
    const second = cards[1]!.textContent;
    expect(second).toContain('10 seats');
    expect(second).toContain('Full');
    expect(second).toContain('2 on the waitlist');
    expect(second).toContain('Hosting');
    expect(second).toContain('Until');
    // 'Hosted by' carries the member badge for a premium host only.
    expect(within(cards[1]!).getByRole('img', { name: 'Premium member' })).toBeTruthy();
    expect(within(cards[0]!).queryByRole('img', { name: 'Premium member' })).toBeNull();
    expect(within(cards[1]!).getByRole('link', { name: 'Rolling Masterclass' }).getAttribute('href')).toBe('/events/e2');
    expect(within(cards[1]!).getByRole('button', { name: 'RSVP' })).toBeTruthy();
    expect(within(cards[1]!).getByRole('button', { name: 'Maybe' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Past Events' })).toBeTruthy();
    expect(screen.getByText('7 events have already taken place')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Event Types' })).toBeTruthy();
    expect(screen.getByText('Guided tastings by region, brand or theme.')).toBeTruthy();
    expect(screen.getAllByText('All events are restricted to adults of legal smoking age.').length).toBeGreaterThan(0);
  });

  it('has no past events line at 0, and the no-events state invites to create the first', async () => {
    fakeApi({ 'GET /api/lounges': () => json([]) });
    const client = makeClient();
    seedEvents(client, [{ upcoming: [], pastCount: 0 }]);
    renderPage(client);
    expect(await screen.findByRole('heading', { name: 'No Upcoming Events' })).toBeTruthy();
    expect(screen.getByText('Be the first to create an event for the community')).toBeTruthy();
    expect(screen.queryByText(/events have already taken place/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Past Events' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create First Event' }));
    expect(await screen.findByRole('dialog', { name: 'Create Event' })).toBeTruthy();
  });

  it('filters by title or description, case-insensitively, and by type, both in the URL', async () => {
    fakeApi({});
    const client = makeClient();
    seedEvents(client, [{ upcoming: [cuban, master] }]);
    const router = renderPage(client);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search events' }), 'TORCEDOR');
    await waitFor(() => expect(screen.getAllByTestId('event-card')).toHaveLength(1));
    expect(screen.getByTestId('event-card').textContent).toContain('Rolling Masterclass');
    expect(router.state.location.search).toEqual({ q: 'TORCEDOR' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Event type' }), 'tasting');
    expect(await screen.findByRole('heading', { name: 'No Events Found' })).toBeTruthy();
    expect(screen.getByText('Try adjusting your search or filters')).toBeTruthy();
    expect(router.state.location.search).toEqual({ q: 'TORCEDOR', type: 'tasting' });

    await user.clear(screen.getByRole('searchbox', { name: 'Search events' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Event type' }), 'all');
    await waitFor(() => expect(screen.getAllByTestId('event-card')).toHaveLength(2));
    expect(router.state.location.search).toEqual({});
  });

  it('reads the filters from the URL', async () => {
    fakeApi({});
    const client = makeClient();
    seedEvents(client, [{ upcoming: [cuban, master] }]);
    renderPage(client, '/events?type=masterclass');
    await waitFor(() => expect(screen.getAllByTestId('event-card')).toHaveLength(1));
    expect((screen.getByRole('combobox', { name: 'Event type' }) as HTMLSelectElement).value).toBe('masterclass');
  });

  it("loads the next page with 'Load more'", async () => {
    const later = makeEvent({ id: 'e3', title: 'Summer Festival', eventType: 'festival' });
    const fetch = fakeApi({ 'GET /api/events': () => json({ upcoming: [later], pastCount: 0, nextCursor: null }) });
    const client = makeClient();
    seedEvents(client, [{ upcoming: [cuban], nextCursor: 'c1' }]);
    renderPage(client);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Summer Festival' })).toBeTruthy();
    const call = fetch.mock.calls.find(([u]) => String(u).startsWith('/api/events?'));
    expect(new URL(String(call?.[0]), 'http://localhost').searchParams.get('cursor')).toBe('c1');
    expect(callsOf(fetch).map((c) => c.call)).toEqual(['GET /api/events']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });
});
