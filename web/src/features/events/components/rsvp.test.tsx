import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RsvpButtons } from '@/components/rsvp-buttons';
import { dismissToast } from '@/lib/toast';
import { upcomingOf, useEvents } from '@/lib/api/get-events';
import { callsOf, fakeApi, json, makeClient, makeEvent, renderWithRouter, seedEvents } from './events-test-utils';
import type { ClubEvent } from '@torcedor/shared/schemas/events';

/** The first event of the cached list with its RSVP buttons, as the cards and the feed show them. */
function FirstEvent() {
  const { data } = useEvents();
  const event = upcomingOf(data)[0]!;
  return <div data-testid="card"><RsvpButtons event={event} /></div>;
}

function setup(event: ClubEvent) {
  const client = makeClient();
  seedEvents(client, [{ upcoming: [event] }]);
  renderWithRouter(() => <FirstEvent />, { client });
  return client;
}

const toastText = async () => (await screen.findByTestId('toast')).textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('the RSVP buttons (docs/product.md, "Events")', () => {
  it('reads RSVP with no answer, sends going, then reads Going and toasts the status as sent', async () => {
    let answer = makeEvent();
    const fetch = fakeApi({
      'POST /api/events/e1/rsvp': ({ body }) => {
        answer = makeEvent({ rsvpStatus: (body as { status: ClubEvent['rsvpStatus'] }).status, attendingCount: 5 });
        return json(answer);
      },
      'GET /api/events': () => json({ upcoming: [answer], pastCount: 0, nextCursor: null }),
    });
    setup(makeEvent());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'RSVP' }));
    expect(await toastText()).toContain('RSVP updated to going');
    expect(await screen.findByRole('button', { name: 'Going' })).toBeTruthy();
    expect(callsOf(fetch).find((c) => c.call === 'POST /api/events/e1/rsvp')?.body).toEqual({ status: 'going' });

    // Going toggles back to not going, which reads RSVP again.
    await user.click(screen.getByRole('button', { name: 'Going' }));
    await waitFor(() => expect(callsOf(fetch).filter((c) => c.call === 'POST /api/events/e1/rsvp').at(-1)?.body).toEqual({ status: 'not_going' }));
    expect(await screen.findByRole('button', { name: 'RSVP' })).toBeTruthy();
    expect(await toastText()).toContain('RSVP updated to not_going');
  });

  it("reads 'Updating...' with both buttons disabled while the answer is being sent", async () => {
    let release!: (r: Response) => void;
    fakeApi({
      'POST /api/events/e1/rsvp': () => new Promise<Response>((r) => { release = r; }),
      'GET /api/events': () => json({ upcoming: [makeEvent({ rsvpStatus: 'going' })], pastCount: 0, nextCursor: null }),
    });
    setup(makeEvent());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'RSVP' }));
    const updating = await screen.findByRole('button', { name: 'Updating...' });
    expect((updating as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Maybe' }) as HTMLButtonElement).disabled).toBe(true);
    release(json(makeEvent({ rsvpStatus: 'going' })));
    expect(await screen.findByRole('button', { name: 'Going' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Maybe' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('Maybe answers interested, which shows as a state and hides Maybe', async () => {
    const fetch = fakeApi({
      'POST /api/events/e1/rsvp': () => json(makeEvent({ rsvpStatus: 'interested' })),
      'GET /api/events': () => json({ upcoming: [makeEvent({ rsvpStatus: 'interested' })], pastCount: 0, nextCursor: null }),
    });
    setup(makeEvent());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Maybe' }));
    expect(await toastText()).toContain('RSVP updated to interested');
    const card = screen.getByTestId('card');
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Maybe' })).toBeNull());
    expect(card.textContent).toContain('Interested');
    expect(within(card).getByRole('button', { name: 'RSVP' })).toBeTruthy();
    expect(callsOf(fetch).find((c) => c.call === 'POST /api/events/e1/rsvp')?.body).toEqual({ status: 'interested' });
  });

  it('toasts the failure with the server message and keeps the answer as it was', async () => {
    fakeApi({ 'POST /api/events/e1/rsvp': () => json({ message: 'This event has already started', code: 'EVENT_STARTED' }, 409) });
    setup(makeEvent());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'RSVP' }));
    const text = await toastText();
    expect(text).toContain('Failed to update RSVP');
    expect(text).toContain('This event has already started');
    expect(await screen.findByRole('button', { name: 'RSVP' })).toBeTruthy();
  });

  it('on a full event toasts the waitlist sentence, refetches, and shows the waitlist position', async () => {
    const waitlisted = makeEvent({ rsvpStatus: 'going', waitlistPosition: 3, capacity: 4, waitlistCount: 3 });
    const fetch = fakeApi({
      'POST /api/events/e1/rsvp': () => json({ message: 'This event is full. You are number 3 on the waitlist.', code: 'EVENT_FULL' }, 409),
      'GET /api/events': () => json({ upcoming: [waitlisted], pastCount: 0, nextCursor: null }),
    });
    setup(makeEvent({ capacity: 4 }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'RSVP' }));
    const text = await toastText();
    expect(text).toContain('This event is full');
    expect(text).toContain('This event is full. You are number 3 on the waitlist.');
    expect(text).not.toContain('Failed to update RSVP');
    expect(await screen.findByText('On the waitlist (#3)')).toBeTruthy();
    expect(callsOf(fetch).some((c) => c.call === 'GET /api/events')).toBe(true);
  });
});
