import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnEventBus, EventBus } from 'aws-cdk-lib/aws-events';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { ServiceName } from '@torcedor/shared/services';
import { logBucket, UploadsBucket } from '../constructs/buckets.ts';
import { MemberPool } from '../constructs/user-pool.ts';
import { ServiceTables } from '../constructs/service-tables.ts';
import { OriginSecret, ProviderParameters, ProviderSecrets, type ProviderParameterName, type ProviderSecretName } from '../constructs/provider-secrets.ts';
import type { StringParameter } from 'aws-cdk-lib/aws-ssm';

export interface StatefulProps extends StackProps { allowedOrigins: string[] }

/** Everything that holds data: the seven tables, the user pool, the uploads bucket, the event bus, the provider secrets. */
export class StatefulStack extends Stack {
  readonly tables: Record<ServiceName, Table>;
  readonly pool: UserPool;
  readonly client: UserPoolClient;
  readonly uploads: Bucket;
  readonly logs: Bucket;
  readonly bus: EventBus;
  /** Stripe and OpenAI keys, set by the operator (infra/README.md); functions get their ARN, never their value. */
  readonly providerSecrets: Record<ProviderSecretName, Secret>;
  readonly providerParameters: Record<ProviderParameterName, StringParameter>;
  /** What CloudFront adds to /api requests to prove they came through it (the functions read it; CDK passes it to the CDN). */
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: StatefulProps) {
    super(scope, id, props);
    this.tables = new ServiceTables(this, 'Tables').tables;
    const members = new MemberPool(this, 'Members');
    this.pool = members.pool;
    this.client = members.client;
    this.logs = logBucket(this, 'AccessLogs');
    this.uploads = new UploadsBucket(this, 'Uploads', { logs: this.logs, allowedOrigins: props.allowedOrigins }).bucket;
    this.bus = new EventBus(this, 'DomainBus');
    (this.bus.node.defaultChild as CfnEventBus).overrideLogicalId('DomainEventBus');
    this.providerSecrets = new ProviderSecrets(this, 'ProviderSecrets').secrets;
    this.providerParameters = new ProviderParameters(this, 'ProviderParameters').parameters;
    this.originSecret = new OriginSecret(this, 'OriginVerify').secret;
  }
}
