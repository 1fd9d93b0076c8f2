import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptingBus } from '../../kit/test/bus.ts';
import { serviceFixture } from '../../kit/test/fixture.ts';
import { call, cookieJar } from '../../kit/test/http-event.ts';

/** The security review's session and abuse findings, tried as an attacker would, against the local user pool. */
const bus = acceptingBus();
let handler: Parameters<typeof call>[0];
let ddb: typeof import('@torcedor/service-kit/ddb');

beforeAll(async () => {
  ({ http: handler, ddb } = await serviceFixture('identity', { http: () => import('../src/http.ts') }));
});

let n = 0;
const address = () => `10.77.${Math.floor(n / 250)}.${1 + (n++ % 250)}`;
const unique = () => `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
const signupBody = () => ({ email: unique(), password: 'Cohiba-1966', firstName: 'Ana', lastName: 'Reyes', dateOfBirth: '1990-04-12', country: 'US' });

async function member(ip = address()) {
  const body = signupBody();
  expect((await call(handler, 'POST', '/api/auth/signup', { body, sourceIp: ip })).status).toBe(201);
  const login = await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password }, sourceIp: ip });
  expect(login.status).toBe(200);
  return { body, login, jar: cookieJar(login.cookies) };
}
/** The cookies a browser sends to `path`: the session cookie, and a refresh cookie only where its Path covers it. */
function cookiesFor(setCookies: string[], path: string) {
  return setCookies.filter((c) => {
    const p = /Path=([^;]+)/.exec(c)?.[1] ?? '/';
    return path === p || path.startsWith(`${p}/`) || p === '/';
  }).map((c) => c.split(';')[0]!);
}

describe('sign-in throttle', () => {
  it('lets exactly 5 of 50 concurrent wrong passwords for one account and address through; the rest get 429', async () => {
    const { body } = await member();
    const ip = address();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: `Wrong-Pass-${i}` }, sourceIp: ip })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429), JSON.stringify(answers.filter((a) => a.status !== 401 && a.status !== 429).map((a) => a.body))).toEqual([]);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    for (const a of answers.filter((x) => x.status === 429)) expect([a.body.code, Number(a.headers['retry-after']) > 0]).toEqual(['LOGIN_THROTTLED', true]);
  });

  it("does not lock a member out of their own device with a stranger's wrong passwords", async () => {
    const home = address();
    const { body } = await member(home);
    const stranger = address();
    for (let i = 0; i < 6; i++) await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: `Wrong-${i}-Pass` }, sourceIp: stranger });
    expect((await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password }, sourceIp: stranger })).status).toBe(429);
    expect((await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password }, sourceIp: home })).status).toBe(200);
  });

  it('limits one address across accounts (20 attempts a window)', async () => {
    const ip = address();
    const answers = await Promise.all(Array.from({ length: 25 }, () =>
      call(handler, 'POST', '/api/auth/login', { body: { email: unique(), password: 'Nope-Nope-1' }, sourceIp: ip })));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
  });
});

describe('sign-up and trial limits', () => {
  it('allows 10 sign-ups and trials from one address a window, counting taken emails too', async () => {
    const ip = address();
    const taken = signupBody();
    expect((await call(handler, 'POST', '/api/auth/signup', { body: taken, sourceIp: ip })).status).toBe(201);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await call(handler, 'POST', '/api/auth/signup', { body: taken, sourceIp: ip }));
    for (let i = 0; i < 5; i++) answers.push(await call(handler, 'POST', '/api/auth/trial', { body: { dateOfBirth: '1985-01-01', country: 'GB' }, sourceIp: ip }));
    expect(answers.map((a) => a.status)).toEqual([409, 409, 409, 409, 201, 201, 201, 201, 201]);
    const over = await call(handler, 'POST', '/api/auth/signup', { body: signupBody(), sourceIp: ip });
    expect([over.status, over.body.code, Number(over.headers['retry-after']) > 0]).toEqual([429, 'SIGNUP_THROTTLED', true]);
    const trial = await call(handler, 'POST', '/api/auth/trial', { body: { dateOfBirth: '1985-01-01', country: 'GB' }, sourceIp: ip });
    expect(trial.status).toBe(429);
    expect((await call(handler, 'POST', '/api/auth/signup', { body: signupBody(), sourceIp: address() })).status).toBe(201);
  });
});

describe('logout ends the whole session', () => {
  it('revokes the refresh token sent to /api/logout and keeps the marker as long as a refresh token lives', async () => {
    const { login } = await member();
    const toLogout = cookiesFor(login.cookies, '/api/logout');
    expect(toLogout.some((c) => c.startsWith('torcedor_refresh='))).toBe(true);
    const out = await call(handler, 'POST', '/api/logout', { cookies: toLogout });
    expect(out.status).toBe(200);
    const refresh = await call(handler, 'POST', '/api/auth/refresh', { cookies: cookiesFor(login.cookies, '/api/auth/refresh') });
    expect(refresh.status).toBe(401);
    const revoked = bus.commandCalls(PutEventsCommand).flatMap((c) => c.args[0].input.Entries ?? []).find((e) => e.DetailType === 'SessionRevoked');
    const detail = JSON.parse(revoked!.Detail!) as { sessionId: string; expiresAt: number };
    expect(detail.expiresAt).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
    const marker = await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: { PK: `REVOKED#${detail.sessionId}`, SK: 'SESSION' }, ConsistentRead: true }));
    expect(Number(marker.Item?.ttl)).toBe(detail.expiresAt);
  });

  it('refuses tokens a captured refresh token mints after logout, even when logout never saw it', async () => {
    const { login } = await member();
    const session = login.cookies.find((c) => c.startsWith('torcedor_session='))!.split(';')[0]!;
    expect((await call(handler, 'POST', '/api/logout', { cookies: [session] })).status).toBe(200);
    const minted = await call(handler, 'POST', '/api/auth/refresh', { cookies: cookiesFor(login.cookies, '/api/auth/refresh') });
    expect(minted.status).toBe(401);
  });

  it("signs the member out everywhere: another device's session ends too, a new login works", async () => {
    const { body, login } = await member();
    const ip = address();
    const other = await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password }, sourceIp: ip });
    const otherJar = cookieJar(other.cookies);
    await new Promise((r) => setTimeout(r, 1_100)); // the other device's token is from an earlier second than the logout
    expect((await call(handler, 'POST', '/api/logout', { cookies: cookiesFor(login.cookies, '/api/logout') })).status).toBe(200);
    expect((await call(handler, 'PUT', '/api/user/profile', { cookies: otherJar, body: { displayName: 'Still here', bio: null, location: null } })).status).toBe(401);
    await new Promise((r) => setTimeout(r, 1_100));
    const again = await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password }, sourceIp: ip });
    expect((await call(handler, 'GET', '/api/auth/user', { cookies: cookieJar(again.cookies) })).status).toBe(200);
  });
});

describe('Origin check', () => {
  it("accepts the page's own origin for the host it was served from, and refuses foreign ones", async () => {
    const own = await call(handler, 'POST', '/api/auth/signup', { body: signupBody(), sourceIp: address(), headers: { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' } });
    expect(own.status).toBe(201);
    const lan = await call(handler, 'POST', '/api/auth/signup', { body: signupBody(), sourceIp: address(), headers: { origin: 'http://192.168.1.20:3000', host: '192.168.1.20:3000' } });
    expect(lan.status).toBe(201);
    const foreign = await call(handler, 'POST', '/api/auth/signup', { body: signupBody(), sourceIp: address(), headers: { origin: 'https://evil.example', host: '127.0.0.1:3000' } });
    expect([foreign.status, foreign.body.code]).toEqual([403, 'BAD_ORIGIN']);
  });
});
