import { randomUUID } from 'node:crypto';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach } from 'vitest';

/** An EventBridge event as the bus delivers it to a worker. */
export const busEvent = (type: string, detail: unknown, id: string = randomUUID(), source = 'torcedor.identity') =>
  ({ version: '0', id, 'detail-type': type, source, account: '0', time: new Date().toISOString(), region: 'us-east-1', resources: [], detail });

type Worker = (event: unknown, context: unknown) => Promise<unknown>;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Delivers an event to a worker as the bus does: a delivery that fails is tried again after 200 ms and 1 s
 * (a second delivery of an event still in progress fails on purpose and is retried that way).
 */
export async function deliver(worker: Worker, event: unknown, retryDelaysMs: number[] = [200, 1000]): Promise<void> {
  for (const wait of retryDelaysMs) {
    try {
      await worker(event, {});
      return;
    } catch {
      await delay(wait);
    }
  }
  await worker(event, {});
}

/**
 * EventBridge as a test of a publisher sees it (aws-sdk-client-mock): every PutEvents accepted, the record cleared
 * before each test. What was published: `bus.commandCalls(PutEventsCommand)`. A fault test sets its own answer.
 */
export function acceptingBus() {
  const bus = mockClient(EventBridgeClient);
  beforeEach(() => {
    bus.reset();
    bus.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e' }] });
  });
  return bus;
}
