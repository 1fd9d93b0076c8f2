import { beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '@torcedor/shared/constants';
import { acceptingBus, busEvent } from '../../kit/test/bus.ts';
import { call, cookieJar } from '../../kit/test/http-event.ts';
import { serviceFixture } from '../../kit/test/fixture.ts';

acceptingBus();
type Handler = Parameters<typeof call>[0];
let handler: Handler;
let worker: (e: unknown, c: unknown) => Promise<unknown>;
let owner: { userId: string; cookies: string[] };

beforeAll(async () => {
  const f = await serviceFixture('identity', { http: () => import('../src/http.ts'), worker: () => import('../src/worker.ts') });
  ({ http: handler, worker } = f);
  // An owner is a member of the pool's `owners` group (only an operator puts anyone there).
  owner = await f.member({ owner: true });
});

const unique = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
const DAY_MS = 86_400_000;

async function member(firstName = 'Ana') {
  const body = { email: unique(), password: 'Cohiba-1966', firstName, lastName: 'Reyes', dateOfBirth: '1990-04-12', country: 'US' };
  const s = await call(handler, 'POST', '/api/auth/signup', { body });
  expect(s.status).toBe(201);
  const l = await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password } });
  expect(l.status).toBe(200);
  return { userId: s.body.userId as string, email: body.email, password: body.password, cookies: cookieJar(l.cookies) };
}

/** billing's EntitlementChanged as the bus delivers it to identity's worker (identity keeps its copy of the plan). */
async function entitle(userId: string, tier: 'free' | 'trial' | 'premium', until: string | null, version = 1) {
  await worker(busEvent('EntitlementChanged', { userId, version, tier, until }, undefined, 'torcedor.billing'), {});
}

const request = (over: Record<string, unknown> = {}) => ({ category: 'billing', subject: 'Card declined', message: 'My card was declined twice.', ...over });
const send = async (cookies: string[], over: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
  const r = await call(handler, 'POST', '/api/support', { cookies, body: request(over), headers });
  expect(r.status).toBe(201);
  return r.body as { id: string; priority: boolean; status: string; createdAt: string; resolvedAt: string | null };
};
const queueIds = async () => {
  const q = await call(handler, 'GET', '/api/support/queue', { cookies: owner.cookies });
  expect(q.status).toBe(200);
  return (q.body.items as { id: string }[]).map((i) => i.id);
};

describe('sending a support request', () => {
  it.each([
    ['an empty subject', { subject: '   ' }, 'subject', 'Subject is required'],
    ['a message that is too long', { message: 'x'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1) }, 'message', `Message must be at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`],
    ['an unknown topic', { category: 'cigars' }, 'category', 'Choose a topic'],
  ])('refuses %s with 400 and the field issue, and stores nothing', async (_what, over, field, message) => {
    const { cookies } = await member();
    const r = await call(handler, 'POST', '/api/support', { cookies, body: request(over) });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION');
    expect(r.body.issues).toEqual([{ path: [field], message }]);
    expect((await call(handler, 'GET', '/api/support', { cookies })).body.items).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await call(handler, 'POST', '/api/support', { body: request() })).status).toBe(401);
    expect((await call(handler, 'GET', '/api/support')).status).toBe(401);
  });

  it("stores a free member's request as not priority, with their name and email, trimmed", async () => {
    const m = await member('Paco');
    const r = await send(m.cookies, { subject: '  Card declined  ' });
    expect(r).toMatchObject({
      userId: m.userId, displayName: 'Paco Reyes', email: m.email.toLowerCase(), category: 'billing', subject: 'Card declined',
      message: 'My card was declined twice.', priority: false, status: 'open', resolvedAt: null,
    });
  });

  it("flags a premium member's request priority, by identity's copy of the plan at the time of sending", async () => {
    const m = await member();
    await entitle(m.userId, 'premium', new Date(Date.now() + 30 * DAY_MS).toISOString());
    const premium = await send(m.cookies);
    expect(premium.priority).toBe(true);
    // The plan ends: the next request is not priority, and the one already sent keeps its flag.
    await entitle(m.userId, 'free', null, 2);
    const free = await send(m.cookies, { subject: 'After the plan' });
    expect(free.priority).toBe(false);
    const mine = (await call(handler, 'GET', '/api/support', { cookies: m.cookies })).body.items as { id: string; priority: boolean }[];
    expect(mine.map((i) => [i.id, i.priority])).toEqual([[free.id, false], [premium.id, true]]);
  });

  it('does not flag a premium plan that has already ended', async () => {
    const m = await member();
    await entitle(m.userId, 'premium', new Date(Date.now() - DAY_MS).toISOString());
    expect((await send(m.cookies)).priority).toBe(false);
  });

  it("flags a running trial's request priority; a trial member has no email on file", async () => {
    const t = await call(handler, 'POST', '/api/auth/trial', { body: { dateOfBirth: '1985-06-01', country: 'CA' } });
    expect(t.status).toBe(201);
    const userId = t.body.id as string;
    await entitle(userId, 'trial', t.body.trialEndsAt as string);
    const r = await send(cookieJar(t.cookies));
    expect(r).toMatchObject({ userId, displayName: 'Trial Member', email: null, priority: true });
  });

  it('sends once per Idempotency-Key', async () => {
    const m = await member();
    const headers = { 'idempotency-key': `support-${Date.now()}` };
    const first = await send(m.cookies, {}, headers);
    const again = await call(handler, 'POST', '/api/support', { cookies: m.cookies, body: request(), headers });
    expect([again.status, again.body.id]).toEqual([201, first.id]);
    expect((await call(handler, 'GET', '/api/support', { cookies: m.cookies })).body.items).toHaveLength(1);
  });
});

describe("a member's own requests", () => {
  it('lists only their own, newest first; another member cannot read or resolve them', async () => {
    const ana = await member('Ana');
    const ben = await member('Ben');
    const a1 = await send(ana.cookies, { subject: 'First' });
    const a2 = await send(ana.cookies, { subject: 'Second', category: 'account' });
    const b1 = await send(ben.cookies, { subject: 'Ben writes' });
    const anas = await call(handler, 'GET', '/api/support', { cookies: ana.cookies });
    expect(anas.status).toBe(200);
    expect((anas.body.items as { id: string }[]).map((i) => i.id)).toEqual([a2.id, a1.id]);
    const bens = await call(handler, 'GET', '/api/support', { cookies: ben.cookies });
    expect((bens.body.items as { id: string }[]).map((i) => i.id)).toEqual([b1.id]);
    expect(JSON.stringify(bens.body)).not.toContain(a1.id);
    // The queue and resolve are for owners only: a member is refused, whoever's request it names.
    const queue = await call(handler, 'GET', '/api/support/queue', { cookies: ben.cookies });
    expect([queue.status, queue.body.code]).toEqual([403, 'OWNER_ONLY']);
    for (const id of [a1.id, b1.id]) {
      const resolve = await call(handler, 'POST', `/api/support/${id}/resolve`, { cookies: ben.cookies });
      expect([resolve.status, resolve.body.code]).toEqual([403, 'OWNER_ONLY']);
    }
    expect((await call(handler, 'GET', '/api/support', { cookies: ana.cookies })).body.items.map((i: { status: string }) => i.status)).toEqual(['open', 'open']);
  });
});

describe("the owners' queue", () => {
  it('lists open requests first (priority, then oldest first), then resolved ones; an owner resolves one', async () => {
    const free = await member('Free');
    const premium = await member('Premium');
    await entitle(premium.userId, 'premium', new Date(Date.now() + 30 * DAY_MS).toISOString());
    const f1 = await send(free.cookies, { subject: 'f1' });
    const p1 = await send(premium.cookies, { subject: 'p1' });
    const f2 = await send(free.cookies, { subject: 'f2' });
    const p2 = await send(premium.cookies, { subject: 'p2' });
    const mine = new Set([f1.id, p1.id, f2.id, p2.id]);
    const ours = async () => (await queueIds()).filter((id) => mine.has(id));
    expect(await ours()).toEqual([p1.id, p2.id, f1.id, f2.id]);

    const q = await call(handler, 'GET', '/api/support/queue', { cookies: owner.cookies });
    expect(q.body.items.find((i: { id: string }) => i.id === p1.id)).toMatchObject({ userId: premium.userId, displayName: 'Premium Reyes', email: premium.email.toLowerCase(), priority: true, subject: 'p1' });

    const r = await call(handler, 'POST', `/api/support/${p1.id}/resolve`, { cookies: owner.cookies });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: p1.id, status: 'resolved', resolvedAt: expect.any(String) });
    expect(await ours()).toEqual([p2.id, f1.id, f2.id, p1.id]);
    const f1Resolved = await call(handler, 'POST', `/api/support/${f1.id}/resolve`, { cookies: owner.cookies });
    expect(f1Resolved.status).toBe(200);
    // Resolved ones follow the open ones, the latest resolution first.
    expect(await ours()).toEqual([p2.id, f2.id, f1.id, p1.id]);

    // Resolving again answers the request as it is.
    const again = await call(handler, 'POST', `/api/support/${p1.id}/resolve`, { cookies: owner.cookies });
    expect(again.body).toEqual(r.body);
    // The member sees the new status of their own request.
    const premiums = (await call(handler, 'GET', '/api/support', { cookies: premium.cookies })).body.items as { id: string; status: string }[];
    expect(premiums.map((i) => [i.id, i.status])).toEqual([[p2.id, 'open'], [p1.id, 'resolved']]);
  });

  it('answers 404 for an unknown request id', async () => {
    const r = await call(handler, 'POST', '/api/support/no-such-request/resolve', { cookies: owner.cookies });
    expect([r.status, r.body.code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('export and account deletion', () => {
  it("exports the member's requests and deletes them with the account (they leave the queue)", async () => {
    const m = await member();
    const sent = await send(m.cookies, { subject: 'Export me' });
    const exported = await call(handler, 'GET', '/api/user/export', { cookies: m.cookies });
    expect(exported.status).toBe(200);
    const supportItems = (exported.body.items as Record<string, unknown>[]).filter((i) => 'subject' in i);
    expect(supportItems).toEqual([expect.objectContaining({ id: sent.id, subject: 'Export me', status: 'open' })]);
    expect(supportItems[0]).not.toHaveProperty('PK');
    expect(supportItems[0]).not.toHaveProperty('GSI1SK');
    expect(await queueIds()).toContain(sent.id);

    const del = await call(handler, 'DELETE', '/api/user', { cookies: m.cookies, body: { confirmation: 'DELETE', password: m.password } });
    expect(del.status).toBe(200);
    expect(await queueIds()).not.toContain(sent.id);
    const gone = await call(handler, 'POST', `/api/support/${sent.id}/resolve`, { cookies: owner.cookies });
    expect(gone.status).toBe(404);
  });
});
