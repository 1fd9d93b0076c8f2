import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEADLINES_SETTING, FUNCTION_KIND_SETTING } from '@torcedor/shared/runtime';
import { serviceEnv } from '@torcedor/local/src/testing/service-env.ts';
import { startFaultProxy } from './fault-proxy.ts';
import { seedCuratedCigar } from './catalog.ts';
import { call } from './http-event.ts';
import { memberSession } from './sessions.ts';

/**
 * Faults injected for real: humidor's database reached through a proxy that freezes it (docs/decisions.md,
 * "Fail fast"). Every answer still goes through the contract check of `call`.
 */
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
let http: Parameters<typeof call>[0];
const CIGAR = 'padron-1964-anniversary-series-exclusivo';

beforeAll(async () => {
  const aws = inject('localAws');
  proxy = await startFaultProxy(Number(new URL(aws.dynamoEndpoint).port));
  // A member's request as in AWS: an http function with AWS's deadlines (shared/src/runtime.ts, DEPENDENCY_DEADLINES).
  Object.assign(process.env, serviceEnv('humidor', aws), { LOG_LEVEL: 'SILENT', DYNAMODB_ENDPOINT: proxy.endpoint, [FUNCTION_KIND_SETTING]: 'http' });
  delete process.env[DEADLINES_SETTING];
  http = (await import('../../humidor/src/http.ts')).handler as typeof http;
  await seedCuratedCigar(CIGAR);
});
afterAll(async () => {
  proxy.thaw();
  await proxy.close();
});

const add = (cookies: string[], key?: string, quantity = 2) =>
  call(http, 'POST', '/api/humidor', { cookies, body: { cigarId: CIGAR, quantity }, headers: key ? { 'idempotency-key': key } : {} });
const sticks = async (cookies: string[]) =>
  ((await call(http, 'GET', '/api/humidor', { cookies })).body as { quantity: number }[]).reduce((n, i) => n + i.quantity, 0);
const timed = async <T>(fn: () => Promise<T>) => {
  const t = performance.now();
  const out = await fn();
  return { out, ms: performance.now() - t };
};

describe('a frozen database', () => {
  it('answers reads and writes 503 UNAVAILABLE with Retry-After within 3 s, and serves what the instance holds', async () => {
    const m = await memberSession(inject('localAws'));
    expect((await call(http, 'GET', '/api/search', { cookies: m.cookies, query: { q: 'padron' } })).status).toBe(200);
    proxy.freeze();
    try {
      // The catalog index and this session's recent check live in the instance: search still answers.
      const search = await timed(() => call(http, 'GET', '/api/search', { cookies: m.cookies, query: { q: 'padron' } }));
      expect(search.out.status).toBe(200);
      expect(search.ms).toBeLessThan(500);
      for (const request of [() => add(m.cookies, randomUUID()), () => call(http, 'GET', '/api/humidor/summary', { cookies: m.cookies })]) {
        const { out, ms } = await timed(request);
        expect([out.status, out.body.code, out.headers['retry-after']]).toEqual([503, 'UNAVAILABLE', '5']);
        expect(out.body.message).toBe('Service temporarily unavailable. Please try again.');
        expect(ms).toBeLessThan(3_000);
      }
    } finally {
      proxy.thaw();
    }
  });

  it('lands a write that answered 503 exactly once when it is retried with its key', async () => {
    const m = await memberSession(inject('localAws'));
    const key = randomUUID();
    proxy.freezeOn('TransactWriteItems'); // the database stops with the write in flight
    const first = await add(m.cookies, key);
    expect(first.status).toBe(503);
    proxy.thaw(); // the held write reaches the database now and commits
    await new Promise((r) => setTimeout(r, 300));
    const retry = await add(m.cookies, key);
    expect(retry.status).toBe(201);
    expect(await sticks(m.cookies)).toBe(2);
    const again = await add(m.cookies, key);
    expect([again.status, again.headers['idempotent-replayed'], again.body]).toEqual([201, 'true', retry.body]);
    expect(await sticks(m.cookies)).toBe(2);
  });
});

describe('Idempotency-Key', () => {
  it('gives 20 parallel requests with one key one effect and 20 equal answers', async () => {
    const m = await memberSession(inject('localAws'));
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => add(m.cookies, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await sticks(m.cookies)).toBe(2);
  });

  it('refuses a key reused with another body (422) and keeps the first effect', async () => {
    const m = await memberSession(inject('localAws'));
    const key = randomUUID();
    expect((await add(m.cookies, key, 2)).status).toBe(201);
    const other = await add(m.cookies, key, 3);
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await sticks(m.cookies)).toBe(2);
  });

  it("treats another member's identical key as theirs: no replay across members", async () => {
    const a = await memberSession(inject('localAws'));
    const b = await memberSession(inject('localAws'));
    const key = randomUUID();
    const first = await add(a.cookies, key);
    const second = await add(b.cookies, key);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body.id).not.toBe(first.body.id);
    expect([await sticks(a.cookies), await sticks(b.cookies)]).toEqual([2, 2]);
  });

  it('refuses a malformed key with 400 and does nothing', async () => {
    const m = await memberSession(inject('localAws'));
    const bad = await add(m.cookies, 'short');
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION']);
    expect(await sticks(m.cookies)).toBe(0);
  });
});
