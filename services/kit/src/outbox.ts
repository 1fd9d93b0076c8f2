import { randomInt, randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { domainEvents, type EventDetail, type EventName } from '@torcedor/shared/events';
import { ddb, TABLE } from './ddb.ts';
import { queryAll } from './items.ts';
import { logger } from './logger.ts';
import type { TransactPart } from './ddb.ts';

/**
 * The transactional outbox (docs/decisions.md, "Outbox"): an event is written as an item of the service's own
 * table in the same transaction as the change it announces, so a write and its event are never split. After the
 * transaction commits, the kit publishes it at the end of the invocation and deletes the item; what could not be
 * published then (the bus down, the function stopped) is published by the service's outbox schedule, every
 * minute. Each event carries its outbox id, which consumers use as the delivery's identity, so an event
 * published twice (a relay and the sweep racing) is still handled once.
 *
 * An event either carries its detail (known when the transaction is built), or names a renderer that builds the
 * detail from the current state when it is published (state events such as new totals, whose version only the
 * committed write knows): the published event then carries the state as it is, which consumers keep by version.
 */

/**
 * The outbox's partitions: each item goes to one of OUTBOX_SHARDS partitions (`OUTBOX#<n>`, chosen at random), so
 * the put and the delete of every event of a service spread over them instead of meeting in one partition's write
 * limit (docs/decisions.md, "Outbox"). The sweep reads them all.
 */
export const OUTBOX_SHARDS = 16;
/** Every partition the sweep reads: the shards, and `OUTBOX`, where items went before the shards (kept 7 days at most). */
export const outboxPartitions = (): string[] => ['OUTBOX', ...Array.from({ length: OUTBOX_SHARDS }, (_, n) => `OUTBOX#${n}`)];
/** Kept at most this long: far more than any outage the schedule must bridge. */
const OUTBOX_TTL_SECONDS = 7 * 24 * 3600;
/** The sweep leaves younger items to the relay of the invocation that wrote them. */
const SWEEP_MIN_AGE_MS = 10_000;

interface OutboxItem {
  PK: string;
  SK: string;
  outboxId: string;
  name: EventName;
  detail?: string;
  render?: string;
  renderKey?: string;
  correlationId?: string;
  ttl: number;
}

type Publish = (name: EventName, detail: Record<string, unknown>, meta: { outboxId: string; correlationId?: string }) => Promise<void>;
type Renderer = (key: string) => Promise<Record<string, unknown> | null>;

const renderers = new Map<string, Renderer>();
const committedParts = new WeakMap<object, OutboxItem>();
/** Items whose transaction committed in this instance and that are not published yet. */
let queued: OutboxItem[] = [];
let publisher: Publish | undefined;

/** Set by events.ts (the one publisher): outbox.ts cannot import it without a cycle. */
export function setOutboxPublisher(p: Publish): void {
  publisher = p;
}

/** A service's builder of a state event's detail from the current state (null: nothing to announce). */
export function registerRenderer(name: string, render: Renderer): void {
  renderers.set(name, render);
}

function item(name: EventName, fields: Partial<OutboxItem>, correlationId?: string): OutboxItem {
  const now = Date.now();
  const outboxId = randomUUID();
  return {
    PK: `OUTBOX#${randomInt(OUTBOX_SHARDS)}`, SK: `${new Date(now).toISOString()}#${outboxId}`, outboxId, name, ...fields,
    ...(correlationId ? { correlationId } : {}), ttl: Math.floor(now / 1000) + OUTBOX_TTL_SECONDS,
  };
}

function part(i: OutboxItem): TransactPart {
  const p: TransactPart = { Put: { TableName: TABLE, Item: i, ConditionExpression: 'attribute_not_exists(PK)' } };
  committedParts.set(p, i);
  return p;
}

/** The transaction part that records event `name` with its detail (validated against the event's schema now). */
export function eventPart<N extends EventName>(name: N, detail: EventDetail<N>, correlationId?: string): TransactPart {
  const parsed = domainEvents[name].detail.parse(detail);
  return part(item(name, { detail: JSON.stringify(parsed) }, correlationId));
}

/** The transaction part that records state event `name`, its detail rendered by `render(key)` when published. */
export function stateEventPart(name: EventName, render: string, key: string, correlationId?: string): TransactPart {
  return part(item(name, { render, renderKey: key }, correlationId));
}

/** Called by `transact` once a transaction committed: its outbox items are now due. */
export function committed(parts: readonly TransactPart[]): void {
  for (const p of parts) {
    const i = committedParts.get(p);
    if (i) queued.push(i);
  }
}

async function publishItem(i: OutboxItem): Promise<void> {
  if (!publisher) throw new Error('no outbox publisher (import the kit events module)');
  let detail: Record<string, unknown> | null;
  if (i.detail !== undefined) detail = JSON.parse(i.detail) as Record<string, unknown>;
  else {
    const render = renderers.get(i.render ?? '');
    if (!render) throw new Error(`no outbox renderer ${i.render}`);
    detail = await render(i.renderKey ?? '');
  }
  if (detail) await publisher(i.name, detail, { outboxId: i.outboxId, ...(i.correlationId ? { correlationId: i.correlationId } : {}) });
  await ddb.send(new DeleteCommand({ TableName: TABLE, Key: { PK: i.PK, SK: i.SK } }));
}

/**
 * Publishes what this instance committed (the end of every invocation), all at once: consumers take events in any
 * order (docs/architecture.md), so a request that wrote two pays for one publish round, not two. A failure leaves the
 * item for the sweep: the member's request does not fail because the bus was briefly away.
 */
export async function flushOutbox(): Promise<void> {
  if (!queued.length) return;
  const due = queued;
  queued = [];
  await Promise.all(due.map((i) => publishItem(i).catch((err: unknown) => logger.warn('outbox event left for the sweep', { error: err as Error, name: i.name, outboxId: i.outboxId }))));
}

/** Publishes one partition's items, oldest first; answers the count published and failed and the oldest failure's time. */
async function sweepPartition(pk: string, cutoff: string): Promise<{ published: number; failed: number; oldest?: string }> {
  const due = (await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK < :cutoff', ExpressionAttributeValues: { ':pk': pk, ':cutoff': cutoff }, ConsistentRead: true,
  })) as unknown as OutboxItem[];
  let published = 0;
  let failed = 0;
  let oldest: string | undefined;
  for (const i of due) {
    try {
      await publishItem(i);
      published += 1;
    } catch (err) {
      failed += 1;
      oldest ??= i.SK.slice(0, i.SK.indexOf('#'));
      logger.warn('outbox event still not published', { error: err as Error, name: i.name, outboxId: i.outboxId });
    }
  }
  return { published, failed, ...(oldest ? { oldest } : {}) };
}

/**
 * The outbox schedule: publishes every item older than the relay's turn, every partition at once, oldest first in each.
 * Answers how many it published and could not, and the age of the oldest event still unpublished across the partitions
 * (0 when none), which the worker publishes as the OutboxOldestAgeSeconds metric its alarm watches.
 */
export async function sweepOutbox(nowMs = Date.now()): Promise<{ published: number; failed: number; oldestAgeSeconds: number }> {
  const cutoff = new Date(nowMs - SWEEP_MIN_AGE_MS).toISOString();
  const swept = await Promise.all(outboxPartitions().map((pk) => sweepPartition(pk, cutoff)));
  const oldest = swept.map((s) => s.oldest).filter((o): o is string => !!o).sort()[0];
  const oldestAgeSeconds = oldest ? Math.max(0, Math.round((nowMs - Date.parse(oldest)) / 1000)) : 0;
  return { published: swept.reduce((n, s) => n + s.published, 0), failed: swept.reduce((n, s) => n + s.failed, 0), oldestAgeSeconds };
}
