import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { subscriptions, domainEvents, eventSource, schedules, type EventName } from '@torcedor/shared/events';
import { consumersOf, LocalBus, readJournal, type BusEnvelope } from './bus.ts';
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

describe('local EventBridge journal (undelivered events survive a restart)', () => {
  const consumers = () => consumersOf(source, sub.event);
  const journalIn = () => {
    dir = mkdtempSync(join(tmpdir(), 'bus-journal-'));
    return join(dir, 'bus-journal.jsonl');
  };
  const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const recorder = () => {
    const got: [ServiceName, string][] = [];
    return { got, deliver: async (c: ServiceName, e: BusEnvelope) => { got.push([c, e.id]); } };
  };

  it('journals an accepted event with its consumers before PutEvents answers', async () => {
    const journalFile = journalIn();
    const bus = new LocalBus({ busName: 'bus', journalFile, deliver: () => new Promise<void>(() => undefined) });
    const [res] = bus.putEvents([entry()]);
    const id = (res as { EventId: string }).EventId;
    expect(readJournal(journalFile).pending.map((p) => [p.event.id, [...p.consumers]])).toEqual([[id, consumers()]]);
    await bus.close(0);
  });

  it('delivers, on a new bus over the same journal, an event accepted but not delivered before close()', async () => {
    const journalFile = journalIn();
    const first = new LocalBus({ busName: 'bus', journalFile, deliver: () => new Promise<void>(() => undefined) });
    const [res] = first.putEvents([entry({ n: 1 })]);
    const id = (res as { EventId: string }).EventId;
    await first.close(0);

    const { got, deliver } = recorder();
    const second = new LocalBus({ busName: 'bus', journalFile, deliver });
    expect(second.replayable).toBe(consumers().length);
    expect(got).toEqual([]); // nothing before replay(): the consumers may not be loaded yet
    expect(second.replay()).toBe(consumers().length);
    await second.idle();
    expect(got).toEqual(consumers().map((c) => [c, id]));
    await second.close();

    // Delivered now: a third start has nothing left to replay, and the journal was compacted away.
    expect(lines(journalFile)).toEqual([]);
    const third = new LocalBus({ busName: 'bus', journalFile, deliver });
    expect(third.replay()).toBe(0);
    await third.close();
  });

  it('keeps an event still being retried when the bus closes, and delivers it with the same id and detail', async () => {
    const journalFile = journalIn();
    let tries = 0;
    const first = new LocalBus({
      busName: 'bus', journalFile, retryDelaysMs: [60_000, 60_000], deadLetterFile: join(dir!, 'dl.jsonl'),
      deliver: async () => { tries++; throw new Error('worker down'); },
    });
    const [res] = first.putEvents([entry({ n: 2 })]);
    await new Promise((r) => setTimeout(r, 20));
    expect(tries).toBe(consumers().length); // first try failed, now waiting for the next
    await first.close(0);

    const got: BusEnvelope[] = [];
    const second = new LocalBus({ busName: 'bus', journalFile, deliver: async (_c, e) => { got.push(e); } });
    second.replay();
    await second.idle();
    expect(got.map((e) => e.id)).toEqual(consumers().map(() => (res as { EventId: string }).EventId));
    expect(got[0]).toMatchObject({ 'detail-type': sub.event, source, detail: { n: 2 } });
    await second.close();
  });

  it('does not redeliver an event that was delivered', async () => {
    const journalFile = journalIn();
    const first = recorder();
    const bus1 = new LocalBus({ busName: 'bus', journalFile, deliver: first.deliver });
    bus1.putEvents([entry()]);
    await bus1.idle();
    expect(first.got).toHaveLength(consumers().length);
    // No clean close (as after a crash): the journal still holds the event and its `done` lines.
    expect(lines(journalFile).length).toBeGreaterThan(1);

    const second = recorder();
    const bus2 = new LocalBus({ busName: 'bus', journalFile, deliver: second.deliver });
    expect(bus2.replay()).toBe(0);
    await bus2.idle();
    expect(second.got).toEqual([]);
    expect(lines(journalFile)).toEqual([]); // compacted on start
    await bus2.close();
    await bus1.close(0);
  });

  it('does not redeliver an event that was dead-lettered', async () => {
    const journalFile = journalIn();
    const deadLetterFile = join(dir!, 'dl.jsonl');
    const bus1 = new LocalBus({
      busName: 'bus', journalFile, deadLetterFile, retryDelaysMs: [1, 1], deliver: async () => { throw new Error('boom'); },
    });
    bus1.putEvents([entry()]);
    await bus1.idle();
    expect(lines(deadLetterFile)).toHaveLength(consumers().length);
    await bus1.close();

    const second = recorder();
    const bus2 = new LocalBus({ busName: 'bus', journalFile, deliver: second.deliver });
    expect(bus2.replay()).toBe(0);
    await bus2.idle();
    expect(second.got).toEqual([]);
    await bus2.close();
  });

  it('replays only the consumers that had not finished, and skips a line cut by a crash', async () => {
    const journalFile = journalIn();
    const many = subscriptions.find((s) => consumersOf(eventSource(domainEvents[s.event as EventName].source), s.event).length > 1);
    const ev = many ?? sub;
    const evSource = eventSource(domainEvents[ev.event as EventName].source);
    const all = consumersOf(evSource, ev.event);
    const stuck = all.at(-1)!;
    const bus1 = new LocalBus({
      busName: 'bus', journalFile,
      deliver: (c) => (c === stuck ? new Promise<void>(() => undefined) : Promise.resolve()),
    });
    const [res] = bus1.putEvents([{ EventBusName: 'bus', Source: evSource, DetailType: ev.event, Detail: '{}' }]);
    await new Promise((r) => setTimeout(r, 10));
    await bus1.close(0);
    appendFileSync(journalFile, '{"t":"event","ev');

    const logged: string[] = [];
    const second = recorder();
    const bus2 = new LocalBus({ busName: 'bus', journalFile, deliver: second.deliver, log: (l) => logged.push(l) });
    bus2.replay();
    await bus2.idle();
    expect(second.got).toEqual([[stuck, (res as { EventId: string }).EventId]]);
    expect(logged.join('\n')).toMatch(/1 unreadable line/);
    await bus2.close();
  });
});
