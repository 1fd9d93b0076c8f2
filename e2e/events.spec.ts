import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page, type Request, type Route } from '@playwright/test';
import { signIn } from './social-helpers.ts';
import { originHeaders } from './origin';

/** Unique per run, so the searches and the feed find this run's event and no other. */
const TAG = Date.now().toString(36);
const TITLE = `Robusto Tasting ${TAG}`;
const VENUE = `Casa Torcedor ${TAG}`;
const ADDRESS = '12 Calle Ocho, Miami, US';

/** The card (a list item of the 'Upcoming events' grid) of the event titled `title`. */
const cardOf = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Upcoming events' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });

const toast = (page: Page) => page.getByTestId('toast');

/**
 * Holds back the requests `matches` picks until the returned release is called, so a pending state (a button
 * reading 'Creating...' or 'Updating...') can be seen; `done` ends the hold (releasing anything held). The handler
 * stays installed and lets everything through from then on: unrouting while a request is inside it can leave that
 * request unanswered (a refetch that never settles), so it is never unrouted mid-test.
 */
async function holdRequests(page: Page, matches: (r: Request) => boolean) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  const handler = async (route: Route) => {
    if (matches(route.request())) await held;
    await route.fallback();
  };
  await page.route(() => true, handler);
  return {
    release,
    done: async () => { release(); },
  };
}

const isPost = (path: RegExp) => (r: Request) => r.method() === 'POST' && path.test(new URL(r.url()).pathname);

/** Answers an event from its card, seeing the main button read 'Updating...' (both disabled) while the answer is on its way. */
async function answerHeld(page: Page, card: Locator, button: Locator, pendingNote: string) {
  const hold = await holdRequests(page, isPost(/^\/api\/events\/[^/]+\/rsvp$/));
  try {
    const response = page.waitForResponse((r) => isPost(/^\/api\/events\/[^/]+\/rsvp$/)(r.request()));
    await button.click();
    await expect(card.getByRole('button', { name: 'Updating...' }), pendingNote).toBeDisabled();
    await expect(card.getByRole('button', { name: 'Maybe' })).toBeDisabled();
    hold.release();
    await response;
  } finally {
    await hold.done();
  }
}

test.describe('the events flow', () => {
  test('create an event, find it, RSVP up to its capacity, the waitlist, Maybe, attendees and the calendar file', async ({ page: pageA, browser, baseURL }) => {
    test.setTimeout(60_000);
    const contextB = await browser.newContext({ baseURL });
    const contextC = await browser.newContext({ baseURL });
    const pageB = await contextB.newPage();
    const pageC = await contextC.newPage();
    try {
      const a = await signIn(pageA, 'Amara', 'Habano');
      const b = await signIn(pageB, 'Benito', 'Connecticut');
      const c = await signIn(pageC, 'Celia', 'Sumatra');

      let eventId = '';
      await test.step('A creates a Tasting with one seat', async () => {
        await pageA.goto('/events');
        await expect(pageA.getByRole('heading', { level: 1, name: 'Cigar Events' })).toBeVisible();
        await pageA.getByRole('button', { name: 'Create Event', exact: true }).click();
        const dialog = pageA.getByRole('dialog', { name: 'Create Event' });
        await expect(dialog).toBeVisible();
        const form = dialog.getByRole('form', { name: 'Create event' });

        // Two hours from now, as the member's local time (what a datetime-local input holds), and the instant it is.
        const { local, iso } = await pageA.evaluate(() => {
          const d = new Date(Date.now() + 2 * 3_600_000);
          d.setSeconds(0, 0);
          const pad = (n: number) => String(n).padStart(2, '0');
          return {
            local: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`,
            iso: d.toISOString(),
          };
        });
        await form.getByLabel('Title').fill(TITLE);
        await form.getByLabel('Event type').selectOption({ label: 'Tasting' });
        await form.getByLabel('Start date and time').fill(local);
        await form.getByLabel('Capacity').fill('1');
        await form.getByLabel('Venue name').fill(VENUE);
        await form.getByLabel('Address').fill(ADDRESS);

        const hold = await holdRequests(pageA, isPost(/^\/api\/events$/));
        try {
          const created = pageA.waitForResponse((r) => isPost(/^\/api\/events$/)(r.request()));
          await form.getByRole('button', { name: 'Create Event', exact: true }).click();
          await expect(form.getByRole('button', { name: 'Creating...' })).toBeDisabled();
          hold.release();
          const response = await created;
          expect(response.status()).toBe(201);
          eventId = ((await response.json()) as { id: string }).id;
        } finally {
          await hold.done();
        }
        expect(eventId).toBeTruthy();
        await expect(toast(pageA)).toContainText('Event created successfully');
        await expect(dialog).toBeHidden();

        const card = cardOf(pageA, TITLE);
        await expect(card).toBeVisible();
        await expect(card.getByText(`Hosted by ${a.name}`)).toBeVisible();
        await expect(card.getByText('Tasting', { exact: true })).toBeVisible();
        await expect(card.getByText('Hosting', { exact: true })).toBeVisible();
        await expect(card.getByText(VENUE, { exact: true })).toBeVisible();
        await expect(card.getByText(ADDRESS, { exact: true })).toBeVisible();
        await expect(card.locator('time').first()).toHaveAttribute('datetime', iso);
        await expect(card.getByText('0 attending')).toBeVisible();
        await expect(card.getByText(/^· 1 seats?$/)).toBeVisible();
        await expect(card.getByRole('link', { name: `View event: ${TITLE}` })).toHaveAttribute('href', `/events/${eventId}`);
      });

      await test.step('search and the type filter find it, and live in the URL', async () => {
        const search = pageA.getByRole('searchbox', { name: 'Search events' });
        const type = pageA.getByRole('combobox', { name: 'Event type' });
        const card = cardOf(pageA, TITLE);
        const grid = pageA.getByRole('list', { name: 'Upcoming events' });

        await search.fill(`tasting ${TAG}`.toUpperCase()); // part of the title, any case
        await expect(pageA).toHaveURL((u) => u.searchParams.get('q') === `TASTING ${TAG}`.toUpperCase());
        await expect(grid.getByRole('listitem')).toHaveCount(1);
        await expect(card).toBeVisible();

        await search.fill(`zzz-no-such-event-${TAG}`);
        await expect(pageA.getByText('No Events Found')).toBeVisible();
        await expect(pageA.getByText('Try adjusting your search or filters')).toBeVisible();
        await expect(grid).toBeHidden();
        await expect(pageA).toHaveURL((u) => u.searchParams.get('q') === `zzz-no-such-event-${TAG}`);

        await search.fill(TAG);
        await expect(card).toBeVisible();
        await type.selectOption({ label: 'Masterclass' });
        await expect(pageA).toHaveURL((u) => u.searchParams.get('type') === 'masterclass' && u.searchParams.get('q') === TAG);
        await expect(card).toBeHidden();
        await expect(pageA.getByText('No Events Found')).toBeVisible();

        await type.selectOption({ label: 'All Types' });
        await expect(pageA).toHaveURL((u) => !u.searchParams.has('type') && u.searchParams.get('q') === TAG);
        await expect(card).toBeVisible();

        // The filters come back from the URL.
        await pageA.goto(`/events?q=${encodeURIComponent(TAG)}&type=masterclass`);
        await expect(search).toHaveValue(TAG);
        await expect(type).toHaveValue('masterclass');
        await expect(card).toBeHidden();
        await pageA.goto(`/events?type=tasting&q=${encodeURIComponent(TAG)}`);
        await expect(card).toBeVisible();

        await search.fill('');
        await expect(pageA).toHaveURL((u) => !u.searchParams.has('q'));
      });

      await test.step('it shows in A\u2019s home feed, under Upcoming Events', async () => {
        await pageA.goto('/');
        const events = pageA.getByRole('complementary', { name: 'Events' });
        await expect(events.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
        await expect(events.getByRole('link', { name: TITLE, exact: true })).toHaveAttribute('href', `/events/${eventId}`);
      });

      await test.step('B takes the only seat', async () => {
        await pageB.goto('/events');
        const card = cardOf(pageB, TITLE);
        await expect(card.getByText('Hosting', { exact: true })).toBeHidden();
        const rsvp = card.getByRole('button', { name: 'RSVP', exact: true });
        await expect(rsvp).toHaveAttribute('aria-pressed', 'false');
        await answerHeld(pageB, card, rsvp, 'the RSVP button reads Updating... while the answer is sent');
        await expect(toast(pageB)).toContainText('RSVP updated to going');
        const going = card.getByRole('button', { name: 'Going', exact: true });
        await expect(going).toHaveAttribute('aria-pressed', 'true');
        await expect(card.getByText('1 attending')).toBeVisible();
        await expect(card.getByText('Full', { exact: true })).toBeVisible();
        await pageB.reload();
        await expect(going).toHaveAttribute('aria-pressed', 'true');
        await expect(card.getByText('1 attending')).toBeVisible();
      });

      await test.step('C, on the full event, joins the waitlist; then answers Maybe', async () => {
        await pageC.goto('/events');
        const card = cardOf(pageC, TITLE);
        await expect(card.getByText('1 attending')).toBeVisible();
        await expect(card.getByText('Full', { exact: true })).toBeVisible();
        await card.getByRole('button', { name: 'RSVP', exact: true }).click();
        await expect(toast(pageC)).toContainText('This event is full');
        await expect(toast(pageC)).toContainText('You are number 1 on the waitlist.');
        await expect(card.getByText('On the waitlist (#1)')).toBeVisible();
        await expect(card.getByText('1 on the waitlist')).toBeVisible();
        // A waitlisted member reads as going, but holds no seat.
        await expect(card.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute('aria-pressed', 'true');
        await expect(card.getByText('1 attending')).toBeVisible();

        const maybe = card.getByRole('button', { name: 'Maybe', exact: true });
        await answerHeld(pageC, card, maybe, 'the main button reads Updating... while Maybe is sent');
        await expect(toast(pageC)).toContainText('RSVP updated to interested');
        await expect(maybe).toBeHidden();
        await expect(card.getByText('Interested', { exact: true })).toBeVisible();
        await expect(card.getByText(/On the waitlist/)).toBeHidden();
        await expect(card.getByText(/on the waitlist/)).toBeHidden();
        await expect(card.getByRole('button', { name: 'RSVP', exact: true })).toHaveAttribute('aria-pressed', 'false');
        await expect(card.getByText('1 attending')).toBeVisible();
      });

      await test.step('the event page lists the attendees and offers the .ics file', async () => {
        await pageA.goto('/events');
        await cardOf(pageA, TITLE).getByRole('link', { name: TITLE, exact: true }).click();
        await expect(pageA).toHaveURL(`/events/${eventId}`);
        await expect(pageA.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
        await expect(pageA.getByText(`Hosted by ${a.name}`)).toBeVisible();
        await expect(pageA.getByText('1 attending')).toBeVisible();

        const attendees = pageA.getByRole('list', { name: 'Attendees' }).getByRole('listitem');
        await expect(attendees).toHaveCount(2);
        const bRow = attendees.filter({ hasText: b.name });
        const cRow = attendees.filter({ hasText: c.name });
        await expect(bRow.getByRole('link')).toHaveAttribute('href', `/profile/${b.id}`);
        await expect(bRow.getByText('Interested', { exact: true })).toBeHidden();
        await expect(cRow.getByRole('link')).toHaveAttribute('href', `/profile/${c.id}`);
        await expect(cRow.getByText('Interested', { exact: true })).toBeVisible();

        const ics = pageA.getByRole('link', { name: 'Add to calendar (.ics)' });
        await expect(ics).toHaveAttribute('download', `${TITLE}.ics`);
        const href = await ics.getAttribute('href');
        expect(href).toBeTruthy();
        const response = await pageA.request.get(href!);
        expect(response.status()).toBe(200);
        expect(response.headers()['content-type']).toMatch(/^text\/calendar\b/);
        const body = await response.text();
        expect(body).toContain('BEGIN:VCALENDAR');
        expect(body).toContain(`SUMMARY:${TITLE}\r\n`);
        expect(body).toContain(`UID:${eventId}@torcedor`);

        // Clicking it downloads the same file.
        const download = pageA.waitForEvent('download');
        await ics.click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(/\.ics$/);
      });

      await test.step('A cancels the event: it leaves the list and its page is gone', async () => {
        await pageA.getByRole('button', { name: 'Cancel event', exact: true }).click();
        const confirm = pageA.getByRole('alertdialog', { name: 'Cancel this event? Attendees will be notified.' });
        await expect(confirm).toBeVisible();
        await confirm.getByRole('button', { name: 'Cancel event', exact: true }).click();
        await expect(toast(pageA)).toContainText('Event cancelled');
        await expect(pageA).toHaveURL('/events');
        // (Without the reload the list still shows it: see the test below.)
        await pageA.reload();
        await expect(pageA.getByRole('heading', { level: 1, name: 'Cigar Events' })).toBeVisible();
        await expect(pageA.getByRole('link', { name: TITLE, exact: true })).toBeHidden();
        await pageA.goto(`/events/${eventId}`);
        await expect(pageA.getByText('Event not found')).toBeVisible();
        await expect(pageA.getByRole('link', { name: 'Back to events' })).toBeVisible();
      });
    } finally {
      await contextB.close();
      await contextC.close();
    }
  });

  test('an event cancelled from its page leaves the list it goes back to', async ({ page }) => {
    await signIn(page, 'Dario', 'Maduro');
    const title = `Lancero Night ${TAG}`;
    const created = await page.request.post('/api/events', {
      headers: { ...originHeaders, 'idempotency-key': randomUUID() },
      data: { title, eventType: 'meetup', startAt: new Date(Date.now() + 3 * 3_600_000).toISOString(), capacity: null },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.goto('/events');
    await cardOf(page, title).getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(`/events/${id}`);
    await page.getByRole('button', { name: 'Cancel event', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel event', exact: true }).click();
    await expect(toast(page)).toContainText('Event cancelled');
    await expect(page).toHaveURL('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Cigar Events' })).toBeVisible();
    await expect(page.getByRole('link', { name: title, exact: true })).toBeHidden({ timeout: 3_000 });
  });
});
