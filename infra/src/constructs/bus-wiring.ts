import { Duration } from 'aws-cdk-lib';
import { EventField, Rule, RuleTargetInput, Schedule, type IEventBus } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from './nag.ts';
import { domainEvents, eventSource, SCHEDULE_DETAIL_TYPE, schedules, subscriptions } from '@torcedor/shared/events';
import type { ServiceName } from '@torcedor/shared/services';

export const subscriptionRuleId = (event: string, consumer: string) => `${event}To${consumer[0]!.toUpperCase()}${consumer.slice(1)}`;
export const scheduleRuleId = (name: string) => `Schedule${name.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}`;

/**
 * EventBridge rules from the events manifest: one rule per subscription row (consumer's worker) and
 * one per schedule, each target retried twice and dead-lettered to the worker's queue.
 */
export class BusWiring extends Construct {
  readonly deadLetterQueues = {} as Partial<Record<ServiceName, Queue>>;

  constructor(scope: Construct, id: string, props: { bus: IEventBus; workers: Partial<Record<ServiceName, IFunction>> }) {
    super(scope, id);
    const target = (service: ServiceName, input?: RuleTargetInput) => {
      const worker = props.workers[service];
      if (!worker) throw new Error(`${service} consumes events but has no worker function`);
      const dlq = (this.deadLetterQueues[service] ??= this.dlq(service));
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

  private dlq(service: ServiceName) {
    const q = new Queue(this, `${service}DeadLetters`, { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    acknowledge(q, 'SQS3', 'This queue is itself the dead-letter queue of the EventBridge targets.');
    return q;
  }
}
