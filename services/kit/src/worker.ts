import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import {
  domainEvents, MAIL_EVENT_SOURCE, MAIL_EVENT_TYPES, MailEventDetail, mailSubscriptions, schedules, SCHEDULE_DETAIL_TYPE, subscriptions,
  type EventDetail, type EventName, type MailOutcome, type ScheduleName,
} from '@torcedor/shared/events';
import type { ServiceName } from '@torcedor/shared/services';
import { OPERATIONAL_METRICS } from '@torcedor/shared/metrics';
import { dynamodb, TABLE } from './ddb.ts';
import { outboxRelay } from './events.ts';
import { logger } from './logger.ts';
import { countBusiness, logMember, observability, recordSeconds } from './observability.ts';
import { continueJobs, type JobPage } from './jobs.ts';
import { sweepOutbox } from './outbox.ts';
import { isDeleted, markDeleted } from './revocation.ts';

/**
 * The worker function of a service (its own module: HTTP functions never load the idempotency library).
 */
/** The EventBridge event a worker receives (a domain event or a schedule tick). */
export interface BusEvent {
  id: string;
  'detail-type': string;
  source: string;
  time: string;
  detail: unknown;
}

type Consumed<S extends ServiceName> = Extract<(typeof subscriptions)[number], { consumer: S }>['event'];
/** The outbox schedule of each publisher is the kit's own (outbox.ts); the service handles the others. */
type Scheduled<S extends ServiceName> = Exclude<Extract<(typeof schedules)[number], { target: S }>['name'], `outbox-relay-${string}`>;
export interface WorkerHandlers<S extends ServiceName> {
  events: { [N in Consumed<S> & EventName]: (detail: EventDetail<N>, meta: { id: string; time: string }) => Promise<void> };
  schedules: { [N in Scheduled<S> & ScheduleName]: (meta: { id: string; time: string }) => Promise<void> };
  /** The pages of the service's paged jobs by name (jobs.ts): its minute schedule continues every unfinished one. */
  jobs?: Record<string, JobPage<never>>;
  /** What SES tells of the club's emails (shared/src/events.ts `mailSubscriptions`): the outcomes this service records. */
  mail?: (outcome: MailOutcome, detail: MailEventDetail, meta: { id: string; time: string }) => Promise<void>;
}

/** How much of a minute tick's remaining time the jobs may use (the rest is the sweep's and the margin's). */
const JOB_SHARE_OF_TICK = 0.6;

/** How long a delivered event id is remembered: longer than any redelivery or redrive of it. */
const PROCESSED_TTL_SECONDS = 7 * 24 * 3600;

/**
 * The worker function of a service. Delivery is at least once, in any order. Each event is handled once per
 * event id with Powertools idempotency: before the work, a conditional write records the id as in progress
 * (in the service's own table, partition `IDEMPOTENCY#WORKER`, kept 7 days by the table's TTL); a second
 * delivery that arrives meanwhile fails with "already in progress" and is retried by the bus, then finds the
 * id completed and does nothing; a delivery whose work failed clears the record so its retry runs again.
 * Handlers also apply state only when its version is newer, so order does not matter either.
 * A detail that fails its schema is logged and dropped (retrying cannot fix it).
 */
/** The remaining time an in-progress delivery is given where no Lambda context tells it (local stack, tests). */
const LOCAL_DELIVERY_DEADLINE_MS = 5_000;

export function createWorker<S extends ServiceName>(service: S, handlers: WorkerHandlers<S>) {
  const eventHandlers = handlers.events as Record<string, (d: unknown, m: { id: string; time: string }) => Promise<void>>;
  const scheduleHandlers = handlers.schedules as Record<string, (m: { id: string; time: string }) => Promise<void>>;
  const persistenceStore = new DynamoDBPersistenceLayer({
    tableName: TABLE, keyAttr: 'PK', sortKeyAttr: 'SK', staticPkValue: 'IDEMPOTENCY#WORKER', expiryAttr: 'ttl', awsSdkV3Client: dynamodb,
  });
  // An outbox event is identified by its outbox id (a relay and the sweep may both put it on the bus).
  const config = new IdempotencyConfig({ eventKeyJmesPath: 'detail.outboxId || id', expiresAfterSeconds: PROCESSED_TTL_SECONDS });

  let remaining = () => LOCAL_DELIVERY_DEADLINE_MS;
  const mailOutcomes = new Set<string>(mailSubscriptions.find((m) => m.consumer === service)?.outcomes ?? []);
  /** An SES event (not a domain event: its id is the bus's): recorded when this service takes its outcome. */
  const handleMail = async (event: BusEvent, meta: { id: string; time: string }) => {
    const outcome = MAIL_EVENT_TYPES[event['detail-type'] as keyof typeof MAIL_EVENT_TYPES];
    if (!outcome || !mailOutcomes.has(outcome) || !handlers.mail) return logger.warn('mail event not consumed here', { service, type: event['detail-type'] });
    const parsed = MailEventDetail.safeParse(event.detail);
    if (!parsed.success) return logger.error('malformed mail event dropped', { service, id: event.id, issues: parsed.error.issues });
    await handlers.mail(outcome, parsed.data, meta);
    countBusiness('EventsDelivered');
  };
  const handleOnce = makeIdempotent(async (event: BusEvent, _context: unknown): Promise<void> => {
    const meta = { id: event.id, time: event.time };
    const type = event['detail-type'];
    if (type === SCHEDULE_DETAIL_TYPE) {
      const name = (event.detail as { schedule?: string } | null)?.schedule ?? '';
      if (name === `outbox-relay-${service}`) {
        const swept = await sweepOutbox();
        recordSeconds(OPERATIONAL_METRICS.outboxOldestAge, swept.oldestAgeSeconds);
        if (swept.published || swept.failed) logger.info('outbox swept', swept);
        if (handlers.jobs) await continueJobs(handlers.jobs, Date.now() + remaining() * JOB_SHARE_OF_TICK);
        return;
      }
      const fn = scheduleHandlers[name];
      if (!fn) return logger.warn('unknown schedule', { service, name });
      return fn(meta);
    }
    if (event.source === MAIL_EVENT_SOURCE) return handleMail(event, meta);
    const fn = eventHandlers[type];
    const def = domainEvents[type as EventName];
    if (!fn || !def) return logger.warn('event not consumed here', { service, type });
    const parsed = def.detail.safeParse(event.detail);
    if (!parsed.success) return logger.error('malformed event dropped', { service, type, id: event.id, issues: parsed.error.issues });
    const member = (parsed.data as { userId?: unknown }).userId;
    if (typeof member === 'string') {
      logMember(member);
      if (type === 'UserDeleted') {
        // First the tombstone and the end of every session of the member, then the service erases its data.
        await markDeleted(member, (parsed.data as EventDetail<'UserDeleted'>).deletedAt);
      } else if (await isDeleted(member)) {
        // A late event about a deleted member would bring back data that was just erased.
        return logger.info('event about a deleted member dropped', { service, type, id: event.id });
      }
    }
    await fn(parsed.data, meta);
    countBusiness('EventsDelivered');
  }, { persistenceStore, config });

  // The correlation id of the request that caused the event, else the event's own id.
  return middy<BusEvent, void>()
    .use(observability<BusEvent, void>((event) => (event.detail as { correlationId?: unknown } | null)?.correlationId ?? event.id))
    .use(outboxRelay<BusEvent, void>())
    .handler(async (event, context) => {
      // The in-progress record expires with the function's remaining time, so a delivery whose record outlived a
      // failed try (its clean-up did not answer) is not refused until the record's 7-day TTL. Lambda gives the
      // time; the local stack and tests give no context, and get LOCAL_DELIVERY_DEADLINE_MS.
      const lambda = typeof (context as Partial<Context> | undefined)?.getRemainingTimeInMillis === 'function';
      config.registerLambdaContext(lambda ? context : { ...(context ?? {}), getRemainingTimeInMillis: () => LOCAL_DELIVERY_DEADLINE_MS } as Context);
      remaining = lambda ? () => context.getRemainingTimeInMillis() : () => LOCAL_DELIVERY_DEADLINE_MS;
      return handleOnce(event, context);
    });
}

