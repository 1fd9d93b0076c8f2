import type middy from '@middy/core';
import { domainEvents, eventSource, type EventName } from '@torcedor/shared/events';
import { clientOptions } from './aws.ts';
import { baseConfig } from './config.ts';
import { flushOutbox, setOutboxPublisher } from './outbox.ts';
import { correlationId, traced } from './observability.ts';

const config = baseConfig();
type Sdk = typeof import('@aws-sdk/client-eventbridge');
/**
 * The function's EventBridge client, created on the first event it puts and then kept: most invocations (reads)
 * put none, and their cold starts skip loading the client.
 */
let bus: Promise<{ sdk: Sdk; client: InstanceType<Sdk['EventBridgeClient']> }> | undefined;
const eventBridge = () => (bus ??= import('@aws-sdk/client-eventbridge').then((sdk) => ({
  sdk,
  client: traced(new sdk.EventBridgeClient({
    region: config.AWS_REGION,
    ...clientOptions(),
    ...(config.EVENTBRIDGE_ENDPOINT ? { endpoint: config.EVENTBRIDGE_ENDPOINT } : {}),
  })),
})));

/**
 * Puts one domain event of this service on the bus, validated against its schema. Only the outbox calls it
 * (outbox.ts): services record events in the transaction of the write they announce. The detail also carries
 * the outbox id (the delivery's identity for consumers) and the correlation id of the request that caused it,
 * both outside the event's schema.
 */
async function putEvent(name: EventName, detail: Record<string, unknown>, meta: { outboxId: string; correlationId?: string }): Promise<void> {
  const def = domainEvents[name];
  if (def.source !== config.SERVICE_NAME) throw new Error(`${config.SERVICE_NAME} cannot publish ${name}`);
  const parsed = def.detail.parse(detail) as Record<string, unknown>;
  const cid = meta.correlationId ?? correlationId();
  const { sdk, client } = await eventBridge();
  const out = await client.send(
    new sdk.PutEventsCommand({
      Entries: [{
        EventBusName: config.EVENT_BUS_NAME, Source: eventSource(def.source), DetailType: name,
        Detail: JSON.stringify({ ...parsed, outboxId: meta.outboxId, ...(cid ? { correlationId: cid } : {}) }),
      }],
    }),
  );
  if (out.FailedEntryCount) throw new Error(`event ${name} was not accepted: ${out.Entries?.[0]?.ErrorMessage ?? 'unknown'}`);
}
setOutboxPublisher(putEvent);

/** Publishes, at the end of an invocation, the outbox events of the transactions it committed (outbox.ts). */
export function outboxRelay<E, R>(): middy.MiddlewareObj<E, R> {
  return { after: flushOutbox, onError: flushOutbox };
}
