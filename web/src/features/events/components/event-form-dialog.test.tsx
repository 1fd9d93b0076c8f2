import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/lib/toast';
import { EventFormDialog } from './event-form-dialog';
import { callsOf, fakeApi, json, makeEvent, renderWithRouter } from './events-test-utils';

const lounge = { id: 'casa-fuente', name: 'Casa Fuente', city: 'Las Vegas', country: 'USA', address: '3500 Las Vegas Blvd S' };

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

async function renderDialog(onOpenChange = vi.fn()) {
  renderWithRouter(() => <EventFormDialog open onOpenChange={onOpenChange} />);
  await screen.findByRole('dialog');
  return onOpenChange;
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Title'), '  Cuban Night ');
  await user.selectOptions(screen.getByLabelText('Event type'), 'tasting');
  fireEvent.change(screen.getByLabelText('Start date and time'), { target: { value: '2030-05-01T19:30' } });
}

describe('the Create Event dialog', () => {
  it('shows the shared schema messages inline under the required fields', async () => {
    const fetch = fakeApi({ 'GET /api/lounges': () => json([]) });
    const user = userEvent.setup();
    await renderDialog();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    const title = screen.getByLabelText('Title');
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual(['Title is required', 'Please choose an event type', 'Start date and time are required']);
    expect(screen.getByText('Title is required').id).toBe(title.getAttribute('aria-describedby'));
    expect(callsOf(fetch).some((c) => c.call === 'POST /api/events')).toBe(false);
    expect(screen.getByText('All events are restricted to adults of legal smoking age.')).toBeTruthy();
  });

  it("refuses a capacity under 1 and an end before the start, inline", async () => {
    fakeApi({ 'GET /api/lounges': () => json([]) });
    const user = userEvent.setup();
    await renderDialog();
    await fillRequired(user);
    await user.type(screen.getByLabelText('Capacity'), '0');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Capacity must be at least 1')).toBeTruthy();
    await user.clear(screen.getByLabelText('Capacity'));
    fireEvent.change(screen.getByLabelText('End date and time'), { target: { value: '2030-05-01T18:00' } });
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('The end must be after the start')).toBeTruthy();
  });

  it("sends ISO times, a null capacity when empty and isAgeRestricted; reads 'Creating...' while pending; toasts and closes", async () => {
    let release!: (r: Response) => void;
    const fetch = fakeApi({
      'GET /api/lounges': () => json([]),
      'POST /api/events': () => new Promise<Response>((r) => { release = r; }),
    });
    const user = userEvent.setup();
    const onOpenChange = await renderDialog();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    const creating = await screen.findByRole('button', { name: 'Creating...' });
    expect((creating as HTMLButtonElement).disabled).toBe(true);
    const post = callsOf(fetch).find((c) => c.call === 'POST /api/events');
    expect(post?.body).toEqual({
      title: 'Cuban Night', description: null, eventType: 'tasting', venueName: null, address: null,
      startAt: new Date('2030-05-01T19:30').toISOString(), endAt: null, capacity: null, isAgeRestricted: true,
    });
    release(json(makeEvent(), 201));
    expect((await screen.findByTestId('toast')).textContent).toContain('Event created successfully');
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('sends a capacity as a number and the end as ISO; a picked lounge fills the venue and address', async () => {
    const fetch = fakeApi({ 'GET /api/lounges': () => json([lounge]), 'POST /api/events': () => json(makeEvent(), 201) });
    const user = userEvent.setup();
    await renderDialog();
    await fillRequired(user);
    await user.selectOptions(await screen.findByLabelText('Pick a lounge (optional)'), 'casa-fuente');
    expect((screen.getByLabelText('Venue name') as HTMLInputElement).value).toBe('Casa Fuente');
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('3500 Las Vegas Blvd S, Las Vegas, USA');
    fireEvent.change(screen.getByLabelText('End date and time'), { target: { value: '2030-05-01T22:00' } });
    await user.type(screen.getByLabelText('Capacity'), '12');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(callsOf(fetch).some((c) => c.call === 'POST /api/events')).toBe(true));
    expect(callsOf(fetch).find((c) => c.call === 'POST /api/events')?.body).toMatchObject({
      venueName: 'Casa Fuente', address: '3500 Las Vegas Blvd S, Las Vegas, USA', endAt: new Date('2030-05-01T22:00').toISOString(), capacity: 12,
    });
  });

  it('toasts the failure with the server message and stays open', async () => {
    fakeApi({ 'GET /api/lounges': () => json([]), 'POST /api/events': () => json({ message: 'The start must be in the future', code: 'VALIDATION' }, 400) });
    const user = userEvent.setup();
    const onOpenChange = await renderDialog();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to create event');
    expect(toast.textContent).toContain('The start must be in the future');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("shows a free member the hosting limit's message (403 HOSTING_LIMIT) and stays open", async () => {
    const message = 'Free members can host up to 2 upcoming events. Upgrade to Premium to host more.';
    fakeApi({ 'GET /api/lounges': () => json([]), 'POST /api/events': () => json({ message, code: 'HOSTING_LIMIT' }, 403) });
    const user = userEvent.setup();
    const onOpenChange = await renderDialog();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to create event');
    expect(toast.textContent).toContain(message);
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
