import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import { CfnEventBus, EventBus } from 'aws-cdk-lib/aws-events';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import { SERVICES, type ServiceName } from '@torcedor/shared/services';
import { AlarmTopic, cognitoAlarm, notifyAll, tableAlarms } from '../constructs/alarms.ts';
import { logBucket, UploadsBucket } from '../constructs/buckets.ts';
import { Mail } from '../constructs/mail.ts';
import { MemberPool } from '../constructs/user-pool.ts';
import { ServiceTables } from '../constructs/service-tables.ts';
import { MailLinkSecret, OriginSecret, ProviderParameters, ProviderSecrets, type ProviderParameterName, type ProviderSecretName } from '../constructs/provider-secrets.ts';
import type { Stage } from '../stage.ts';

export interface StatefulProps extends StackProps { stage: Stage; allowedOrigins: string[] }

/** How long the domain bus's archive keeps events for a replay (infra/README.md, "Replaying events"). */
export const ARCHIVE_RETENTION_DAYS = 365;

/**
 * Everything that holds data: the seven tables, the user pool, the uploads bucket, the event bus and its archive, the
 * secrets; and the stage's alarm topic with the alarms of these resources and the monthly budget. Termination
 * protection in prod (infra/README.md, "Stages").
 */
export class StatefulStack extends Stack {
  readonly stage: Stage;
  readonly tables: Record<ServiceName, Table>;
  readonly pool: UserPool;
  readonly client: UserPoolClient;
  readonly uploads: Bucket;
  readonly logs: Bucket;
  readonly bus: EventBus;
  /** Where every alarm of the stage and the budget write. */
  readonly alarmTopic: Topic;
  /** Stripe and OpenAI keys, set by the operator (infra/README.md); functions get their ARN, never their value. */
  readonly providerSecrets: Record<ProviderSecretName, Secret>;
  readonly providerParameters: Record<ProviderParameterName, StringParameter>;
  /** What CloudFront adds to /api requests to prove they came through it (the functions read it; CDK passes it to the CDN). */
  readonly originSecret: Secret;
  /** The club's sending domain and configuration set (SES v2). */
  readonly mail: Mail;
  /** Signs the unsubscribe links of the club's emails. */
  readonly mailLinkSecret: Secret;

  constructor(scope: Construct, id: string, props: StatefulProps) {
    super(scope, id, { ...props, terminationProtection: props.stage.keepsData });
    const { stage } = props;
    this.stage = stage;
    this.tables = new ServiceTables(this, 'Tables', { stage }).tables;
    const members = new MemberPool(this, 'Members', { stage });
    this.pool = members.pool;
    this.client = members.client;
    this.logs = logBucket(this, 'AccessLogs');
    this.uploads = new UploadsBucket(this, 'Uploads', { stage, logs: this.logs, allowedOrigins: props.allowedOrigins }).bucket;
    this.bus = new EventBus(this, 'DomainBus');
    (this.bus.node.defaultChild as CfnEventBus).overrideLogicalId('DomainEventBus');
    this.bus.archive('DomainArchive', {
      archiveName: stage.resourceName('domain-events'), description: 'Every domain event, for replays (infra/README.md, "Replaying events")',
      eventPattern: { account: [Stack.of(this).account] }, retention: Duration.days(ARCHIVE_RETENTION_DAYS),
    });
    this.providerSecrets = new ProviderSecrets(this, 'ProviderSecrets', { stage }).secrets;
    this.providerParameters = new ProviderParameters(this, 'ProviderParameters', { stage }).parameters;
    this.originSecret = new OriginSecret(this, 'OriginVerify', { stage }).secret;
    this.mail = new Mail(this, 'Mail', { stage });
    this.mailLinkSecret = new MailLinkSecret(this, 'MailLinkKey', { stage }).secret;

    this.alarmTopic = new AlarmTopic(this, 'Alarms', { stage }).topic;
    const alarms = new Construct(this, 'DataAlarms');
    for (const service of SERVICES) tableAlarms(alarms, stage, service, this.tables[service]);
    notifyAll(this.mail, this.alarmTopic);
    cognitoAlarm(alarms, stage, this.pool, this.client);
    notifyAll(alarms, this.alarmTopic);
    this.budget(stage);
  }

  /** The month's spend against `-c monthlyBudgetUsd`: 80% spent, and 100% forecast, write to the alarm topic. */
  private budget(stage: Stage) {
    const to = [{ subscriptionType: 'SNS', address: this.alarmTopic.topicArn }];
    new CfnBudget(this, 'MonthlyBudget', {
      budget: { budgetName: stage.resourceName('monthly'), budgetType: 'COST', timeUnit: 'MONTHLY', budgetLimit: { amount: stage.monthlyBudgetUsd, unit: 'USD' } },
      notificationsWithSubscribers: [
        { notification: { notificationType: 'ACTUAL', comparisonOperator: 'GREATER_THAN', threshold: 80, thresholdType: 'PERCENTAGE' }, subscribers: to },
        { notification: { notificationType: 'FORECASTED', comparisonOperator: 'GREATER_THAN', threshold: 100, thresholdType: 'PERCENTAGE' }, subscribers: to },
      ],
    });
  }
}
