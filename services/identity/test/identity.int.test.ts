import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { acceptingBus } from '../../kit/test/bus.ts';
import { serviceFixture } from '../../kit/test/fixture.ts';
import { call, cookieJar } from '../../kit/test/http-event.ts';

const bus = acceptingBus();
let handler: Parameters<typeof call>[0];
let ownerEmail: string;

beforeAll(async () => {
  ownerEmail = `owner-${Date.now()}@torcedor.test`;
  // OWNER_EMAILS no longer means anything: set it as an attacker would hope it still works.
  handler = (await serviceFixture('identity', { http: () => import('../src/http.ts'), env: { OWNER_EMAILS: ownerEmail } })).http;
});

const unique = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
const signupBody = (over: Record<string, unknown> = {}) => ({
  email: unique(), password: 'Cohiba-1966', firstName: 'Ana', lastName: 'Reyes', dateOfBirth: '1990-04-12', country: 'US', ...over,
});
const published = () => bus.commandCalls(PutEventsCommand).flatMap((c) => c.args[0].input.Entries ?? []);

async function signUpAndLogin(over: Record<string, unknown> = {}) {
  const body = signupBody(over);
  const s = await call(handler, 'POST', '/api/auth/signup', { body });
  expect(s.status).toBe(201);
  const l = await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password } });
  expect(l.status).toBe(200);
  return { body, userId: s.body.userId as string, cookies: cookieJar(l.cookies), login: l };
}

describe('sign-up', () => {
  it('creates the member, never exposes the birth date, and announces it', async () => {
    const { body, userId, cookies } = await signUpAndLogin({ email: `  MiXeD${Date.now()}@Example.COM ` });
    const me = await call(handler, 'GET', '/api/auth/user', { cookies });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: userId, email: String(body.email).trim().toLowerCase(), firstName: 'Ana', isOwner: false, profileVisibility: 'public', language: 'en', marketingEmails: false });
    expect(me.body).not.toHaveProperty('dateOfBirth');
    expect(me.body).not.toHaveProperty('username');
    const types = published().map((e) => e.DetailType);
    expect(types).toEqual(expect.arrayContaining(['UserRegistered', 'UserProfileChanged']));
    const reg = published().find((e) => e.DetailType === 'UserRegistered')!;
    expect(JSON.parse(reg.Detail!)).toMatchObject({ userId, kind: 'member' });
  });

  it("carries the landing page's attribution to the lead (UserRegistered), and refuses a malformed one", async () => {
    const attribution = { utmSource: 'instagram', utmMedium: 'social', utmCampaign: 'winter-nights-a1b2c3', referrer: 'https://www.instagram.com/' };
    const { userId } = await signUpAndLogin({ attribution });
    const reg = published().filter((e) => e.DetailType === 'UserRegistered').map((e) => JSON.parse(e.Detail!)).find((d) => d.userId === userId);
    expect(reg.attribution).toEqual(attribution);
    const bad = await call(handler, 'POST', '/api/auth/signup', { body: signupBody({ attribution: { referrer: 'javascript:alert(1)', extra: 1 } }) });
    expect(bad.status).toBe(400);
    const trial = await call(handler, 'POST', '/api/auth/trial', { body: { dateOfBirth: '1985-06-01', country: 'CA', attribution: { utmSource: 'newsletter' } } });
    expect(trial.status).toBe(201);
    const t = published().filter((e) => e.DetailType === 'UserRegistered').map((e) => JSON.parse(e.Detail!)).find((d) => d.userId === trial.body.id);
    expect(t.attribution).toEqual({ utmSource: 'newsletter' });
  });

  it('never makes an owner of whoever signs up with an owner address: owners are made by an operator', async () => {
    const { cookies } = await signUpAndLogin({ email: ownerEmail });
    const me = await call(handler, 'GET', '/api/auth/user', { cookies });
    expect(me.body.isOwner).toBe(false);
  });

  it.each([
    ['a missing field', { firstName: undefined }, 400, 'firstName'],
    ['a malformed email', { email: 'not-an-email' }, 400, 'Please enter a valid email address'],
    ['a short password', { password: 'Ab1' }, 400, 'Password must be at least 8 characters'],
    ['a password without a number', { password: 'Cohiba-Behike' }, 400, 'Password must contain a number'],
    ['a future birth date', { dateOfBirth: '2999-01-01' }, 400, 'Date of birth cannot be in the future'],
    ['a malformed date', { dateOfBirth: '1990-02-30' }, 400, 'Date of birth must be a valid date'],
    ['an unknown country', { country: 'FR' }, 400, 'Please choose one of the listed countries'],
    ['an unknown field', { isOwner: true }, 400, 'isOwner'],
  ])('rejects %s and stores nothing', async (_what, over, status, text) => {
    const body = signupBody(over);
    const res = await call(handler, 'POST', '/api/auth/signup', { body });
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.body)).toContain(text);
    expect(published()).toHaveLength(0);
    if (typeof body.email === 'string' && body.email.includes('@')) {
      const l = await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password ?? 'x' } });
      expect(l.status).toBe(401);
    }
  });

  it('enforces 21 in the United States and 18 elsewhere, on the server', async () => {
    // The rule counts on the date where it is earliest on Earth (UTC-12, shared/src/age.ts): a UTC date would be a
    // day ahead of it from midnight to noon UTC.
    const now = new Date(Date.now() - 12 * 3_600_000);
    const yearsAgo = (n: number) => `${now.getUTCFullYear() - n}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-${String(now.getUTCDate()).padStart(2, '0')}`;
    const dayAfter = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const us20 = await call(handler, 'POST', '/api/auth/signup', { body: signupBody({ dateOfBirth: dayAfter(yearsAgo(21)) }) });
    expect(us20.status).toBe(403);
    expect(us20.body).toMatchObject({ code: 'UNDER_AGE', message: 'You must be at least 21 years old to access this platform in United States' });
    const us21 = await call(handler, 'POST', '/api/auth/signup', { body: signupBody({ dateOfBirth: yearsAgo(21) }) });
    expect(us21.status).toBe(201);
    const gb17 = await call(handler, 'POST', '/api/auth/signup', { body: signupBody({ country: 'GB', dateOfBirth: dayAfter(yearsAgo(18)) }) });
    expect(gb17.body.message).toBe('You must be at least 18 years old to access this platform in United Kingdom');
    const gb18 = await call(handler, 'POST', '/api/auth/signup', { body: signupBody({ country: 'GB', dateOfBirth: yearsAgo(18) }) });
    expect(gb18.status).toBe(201);
  });

  it('refuses a second account with the same email (409) and keeps the first', async () => {
    const body = signupBody();
    expect((await call(handler, 'POST', '/api/auth/signup', { body })).status).toBe(201);
    const again = await call(handler, 'POST', '/api/auth/signup', { body: { ...body, password: 'Another-Pass-9' } });
    expect(again.status).toBe(409);
    const l = await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password } });
    expect(l.status).toBe(200);
  });
});

describe('login and sessions', () => {
  it('sets HttpOnly SameSite=Lax session cookies and no token in the body', async () => {
    const { login } = await signUpAndLogin();
    expect(login.cookies.length).toBe(4);
    const [hints, secrets] = [login.cookies.filter((c) => c.startsWith('torcedor_signed_in=')), login.cookies.filter((c) => !c.startsWith('torcedor_signed_in='))];
    for (const c of secrets) expect(c).toMatch(/HttpOnly; SameSite=Lax/);
    // The page's hint carries no secret and is the only cookie it can read.
    expect(hints).toEqual([expect.stringMatching(/^torcedor_signed_in=1; Path=\/; SameSite=Lax; Max-Age=\d+$/)]);
    // The refresh token goes only where it is used: renewal, and logout (which revokes it).
    expect(login.cookies.filter((c) => c.startsWith('torcedor_refresh=')).map((c) => /Path=([^;]+)/.exec(c)?.[1]).sort()).toEqual(['/api/auth', '/api/logout']);
    expect(JSON.stringify(login.body)).not.toMatch(/eyJ/);
  });

  it('answers a wrong password and an unknown email with the same message', async () => {
    const { body } = await signUpAndLogin();
    const wrong = await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: 'Wrong-Pass-1' }, sourceIp: '10.9.0.1' });
    const unknown = await call(handler, 'POST', '/api/auth/login', { body: { email: unique(), password: 'Wrong-Pass-1' }, sourceIp: '10.9.0.2' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('Invalid email or password');
    expect(wrong.body.message).not.toContain('Unauthorized');
  });

  it('throttles repeated failures with 429 and Retry-After, even for the right password', async () => {
    const { body } = await signUpAndLogin();
    for (let i = 0; i < 5; i++) {
      const r = await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: `Wrong-Pass-${i}` }, sourceIp: '10.9.1.1' });
      expect(r.status).toBe(401);
    }
    const blocked = await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password }, sourceIp: '10.9.1.1' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('logs out on the server: the old session cookie is refused afterwards', async () => {
    const { cookies } = await signUpAndLogin();
    expect((await call(handler, 'GET', '/api/auth/user', { cookies })).status).toBe(200);
    const out = await call(handler, 'POST', '/api/logout', { cookies });
    expect([out.status, out.body]).toEqual([200, { ok: true }]);
    expect(out.cookies.every((c) => c.includes('Max-Age=0'))).toBe(true);
    expect(out.cookies.some((c) => c.startsWith('torcedor_signed_in=;'))).toBe(true);
    expect(published().some((e) => e.DetailType === 'SessionRevoked')).toBe(true);
    const replay = await call(handler, 'GET', '/api/auth/user', { cookies });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
    const refresh = await call(handler, 'POST', '/api/auth/refresh', { cookies });
    expect(refresh.status).toBe(401);
  });

  it('logs nobody out on a GET or from another site: the link shows the page with the Log out button, a foreign origin is 403', async () => {
    const { cookies } = await signUpAndLogin();
    const link = await call(handler, 'GET', '/api/logout', { cookies });
    expect([link.status, link.headers.location, link.cookies]).toEqual([302, '/logout', []]);
    const foreign = await call(handler, 'POST', '/api/logout', { cookies, headers: { origin: 'https://evil.example' } });
    expect([foreign.status, foreign.body.code]).toEqual([403, 'BAD_ORIGIN']);
    const form = await call(handler, 'POST', '/api/logout', { cookies, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect(form.cookies).toEqual([]);
    expect((await call(handler, 'GET', '/api/auth/user', { cookies })).status).toBe(200);
  });

  it('renews the session from the refresh cookie', async () => {
    const { cookies } = await signUpAndLogin();
    const r = await call(handler, 'POST', '/api/auth/refresh', { cookies });
    expect(r.status).toBe(200);
    const renewed = cookieJar(r.cookies);
    expect(renewed.some((c) => c.startsWith('torcedor_session='))).toBe(true);
    expect((await call(handler, 'GET', '/api/auth/user', { cookies: renewed })).status).toBe(200);
  });

  it('sends /api/login to the landing page login tab', async () => {
    const r = await call(handler, 'GET', '/api/login');
    expect([r.status, r.headers.location]).toEqual([302, '/?auth=login']);
  });

  it('answers 401 Unauthorized without a session, or with a forged one', async () => {
    expect((await call(handler, 'GET', '/api/auth/user')).body).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
    const forged = await call(handler, 'GET', '/api/auth/user', { cookies: ['torcedor_session=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'] });
    expect(forged.status).toBe(401);
  });
});

describe('7-day trial', () => {
  it('starts a trial member with session cookies and no email', async () => {
    const r = await call(handler, 'POST', '/api/auth/trial', { body: { dateOfBirth: '1985-06-01', country: 'CA' } });
    expect(r.body).toMatchObject({ isTrial: true });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ isTrial: true, email: null });
    const days = (Date.parse(r.body.trialEndsAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const me = await call(handler, 'GET', '/api/auth/user', { cookies: cookieJar(r.cookies) });
    expect(me.body.id).toBe(r.body.id);
    expect(JSON.parse(published().find((e) => e.DetailType === 'UserRegistered')!.Detail!).kind).toBe('trial');
  });

  it('applies the age rule to trials too', async () => {
    const r = await call(handler, 'POST', '/api/auth/trial', { body: { dateOfBirth: `${new Date().getUTCFullYear() - 19}-01-01`, country: 'US' } });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('You must be at least 21 years old to access this platform in United States');
    expect(published()).toHaveLength(0);
  });
});

describe('profile and settings', () => {
  it('saves each settings section and publishes profile changes with a growing version', async () => {
    const { cookies, userId } = await signUpAndLogin();
    const p = await call(handler, 'PUT', '/api/user/profile', { cookies, body: { displayName: 'Cigar Ana', bio: 'Maduro fan', location: 'Miami' } });
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({ displayName: 'Cigar Ana', bio: 'Maduro fan', location: 'Miami' });
    const ev = published().filter((e) => e.DetailType === 'UserProfileChanged').map((e) => JSON.parse(e.Detail!));
    expect(ev.at(-1)).toMatchObject({ userId, displayName: 'Cigar Ana', location: 'Miami', version: 2 });
    const priv = await call(handler, 'PUT', '/api/user/privacy', { cookies, body: { profileVisibility: 'followers', allowFollowRequests: false, showLocationInProfile: false, allowDirectMessages: 'none' } });
    expect(priv.body).toMatchObject({ profileVisibility: 'followers', allowDirectMessages: 'none' });
    const notes = await call(handler, 'PUT', '/api/user/notifications', { cookies, body: { emailNotifications: false, followNotifications: true, reviewNotifications: false, eventNotifications: true, messageNotifications: false, marketingEmails: true } });
    expect(notes.body).toMatchObject({ emailNotifications: false, marketingEmails: true });
    const prefs = await call(handler, 'PUT', '/api/user/preferences', { cookies, body: { language: 'es', contentFilter: 'strict', showMatureContent: true } });
    expect(prefs.body).toMatchObject({ language: 'es', contentFilter: 'strict' });
    const me = await call(handler, 'GET', '/api/user/profile', { cookies });
    expect(me.body).toMatchObject({ displayName: 'Cigar Ana', profileVisibility: 'followers', marketingEmails: true, language: 'es' });
  });

  it.each([
    ['/api/user/profile', { displayName: 'X', bio: null, location: null, isOwner: true }],
    ['/api/user/profile', { displayName: 'X', bio: null, location: null, followersCount: 9999 }],
    ['/api/user/profile', { displayName: 'X', bio: null, location: null, dateOfBirth: '1950-01-01' }],
    ['/api/user/privacy', { profileVisibility: 'public', allowFollowRequests: true, showLocationInProfile: true, allowDirectMessages: 'everyone', isSubscribed: true }],
    ['/api/user/preferences', { language: 'en', contentFilter: 'standard', showMatureContent: false, humidorCount: 0 }],
  ])('rejects fields a member may not set on %s (mass assignment) and stores nothing', async (path, body) => {
    const { cookies } = await signUpAndLogin();
    const before = await call(handler, 'GET', '/api/user/profile', { cookies });
    const r = await call(handler, 'PUT', path, { cookies, body });
    expect(r.status).toBe(400);
    const after = await call(handler, 'GET', '/api/user/profile', { cookies });
    expect(after.body).toEqual(before.body);
  });

  it("answers the page's user read from this instance's read of the last second, and counts its own changes at once", async () => {
    const { GetCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { ddb, TABLE } = await import('@torcedor/service-kit/ddb');
    const { USER_RECHECK_MS } = await import('../src/store/users.ts');
    const userKey = (await import('../src/store/keys.ts')).keys.user;
    const { cookies, userId } = await signUpAndLogin();
    const spy = vi.spyOn(ddb, 'send');
    const reads = () => spy.mock.calls.filter(([c]) => c instanceof GetCommand && (c.input.Key as { PK: string }).PK === userKey(userId).PK).length;
    try {
      expect((await call(handler, 'GET', '/api/auth/user', { cookies })).status).toBe(200);
      const answers = await Promise.all(Array.from({ length: 20 }, () => call(handler, 'GET', '/api/auth/user', { cookies })));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(reads()).toBe(1);
      // Another instance's write (identity's worker copying a count) reaches this read within USER_RECHECK_MS.
      await ddb.send(new UpdateCommand({ TableName: TABLE, Key: userKey(userId), UpdateExpression: 'SET humidorCount = :n', ExpressionAttributeValues: { ':n': 7 } }));
      await new Promise((r) => setTimeout(r, USER_RECHECK_MS + 50));
      expect((await call(handler, 'GET', '/api/auth/user', { cookies })).body.humidorCount).toBe(7);
      // This instance's own change counts at once.
      expect((await call(handler, 'PUT', '/api/user/profile', { cookies, body: { displayName: 'Ana Fresh', bio: null, location: null } })).status).toBe(200);
      expect((await call(handler, 'GET', '/api/auth/user', { cookies })).body.displayName).toBe('Ana Fresh');
    } finally {
      spy.mockRestore();
    }
  });

  it('holds the bio to 500 characters and the option sets of the spec', async () => {
    const { cookies } = await signUpAndLogin();
    const ok = await call(handler, 'PUT', '/api/user/profile', { cookies, body: { displayName: null, bio: 'b'.repeat(500), location: null } });
    expect(ok.status).toBe(200);
    const long = await call(handler, 'PUT', '/api/user/profile', { cookies, body: { displayName: null, bio: 'b'.repeat(501), location: null } });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('Bio must be at most 500 characters');
    const lang = await call(handler, 'PUT', '/api/user/preferences', { cookies, body: { language: 'pt', contentFilter: 'standard', showMatureContent: false } });
    expect(lang.status).toBe(400);
  });
});

describe('request rules of every state-changing route', () => {
  it('refuses another origin (403), a non-JSON content type (415), a body over 64 KB (413) and malformed JSON (400)', async () => {
    const body = signupBody();
    const evil = await call(handler, 'POST', '/api/auth/signup', { body, headers: { origin: 'https://evil.example' } });
    expect([evil.status, evil.body.code]).toEqual([403, 'BAD_ORIGIN']);
    const form = await call(handler, 'POST', '/api/auth/signup', { rawBody: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    const big = await call(handler, 'POST', '/api/auth/signup', { body: { ...body, firstName: 'x'.repeat(70_000) } });
    expect(big.status).toBe(413);
    const bad = await call(handler, 'POST', '/api/auth/signup', { rawBody: '{"email":' });
    expect([bad.status, bad.body.code]).toEqual([400, 'MALFORMED_JSON']);
    expect(published()).toHaveLength(0);
  });

  it('accepts the app origin', async () => {
    const r = await call(handler, 'POST', '/api/auth/signup', { body: signupBody(), headers: { origin: process.env.APP_ORIGIN! } });
    expect(r.status).toBe(201);
  });

  it('answers unknown routes with a JSON 404', async () => {
    const r = await call(handler, 'GET', '/api/nope');
    expect(r.status).toBe(404);
    expect(r.body.message).toBeTruthy();
  });
});

describe('export and account deletion', () => {
  it("exports the member's own account data without internal keys", async () => {
    const { cookies, body } = await signUpAndLogin();
    const r = await call(handler, 'GET', '/api/user/export', { cookies });
    expect(r.status).toBe(200);
    expect(r.body.service).toBe('identity');
    expect(r.body.items[0]).toMatchObject({ email: body.email, dateOfBirth: body.dateOfBirth, country: 'US' });
    expect(r.body.items[0]).not.toHaveProperty('PK');
  });

  it('deletes the account only with the typed confirmation and the password, then nothing of it works', async () => {
    const { cookies, body, userId } = await signUpAndLogin();
    const ip = '10.9.2.2';
    const unconfirmed = await call(handler, 'DELETE', '/api/user', { cookies, body: { confirmation: 'yes', password: body.password }, sourceIp: ip });
    expect(unconfirmed.status).toBe(400);
    // Without the password, or with a wrong one: login's generic answer, and nothing is deleted.
    for (const attempt of [{ confirmation: 'DELETE' }, { confirmation: 'DELETE', password: 'Wrong-Pass-1' }]) {
      const refused = await call(handler, 'DELETE', '/api/user', { cookies, body: attempt, sourceIp: ip });
      expect([refused.status, refused.body]).toEqual([401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }]);
      expect(refused.cookies).toEqual([]);
    }
    const empty = await call(handler, 'DELETE', '/api/user', { cookies, body: { confirmation: 'DELETE', password: '' }, sourceIp: ip });
    expect(empty.status).toBe(400);
    expect(published().some((e) => e.DetailType === 'UserDeleted')).toBe(false);
    expect((await call(handler, 'GET', '/api/auth/user', { cookies })).status).toBe(200);
    expect((await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password }, sourceIp: ip })).status).toBe(200);

    const r = await call(handler, 'DELETE', '/api/user', { cookies, body: { confirmation: 'DELETE', password: body.password }, sourceIp: ip });
    expect(r.status).toBe(200);
    expect(r.cookies.every((c) => c.includes('Max-Age=0'))).toBe(true);
    const deleted = published().find((e) => e.DetailType === 'UserDeleted');
    expect(JSON.parse(deleted!.Detail!)).toMatchObject({ userId });
    expect((await call(handler, 'GET', '/api/auth/user', { cookies })).status).toBe(401);
    const l = await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password }, sourceIp: '10.9.2.1' });
    expect(l.status).toBe(401);
    // The email is free again.
    expect((await call(handler, 'POST', '/api/auth/signup', { body: { ...body } })).status).toBe(201);
  });

  it('counts a wrong password as a failed sign-in: the login throttle blocks deletion too', async () => {
    const { cookies, body } = await signUpAndLogin();
    for (let i = 0; i < 5; i++) {
      const r = await call(handler, 'DELETE', '/api/user', { cookies, body: { confirmation: 'DELETE', password: `Wrong-Pass-${i}` }, sourceIp: '10.9.2.3' });
      expect(r.status).toBe(401);
    }
    const blocked = await call(handler, 'DELETE', '/api/user', { cookies, body: { confirmation: 'DELETE', password: body.password }, sourceIp: '10.9.2.3' });
    expect([blocked.status, blocked.body.code]).toEqual([429, 'LOGIN_THROTTLED']);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Counted per (account, address): the same member from another address is not locked out.
    expect((await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password }, sourceIp: '10.9.2.4' })).status).toBe(200);
    expect((await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password }, sourceIp: '10.9.2.3' })).status).toBe(429);
    expect(published().some((e) => e.DetailType === 'UserDeleted')).toBe(false);
    expect((await call(handler, 'GET', '/api/auth/user', { cookies })).status).toBe(200);
  });

  it('deletes a trial member (no password they know) with the typed confirmation alone', async () => {
    const t = await call(handler, 'POST', '/api/auth/trial', { body: { dateOfBirth: '1985-06-01', country: 'CA' } });
    expect(t.status).toBe(201);
    const cookies = cookieJar(t.cookies);
    const unconfirmed = await call(handler, 'DELETE', '/api/user', { cookies, body: { confirmation: 'yes' } });
    expect(unconfirmed.status).toBe(400);
    const r = await call(handler, 'DELETE', '/api/user', { cookies, body: { confirmation: 'DELETE' } });
    expect(r.status).toBe(200);
    expect(JSON.parse(published().find((e) => e.DetailType === 'UserDeleted')!.Detail!)).toMatchObject({ userId: t.body.id });
    expect((await call(handler, 'GET', '/api/auth/user', { cookies })).status).toBe(401);
  });
});

describe('readiness', () => {
  it('reports the database and the user pool, each with its state and latency', async () => {
    const res = await call(handler, 'GET', '/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body.dependencies.map((d: { name: string }) => d.name)).toEqual(['dynamodb', 'cognito']);
    for (const d of res.body.dependencies as { status: string; latencyMs: number }[]) {
      expect(['ok', 'degraded']).toContain(d.status);
      expect(d.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(['ok', 'degraded']).toContain(res.body.status);
  });
});
