import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABUSE_LIMITS, EMAIL_CODES, FREE_HUMIDOR_CAP } from '@torcedor/shared/constants';
import { readInbox } from './aws/ses.ts';
import type { LogLevel } from './env.ts';
import { freePort } from './ports.ts';
import { startStack, type Stack } from './stack.ts';

/**
 * The local stack carries the load a development machine puts on it (docs/architecture.md, "On one machine"): it is
 * started while every core is kept busy by a CPU hog, becomes ready, and answers bursts of parallel requests with no
 * 503: sign-ups with their logins, one member's adds against the humidor's cap, members' RSVPs to a small event. The
 * limits stay exact under the burst. Sign-ups come from several loopback addresses (Linux routes all of 127.0.0.0/8),
 * ABUSE_LIMITS.signupsPerAddress from each, as members behind their own addresses would.
 */

/** Sign-ups in the burst: the RSVPs' host and 50 guests. */
const MEMBERS = 51;
const PASSWORD = 'Burst-Pass-2026';
const SEATS = 5;

let stack: Stack;
let dir: string;
let hogs: ChildProcess[] = [];
let startedUnderHogMs = 0;

/** One busy loop per core, for as long as the file runs. */
function startHogs(): ChildProcess[] {
  return Array.from({ length: availableParallelism() }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

const addresses = Array.from({ length: Math.ceil(MEMBERS / ABUSE_LIMITS.signupsPerAddress) }, (_, i) => `127.0.${200 + i}.1`);
const agents = addresses.map((localAddress) => new Agent({ keepAlive: true, maxSockets: MEMBERS, localAddress }));

interface Answer { status: number; body: { code?: string; [k: string]: unknown }; cookies: string[] }

/** A request as a browser at `from` (an index into `addresses`) sends it, with the app's Origin and the member's cookies. */
function call(method: string, path: string, opts: { body?: unknown; cookies?: string[]; from?: number } = {}): Promise<Answer> {
  const data = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
  const url = new URL(path, stack.url);
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1', port: url.port, path: url.pathname + url.search, method, agent: agents[opts.from ?? 0],
      headers: {
        origin: stack.url, 'idempotency-key': crypto.randomUUID(),
        ...(data ? { 'content-type': 'application/json', 'content-length': data.length } : {}),
        ...(opts.cookies ? { cookie: opts.cookies.join('; ') } : {}),
      },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({
          status: res.statusCode ?? 0,
          body: text ? (JSON.parse(text) as Answer['body']) : {},
          cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).filter((c) => !c.endsWith('=')),
        });
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** How many answers had each status. */
const tally = (answers: readonly Answer[]) => answers.reduce<Record<number, number>>((m, a) => ({ ...m, [a.status]: (m[a.status] ?? 0) + 1 }), {});

/** The codes identity emailed at sign-up to each of `emails`, read from the SES stand-in's inbox (one read per poll). */
async function codesFor(emails: readonly string[]): Promise<Map<string, string>> {
  const digits = new RegExp(`\\b(\\d{${EMAIL_CODES.digits}})\\b`);
  for (let i = 0; i < 240; i++) {
    const inbox = await readInbox(stack.aws.sesEndpoint);
    const codes = new Map(emails.flatMap((email) => {
      const mail = inbox.filter((m) => m.destination.to.some((to) => to.includes(email))).at(-1);
      const code = mail && digits.exec(mail.body.text ?? '')?.[1];
      return code ? [[email, code] as const] : [];
    }));
    if (codes.size === emails.length) return codes;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('not every sign-up code reached the inbox');
}

interface Member { email: string; cookies: string[]; from: number }
let members: Member[] = [];
let signups: Answer[] = [];
let logins: Answer[] = [];

beforeAll(async () => {
  hogs = startHogs();
  dir = mkdtempSync(join(tmpdir(), 'torcedor-load-'));
  const t0 = performance.now();
  // LOAD_LOG_LEVEL=WARN shows the services' warnings (a dependency that failed a request, and why).
  stack = await startStack({ port: await freePort(), dataDir: dir, quiet: true, web: false, logLevel: (process.env.LOAD_LOG_LEVEL as LogLevel | undefined) ?? 'SILENT' });
  startedUnderHogMs = performance.now() - t0;
}, 240_000);

afterAll(async () => {
  for (const hog of hogs) hog.kill('SIGKILL');
  await stack?.stop();
  for (const agent of agents) agent.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('the local stack under load (every core busy)', () => {
  it('becomes ready, and says so', async () => {
    expect(startedUnderHogMs).toBeGreaterThan(0);
    const ready = await call('GET', '/api/health/ready');
    expect([ready.status, ready.body.status]).toEqual([200, 'ok']);
  });

  it(`answers ${MEMBERS} sign-ups, each with its login, all in parallel: every one succeeds, no 503`, async () => {
    const stamp = Date.now().toString(36);
    const results = await Promise.all(Array.from({ length: MEMBERS }, async (_, i) => {
      const email = `burst-${stamp}-${i}@example.com`;
      const from = i % addresses.length;
      const signup = await call('POST', '/api/auth/signup', { from, body: { email, password: PASSWORD, firstName: 'Burst', lastName: `Member ${i}`, dateOfBirth: '1984-05-06', country: 'US' } });
      const login = await call('POST', '/api/auth/login', { from, body: { email, password: PASSWORD } });
      return { signup, login, member: { email, cookies: login.cookies, from } };
    }));
    signups = results.map((r) => r.signup);
    logins = results.map((r) => r.login);
    members = results.map((r) => r.member);
    expect(tally(signups)).toEqual({ 201: MEMBERS });
    expect(tally(logins)).toEqual({ 200: MEMBERS });
  }, 240_000);

  it(`answers one member's ${MEMBERS} parallel adds with exactly ${FREE_HUMIDOR_CAP} added and the rest refused at the cap, no 503`, async () => {
    const { cookies } = members[0]!;
    const catalog = await call('GET', '/api/band-catalog', { cookies });
    const cigarId = (catalog.body.cigars as string[][])[0]![0]!;
    const adds = await Promise.all(Array.from({ length: MEMBERS }, () => call('POST', '/api/humidor', { cookies, body: { cigarId, quantity: 1 } })));
    expect(tally(adds)).toEqual({ 201: FREE_HUMIDOR_CAP, 403: MEMBERS - FREE_HUMIDOR_CAP });
    expect(new Set(adds.filter((a) => a.status === 403).map((a) => a.body.code))).toEqual(new Set(['HUMIDOR_LIMIT']));
    const humidor = (await call('GET', '/api/humidor', { cookies })).body as unknown as { quantity: number }[];
    expect(humidor.reduce((n, i) => n + i.quantity, 0)).toBe(FREE_HUMIDOR_CAP);
  }, 240_000);

  it(`answers ${MEMBERS - 1} members' parallel RSVPs to a ${SEATS}-seat event with ${SEATS} going and the rest waitlisted, no 503`, async () => {
    const codes = await codesFor(members.map((m) => m.email));
    const verified = await Promise.all(members.map((m) => call('POST', '/api/auth/verify-email', { cookies: m.cookies, from: m.from, body: { code: codes.get(m.email) } })));
    expect(tally(verified)).toEqual({ 200: MEMBERS });
    await stack.busIdle(); // the services' copies know the members are verified
    const [host, ...guests] = members;
    const startAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const event = await call('POST', '/api/events', { cookies: host!.cookies, body: { title: 'Burst night', eventType: 'tasting', startAt, capacity: SEATS } });
    expect(event.status).toBe(201);
    const id = event.body.id as string;
    const rsvps = await Promise.all(guests.map((g) => call('POST', `/api/events/${id}/rsvp`, { cookies: g.cookies, from: g.from, body: { status: 'going' } })));
    expect(tally(rsvps)).toEqual({ 200: SEATS, 409: guests.length - SEATS });
    expect(new Set(rsvps.filter((r) => r.status === 409).map((r) => r.body.code))).toEqual(new Set(['EVENT_FULL']));
    const after = await call('GET', `/api/events/${id}`, { cookies: host!.cookies });
    expect([after.body.attendingCount, after.body.waitlistCount]).toEqual([SEATS, guests.length - SEATS]);
  }, 240_000);
});
