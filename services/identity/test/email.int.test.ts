import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { readInbox, type StoredEmail } from '@torcedor/local/src/aws/ses.ts';
import { EMAIL_CODES, INVALID_CODE_MESSAGE } from '@torcedor/shared/constants';
import { acceptingBus } from '../../kit/test/bus.ts';
import { serviceFixture } from '../../kit/test/fixture.ts';
import { call, cookieJar } from '../../kit/test/http-event.ts';

/**
 * Verified addresses and account recovery (README, "Email") against DynamoDB Local, cognito-local and
 * aws-ses-v2-local: the codes are read from the stand-in's inbox, as a member reads their mail.
 */
const bus = acceptingBus();
let handler: Parameters<typeof call>[0];
let ddb: typeof import('@torcedor/service-kit/ddb');

beforeAll(async () => {
  ({ http: handler, ddb } = await serviceFixture('identity', { http: () => import('../src/http.ts') }));
});

let n = 0;
const ip = () => `10.88.${Math.floor(n / 250)}.${1 + (n++ % 250)}`;
const unique = () => `e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
const PASSWORD = 'Cohiba-1966';
const NEW_PASSWORD = 'Behike-52-Maduro';
const second = () => new Promise((r) => setTimeout(r, 1_100));

const inbox = async (to: string): Promise<StoredEmail[]> =>
  (await readInbox(inject('localAws').sesEndpoint)).filter((m) => m.destination.to.includes(to));
/** The code of the latest message to `to` (the line of the text part that is only the code). */
async function latestCode(to: string): Promise<string> {
  const mail = (await inbox(to)).filter((m) => (m.body.text ?? '').split('\n').some((l) => /^\d{6}$/.test(l)));
  const text = mail.at(-1)?.body.text ?? '';
  const code = text.split('\n').find((l) => /^\d{6}$/.test(l));
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const published = () => bus.commandCalls(PutEventsCommand).flatMap((c) => c.args[0].input.Entries ?? []);
const profileEvents = (userId: string) =>
  published().filter((e) => e.DetailType === 'UserProfileChanged').map((e) => JSON.parse(e.Detail!)).filter((d) => d.userId === userId);

/** The MemberEmailChanged details published for the member, in order. */
const emailEvents = (userId: string) =>
  published().filter((e) => e.DetailType === 'MemberEmailChanged').map((e) => JSON.parse(e.Detail!)).filter((d) => d.userId === userId)
    .map(({ userId: id, version, email, verified, suppressed }) => ({ userId: id, version, email, verified, suppressed }));

const codeItem = async (userId: string, purpose = 'VERIFY') =>
  (await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: { PK: `USER#${userId}`, SK: `CODE#${purpose}` }, ConsistentRead: true }))).Item;

const login = (email: string, password: string) => call(handler, 'POST', '/api/auth/login', { body: { email, password }, sourceIp: ip() });
async function member(over: Record<string, unknown> = {}) {
  const body = { email: unique(), password: PASSWORD, firstName: 'Ana', lastName: 'Reyes', dateOfBirth: '1990-04-12', country: 'US', ...over } as { email: string; password: string };
  const s = await call(handler, 'POST', '/api/auth/signup', { body, sourceIp: ip() });
  expect(s.status).toBe(201);
  const l = await login(body.email, body.password);
  expect(l.status).toBe(200);
  return { email: body.email, userId: s.body.userId as string, cookies: cookieJar(l.cookies) };
}
const verify = (m: { cookies: string[] }, code: string) => call(handler, 'POST', '/api/auth/verify-email', { cookies: m.cookies, body: { code } });
const me = async (m: { cookies: string[] }) => (await call(handler, 'GET', '/api/auth/user', { cookies: m.cookies })).body;

describe('verifying the address', () => {
  it('signs a member up unverified and mails a code, of which only a hash is stored', async () => {
    const m = await member();
    expect(await me(m)).toMatchObject({ email: m.email, emailVerified: false, pendingEmail: null });
    const mail = await inbox(m.email);
    expect(mail.map((x) => x.subject)).toEqual(['Verify your Torcedor email address']);
    const code = await latestCode(m.email);
    const item = await codeItem(m.userId);
    expect(item).toMatchObject({ address: m.email, tries: 0, ttl: expect.any(Number), expiresAt: expect.any(Number) });
    expect(item!.expiresAt - Date.now() / 1000).toBeGreaterThan(EMAIL_CODES.verifyTtlSeconds - 60);
    expect(JSON.stringify(item)).not.toContain(code);
    expect(profileEvents(m.userId)[0]).toMatchObject({ emailVerified: false });
  });

  it('verifies with the right code, publishes it, and sends the welcome once', async () => {
    const m = await member();
    const code = await latestCode(m.email);
    const ok = await verify(m, code);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: m.email, emailVerified: true, pendingEmail: null });
    expect(await codeItem(m.userId)).toBeUndefined();
    expect(profileEvents(m.userId).at(-1)).toMatchObject({ emailVerified: true });
    const again = await verify(m, code);
    expect([again.status, again.body]).toEqual([400, { code: 'INVALID_CODE', message: INVALID_CODE_MESSAGE }]);
    // Verified, nothing pending: a resend answers 202 and sends nothing.
    const resend = await call(handler, 'POST', '/api/auth/verify-email/resend', { cookies: m.cookies });
    expect([resend.status, resend.body]).toEqual([202, { ok: true }]);
    const subjects = (await inbox(m.email)).map((x) => x.subject);
    expect(subjects).toEqual(['Verify your Torcedor email address', 'Welcome to Torcedor']);
    const welcome = (await inbox(m.email)).find((x) => x.subject === 'Welcome to Torcedor')!;
    expect(welcome.body.text).toMatch(/\/humidor/);
    expect(welcome.body.text).toMatch(/\/events/);
  });

  it('counts wrong tries (concurrent ones too) and the fifth kills the code, even for the right one', async () => {
    const m = await member();
    const code = await latestCode(m.email);
    const wrong = await Promise.all(Array.from({ length: 4 }, () => verify(m, otherCode(code))));
    expect(wrong.map((r) => [r.status, r.body.code, r.body.message])).toEqual(Array(4).fill([400, 'INVALID_CODE', INVALID_CODE_MESSAGE]));
    expect((await codeItem(m.userId))!.tries).toBe(4);
    expect((await me(m)).emailVerified).toBe(false);
    expect((await verify(m, otherCode(code))).status).toBe(400);
    expect(await codeItem(m.userId)).toBeUndefined();
    const right = await verify(m, code);
    expect([right.status, right.body.code]).toEqual([400, 'INVALID_CODE']);
    expect((await me(m)).emailVerified).toBe(false);
  });

  it('never counts more than five tries however many arrive at once', async () => {
    const m = await member();
    const code = await latestCode(m.email);
    const wrong = await Promise.all(Array.from({ length: 12 }, () => verify(m, otherCode(code))));
    expect(wrong.every((r) => r.status === 400)).toBe(true);
    expect(await codeItem(m.userId)).toBeUndefined();
    expect((await verify(m, code)).status).toBe(400);
  });

  it('refuses an expired code and changes nothing', async () => {
    const m = await member();
    const code = await latestCode(m.email);
    await ddb.ddb.send(new UpdateCommand({
      TableName: ddb.TABLE, Key: { PK: `USER#${m.userId}`, SK: 'CODE#VERIFY' },
      UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
    }));
    const r = await verify(m, code);
    expect([r.status, r.body.code]).toEqual([400, 'INVALID_CODE']);
    expect((await codeItem(m.userId))!.tries).toBe(0);
    expect((await me(m)).emailVerified).toBe(false);
  });

  it('resends a new code that replaces the old, five an hour, then 429 with Retry-After', async () => {
    const m = await member();
    const first = await latestCode(m.email);
    for (let i = 0; i < EMAIL_CODES.resendsPerHour; i++) {
      const r = await call(handler, 'POST', '/api/auth/verify-email/resend', { cookies: m.cookies });
      expect([r.status, r.body]).toEqual([202, { ok: true }]);
    }
    const spent = await call(handler, 'POST', '/api/auth/verify-email/resend', { cookies: m.cookies });
    expect([spent.status, spent.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
    expect(await inbox(m.email)).toHaveLength(1 + EMAIL_CODES.resendsPerHour);
    const latest = await latestCode(m.email);
    if (latest !== first) expect((await verify(m, first)).status).toBe(400);
    expect((await verify(m, latest)).status).toBe(200);
  });

  it('counts a member stored before verification existed as verified', async () => {
    const m = await member();
    await ddb.ddb.send(new UpdateCommand({
      TableName: ddb.TABLE, Key: { PK: `USER#${m.userId}`, SK: 'PROFILE' }, UpdateExpression: 'REMOVE emailVerified, pendingEmail',
    }));
    await second(); // past this instance's one-second read of the user
    expect(await me(m)).toMatchObject({ emailVerified: true, pendingEmail: null });
    expect((await call(handler, 'POST', '/api/auth/verify-email/resend', { cookies: m.cookies })).status).toBe(202);
    expect(await inbox(m.email)).toHaveLength(1);
  });

  it('leaves a trial without an address alone', async () => {
    const t = await call(handler, 'POST', '/api/auth/trial', { body: { dateOfBirth: '1985-06-01', country: 'CA' }, sourceIp: ip() });
    expect(t.status).toBe(201);
    expect(t.body).toMatchObject({ email: null, emailVerified: null, pendingEmail: null });
    const r = await call(handler, 'POST', '/api/auth/verify-email/resend', { cookies: cookieJar(t.cookies) });
    expect([r.status, r.body]).toEqual([202, { ok: true }]);
  });
});

describe('forgotten passwords', () => {
  it('answers the same 202 for an account and an unknown address, and mails only the account', async () => {
    const m = await member();
    const unknown = unique();
    const a = await call(handler, 'POST', '/api/auth/forgot-password', { body: { email: m.email }, sourceIp: ip() });
    const b = await call(handler, 'POST', '/api/auth/forgot-password', { body: { email: unknown }, sourceIp: ip() });
    expect([a.status, a.body]).toEqual([202, { ok: true }]);
    expect([b.status, b.body]).toEqual([a.status, a.body]);
    expect((await inbox(m.email)).at(-1)!.subject).toBe('Reset your Torcedor password');
    expect(await inbox(unknown)).toEqual([]);
    const item = await codeItem(m.userId, 'RESET');
    expect(item!.expiresAt - Date.now() / 1000).toBeLessThanOrEqual(EMAIL_CODES.resetTtlSeconds);
  });

  it('limits requests per address asked about, whether or not it has an account', async () => {
    const unknown = unique();
    for (let i = 0; i < 5; i++) expect((await call(handler, 'POST', '/api/auth/forgot-password', { body: { email: unknown }, sourceIp: ip() })).status).toBe(202);
    const spent = await call(handler, 'POST', '/api/auth/forgot-password', { body: { email: unknown }, sourceIp: ip() });
    expect([spent.status, spent.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits requests per client address across addresses', async () => {
    const from = ip();
    for (let i = 0; i < 20; i++) expect((await call(handler, 'POST', '/api/auth/forgot-password', { body: { email: unique() }, sourceIp: from })).status).toBe(202);
    const spent = await call(handler, 'POST', '/api/auth/forgot-password', { body: { email: unique() }, sourceIp: from });
    expect([spent.status, spent.body.code]).toEqual([429, 'RATE_LIMITED']);
  });

  it('resets with the code: the new password works, the old does not, every session ends, the member is told', async () => {
    const m = await member();
    await second(); // the session's token is from an earlier second than the reset
    expect((await call(handler, 'POST', '/api/auth/forgot-password', { body: { email: m.email }, sourceIp: ip() })).status).toBe(202);
    const code = await latestCode(m.email);
    const unknown = await call(handler, 'POST', '/api/auth/reset-password', { body: { email: unique(), code, password: NEW_PASSWORD } });
    const wrong = await call(handler, 'POST', '/api/auth/reset-password', { body: { email: m.email, code: otherCode(code), password: NEW_PASSWORD } });
    expect([wrong.status, wrong.body]).toEqual([400, { code: 'INVALID_CODE', message: INVALID_CODE_MESSAGE }]);
    expect([unknown.status, unknown.body]).toEqual([wrong.status, wrong.body]);
    const weak = await call(handler, 'POST', '/api/auth/reset-password', { body: { email: m.email, code, password: 'short' } });
    expect(weak.status).toBe(400);
    const ok = await call(handler, 'POST', '/api/auth/reset-password', { body: { email: m.email, code, password: NEW_PASSWORD } });
    expect([ok.status, ok.body]).toEqual([200, { ok: true }]);
    expect((await call(handler, 'GET', '/api/auth/user', { cookies: m.cookies })).status).toBe(401);
    expect((await call(handler, 'POST', '/api/auth/refresh', { cookies: m.cookies })).status).toBe(401);
    expect(published().find((e) => e.DetailType === 'SessionRevoked' && JSON.parse(e.Detail!).userId === m.userId)).toBeDefined();
    expect((await login(m.email, PASSWORD)).status).toBe(401);
    const fresh = await login(m.email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    // The code proved the mailbox; it cannot be used twice.
    expect(fresh.body).toMatchObject({ emailVerified: true });
    expect(profileEvents(m.userId).at(-1)).toMatchObject({ emailVerified: true });
    expect((await call(handler, 'POST', '/api/auth/reset-password', { body: { email: m.email, code, password: PASSWORD } })).status).toBe(400);
    expect((await inbox(m.email)).at(-1)!.subject).toBe('Your Torcedor password was changed');
  });

  it('answers 503 with Retry-After when SES is down, while a sign-up still succeeds', async () => {
    const m = await member();
    const ses = mockClient(SESv2Client);
    try {
      ses.on(SendEmailCommand).rejects(Object.assign(new Error('SES is down'), { name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } }));
      const r = await call(handler, 'POST', '/api/auth/forgot-password', { body: { email: m.email }, sourceIp: ip() });
      expect(r.status).toBe(503);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      const body = { email: unique(), password: PASSWORD, firstName: 'Ana', lastName: 'Reyes', dateOfBirth: '1990-04-12', country: 'US' };
      expect((await call(handler, 'POST', '/api/auth/signup', { body, sourceIp: ip() })).status).toBe(201);
      expect(await inbox(body.email)).toEqual([]);
    } finally {
      ses.restore();
    }
  });
});

describe('changing the address', () => {
  it('mails the new address a code, switches on it, tells the old one, and signs in with the new one only', async () => {
    const m = await member({ firstName: 'Ana <b>' });
    expect((await verify(m, await latestCode(m.email))).status).toBe(200);
    const other = await member();
    const next = unique();
    const change = (email: string, password = PASSWORD) => call(handler, 'PUT', '/api/user/email', { cookies: m.cookies, body: { email, password }, sourceIp: ip() });

    expect((await change(next, 'Wrong-Pass-1')).body.code).toBe('INVALID_CREDENTIALS');
    const taken = await change(other.email);
    expect([taken.status, taken.body.code]).toEqual([409, 'EMAIL_TAKEN']);
    const asked = await change(next);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ email: m.email, pendingEmail: next, emailVerified: true });
    expect((await inbox(next)).map((x) => x.subject)).toEqual(['Confirm your new Torcedor email address']);
    // Until the code is entered the old address stays in force.
    expect((await login(m.email, PASSWORD)).status).toBe(200);

    const done = await verify(m, await latestCode(next));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ email: next, pendingEmail: null, emailVerified: true });
    expect(profileEvents(m.userId).at(-1)).toMatchObject({ emailVerified: true });
    const notice = (await inbox(m.email)).at(-1)!;
    expect(notice.subject).toBe('Your Torcedor email address was changed');
    expect(notice.body.text).toContain(next);
    expect(notice.body.html).toContain('Ana &lt;b&gt;');
    // One welcome only: the first verification's.
    expect((await inbox(next)).map((x) => x.subject)).toEqual(['Confirm your new Torcedor email address']);

    expect((await login(next, PASSWORD)).status).toBe(200);
    const old = await login(m.email, PASSWORD);
    expect([old.status, old.body.code]).toEqual([401, 'INVALID_CREDENTIALS']);
    const squat = await call(handler, 'POST', '/api/auth/signup', {
      body: { email: next, password: PASSWORD, firstName: 'Eve', lastName: 'X', dateOfBirth: '1990-04-12', country: 'US' }, sourceIp: ip(),
    });
    expect([squat.status, squat.body.code]).toEqual([409, 'EMAIL_TAKEN']);
    // The reset reaches the account by its new address, and not by the old one.
    expect((await call(handler, 'POST', '/api/auth/forgot-password', { body: { email: m.email }, sourceIp: ip() })).status).toBe(202);
    expect(await codeItem(m.userId, 'RESET')).toBeUndefined();
    expect((await call(handler, 'POST', '/api/auth/forgot-password', { body: { email: next }, sourceIp: ip() })).status).toBe(202);
    expect((await codeItem(m.userId, 'RESET'))!.address).toBe(next);
  });

  it('refuses an address another account claimed while the change waited', async () => {
    const m = await member();
    const next = unique();
    expect((await call(handler, 'PUT', '/api/user/email', { cookies: m.cookies, body: { email: next, password: PASSWORD }, sourceIp: ip() })).status).toBe(200);
    const code = await latestCode(next);
    expect((await call(handler, 'POST', '/api/auth/signup', {
      body: { email: next, password: PASSWORD, firstName: 'Eve', lastName: 'X', dateOfBirth: '1990-04-12', country: 'US' }, sourceIp: ip(),
    })).status).toBe(201);
    const r = await verify(m, code);
    expect([r.status, r.body.code]).toEqual([409, 'EMAIL_TAKEN']);
    expect(await me(m)).toMatchObject({ email: m.email, pendingEmail: next });
  });
});

describe('MemberEmailChanged (the address the mailing services keep)', () => {
  it('is published at sign-up (not verified), at verification and at a switch of address, its version growing each time', async () => {
    const m = await member();
    expect(emailEvents(m.userId)).toEqual([{ userId: m.userId, version: 1, email: m.email, verified: false, suppressed: false }]);
    expect((await verify(m, await latestCode(m.email))).status).toBe(200);
    expect(emailEvents(m.userId).at(-1)).toEqual({ userId: m.userId, version: 2, email: m.email, verified: true, suppressed: false });

    const next = unique();
    expect((await call(handler, 'PUT', '/api/user/email', { cookies: m.cookies, body: { email: next, password: PASSWORD }, sourceIp: ip() })).status).toBe(200);
    // A pending address is not the member's address yet: nothing to tell.
    expect(emailEvents(m.userId)).toHaveLength(2);
    expect((await verify(m, await latestCode(next))).status).toBe(200);
    expect(emailEvents(m.userId).at(-1)).toEqual({ userId: m.userId, version: 3, email: next, verified: true, suppressed: false });
    const item = (await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: { PK: `USER#${m.userId}`, SK: 'PROFILE' }, ConsistentRead: true }))).Item;
    expect(item).toMatchObject({ emailVersion: 3 });
  });

  it('is published for a trial (no address) and when a reset proves an unverified address, not when it was proved already', async () => {
    const t = await call(handler, 'POST', '/api/auth/trial', { body: { dateOfBirth: '1985-06-01', country: 'CA' }, sourceIp: ip() });
    expect(emailEvents(t.body.id)).toEqual([{ userId: t.body.id, version: 1, email: null, verified: false, suppressed: false }]);

    const m = await member();
    expect((await call(handler, 'POST', '/api/auth/forgot-password', { body: { email: m.email }, sourceIp: ip() })).status).toBe(202);
    const reset = () => latestCode(m.email).then((code) => call(handler, 'POST', '/api/auth/reset-password', { body: { email: m.email, code, password: NEW_PASSWORD } }));
    expect((await reset()).status).toBe(200);
    expect(emailEvents(m.userId).at(-1)).toEqual({ userId: m.userId, version: 2, email: m.email, verified: true, suppressed: false });
    expect((await call(handler, 'POST', '/api/auth/forgot-password', { body: { email: m.email }, sourceIp: ip() })).status).toBe(202);
    expect((await reset()).status).toBe(200);
    expect(emailEvents(m.userId)).toHaveLength(2);
  });

  it('starts at version 1 for a member stored before it was counted', async () => {
    const m = await member();
    await ddb.ddb.send(new UpdateCommand({ TableName: ddb.TABLE, Key: { PK: `USER#${m.userId}`, SK: 'PROFILE' }, UpdateExpression: 'REMOVE emailVersion' }));
    expect((await verify(m, await latestCode(m.email))).status).toBe(200);
    expect(emailEvents(m.userId).at(-1)).toEqual({ userId: m.userId, version: 1, email: m.email, verified: true, suppressed: false });
  });
});

describe("the member's language (docs/i18n.md)", () => {
  it("writes the sign-up's code in the language the sign-up was made in, keeps it as the member's, and publishes it", async () => {
    const email = unique();
    const body = { email, password: PASSWORD, firstName: 'Lucía', lastName: 'Reyes', dateOfBirth: '1990-04-12', country: 'US' };
    const s = await call(handler, 'POST', '/api/auth/signup', { body, sourceIp: ip(), headers: { 'Accept-Language': 'es-MX,es;q=0.9,en;q=0.5' } });
    expect(s.status).toBe(201);
    expect(s.body.user.language).toBe('es');
    const [mail] = await inbox(email);
    expect(mail!.subject).toBe('Verifica tu dirección de correo de Torcedor');
    expect(mail!.body.text).toContain('Hola, Lucía:');
    expect(mail!.body.text).toContain('Es válido durante 24 horas.');
    expect(profileEvents(s.body.userId)[0]).toMatchObject({ language: 'es' });
    // Later mail follows the saved language, whatever language a request asks in.
    const forgot = await call(handler, 'POST', '/api/auth/forgot-password', { body: { email }, sourceIp: ip(), headers: { 'Accept-Language': 'de' } });
    expect(forgot.status).toBe(202);
    expect((await inbox(email)).at(-1)!.subject).toBe('Restablece tu contraseña de Torcedor');
  });

  it("mails a German member in German once they choose it: the resent code, the welcome, the reset and its notice", async () => {
    const m = await member();
    const prefs = await call(handler, 'PUT', '/api/user/preferences', { cookies: m.cookies, body: { language: 'de', contentFilter: 'standard', showMatureContent: false } });
    expect(prefs.body.language).toBe('de');
    expect(profileEvents(m.userId).at(-1)).toMatchObject({ language: 'de' });
    await second(); // past this instance's one-second read of the user
    expect((await call(handler, 'POST', '/api/auth/verify-email/resend', { cookies: m.cookies })).status).toBe(202);
    const resent = (await inbox(m.email)).at(-1)!;
    expect(resent.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse bei Torcedor');
    expect(resent.body.text).toContain('Hallo Ana,');
    expect((await verify(m, await latestCode(m.email))).status).toBe(200);
    expect((await inbox(m.email)).at(-1)!.subject).toBe('Willkommen bei Torcedor');
    await call(handler, 'POST', '/api/auth/forgot-password', { body: { email: m.email }, sourceIp: ip() });
    const reset = (await inbox(m.email)).at(-1)!;
    expect(reset.subject).toBe('Setzen Sie Ihr Torcedor-Passwort zurück');
    expect(reset.body.text).toContain('Er ist 1 Stunde gültig.');
    const code = reset.body.text!.split('\n').find((l) => /^\d{6}$/.test(l))!;
    const r = await call(handler, 'POST', '/api/auth/reset-password', { body: { email: m.email, code, password: NEW_PASSWORD }, sourceIp: ip() });
    expect(r.status).toBe(200);
    expect((await inbox(m.email)).at(-1)!.subject).toBe('Ihr Torcedor-Passwort wurde geändert');
  });
});
