import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Operation, type Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic, type ITopic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct, type IConstruct } from 'constructs';
import { METRICS_NAMESPACE, OPERATIONAL_METRICS, OUTBOX_AGE_ALARM_SECONDS } from '@torcedor/shared/metrics';
import type { ServiceName } from '@torcedor/shared/services';
import type { FunctionKind } from '@torcedor/shared/runtime';
import type { Stage } from '../stage.ts';
import { acknowledge } from './nag.ts';

/**
 * Alarms that reach someone (infra/README.md, "Alarms"): one SNS topic per stage, the operator's email subscribed
 * (`-c alarmEmail=...`), and every alarm of every stack sending its ALARM and OK to it (`notifyAll`). The alarms
 * themselves are derived from the manifests where the resources are: each function, each table, the API, the pool,
 * each service's outbox, each queue (bus-wiring.ts).
 */
export class AlarmTopic extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { topicName: props.stage.resourceName('alarms'), displayName: `Torcedor ${props.stage.name} alarms`, enforceSSL: true });
    if (props.stage.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.stage.alarmEmail));
    else Annotations.of(this).addWarningV2('torcedor:alarm-email', 'No -c alarmEmail=...: the alarms write to their topic, but nobody is subscribed to it (infra/README.md, "Alarms").');
    // AWS Budgets publishes the spend alarm here too (stateful-stack.ts).
    this.topic.addToResourcePolicy(new PolicyStatement({
      sid: 'BudgetsPublish', principals: [new ServicePrincipal('budgets.amazonaws.com')], actions: ['sns:Publish'], resources: [this.topic.topicArn],
      conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
    }));
    acknowledge(this.topic, 'SNS2', 'Alarm notifications carry no member data; CloudWatch alarms and AWS Budgets cannot publish to a topic encrypted with the AWS managed key, and a customer key would cost more than what it protects.');
  }
}

/** Every alarm under `scope` sends its ALARM and its OK to `topic`. */
export function notifyAll(scope: IConstruct, topic: ITopic): void {
  const action = new SnsAction(topic);
  for (const c of scope.node.findAll()) {
    if (!(c instanceof Alarm)) continue;
    c.addAlarmAction(action);
    c.addOkAction(action);
  }
}

/** An alarm on `metric` crossing `threshold` (above it, unless told) in `periods` consecutive periods; missing data is fine. */
export function alarm(scope: Construct, id: string, p: {
  stage: Stage; name: string; description: string; metric: IMetric; threshold: number; periods?: number; below?: boolean;
}): Alarm {
  return new Alarm(scope, id, {
    alarmName: p.stage.resourceName(p.name),
    alarmDescription: p.description,
    metric: p.metric,
    threshold: p.threshold,
    evaluationPeriods: p.periods ?? 1,
    comparisonOperator: p.below ? ComparisonOperator.LESS_THAN_THRESHOLD : ComparisonOperator.GREATER_THAN_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

const ONE_MINUTE = Duration.minutes(1);
const FIVE_MINUTES = Duration.minutes(5);

/**
 * A function's alarms: errors (the canary's rollback alarm), throttles and, for a worker invoked asynchronously, the
 * age of the events waiting for it. `fn` is the `live` alias, so the errors are the running version's.
 */
export function functionAlarms(scope: Construct, p: { stage: Stage; service: ServiceName; kind: FunctionKind; fn: IFunction }) {
  const what = `${p.service}-${p.kind}`;
  const errors = alarm(scope, 'ErrorsAlarm', {
    stage: p.stage, name: `${what}-errors`, threshold: 0,
    description: `The ${p.service} ${p.kind} function threw or timed out: its logs say why (a deploy in progress rolls back on this alarm).`,
    metric: p.fn.metricErrors({ period: ONE_MINUTE, statistic: 'Sum' }),
  });
  const throttles = alarm(scope, 'ThrottlesAlarm', {
    stage: p.stage, name: `${what}-throttles`, threshold: 0,
    description: `The ${p.service} ${p.kind} function was throttled: the account's concurrency is spent (infra/README.md, "Alarms").`,
    metric: p.fn.metricThrottles({ period: ONE_MINUTE, statistic: 'Sum' }),
  });
  const eventAge = p.kind === 'worker'
    ? alarm(scope, 'EventAgeAlarm', {
      stage: p.stage, name: `${what}-event-age`, threshold: 5 * 60 * 1000, periods: 3,
      description: `Events wait over 5 minutes for the ${p.service} worker (throttling or retries): the copies it keeps fall behind.`,
      metric: new Metric({ namespace: 'AWS/Lambda', metricName: 'AsyncEventAge', dimensionsMap: { FunctionName: p.fn.functionName }, statistic: 'Maximum', period: ONE_MINUTE }),
    })
    : undefined;
  return { errors, throttles, eventAge };
}

/** The service's outbox: an event the sweep could not publish for 5 minutes (the metric the worker publishes). */
export function outboxAlarm(scope: Construct, stage: Stage, service: ServiceName): Alarm {
  return alarm(scope, 'OutboxAgeAlarm', {
    stage, name: `${service}-outbox-age`, threshold: OUTBOX_AGE_ALARM_SECONDS,
    description: `An event of ${service} has waited over ${OUTBOX_AGE_ALARM_SECONDS / 60} minutes in its outbox: the bus refuses it (infra/README.md, "Alarms").`,
    metric: new Metric({ namespace: METRICS_NAMESPACE, metricName: OPERATIONAL_METRICS.outboxOldestAge, dimensionsMap: { service }, statistic: 'Maximum', period: ONE_MINUTE }),
  });
}

/** The API's 5xx rate (over 1% of requests for 5 minutes of 15) and its p99 latency (over 3 s for 3 minutes). */
export function apiAlarms(scope: Construct, stage: Stage, api: HttpApi) {
  const rate = new MathExpression({
    expression: 'IF(requests > 0, 100 * errors / requests, 0)', period: FIVE_MINUTES, label: '5xx %',
    usingMetrics: { errors: api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }), requests: api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' }) },
  });
  return {
    serverErrors: alarm(scope, 'ServerErrorRateAlarm', {
      stage, name: 'api-5xx-rate', threshold: 1, periods: 1, metric: rate,
      description: 'Over 1% of API requests answered 5xx for 5 minutes: read the functions\' error logs (infra/README.md, "Alarms").',
    }),
    latency: alarm(scope, 'LatencyP99Alarm', {
      stage, name: 'api-latency-p99', threshold: 3000, periods: 3,
      description: 'The API\'s p99 latency stayed over 3 s for 3 minutes.',
      metric: api.metricLatency({ period: ONE_MINUTE, statistic: 'p99' }),
    }),
  };
}

const TABLE_OPERATIONS = [
  Operation.GET_ITEM, Operation.BATCH_GET_ITEM, Operation.QUERY, Operation.PUT_ITEM, Operation.UPDATE_ITEM, Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM, Operation.TRANSACT_WRITE_ITEMS,
];

/** A table's throttled requests and system errors, each over 0 in a minute. */
export function tableAlarms(scope: Construct, stage: Stage, service: ServiceName, table: Table) {
  return {
    throttles: alarm(scope, `${service}ThrottlesAlarm`, {
      stage, name: `${service}-table-throttles`, threshold: 0,
      description: `The ${service} table throttled requests: a hot key, or the account's on-demand limits (infra/README.md, "Alarms").`,
      metric: table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, period: ONE_MINUTE }),
    }),
    systemErrors: alarm(scope, `${service}SystemErrorsAlarm`, {
      stage, name: `${service}-table-system-errors`, threshold: 0,
      description: `DynamoDB answered the ${service} table with system errors (HTTP 500): AWS's side; requests were answered 503.`,
      metric: table.metricSystemErrorsForOperations({ operations: TABLE_OPERATIONS, period: ONE_MINUTE }),
    }),
  };
}

/** The user pool's throttled sign-ins, sign-ups (identity's admin calls) and session renewals. */
export function cognitoAlarm(scope: Construct, stage: Stage, pool: UserPool, client: UserPoolClient): Alarm {
  const metric = (name: string, clientId: string) => new Metric({
    namespace: 'AWS/Cognito', metricName: name, dimensionsMap: { UserPool: pool.userPoolId, UserPoolClient: clientId }, statistic: 'Sum', period: ONE_MINUTE,
  });
  return alarm(scope, 'CognitoThrottlesAlarm', {
    stage, name: 'user-pool-throttles', threshold: 0,
    description: 'The user pool throttled sign-ins, sign-ups or renewals: members were answered 429 (raise the pool\'s quota).',
    metric: new MathExpression({
      expression: 'signIn + signUp + refresh', period: ONE_MINUTE, label: 'throttled',
      usingMetrics: { signIn: metric('SignInThrottles', client.userPoolClientId), signUp: metric('SignUpThrottles', 'Admin'), refresh: metric('TokenRefreshThrottles', client.userPoolClientId) },
    }),
  });
}
