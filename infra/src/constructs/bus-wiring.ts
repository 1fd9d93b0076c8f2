import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { EventField, Rule, RuleTargetInput, Schedule, type IEventBus } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from './nag.ts';
import { domainEvents, eventSource, SCHEDULE_DETAIL_TYPE, schedules, subscriptions } from '@torcedor/shared/events';
import type { ServiceName } from '@torcedor/shared/services';

export const subscriptionRuleId = (event: string, consumer: string) => `${event}To${consumer[0]!.toUpperCase()}${consumer.slice(1)}`;
export const scheduleRuleId = (name: string) => `Schedule${name.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}`;

/** Lambda's own retries of a worker invocation that threw, before the event goes to the failure queue. */
export const WORKER_RETRY_ATTEMPTS = 2;
/** How long Lambda keeps an event it could not run yet (throttling) before it goes to the failure queue. */
export const WORKER_MAX_EVENT_AGE = Duration.hours(6);

/**
 * EventBridge rules from the events manifest: one rule per subscription row (consumer's worker) and
 * one per schedule. Nothing is dropped on the way:
 * - delivery: each rule target is retried twice and dead-lettered to the service's `DeadLetters` queue
 *   when EventBridge cannot invoke the worker at all;
 * - handling: each worker is invoked asynchronously, Lambda retries a throwing handler twice, then
 *   sends the invocation record (the event is its `requestPayload`) to the service's `Failures` queue.
 * Every one of these queues has an alarm that fires on its first message (infra/README.md: redrive).
 */
export class BusWiring extends Construct {
  /** Delivery failures: EventBridge could not invoke the worker. Messages are the events. */
  readonly deadLetterQueues = {} as Partial<Record<ServiceName, Queue>>;
  /** Handling failures: the worker threw on every attempt. Messages are Lambda invocation records. */
  readonly failureQueues = {} as Partial<Record<ServiceName, Queue>>;
  /** One alarm per dead-letter and failure queue (attach an action, e.g. an SNS topic, per account). */
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: { bus: IEventBus; workers: Partial<Record<ServiceName, IFunction>> }) {
    super(scope, id);
    for (const [service, worker] of Object.entries(props.workers) as [ServiceName, IFunction][]) {
      const failures = this.queue(`${service}Failures`, `Failure destination of the ${service} worker: its messages are Lambda invocation records, redriven by the operator (infra/README.md).`);
      this.failureQueues[service] = failures;
      worker.configureAsyncInvoke({ retryAttempts: WORKER_RETRY_ATTEMPTS, maxEventAge: WORKER_MAX_EVENT_AGE, onFailure: new SqsDestination(failures) });
    }
    const target = (service: ServiceName, input?: RuleTargetInput) => {
      const worker = props.workers[service];
      if (!worker) throw new Error(`${service} consumes events but has no worker function`);
      const dlq = (this.deadLetterQueues[service] ??= this.queue(`${service}DeadLetters`, 'This queue is itself the dead-letter queue of the EventBridge targets.'));
      return new LambdaFunction(worker, { deadLetterQueue: dlq, retryAttempts: 2, maxEventAge: Duration.hours(2), ...(input ? { event: input } : {}) });
    };
    for (const s of subscriptions) {
      new Rule(this, subscriptionRuleId(s.event, s.consumer), {
        eventBus: props.bus,
        description: `${s.event} -> ${s.consumer}`,
        eventPattern: { source: [eventSource(domainEvents[s.event].source)], detailType: [s.event] },
        targets: [target(s.consumer)],
      });
    }
    for (const s of schedules) {
      // Delivered in the shape the worker reads: detail-type 'Scheduled', detail { schedule }.
      const input = RuleTargetInput.fromObject({
        version: '0', id: EventField.eventId, 'detail-type': SCHEDULE_DETAIL_TYPE, source: 'aws.events',
        time: EventField.time, region: EventField.region, account: EventField.account, resources: [], detail: { schedule: s.name },
      });
      new Rule(this, scheduleRuleId(s.name), { description: s.summary, schedule: Schedule.expression(s.expression), targets: [target(s.target, input)] });
    }
  }

  /** An encrypted, SSL-only queue keeping messages 14 days, with an alarm on its first visible message. */
  private queue(id: string, whyNoDlq: string) {
    const q = new Queue(this, id, { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    acknowledge(q, 'SQS3', whyNoDlq);
    this.alarms.push(new Alarm(this, `${id}Alarm`, {
      alarmDescription: `Events wait in ${id}: find the cause in the worker's logs, then redrive (infra/README.md, "Failed events").`,
      metric: q.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }));
    return q;
  }
}
