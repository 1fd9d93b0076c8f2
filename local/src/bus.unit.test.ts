import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { subscriptions, domainEvents, eventSource, schedules, type EventName } from '@torcedor/shared/events';
import { consumersOf, LocalBus, type BusEnvelope } from './bus.ts';
import type { ServiceName } from '@torcedor/shared/services';

const sub = subscriptions[0]!;
const source = eventSource(domainEvents[sub.event as EventName].source);
const entry = (detail: unknown = { a: 1 }) => ({ EventBusName: 'bus', Source: source, DetailType: sub.event, Detail: JSON.stringify(detail) });

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('local EventBridge', () => {
  it('routes an event to the consumers of the subscriptions manifest, matching source and detail type', () => {
    expect(consumersOf(source, sub.event)).toContain(sub.consumer);
    expect(consumersOf('torcedor.someone-else', sub.event)).toEqual([]);
    expect(consumersOf(source, 'NoSuchEvent')).toEqual([]);
  });

  it('answers PutEvents over HTTP like AWS and delivers asynchronously', async () => {
    const got: [ServiceName, BusEnvelope][] = [];
    const bus = new LocalBus({ busName: 'bus', deliver: async (c, e) => { got.push([c, e]); } });
    const endpoint = await bus.listen(0);
    expect(Number(new URL(endpoint).port)).toBeGreaterThan(0);
    const res = bus.putEvents([entry(), { ...entry(), EventBusName: 'other' }, { ...entry(), Detail: 'nope' }]);
    expect(res[0]).toHaveProperty('EventId');
    expect(res[1]).toMatchObject({ ErrorCode: 'NotFoundException' });
    expect(res[2]).toMatchObject({ ErrorCode: 'MalformedDetail' });
    await bus.idle();
    expect(got.map(([c]) => c)).toEqual(subscriptions.filter((s) => s.event === sub.event).map((s) => s.consumer));
    expect(got[0]![1]).toMatchObject({ version: '0', 'detail-type': sub.event, source, account: '000000000000', detail: { a: 1 } });
    await bus.close();
  });

  it('retries a failing delivery 3 times, then dead-letters it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'bus-'));
    let tries = 0;
    const bus = new LocalBus({
      busName: 'bus', retryDelaysMs: [1, 1], deadLetterFile: join(dir, 'dl.jsonl'),
      deliver: async () => { tries++; throw new Error('boom'); },
    });
    bus.putEvents([entry()]);
    await bus.idle();
    const consumers = consumersOf(source, sub.event).length;
    expect(tries).toBe(3 * consumers);
    const lines = readFileSync(join(dir, 'dl.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { tries: number; error: string });
    expect(lines).toHaveLength(consumers);
    expect(lines[0]).toMatchObject({ tries: 3, error: 'boom' });
  });

  it('delivers every event twice with LOCAL_BUS_DUPLICATES', async () => {
    const ids: string[] = [];
    const bus = new LocalBus({ busName: 'bus', duplicates: true, deliver: async (_c, e) => { ids.push(e.id); } });
    bus.putEvents([entry()]);
    await bus.idle();
    expect(ids).toHaveLength(2 * consumersOf(source, sub.event).length);
    expect(new Set(ids).size).toBe(1);
  });

  it('ticks a schedule as an EventBridge scheduled event to its target', async () => {
    const s = schedules[0]!;
    const got: [ServiceName, BusEnvelope][] = [];
    const bus = new LocalBus({ busName: 'bus', deliver: async (c, e) => { got.push([c, e]); } });
    expect(bus.tick(s.name)).toBe(true);
    expect(bus.tick('no-such-schedule')).toBe(false);
    await bus.idle();
    expect(got[0]![0]).toBe(s.target);
    expect(got[0]![1]).toMatchObject({ 'detail-type': 'Scheduled', source: 'aws.events', detail: { schedule: s.name } });
  });
});
