import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { publishedEvents, serviceEnv } from '@torcedor/local/src/testing/service-env.ts';
import { busEvent } from './bus.ts';
import { seedCuratedCigar } from './catalog.ts';
import { call } from './http-event.ts';
import { memberSession } from './sessions.ts';

let http: Parameters<typeof call>[0];
let worker: (e: unknown, c: unknown) => Promise<unknown>;
let observability: typeof import('../src/observability.ts');
const CIGAR = 'padron-1964-anniversary-series-exclusivo';

beforeAll(async () => {
  // Log lines and metrics on, as in AWS; POWERTOOLS_DEV makes both write through the global console, which
  // the test can watch (the JSON is the same, indented).
  Object.assign(process.env, serviceEnv('humidor', inject('localAws')), { LOG_LEVEL: 'INFO', POWERTOOLS_DEV: 'true', POWERTOOLS_METRICS_DISABLED: 'false' });
  http = (await import('../../humidor/src/http.ts')).handler as typeof http;
  worker = (await import('../../humidor/src/worker.ts')).handler as unknown as typeof worker;
  observability = await import('../src/observability.ts');
  await seedCuratedCigar(CIGAR);
});
afterEach(() => vi.restoreAllMocks());

/** What the function logged and published as metrics while `fn` ran, as parsed JSON. */
async function captured(fn: () => Promise<unknown>) {
  const lines: unknown[] = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => { lines.push(...args); });
  }
  await fn();
  vi.restoreAllMocks();
  return lines.flatMap((l) => { try { return [JSON.parse(String(l)) as Record<string, unknown>]; } catch { return []; } });
}

const context = () => ({ getRemainingTimeInMillis: () => 30_000, functionName: 'humidor-worker', awsRequestId: randomUUID(), functionVersion: '$LATEST', invokedFunctionArn: 'arn', memoryLimitInMB: '256' });

describe('observability', () => {
  it('carries the API request id into the events a request publishes, and counts the business event', async () => {
    const m = await memberSession(inject('localAws'));
    const requestId = `req-${randomUUID()}`;
    const out = await captured(() => call(http, 'POST', '/api/humidor', { cookies: m.cookies, requestId, body: { cigarId: CIGAR, quantity: 2 } }));
    const emf = out.find((l) => l._aws);
    expect(emf).toMatchObject({ service: 'humidor', HumidorAdds: 1 });
    const events = (await publishedEvents(inject('localAws'))).filter((e) => e.DetailType === 'CollectionCountsChanged');
    const mine = events.map((e) => JSON.parse(e.Detail!) as { userId: string; correlationId?: string }).filter((d) => d.userId === m.userId);
    expect(mine.map((d) => d.correlationId)).toEqual([requestId]);
  });

  it("logs a worker's lines with the service, cold start and the correlation id of the request that caused the event", async () => {
    const userId = randomUUID();
    const event = busEvent('EntitlementChanged', { userId, version: 'not a number', tier: 'premium', until: null, correlationId: 'req-origin' }, randomUUID(), 'torcedor.billing');
    const out = await captured(() => worker(event, context()));
    const line = out.find((l) => l.message === 'malformed event dropped');
    expect(line).toMatchObject({ level: 'ERROR', service: 'humidor', correlation_id: 'req-origin' });
    expect(line).toHaveProperty('cold_start');
    expect(JSON.stringify(out)).not.toMatch(/@example\.com|torcedor_session|eyJ/);
  });

  it('names every business metric once, in the shared list', async () => {
    const { BUSINESS_METRICS } = await import('@torcedor/shared/metrics');
    expect(new Set(BUSINESS_METRICS).size).toBe(BUSINESS_METRICS.length);
    expect(() => observability.countBusiness('SignUps')).not.toThrow();
    // The library loads on first use, with the namespace every service shares.
    expect((await observability.businessMetrics()).hasStoredMetrics()).toBe(false);
  });
});
