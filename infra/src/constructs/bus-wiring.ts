import { Duration } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { EventBus, EventField, Rule, RuleTargetInput, Schedule, type IEventBus } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Stage } from '../stage.ts';
import { alarm } from './alarms.ts';
import { acknowledge } from './nag.ts';
import {
  domainEvents, eventSource, MAIL_EVENT_SOURCE, MAIL_EVENT_TYPES, mailSubscriptions, SCHEDULE_DETAIL_TYPE, schedules, subscriptions,
} from '@torcedor/shared/events';
import type { ServiceName } from '@torcedor/shared/services';

export const subscriptionRuleId = (event: string, consumer: string) => `${event}To${consumer[0]!.toUpperCase()}${consumer.slice(1)}`;
export const scheduleRuleId = (name: string) => `Schedule${name.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}`;

/** Lambda's own retries of a worker invocation that threw, before the event goes to the failure queue. */
export const WORKER_RETRY_ATTEMPTS = 2;
/** How long Lambda keeps an event it could not run yet (throttling) before it goes to the failure queue. */
export const WORKER_MAX_EVENT_AGE = Duration.hours(6);

/**
 * One service's EventBridge rules from the events manifest: a rule per subscription row it consumes and per schedule it
 * runs, each targeting its worker's `live` alias. Nothing is dropped on the way:
 * - delivery: each rule target is retried twice and dead-lettered to the service's `DeadLetters` queue
 *   when EventBridge cannot invoke the worker at all;
 * - handling: the worker is invoked asynchronously, Lambda retries a throwing handler twice, then
 *   sends the invocation record (the event is its `requestPayload`) to the service's `Failures` queue.
 * Each of these queues has an alarm that fires on its first message (infra/README.md: redrive).
 */
export class BusWiring extends Construct {
  /** Delivery failures: EventBridge could not invoke the worker. Messages are the events. */
  readonly deadLetters: Queue;
  /** Handling failures: the worker threw on every attempt. Messages are Lambda invocation records. */
  readonly failures: Queue;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: { stage: Stage; bus: IEventBus; service: ServiceName; worker: IFunction }) {
    super(scope, id);
    const { service, worker, stage } = props;
    this.failures = this.queue(stage, `${service}Failures`, `Failure destination of the ${service} worker: its messages are Lambda invocation records, redriven by the operator (infra/README.md).`);
    worker.configureAsyncInvoke({ retryAttempts: WORKER_RETRY_ATTEMPTS, maxEventAge: WORKER_MAX_EVENT_AGE, onFailure: new SqsDestination(this.failures) });
    this.deadLetters = this.queue(stage, `${service}DeadLetters`, 'This queue is itself the dead-letter queue of the EventBridge targets.');
    const target = (input?: RuleTargetInput) =>
      new LambdaFunction(worker, { deadLetterQueue: this.deadLetters, retryAttempts: 2, maxEventAge: Duration.hours(2), ...(input ? { event: input } : {}) });
    for (const s of subscriptions.filter((x) => x.consumer === service)) {
      new Rule(this, subscriptionRuleId(s.event, s.consumer), {
        eventBus: props.bus,
        description: `${s.event} -> ${s.consumer}`,
        eventPattern: { source: [eventSource(domainEvents[s.event].source)], detailType: [s.event] },
        targets: [target()],
      });
    }
    // What SES tells of the club's emails arrives on the account's default bus (the only bus SES sends to).
    const mail = mailSubscriptions.find((m) => m.consumer === service);
    if (mail) {
      const types = Object.entries(MAIL_EVENT_TYPES).filter(([, outcome]) => (mail.outcomes as readonly string[]).includes(outcome)).map(([type]) => type);
      new Rule(this, subscriptionRuleId('MailEvents', service), {
        eventBus: EventBus.fromEventBusName(this, 'DefaultBus', 'default'),
        description: `SES ${mail.outcomes.join(', ')} -> ${service}`,
        eventPattern: { source: [MAIL_EVENT_SOURCE], detailType: types },
        targets: [target()],
      });
    }
    for (const s of schedules.filter((x) => x.target === service)) {
      // Delivered in the shape the worker reads: detail-type 'Scheduled', detail { schedule }.
      const input = RuleTargetInput.fromObject({
        version: '0', id: EventField.eventId, 'detail-type': SCHEDULE_DETAIL_TYPE, source: 'aws.events',
        time: EventField.time, region: EventField.region, account: EventField.account, resources: [], detail: { schedule: s.name },
      });
      new Rule(this, scheduleRuleId(s.name), { description: s.summary, schedule: Schedule.expression(s.expression), targets: [target(input)] });
    }
  }

  /** An encrypted, SSL-only queue keeping messages 14 days, with an alarm on its first visible message. */
  private queue(stage: Stage, id: string, whyNoDlq: string) {
    const q = new Queue(this, id, { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    acknowledge(q, 'SQS3', whyNoDlq);
    this.alarms.push(alarm(this, `${id}Alarm`, {
      stage, name: `${id.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}`, threshold: 0,
      description: `Events wait in ${id}: find the cause in the worker's logs, then redrive (infra/README.md, "Failed events").`,
      metric: q.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
    }));
    return q;
  }
}
