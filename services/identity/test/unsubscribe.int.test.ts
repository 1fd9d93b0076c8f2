import { randomUUID } from 'node:crypto';
import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVALID_UNSUBSCRIBE_MESSAGE, UNSUBSCRIBE_KINDS, type UnsubscribeKind } from '@torcedor/shared/constants';
import { acceptingBus } from '../../kit/test/bus.ts';
import { serviceFixture } from '../../kit/test/fixture.ts';
import { call, cookieJar } from '../../kit/test/http-event.ts';

/**
 * Unsubscribe links (README, "Unsubscribe") against DynamoDB Local and cognito-local, with the local stack's mail link
 * key: the page's POST and the mail client's RFC 8058 one-click POST turn one setting off, with UserProfileChanged.
 */
const bus = acceptingBus();
let handler: Parameters<typeof call>[0];
let unsubscribeToken: typeof import('@torcedor/service-kit/mail-links').unsubscribeToken;

beforeAll(async () => {
  ({ http: handler } = await serviceFixture('identity', { http: () => import('../src/http.ts') }));
  ({ unsubscribeToken } = await import('@torcedor/service-kit/mail-links'));
});

const unique = () => `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
const ALL_ON = { emailNotifications: true, followNotifications: true, reviewNotifications: true, eventNotifications: true, messageNotifications: true, marketingEmails: true };

/** A signed-up member with every email setting on. */
async function member() {
  const body = { email: unique(), password: 'Cohiba-1966', firstName: 'Ana', lastName: 'Reyes', dateOfBirth: '1990-04-12', country: 'US' };
  const s = await call(handler, 'POST', '/api/auth/signup', { body });
  expect(s.status).toBe(201);
  const l = await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password } });
  const m = { userId: s.body.userId as string, cookies: cookieJar(l.cookies) };
  expect((await call(handler, 'PUT', '/api/user/notifications', { cookies: m.cookies, body: ALL_ON })).status).toBe(200);
  return m;
}
const me = async (m: { cookies: string[] }) => (await call(handler, 'GET', '/api/auth/user', { cookies: m.cookies })).body;
const published = () => bus.commandCalls(PutEventsCommand).flatMap((c) => c.args[0].input.Entries ?? []);
const profileEvents = (userId: string) =>
  published().filter((e) => e.DetailType === 'UserProfileChanged').map((e) => JSON.parse(e.Detail!)).filter((d) => d.userId === userId);

const fromPage = (token: string) => call(handler, 'POST', '/api/unsubscribe', { body: { token } });
/** The mail client's POST: form-encoded, no Origin, no cookies. */
const oneClick = (token: string, rawBody = 'List-Unsubscribe=One-Click', type = 'application/x-www-form-urlencoded') =>
  call(handler, 'POST', '/api/unsubscribe/one-click', { query: { token }, rawBody, headers: { 'content-type': type } });
const tamper = (token: string) => `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;

describe('the unsubscribe page', () => {
  it('turns marketing emails off at once and publishes it; a second time answers the same and publishes nothing', async () => {
    const m = await member();
    const before = profileEvents(m.userId).at(-1)!;
    bus.resetHistory();
    const r = await fromPage(await unsubscribeToken(m.userId, 'marketing'));
    expect([r.status, r.body]).toEqual([200, { ok: true, kind: 'marketing' }]);
    expect(await me(m)).toMatchObject({ ...ALL_ON, marketingEmails: false });
    const events = profileEvents(m.userId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ marketingEmails: false, emailNotifications: true, version: before.version + 1 });

    const again = await fromPage(await unsubscribeToken(m.userId, 'marketing'));
    expect([again.status, again.body]).toEqual([200, { ok: true, kind: 'marketing' }]);
    expect(profileEvents(m.userId)).toHaveLength(1);
  });

  it('refuses a changed or foreign token with 400 and changes nothing', async () => {
    const m = await member();
    bus.resetHistory();
    const token = await unsubscribeToken(m.userId, 'marketing');
    const [payload, signature] = token.split('.') as [string, string];
    const otherMember = Buffer.from(JSON.stringify({ u: randomUUID(), k: 'marketing' })).toString('base64url');
    for (const bad of [tamper(token), `${otherMember}.${signature}`, `${payload}.${signature}.${signature}`]) {
      const r = await fromPage(bad);
      expect([r.status, r.body]).toEqual([400, { code: 'VALIDATION', message: INVALID_UNSUBSCRIBE_MESSAGE }]);
    }
    expect(await me(m)).toMatchObject(ALL_ON);
    expect(profileEvents(m.userId)).toEqual([]);
  });

  it('answers an unknown or deleted member like any other, and creates nothing', async () => {
    const ghost = randomUUID();
    const r = await fromPage(await unsubscribeToken(ghost, 'notifications'));
    expect([r.status, r.body]).toEqual([200, { ok: true, kind: 'notifications' }]);
    expect(profileEvents(ghost)).toEqual([]);

    const m = await member();
    expect((await call(handler, 'DELETE', '/api/user', { cookies: m.cookies, body: { confirmation: 'DELETE', password: 'Cohiba-1966' } })).status).toBe(200);
    bus.resetHistory();
    const gone = await fromPage(await unsubscribeToken(m.userId, 'follows'));
    expect([gone.status, gone.body]).toEqual([200, { ok: true, kind: 'follows' }]);
    expect(profileEvents(m.userId)).toEqual([]);
  });

  it('maps each kind to its own setting and leaves the others on', async () => {
    for (const [kind, setting] of Object.entries(UNSUBSCRIBE_KINDS) as [UnsubscribeKind, string][]) {
      const m = await member();
      bus.resetHistory();
      expect((await fromPage(await unsubscribeToken(m.userId, kind))).body).toEqual({ ok: true, kind });
      expect(await me(m)).toMatchObject({ ...ALL_ON, [setting]: false });
      expect(profileEvents(m.userId).at(-1)).toMatchObject({ [setting]: false });
    }
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it("takes the mail client's form-encoded POST without an Origin, and multipart too", async () => {
    const m = await member();
    const r = await oneClick(await unsubscribeToken(m.userId, 'events'));
    expect([r.status, r.body]).toEqual([200, { ok: true, kind: 'events' }]);
    expect(await me(m)).toMatchObject({ ...ALL_ON, eventNotifications: false });
    expect(profileEvents(m.userId).at(-1)).toMatchObject({ eventNotifications: false });

    const form = '--b1\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b1--\r\n';
    const multi = await oneClick(await unsubscribeToken(m.userId, 'activity'), form, 'multipart/form-data; boundary=b1');
    expect([multi.status, multi.body]).toEqual([200, { ok: true, kind: 'activity' }]);
    expect(await me(m)).toMatchObject({ reviewNotifications: false, followNotifications: true });
  });

  it('refuses another body, and a tampered token, with 400 and changes nothing', async () => {
    const m = await member();
    bus.resetHistory();
    const token = await unsubscribeToken(m.userId, 'notifications');
    for (const body of ['', 'List-Unsubscribe=Yes', '{"List-Unsubscribe":"One-Click"}']) {
      const r = await oneClick(token, body);
      expect([r.status, r.body.code]).toEqual([400, 'VALIDATION']);
    }
    const tampered = await oneClick(tamper(token));
    expect([tampered.status, tampered.body]).toEqual([400, { code: 'VALIDATION', message: INVALID_UNSUBSCRIBE_MESSAGE }]);
    const missing = await call(handler, 'POST', '/api/unsubscribe/one-click', { rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(missing.status).toBe(400);
    expect(await me(m)).toMatchObject(ALL_ON);
    expect(profileEvents(m.userId)).toEqual([]);
  });
});

describe('UserProfileChanged', () => {
  it('carries the master switch of notification emails', async () => {
    const m = await member();
    expect(profileEvents(m.userId).at(-1)).toMatchObject({ emailNotifications: true });
    const r = await call(handler, 'PUT', '/api/user/notifications', { cookies: m.cookies, body: { ...ALL_ON, emailNotifications: false } });
    expect(r.status).toBe(200);
    expect(profileEvents(m.userId).at(-1)).toMatchObject({ emailNotifications: false, marketingEmails: true });
  });
});
