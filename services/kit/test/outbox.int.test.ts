import { randomUUID } from 'node:crypto';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { publishedEvents, serviceEnv } from '@torcedor/local/src/testing/service-env.ts';
import { busEvent } from './bus.ts';
import { seedCuratedCigar } from './catalog.ts';
import { call } from './http-event.ts';
import { memberSession } from './sessions.ts';

/** The transactional outbox (services/kit/src/outbox.ts): a write and its event are never split. */
let http: Parameters<typeof call>[0];
let outbox: typeof import('../src/outbox.ts');
let items: typeof import('../src/items.ts');
const CIGAR = 'padron-1964-anniversary-series-exclusivo';

beforeAll(async () => {
  Object.assign(process.env, serviceEnv('humidor', inject('localAws')), { LOG_LEVEL: 'SILENT' });
  http = (await import('../../humidor/src/http.ts')).handler as typeof http;
  outbox = await import('../src/outbox.ts');
  items = await import('../src/items.ts');
  await seedCuratedCigar(CIGAR);
});

const pending = () => items.queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'OUTBOX' }, ConsistentRead: true });
const countsEventsOf = async (userId: string) => (await publishedEvents(inject('localAws')))
  .filter((e) => e.DetailType === 'CollectionCountsChanged')
  .map((e) => JSON.parse(e.Detail!) as { userId: string; humidorCount: number; outboxId: string })
  .filter((d) => d.userId === userId);

describe('the outbox', () => {
  it('answers the member when the bus is down, keeps the event, and the schedule publishes it once', async () => {
    const m = await memberSession(inject('localAws'));
    const down = mockClient(EventBridgeClient); // fault injection: the bus refuses every event
    down.on(PutEventsCommand).rejects(Object.assign(new Error('bus unreachable'), { name: 'TimeoutError' }));
    let added;
    try {
      added = await call(http, 'POST', '/api/humidor', { cookies: m.cookies, body: { cigarId: CIGAR, quantity: 4 } });
    } finally {
      down.restore();
    }
    expect(added.status).toBe(201);
    expect(await countsEventsOf(m.userId)).toEqual([]);
    const mine = (await pending()).filter((i) => i.renderKey === m.userId);
    expect(mine).toHaveLength(1);
    // The sweep publishes what the relay could not (it leaves items younger than 10 s to their relay). Other test
    // files share this table, so only this member's item is looked at.
    await outbox.sweepOutbox(Date.now() - 60_000);
    expect(await countsEventsOf(m.userId)).toEqual([]);
    expect((await pending()).filter((i) => i.renderKey === m.userId)).toHaveLength(1);
    // While the bus still refuses, the sweep says how old the oldest unpublished event is (its alarm's metric).
    const stillDown = mockClient(EventBridgeClient);
    stillDown.on(PutEventsCommand).rejects(Object.assign(new Error('bus unreachable'), { name: 'TimeoutError' }));
    try {
      const swept = await outbox.sweepOutbox(Date.now() + 90_000);
      expect(swept.failed).toBeGreaterThanOrEqual(1);
      expect(swept.oldestAgeSeconds).toBeGreaterThanOrEqual(89);
    } finally {
      stillDown.restore();
    }
    await outbox.sweepOutbox(Date.now() + 60_000);
    const events = await countsEventsOf(m.userId);
    expect(events.map((e) => [e.humidorCount, e.outboxId])).toEqual([[4, mine[0]!.outboxId]]);
    expect((await pending()).filter((i) => i.renderKey === m.userId)).toEqual([]);
    expect((await outbox.sweepOutbox(Date.now() + 60_000)).oldestAgeSeconds).toBe(0);
    expect(await countsEventsOf(m.userId)).toHaveLength(1);
  });

  it('publishes at the end of the request when the bus is up, with nothing left behind', async () => {
    const m = await memberSession(inject('localAws'));
    expect((await call(http, 'POST', '/api/humidor', { cookies: m.cookies, body: { cigarId: CIGAR, quantity: 2 } })).status).toBe(201);
    expect((await countsEventsOf(m.userId)).map((e) => e.humidorCount)).toEqual([2]);
    expect((await pending()).filter((i) => i.renderKey === m.userId)).toEqual([]);
  });

  it('lets a consumer handle one outbox event once, however many times the bus delivers it', async () => {
    Object.assign(process.env, { SERVICE_NAME: 'humidor' });
    const { createWorker } = await import('../src/worker.ts');
    let runs = 0;
    const worker = createWorker('humidor', { events: { EntitlementChanged: async () => { runs += 1; } }, schedules: {} } as never) as unknown as (e: unknown, c: unknown) => Promise<unknown>;
    const detail = { userId: randomUUID(), version: 1, tier: 'trial', until: new Date(Date.now() + 86_400_000).toISOString(), outboxId: randomUUID() };
    const context = { getRemainingTimeInMillis: () => 30_000, functionName: 'humidor-worker', awsRequestId: randomUUID() };
    await worker(busEvent('EntitlementChanged', detail, randomUUID(), 'torcedor.billing'), context);
    await worker(busEvent('EntitlementChanged', detail, randomUUID(), 'torcedor.billing'), context);
    expect(runs).toBe(1);
  });
});
