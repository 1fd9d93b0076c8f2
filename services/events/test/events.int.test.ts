import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { publishedEvents } from '@torcedor/local/src/testing/service-env.ts';
import { busEvent, deliver } from '../../kit/test/bus.ts';
import { call } from '../../kit/test/http-event.ts';
import { serviceFixture, type Member } from '../../kit/test/fixture.ts';

const f = await serviceFixture('events', { http: () => import('../src/http.ts'), worker: () => import('../src/worker.ts') });
const { http, worker, ddb, pool, member, plan } = f;

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const form = (over: Record<string, unknown> = {}) => ({
  title: 'Maduro night', description: 'Dark wrappers and rum', eventType: 'tasting', venueName: 'The Lounge', address: '1 Main St',
  startAt: inDays(3), endAt: inDays(3.1), capacity: null, isAgeRestricted: true, ...over,
});
const create = async (host: Member, over: Record<string, unknown> = {}) => {
  const r = await call(http, 'POST', '/api/events', { cookies: host.cookies, body: form(over) });
  expect(r.status).toBe(201);
  return r.body as { id: string };
};
const rsvp = (m: Member, id: string, status: string) =>
  call(http, 'POST', `/api/events/${id}/rsvp`, { cookies: m.cookies, pathParameters: { id }, body: { status } });
const get = (m: Member, id: string) => call(http, 'GET', `/api/events/${id}`, { cookies: m.cookies, pathParameters: { id } });

async function partition(id: string) {
  const out = await ddb.ddb.send(new QueryCommand({ TableName: ddb.TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `EVENT#${id}` }, ConsistentRead: true }));
  const items = out.Items ?? [];
  const event = items.find((i) => i.SK === 'EVENT');
  const rsvps = items.filter((i) => String(i.SK).startsWith('RSVP#'));
  return {
    event, going: rsvps.filter((r) => r.status === 'going').length, interested: rsvps.filter((r) => r.status === 'interested').length,
    waitlisted: rsvps.filter((r) => r.status === 'waitlisted').length, waits: items.filter((i) => String(i.SK).startsWith('WAIT#')),
  };
}

describe('creating events', () => {
  it('refuses bad forms with 400 and stores nothing', async () => {
    const host = await member({ profile: true });
    const bad = [
      { title: '' }, { startAt: new Date(Date.now() - 60_000).toISOString(), endAt: null }, { endAt: inDays(2) }, { capacity: 0 }, { capacity: 'x' },
      { eventType: 'rave' }, { description: 'x'.repeat(10_000) }, { isAgeRestricted: false }, { startAt: 'tomorrow' },
      // Control characters (docs/decisions.md, "Free text holds no control characters"): a bare CR would end an .ics line.
      { title: 'Tasting\rEND:VEVENT' }, { title: 'Tasting\nEND:VEVENT' }, { venueName: 'Lounge\r\nX-EVIL:1' }, { description: 'Rum\u0000' },
    ];
    for (const over of bad) {
      const r = await call(http, 'POST', '/api/events', { cookies: host.cookies, body: form(over) });
      expect([r.status, r.body.code], JSON.stringify(over)).toEqual([400, 'VALIDATION']);
    }
    const out = await ddb.ddb.send(new QueryCommand({ TableName: ddb.TABLE, IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': `MEMBER#${host.userId}` } }));
    expect(out.Items).toEqual([]);
  });

  it('creates an event hosted under the member display name; the host takes no seat; lists page soonest first', async () => {
    const host = await member({ name: 'Hostess', profile: true });
    const e = await create(host, { capacity: 10 });
    const r = await get(host, e.id);
    expect(r.body).toMatchObject({ hostName: 'Hostess', isHost: true, attendingCount: 0, capacity: 10, rsvpStatus: null, isAgeRestricted: true, attendees: [] });
    const later = await create(host, { startAt: inDays(400), endAt: null, title: 'Far away' });
    let cursor: string | undefined;
    const seen: string[] = [];
    for (let i = 0; i < 200; i++) {
      const page = await call(http, 'GET', '/api/events', { cookies: host.cookies, query: { limit: '50', ...(cursor ? { cursor } : {}) } });
      expect(page.status).toBe(200);
      seen.push(...page.body.upcoming.map((x: { id: string }) => x.id));
      cursor = page.body.nextCursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen.indexOf(e.id)).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf(later.id)).toBeGreaterThan(seen.indexOf(e.id));
    const ics = await call(http, 'GET', `/api/events/${e.id}/ics`, { cookies: host.cookies, pathParameters: { id: e.id } });
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toContain(`UID:${e.id}@torcedor`);
    expect(ics.body.replace(/\r\n /g, '')).toContain('Hosted by Hostess. Restricted to adults of legal smoking age.');
    // In the language the download asks in: the file's own words, the host's as written.
    for (const [acceptLanguage, words] of [['es-ES,es;q=0.9', 'Organizado por Hostess. Solo para adultos con la edad legal para fumar.'], ['de-AT', 'Gastgeber: Hostess.']]) {
      const localized = await call(http, 'GET', `/api/events/${e.id}/ics`, { cookies: host.cookies, pathParameters: { id: e.id }, headers: { 'Accept-Language': acceptLanguage! } });
      const unfolded = String(localized.body).replace(/\r\n /g, '');
      expect(unfolded).toContain(words);
      expect(unfolded).toContain('SUMMARY:Maduro night');
    }
    // The page's language (`lang`) wins over the browser's.
    const asked = await call(http, 'GET', `/api/events/${e.id}/ics`, { cookies: host.cookies, pathParameters: { id: e.id }, query: { lang: 'es' }, headers: { 'Accept-Language': 'de-AT' } });
    expect(String(asked.body).replace(/\r\n /g, '')).toContain('Organizado por Hostess.');
    expect((await call(http, 'GET', `/api/events/${e.id}/ics`, { cookies: host.cookies, pathParameters: { id: e.id }, query: { lang: 'pt' } })).status).toBe(400);
  });

  it("lets only the host edit or cancel; anyone else gets 404 and nothing changes; attendees hear of both", async () => {
    const [host, other, guest] = [await member({ profile: true }), await member({ profile: true }), await member({ profile: true })];
    const e = await create(host);
    await rsvp(guest, e.id, 'going');
    expect((await call(http, 'PUT', `/api/events/${e.id}`, { cookies: other.cookies, pathParameters: { id: e.id }, body: form({ title: 'Hijacked' }) })).status).toBe(404);
    expect((await call(http, 'DELETE', `/api/events/${e.id}`, { cookies: other.cookies, pathParameters: { id: e.id } })).status).toBe(404);
    expect((await get(host, e.id)).body.title).toBe('Maduro night');
    const edited = await call(http, 'PUT', `/api/events/${e.id}`, { cookies: host.cookies, pathParameters: { id: e.id }, body: form({ title: 'Maduro night II', capacity: 1 }) });
    expect(edited.body).toMatchObject({ title: 'Maduro night II', capacity: 1, attendingCount: 1 });
    expect((await call(http, 'DELETE', `/api/events/${e.id}`, { cookies: host.cookies, pathParameters: { id: e.id } })).status).toBe(200);
    expect((await get(host, e.id)).status).toBe(404);
    const notices = (await publishedEvents(pool())).filter((x) => x.DetailType === 'EventNotice').map((x) => JSON.parse(x.Detail!)).filter((d) => d.eventId === e.id);
    expect(notices.map((n) => [n.kind, n.recipientIds])).toEqual(expect.arrayContaining([['rsvp', [host.userId]], ['changed', [guest.userId]], ['cancelled', [guest.userId]]]));
  });
});

describe('RSVP', () => {
  it('follows the state machine and keeps the counts', async () => {
    const [host, m] = [await member({ profile: true }), await member({ profile: true })];
    const e = await create(host);
    expect((await rsvp(m, e.id, 'going')).body).toMatchObject({ rsvpStatus: 'going', attendingCount: 1 });
    expect((await rsvp(m, e.id, 'going')).body).toMatchObject({ rsvpStatus: 'going', attendingCount: 1 });
    expect((await rsvp(m, e.id, 'not_going')).body).toMatchObject({ rsvpStatus: 'not_going', attendingCount: 0 });
    expect((await rsvp(m, e.id, 'interested')).body).toMatchObject({ rsvpStatus: 'interested', attendingCount: 0, interestedCount: 1 });
    expect((await rsvp(m, e.id, 'going')).body).toMatchObject({ rsvpStatus: 'going', attendingCount: 1, interestedCount: 0 });
    expect((await rsvp(m, e.id, 'maybe')).status).toBe(400);
    const ghost = randomUUID();
    expect((await rsvp(m, ghost, 'going')).status).toBe(404);
  });

  it('capacity 5 and 50 parallel "going": exactly 5 go and the rest are waitlisted, 20 times over', { timeout: 240_000 }, async () => {
    const host = await member({ profile: true });
    // 20 upcoming events: more than a free member may host.
    await plan(host, 'premium');
    const members: Member[] = [];
    for (let i = 0; i < 5; i++) members.push(...await Promise.all(Array.from({ length: 10 }, () => member({ profile: true }))));
    for (let round = 0; round < 20; round++) {
      const e = await create(host, { capacity: 5 });
      // A request past the 1.2 s deadline on a busy DynamoDB Local is a 503 with Retry-After (docs/api.md): each member
      // tries again as the page would, so every member ends with a seat or a place on the waitlist.
      const answers = await Promise.all(members.map(async (m) => {
        for (let attempt = 0; ; attempt++) {
          const a = await rsvp(m, e.id, 'going');
          if (a.status !== 503 || attempt >= 8) return a;
          await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
        }
      }));
      expect(answers.filter((a) => ![200, 409].includes(a.status)).map((a) => a.body)).toEqual([]);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'EVENT_FULL' && /^This event is full\. You are number \d+ on the waitlist\.$/.test(a.body.message))).toBe(true);
      const p = await partition(e.id);
      expect(p.going).toBe(5);
      expect(p.event!.attendingCount).toBe(5);
      expect(p.event!.waitlistCount).toBe(p.waitlisted);
      expect(p.waits).toHaveLength(p.waitlisted);
      expect(answers.filter((a) => a.status === 200).length).toBe(5);
      expect(p.waitlisted).toBe(45);
    }
  });

  it('a seat given back promotes exactly one waitlisted member, premium members first, who is told', async () => {
    const [host, a, b, free1, free2, prem] = [await member({ profile: true }), await member({ profile: true }), await member({ profile: true }), await member({ profile: true }), await member({ profile: true }), await member({ profile: true })];
    await plan(prem, 'premium');
    const e = await create(host, { capacity: 2 });
    await rsvp(a, e.id, 'going');
    await rsvp(b, e.id, 'going');
    expect((await rsvp(free1, e.id, 'going')).body.code).toBe('EVENT_FULL');
    expect((await rsvp(free2, e.id, 'going')).body.code).toBe('EVENT_FULL');
    const full = await rsvp(prem, e.id, 'going');
    expect(full.body.message).toBe('This event is full. You are number 1 on the waitlist.');
    expect((await get(free1, e.id)).body).toMatchObject({ waitlistPosition: 2, rsvpStatus: 'going', waitlistCount: 3 });
    await rsvp(a, e.id, 'not_going');
    let p = await partition(e.id);
    expect([p.going, p.waitlisted, p.event!.attendingCount, p.event!.waitlistCount]).toEqual([2, 2, 2, 2]);
    expect((await get(prem, e.id)).body).toMatchObject({ rsvpStatus: 'going', waitlistPosition: null });
    // The next seat goes to the earliest free member.
    await rsvp(b, e.id, 'interested');
    expect((await get(free1, e.id)).body).toMatchObject({ waitlistPosition: null, rsvpStatus: 'going' });
    expect((await get(free2, e.id)).body.waitlistPosition).toBe(1);
    // Leaving the waitlist frees its entry.
    await rsvp(free2, e.id, 'not_going');
    p = await partition(e.id);
    expect([p.waitlisted, p.waits.length, p.event!.waitlistCount]).toEqual([0, 0, 0]);
    const promoted = (await publishedEvents(pool())).map((x) => JSON.parse(x.Detail!)).filter((d) => d.eventId === e.id && d.kind === 'promoted');
    expect(promoted.map((d) => d.recipientIds)).toEqual([[prem.userId], [free1.userId]]);
  });

  it('refuses answers to an event that has started', async () => {
    const [host, m] = [await member({ profile: true }), await member({ profile: true })];
    const e = await create(host, { startAt: new Date(Date.now() + 1500).toISOString(), endAt: null });
    await new Promise((r) => setTimeout(r, 1600));
    expect((await rsvp(m, e.id, 'going')).body.code).toBe('EVENT_STARTED');
  });
});

describe('the waitlist under concurrency', () => {
  /** An answer tried again on a 503 (a busy DynamoDB Local past the deadline, docs/api.md), as the page does. */
  async function answer(m: Member, id: string, status: string) {
    for (let attempt = 0; attempt < 8; attempt++) {
      const a = await rsvp(m, id, status);
      if (a.status !== 503) return a;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
    }
    return rsvp(m, id, status);
  }
  /** Who is going and who waits, the waitlist in promotion order (its entries' sort keys), with the event's counters. */
  async function standing(id: string) {
    const p = await partition(id);
    const out = await ddb.ddb.send(new QueryCommand({
      TableName: ddb.TABLE, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :r)', ConsistentRead: true,
      ExpressionAttributeValues: { ':pk': `EVENT#${id}`, ':r': 'RSVP#' },
    }));
    const going = (out.Items ?? []).filter((r) => r.status === 'going').map((r) => String(r.userId));
    return { going, waiting: p.waits.map((w) => String(w.userId)), waitlisted: p.waitlisted, event: p.event! };
  }
  type Standing = Awaited<ReturnType<typeof standing>>;
  /**
   * The waitlist's rules after a race: no more going than seats, counters equal to the items, every promoted member
   * from the head of the waitlist as it stood, in order, and no newcomer going while anyone who waited before them waits.
   */
  function expectFair(before: Standing, after: Standing, capacity: number, newcomers: Member[]) {
    expect(after.going.length).toBeLessThanOrEqual(capacity);
    expect([after.event.attendingCount, after.event.waitlistCount, after.waitlisted]).toEqual([after.going.length, after.waiting.length, after.waiting.length]);
    const promoted = before.waiting.filter((u) => after.going.includes(u));
    expect(promoted).toEqual(before.waiting.slice(0, promoted.length));
    const stillWaiting = before.waiting.filter((u) => after.waiting.includes(u));
    expect(after.waiting.slice(0, stillWaiting.length)).toEqual(stillWaiting);
    const newcomersGoing = newcomers.map((m) => m.userId).filter((u) => after.going.includes(u));
    if (newcomersGoing.length) expect(stillWaiting).toEqual([]);
  }
  const members = async (n: number) => Promise.all(Array.from({ length: n }, () => member({ profile: true })));

  it('1 seat, 3 waiting, 8 newcomers: the seat given back goes to the first waiting member, newcomers queue behind', { timeout: 120_000 }, async () => {
    const [host, holder, ...waiting] = await members(5);
    // Three upcoming events: more than a free member may host.
    await plan(host!, 'premium');
    for (let round = 0; round < 3; round++) {
      const newcomers = await members(8);
      const e = await create(host!, { capacity: 1 });
      expect((await answer(holder!, e.id, 'going')).status).toBe(200);
      for (const m of waiting) expect((await answer(m, e.id, 'going')).body.code).toBe('EVENT_FULL');
      const before = await standing(e.id);
      expect(before.waiting).toEqual(waiting.map((m) => m.userId));
      const answers = await Promise.all([answer(holder!, e.id, 'not_going'), ...newcomers.map((m) => answer(m, e.id, 'going'))]);
      expect(answers.filter((a) => ![200, 409].includes(a.status)).map((a) => a.body)).toEqual([]);
      const after = await standing(e.id);
      expectFair(before, after, 1, newcomers);
      expect(after.going).toEqual([waiting[0]!.userId]);
      expect(after.waiting.slice(0, 2)).toEqual([waiting[1]!.userId, waiting[2]!.userId]);
      expect(after.waiting).toHaveLength(10);
      expect(answers.slice(1).every((a) => a.status === 409 && a.body.code === 'EVENT_FULL')).toBe(true);
    }
  });

  it('5 seats, 45 waiting, 3 seats given back while 10 newcomers answer: the first 3 waiting go', { timeout: 240_000 }, async () => {
    const host = await member({ profile: true });
    const crowd: Member[] = [];
    for (let i = 0; i < 5; i++) crowd.push(...await members(10));
    const newcomers = await members(10);
    const e = await create(host, { capacity: 5 });
    const first = await Promise.all(crowd.map((m) => answer(m, e.id, 'going')));
    const goers = crowd.filter((_, i) => first[i]!.status === 200);
    expect(goers).toHaveLength(5);
    const before = await standing(e.id);
    expect(before.waiting).toHaveLength(45);
    const leaving = goers.slice(0, 3);
    const answers = await Promise.all([
      ...leaving.map((m) => answer(m, e.id, 'not_going')), ...newcomers.map((m) => answer(m, e.id, 'going')),
    ]);
    expect(answers.filter((a) => ![200, 409].includes(a.status)).map((a) => a.body)).toEqual([]);
    const after = await standing(e.id);
    expectFair(before, after, 5, newcomers);
    expect(after.going.sort()).toEqual([...goers.slice(3).map((m) => m.userId), ...before.waiting.slice(0, 3)].sort());
    expect(after.waiting).toHaveLength(52);
    const promoted = (await publishedEvents(pool())).map((x) => JSON.parse(x.Detail!)).filter((d) => d.eventId === e.id && d.kind === 'promoted');
    expect(promoted.flatMap((d) => d.recipientIds).sort()).toEqual(before.waiting.slice(0, 3).sort());
  });

  it("'going' on an event with a free seat but members waiting joins the waitlist, and the free seat goes to the first of them", async () => {
    const [host, holder, waiting, newcomer] = await members(4);
    const e = await create(host!, { capacity: 1 });
    await answer(holder!, e.id, 'going');
    expect((await answer(waiting!, e.id, 'going')).body.code).toBe('EVENT_FULL');
    // A seat that looks free with members waiting: the moment between a bigger capacity and the promotion it causes.
    await ddb.ddb.send(new UpdateCommand({
      TableName: ddb.TABLE, Key: { PK: `EVENT#${e.id}`, SK: 'EVENT' }, UpdateExpression: 'SET #cap = :cap',
      ExpressionAttributeNames: { '#cap': 'capacity' }, ExpressionAttributeValues: { ':cap': 2 },
    }));
    const a = await answer(newcomer!, e.id, 'going');
    expect([a.status, a.body.code, a.body.message]).toEqual([409, 'EVENT_FULL', 'This event is full. You are number 1 on the waitlist.']);
    const after = await standing(e.id);
    expect(after.going.sort()).toEqual([holder!.userId, waiting!.userId].sort());
    expect(after.waiting).toEqual([newcomer!.userId]);
    expect([after.event.attendingCount, after.event.waitlistCount]).toEqual([2, 1]);
  });
});

describe('attendees and accounts', () => {
  it('shows the host every attendee and others only public profiles', async () => {
    const [host, pub, priv, viewer] = [await member({ name: 'Host', profile: true }), await member({ name: 'Pub', profile: true }), await member({ name: 'Priv', profile: { profileVisibility: 'private' } }), await member({ name: 'Viewer', profile: true })];
    const e = await create(host);
    for (const m of [pub, priv]) await rsvp(m, e.id, 'going');
    expect((await get(host, e.id)).body.attendees.map((x: { name: string }) => x.name).sort()).toEqual(['Priv', 'Pub']);
    expect((await get(viewer, e.id)).body).toMatchObject({ attendees: [expect.objectContaining({ name: 'Pub' })], hiddenAttendees: 1 });
  });

  it("deleting an account frees its seats (promoting the waitlist) and cancels the events it hosts", async () => {
    const [host, gone, waiting] = [await member({ profile: true }), await member({ profile: true }), await member({ profile: true })];
    const e = await create(host, { capacity: 1 });
    await rsvp(gone, e.id, 'going');
    await rsvp(waiting, e.id, 'going');
    const hosted = await create(gone);
    await rsvp(host, hosted.id, 'going');
    await deliver(worker, busEvent('UserDeleted', { userId: gone.userId, deletedAt: new Date().toISOString() }));
    expect((await get(waiting, e.id)).body).toMatchObject({ rsvpStatus: 'going', attendingCount: 1, waitlistCount: 0 });
    expect((await get(host, hosted.id)).status).toBe(404);
  });
});

describe('hosting limit', () => {
  const tryCreate = (host: Member, over: Record<string, unknown> = {}) => call(http, 'POST', '/api/events', { cookies: host.cookies, body: form(over) });
  const cancel = (host: Member, id: string) => call(http, 'DELETE', `/api/events/${id}`, { cookies: host.cookies, pathParameters: { id } });
  const LIMIT_MESSAGE = 'Free members can host up to 2 upcoming events. Upgrade to Premium to host more.';
  async function hosted(m: Member) {
    const out = await ddb.ddb.send(new QueryCommand({
      TableName: ddb.TABLE, IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk AND begins_with(GSI2SK, :e)',
      ExpressionAttributeValues: { ':pk': `MEMBER#${m.userId}`, ':e': 'EVENT#' },
    }));
    return out.Items ?? [];
  }

  it('a free member firing 4 creates at once gets exactly 2 events and 403s for the rest; cancelling one frees a slot', async () => {
    const host = await member({ profile: true });
    // Each create keeps its idempotency key across a 503 (a busy DynamoDB Local past the deadline), as the page does.
    const answers = await Promise.all(Array.from({ length: 4 }, async (_, i) => {
      const key = randomUUID();
      for (let attempt = 0; ; attempt++) {
        const a = await call(http, 'POST', '/api/events', { cookies: host.cookies, headers: { 'idempotency-key': key }, body: form({ title: `Night ${i}` }) });
        if (a.status !== 503 || attempt >= 8) return a;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
      }
    }));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 403, 403]);
    for (const a of answers.filter((x) => x.status === 403)) expect(a.body).toMatchObject({ code: 'HOSTING_LIMIT', message: LIMIT_MESSAGE });
    expect(await hosted(host)).toHaveLength(2);
    expect((await tryCreate(host)).status).toBe(403);
    const [first] = answers.filter((a) => a.status === 201);
    expect((await cancel(host, first!.body.id)).status).toBe(200);
    expect((await tryCreate(host, { title: 'Instead' })).status).toBe(201);
    expect((await tryCreate(host, { title: 'One more' })).body.code).toBe('HOSTING_LIMIT');
    expect(await hosted(host)).toHaveLength(2);
  });

  it('premium and trial members host freely; a plan that ended counts as free again', async () => {
    const [prem, trial, lapsed] = [await member({ profile: true }), await member({ profile: true }), await member({ profile: true })];
    await plan(prem, 'premium');
    await plan(trial, 'trial');
    await plan(lapsed, 'premium', new Date(Date.now() - 60_000).toISOString());
    for (let i = 0; i < 3; i++) {
      expect((await tryCreate(prem, { title: `Premium ${i}` })).status).toBe(201);
      expect((await tryCreate(trial, { title: `Trial ${i}` })).status).toBe(201);
    }
    const lapsedAnswers = [await tryCreate(lapsed), await tryCreate(lapsed), await tryCreate(lapsed)];
    expect(lapsedAnswers.map((a) => a.status)).toEqual([201, 201, 403]);
  });

  it('counts the events a member hosted while premium once the plan is free; an ended event stops counting', async () => {
    const host = await member({ profile: true });
    await plan(host, 'premium');
    const soon = await create(host, { startAt: new Date(Date.now() + 1_500).toISOString(), endAt: new Date(Date.now() + 2_500).toISOString() });
    await create(host);
    await create(host);
    await plan(host, 'free', null);
    // Three upcoming events: no more while at least two of them have not ended.
    expect((await tryCreate(host)).body.code).toBe('HOSTING_LIMIT');
    await new Promise((r) => setTimeout(r, 2_700));
    // The first has ended: two left, still the limit.
    expect((await tryCreate(host)).body.code).toBe('HOSTING_LIMIT');
    const [, second] = (await hosted(host)).filter((e) => e.id !== soon.id);
    expect((await cancel(host, String(second!.id))).status).toBe(200);
    expect((await tryCreate(host)).status).toBe(201);
  });

  it('moving an event keeps it counted until its new end', async () => {
    const host = await member({ profile: true });
    const short = await create(host, { startAt: new Date(Date.now() + 1_500).toISOString(), endAt: new Date(Date.now() + 2_500).toISOString() });
    await create(host);
    const moved = await call(http, 'PUT', `/api/events/${short.id}`, { cookies: host.cookies, pathParameters: { id: short.id }, body: form({ startAt: inDays(5), endAt: null }) });
    expect(moved.status).toBe(200);
    await new Promise((r) => setTimeout(r, 2_700));
    expect((await tryCreate(host)).body.code).toBe('HOSTING_LIMIT');
  });
});

describe('the member badge', () => {
  it("shows the host's and each attendee's premium benefits from the events service's own copies", async () => {
    const [host, prem, trial, free, lapsed] = [await member({ name: 'Host', profile: true }), await member({ name: 'Prem', profile: true }), await member({ name: 'Trial', profile: true }), await member({ name: 'Free', profile: true }), await member({ name: 'Lapsed', profile: true })];
    await plan(host, 'premium');
    await plan(prem, 'premium');
    await plan(trial, 'trial');
    await plan(lapsed, 'premium', new Date(Date.now() - 60_000).toISOString());
    const created = await call(http, 'POST', '/api/events', { cookies: host.cookies, body: form() });
    expect(created.body.hostPremium).toBe(true);
    const e = created.body as { id: string };
    for (const m of [prem, trial, free, lapsed]) expect((await rsvp(m, e.id, 'going')).body.hostPremium).toBe(true);
    const detail = (await get(free, e.id)).body;
    expect(detail.hostPremium).toBe(true);
    const badges = Object.fromEntries(detail.attendees.map((a: { name: string; premium: boolean }) => [a.name, a.premium]));
    expect(badges).toEqual({ Prem: true, Trial: true, Free: false, Lapsed: false });
    // A free host carries none, on the list too.
    const other = await create(free);
    expect((await get(prem, other.id)).body.hostPremium).toBe(false);
    let cursor: string | undefined;
    const listed = new Map<string, boolean>();
    for (let i = 0; i < 200 && listed.size < 2; i++) {
      const page = await call(http, 'GET', '/api/events', { cookies: free.cookies, query: { limit: '50', ...(cursor ? { cursor } : {}) } });
      for (const x of page.body.upcoming as { id: string; hostPremium: boolean }[]) if (x.id === e.id || x.id === other.id) listed.set(x.id, x.hostPremium);
      cursor = page.body.nextCursor ?? undefined;
      if (!cursor) break;
    }
    expect([listed.get(e.id), listed.get(other.id)]).toEqual([true, false]);
    // A downgrade reaches the badge at once.
    await plan(host, 'free', null);
    expect((await get(free, e.id)).body.hostPremium).toBe(false);
  });
});

describe('the past-events count', () => {
  /** Every event stored whose start is before `now` (or, with `counted`, every event counted past), by a Scan. */
  async function scanCount(now: string, counted = false): Promise<number> {
    let count = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const out = await ddb.ddb.send(new ScanCommand({
        TableName: ddb.TABLE, Select: 'COUNT', ExclusiveStartKey: start, ConsistentRead: true,
        FilterExpression: counted ? 'SK = :e AND GSI1PK = :past' : 'SK = :e AND startAt < :now',
        ExpressionAttributeValues: counted ? { ':e': 'EVENT', ':past': 'EVENTS#PAST' } : { ':e': 'EVENT', ':now': now },
      }));
      count += out.Count ?? 0;
      start = out.LastEvaluatedKey;
    } while (start);
    return count;
  }
  const kept = async () => Number((await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: { PK: 'STATS', SK: 'PAST' }, ConsistentRead: true }))).Item?.count ?? 0);
  const tick = () => deliver(worker, { ...busEvent('Scheduled', { schedule: 'past_events_update' }), source: 'aws.events' });
  /** The count answered equals a fresh count of started events, and the kept count is exactly the events counted past. */
  async function expectExact(host: Member) {
    const now = new Date().toISOString();
    const past = await import('../src/store/past.ts');
    expect(await past.countPast(now)).toBe(await scanCount(now));
    expect(await kept()).toBe(await scanCount(now, true));
    const before = await scanCount(new Date().toISOString());
    const listed = await call(http, 'GET', '/api/events', { cookies: host.cookies, query: { limit: '1' } });
    const after = await scanCount(new Date().toISOString());
    expect(listed.status).toBe(200);
    expect(listed.body.pastCount).toBeGreaterThanOrEqual(before);
    expect(listed.body.pastCount).toBeLessThanOrEqual(after);
  }

  it('equals a fresh count after past and future events, two runs of the schedule, a cancel and edits across now', async () => {
    const data = { ...(await import('../src/domain/event.ts')), ...(await import('../src/store/events.ts')) };
    const host = await member({ name: 'Past host', profile: true });
    await plan(host, 'premium');
    await expectExact(host);
    // Events that started before (stored directly: the API takes only future starts), upcoming ones, and two that start in a moment.
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const fieldsAt = (startAt: string) => data.eventFields({ ...form(), eventType: 'tasting', startAt, endAt: null, capacity: null });
    const stored = async (startAt: string) => {
      const id = randomUUID();
      const at = new Date().toISOString();
      await data.createEvent({
        id, hostId: host.userId, hostName: 'Past host', ...fieldsAt(startAt),
        attendingCount: 0, interestedCount: 0, waitlistCount: 0, isAgeRestricted: true, createdAt: at, updatedAt: at,
      }, null);
      return id;
    };
    const old = [await stored(ago(2 * 86_400_000)), await stored(ago(3_600_000)), await stored(ago(60_000))];
    const [future, toMove] = [await create(host), await create(host, { startAt: inDays(10), endAt: null })];
    const soon = [await create(host, { startAt: new Date(Date.now() + 1_200).toISOString(), endAt: null }), await create(host, { startAt: new Date(Date.now() + 1_300).toISOString(), endAt: null })];
    await expectExact(host);
    await new Promise((r) => setTimeout(r, 1_500));
    await expectExact(host);

    // The schedule moves what has started; a second run (and two at once) count nothing twice.
    await tick();
    for (const id of [...old, ...soon.map((e) => e.id)]) expect((await partition(id)).event).toMatchObject({ GSI1PK: 'EVENTS#PAST', pastAt: expect.any(String) });
    expect((await partition(future.id)).event).toMatchObject({ GSI1PK: 'EVENTS' });
    await expectExact(host);
    const afterFirst = await kept();
    await tick();
    expect(await kept()).toBe(afterFirst);
    await expectExact(host);
    await stored(ago(1_000));
    await Promise.all([tick(), tick(), (await import('../src/store/past.ts')).moveStartedEvents()]);
    await expectExact(host);

    // Cancelling a counted event takes it off; an event counted past cannot be edited.
    const gone = old[1]!;
    expect((await call(http, 'DELETE', `/api/events/${gone}`, { cookies: host.cookies, pathParameters: { id: gone } })).status).toBe(200);
    await expectExact(host);
    const edit = await call(http, 'PUT', `/api/events/${soon[0]!.id}`, { cookies: host.cookies, pathParameters: { id: soon[0]!.id }, body: form({ startAt: inDays(5), endAt: null }) });
    expect(edit.body.code).toBe('EVENT_STARTED');
    await expectExact(host);

    // An upcoming event moved before now counts at once, before the schedule moves it; another moved to a moment away counts once it starts.
    await data.updateEvent(host.userId, toMove.id, fieldsAt(ago(5_000)), 'Past host');
    expect((await partition(toMove.id)).event).toMatchObject({ GSI1PK: 'EVENTS' });
    await expectExact(host);
    const moved = await call(http, 'PUT', `/api/events/${future.id}`, { cookies: host.cookies, pathParameters: { id: future.id }, body: form({ startAt: new Date(Date.now() + 1_000).toISOString(), endAt: null }) });
    expect(moved.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_200));
    await expectExact(host);
    await tick();
    for (const id of [toMove.id, future.id]) expect((await partition(id)).event).toMatchObject({ GSI1PK: 'EVENTS#PAST' });
    await expectExact(host);
    // A cancel of an event not counted yet changes nothing kept; the answer still follows.
    const late = await stored(ago(500));
    const before = await kept();
    expect((await call(http, 'DELETE', `/api/events/${late}`, { cookies: host.cookies, pathParameters: { id: late } })).status).toBe(200);
    expect(await kept()).toBe(before);
    await expectExact(host);
  }, 60_000);
});
