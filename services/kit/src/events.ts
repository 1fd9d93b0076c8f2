import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { PutCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import middy from '@middy/core';
import {
  domainEvents, eventSource, schedules, SCHEDULE_DETAIL_TYPE, subscriptions,
  type EventDetail, type EventName, type ScheduleName,
} from '@torcedor/shared/events';
import type { ServiceName } from '@torcedor/shared/services';
import { baseConfig } from './config.ts';
import { ddb, TABLE } from './ddb.ts';
import { logger } from './logger.ts';

const config = baseConfig();
const eventBridge = new EventBridgeClient({
  region: config.AWS_REGION,
  ...(config.EVENTBRIDGE_ENDPOINT ? { endpoint: config.EVENTBRIDGE_ENDPOINT } : {}),
});

/** Publishes a domain event of this service, validated against its schema. */
export async function publish<N extends EventName>(name: N, detail: EventDetail<N>): Promise<void> {
  const def = domainEvents[name];
  if (def.source !== config.SERVICE_NAME) throw new Error(`${config.SERVICE_NAME} cannot publish ${name}`);
  const parsed = def.detail.parse(detail);
  const out = await eventBridge.send(
    new PutEventsCommand({
      Entries: [{ EventBusName: config.EVENT_BUS_NAME, Source: eventSource(def.source), DetailType: name, Detail: JSON.stringify(parsed) }],
    }),
  );
  if (out.FailedEntryCount) throw new Error(`event ${name} was not accepted: ${out.Entries?.[0]?.ErrorMessage ?? 'unknown'}`);
}

/** The EventBridge event a worker receives (a domain event or a schedule tick). */
export interface BusEvent {
  id: string;
  'detail-type': string;
  source: string;
  time: string;
  detail: unknown;
}

type Consumed<S extends ServiceName> = Extract<(typeof subscriptions)[number], { consumer: S }>['event'];
type Scheduled<S extends ServiceName> = Extract<(typeof schedules)[number], { target: S }>['name'];
export interface WorkerHandlers<S extends ServiceName> {
  events: { [N in Consumed<S> & EventName]: (detail: EventDetail<N>, meta: { id: string; time: string }) => Promise<void> };
  schedules: { [N in Scheduled<S> & ScheduleName]: (meta: { id: string; time: string }) => Promise<void> };
}

const PROCESSED_TTL_SECONDS = 7 * 24 * 3600;
const processedKey = (id: string) => ({ PK: `BUSEVENT#${id}`, SK: 'PROCESSED' });

/**
 * The worker function of a service. Delivery is at least once, in any order: an event id already
 * processed is skipped, and handlers themselves apply state only when its version is newer, so a
 * duplicate that slips past the marker (a crash between handling and marking) is still harmless.
 * A detail that fails its schema is logged and dropped (retrying cannot fix it).
 */
export function createWorker<S extends ServiceName>(service: S, handlers: WorkerHandlers<S>) {
  const eventHandlers = handlers.events as Record<string, (d: unknown, m: { id: string; time: string }) => Promise<void>>;
  const scheduleHandlers = handlers.schedules as Record<string, (m: { id: string; time: string }) => Promise<void>>;
  return middy<BusEvent, void>().handler(async (event) => {
    const meta = { id: event.id, time: event.time };
    const type = event['detail-type'];
    if (type === SCHEDULE_DETAIL_TYPE) {
      const name = (event.detail as { schedule?: string } | null)?.schedule ?? '';
      const fn = scheduleHandlers[name];
      if (!fn) return logger.warn('unknown schedule', { service, name });
      return fn(meta);
    }
    const fn = eventHandlers[type];
    const def = domainEvents[type as EventName];
    if (!fn || !def) return logger.warn('event not consumed here', { service, type });
    const parsed = def.detail.safeParse(event.detail);
    if (!parsed.success) return logger.error('malformed event dropped', { service, type, id: event.id, issues: parsed.error.issues });
    const seen = await ddb.send(new GetCommand({ TableName: TABLE, Key: processedKey(event.id), ConsistentRead: true }));
    if (seen.Item) return logger.info('duplicate delivery skipped', { service, type, id: event.id });
    await fn(parsed.data, meta);
    await ddb.send(
      new PutCommand({
        TableName: TABLE,
        Item: { ...processedKey(event.id), type, ttl: Math.floor(Date.now() / 1000) + PROCESSED_TTL_SECONDS },
      }),
    );
  });
}
