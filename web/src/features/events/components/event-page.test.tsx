import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/lib/toast';
import { eventQuery } from '../api/get-event';
import { EventNotFound, EventPage } from './event-page';
import { callsOf, fakeApi, json, makeClient, makeEvent, renderWithRouter } from './events-test-utils';

const detail = (over: Parameters<typeof makeEvent>[0] = {}) => ({
  ...makeEvent(over),
  attendees: [
    { userId: 'u3', name: 'Lucia', imageUrl: null, premium: true, status: 'going' as const },
    { userId: 'u4', name: 'Mateo', imageUrl: null, premium: false, status: 'interested' as const },
  ],
  hiddenAttendees: 2,
});

function renderEvent(event: ReturnType<typeof detail>) {
  const client = makeClient();
  client.setQueryData(eventQuery(event.id).queryKey, event);
  return renderWithRouter(() => <EventPage id={event.id} />, { client, path: `/events/${event.id}`, at: 'event' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('the event page', () => {
  it('shows the event, the visible attendees linking to their profiles, +N more, the calendars and the age statement', async () => {
    fakeApi({});
    renderEvent(detail({ endAt: '2030-05-02T02:00:00.000Z' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cuban Night' })).toBeTruthy();
    expect(screen.getByText('Hosted by Carlos')).toBeTruthy();
    const attendees = screen.getByRole('list', { name: 'Attendees' });
    expect(within(attendees).getByRole('link', { name: /Lucia/ }).getAttribute('href')).toBe('/profile/u3');
    expect(within(attendees).getByRole('link', { name: /Mateo/ }).getAttribute('href')).toBe('/profile/u4');
    // The member badge: Lucia is premium, Mateo and the host are not.
    expect(within(within(attendees).getByRole('link', { name: /Lucia/ })).getByRole('img', { name: 'Premium member' })).toBeTruthy();
    expect(within(within(attendees).getByRole('link', { name: /Mateo/ })).queryByRole('img', { name: 'Premium member' })).toBeNull();
    expect(within(screen.getByText('Hosted by Carlos')).queryByRole('img', { name: 'Premium member' })).toBeNull();
    expect(screen.getByText('+2 more')).toBeTruthy();
    const ics = screen.getByRole('link', { name: 'Add to calendar (.ics)' });
    expect(ics.getAttribute('href')).toBe('/api/events/e1/ics?lang=en');
    expect(ics.hasAttribute('download')).toBe(true);
    const google = screen.getByRole('link', { name: 'Add to Google Calendar' });
    expect(google.getAttribute('href')).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE&text=Cuban%20Night&dates=20300501T233000Z/20300502T020000Z');
    expect(google.getAttribute('target')).toBe('_blank');
    expect(google.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('All events are restricted to adults of legal smoking age.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'RSVP' })).toBeTruthy();
    // Not the host: no host tools.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel event' })).toBeNull();
  });

  it('lets the host edit the event in the prefilled dialog', async () => {
    const fetch = fakeApi({
      'GET /api/lounges': () => json([]),
      'PUT /api/events/e1': ({ body }) => json(makeEvent({ ...(body as object), isHost: true })),
      'GET /api/events/e1': () => json(detail({ title: 'Cuban Night II', isHost: true })),
    });
    renderEvent(detail({ isHost: true, capacity: 20 }));
    const user = userEvent.setup();
    expect(await screen.findByText('Hosting')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    const title = within(dialog).getByLabelText('Title') as HTMLInputElement;
    expect(title.value).toBe('Cuban Night');
    expect((within(dialog).getByLabelText('Capacity') as HTMLInputElement).value).toBe('20');
    await user.clear(title);
    await user.type(title, 'Cuban Night II');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Event updated');
    const put = callsOf(fetch).find((c) => c.call === 'PUT /api/events/e1');
    expect(put?.body).toMatchObject({ title: 'Cuban Night II', capacity: 20, startAt: '2030-05-01T23:30:00.000Z', isAgeRestricted: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cuban Night II' })).toBeTruthy();
  });

  it('lets the host cancel the event after confirming, then goes to the list', async () => {
    const fetch = fakeApi({ 'DELETE /api/events/e1': () => json({ ok: true }) });
    const { router } = renderEvent(detail({ isHost: true }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel event' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByRole('heading', { name: 'Cancel this event? Attendees will be notified.' })).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel event' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Event cancelled');
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(callsOf(fetch).map((c) => c.call)).toContain('DELETE /api/events/e1');
  });

  it('has a not-found state linking back to the events', async () => {
    renderWithRouter(() => <EventNotFound />);
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to events' }).getAttribute('href')).toBe('/events');
  });
});
