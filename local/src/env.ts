import { BASE_ENV_KEYS, DEADLINES_SETTING, LOCAL_ENDPOINT_KEYS, PARTITION_RECORDER_SETTING, LOCAL_STACK_FLAG, MAIL_LINK_SETTING, ORIGIN_VERIFY_SETTING, PARTITION_LOG_SETTING, SERVICE_ENV } from '@torcedor/shared/runtime';
import type { ServiceName } from '@torcedor/shared/services';
import { LOCAL_CREDENTIALS, tableName, type LocalAws } from './aws/local-aws.ts';
import { LIVE_MANAGEMENT_PATH } from './gateway/live.ts';
import { partitionRecorder } from './partition-recorder.ts';

/** Who the local stack's emails come from. */
export const LOCAL_MAIL_FROM = 'Torcedor <club@torcedor.localhost>';

export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';

/**
 * The management API of the local WebSocket stand-in (local/src/gateway/live.ts), served by the gateway on `port`:
 * LIVE_ENDPOINT of the live service on this machine (in AWS, the WebSocket API stage's callback URL).
 */
export const liveEndpoint = (port: number) => `http://127.0.0.1:${port}${LIVE_MANAGEMENT_PATH}`;

/** Values the local stack gives the per-service keys of SERVICE_ENV (a trailing '?' marks optional ones). */
function serviceSetting(key: string, aws: LocalAws, source: NodeJS.ProcessEnv, opts: { liveEndpoint?: string }): string | undefined {
  switch (key) {
    // Given by whoever serves the socket (the stack's gateway, or a test's serveLive); unset, nothing is pushed.
    case 'LIVE_ENDPOINT': return opts.liveEndpoint || source.LIVE_ENDPOINT || undefined;
    case 'USER_POOL_ID': return aws.userPoolId;
    case 'UPLOADS_BUCKET': return aws.uploadsBucket;
    case ORIGIN_VERIFY_SETTING: return JSON.stringify({ current: aws.originProof });
    case MAIL_LINK_SETTING: return JSON.stringify({ current: aws.mailLinkKey });
    // The sender of every email (aws-ses-v2-local takes any; in AWS a verified SES identity, infra/README.md "Email").
    case 'MAIL_FROM': return source.MAIL_FROM || LOCAL_MAIL_FROM;
    // Provider keys and anything else optional: passed through only when set.
    default: return source[key] || undefined;
  }
}

/**
 * The environment of one service's functions on the local stand-ins: exactly the keys CDK sets
 * (BASE_ENV_KEYS + SERVICE_ENV) plus the local endpoints and dummy credentials. The local stack gives
 * it to each service's worker thread; integration tests assign it to process.env before importing a
 * service module.
 */
export function serviceEnv(
  service: ServiceName,
  aws: LocalAws,
  opts: { logLevel?: LogLevel; source?: NodeJS.ProcessEnv; liveEndpoint?: string } = {},
): Record<string, string> {
  const source = opts.source ?? process.env;
  const base: Record<(typeof BASE_ENV_KEYS)[number], string> = {
    SERVICE_NAME: service,
    TABLE_NAME: tableName(service),
    EVENT_BUS_NAME: aws.eventBusName,
    AWS_REGION: aws.region,
    AUTH_ISSUER: aws.issuer,
    AUTH_JWKS_URI: aws.jwksUri,
    AUTH_CLIENT_ID: aws.clientId,
    APP_ORIGIN: aws.appOrigin,
    LOG_LEVEL: opts.logLevel ?? (source.LOG_LEVEL as LogLevel | undefined) ?? 'INFO',
  };
  const endpoints: Record<(typeof LOCAL_ENDPOINT_KEYS)[number], string> = {
    DYNAMODB_ENDPOINT: aws.dynamoEndpoint,
    EVENTBRIDGE_ENDPOINT: aws.eventBridgeEndpoint,
    COGNITO_ENDPOINT: aws.cognitoEndpoint,
    S3_ENDPOINT: aws.s3Endpoint,
    SES_ENDPOINT: aws.sesEndpoint,
  };
  const extra: Record<string, string> = {};
  for (const spec of SERVICE_ENV[service]) {
    const optional = spec.endsWith('?');
    const key = optional ? spec.slice(0, -1) : spec;
    const value = serviceSetting(key, aws, source, opts);
    if (value !== undefined) extra[key] = value;
    else if (!optional) throw new Error(`the local stack has no value for ${key} of ${service}: add it in local/src/env.ts`);
  }
  return {
    ...base,
    ...endpoints,
    ...extra,
    // The local payment provider may run here, and only here (shared/src/runtime.ts). LOCAL_PAYMENTS=off leaves billing
    // without it, as a deployment without Stripe is: premium is not available (docs/decisions.md, "Billing").
    ...(service === 'billing' && source.LOCAL_PAYMENTS === 'off' ? {} : { [LOCAL_STACK_FLAG]: '1' }),
    // Member requests wait for a development machine's dependencies (shared/src/runtime.ts, DEPENDENCY_DEADLINES), unless
    // DEPENDENCY_DEADLINES=member asks for AWS's (the browser tests check what members see in AWS, failing fast included).
    [DEADLINES_SETTING]: source[DEADLINES_SETTING] === 'member' ? 'member' : 'development',
    // The bench's partition recorder (bench B12): every function appends its DynamoDB requests' partitions there,
    // through the recorder's module built apart from the bundles (partition-recorder.ts).
    ...(source[PARTITION_LOG_SETTING]
      ? { [PARTITION_LOG_SETTING]: source[PARTITION_LOG_SETTING], [PARTITION_RECORDER_SETTING]: partitionRecorder(source[PARTITION_LOG_SETTING]) }
      : {}),
    AWS_DEFAULT_REGION: aws.region,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    // The SDK's notice about Node 22 (Lambda runs Node 22); once per thread is noise locally.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // Business metrics are CloudWatch EMF lines: written in AWS, left out locally unless LOCAL_METRICS=1
    // (the logs stay readable). X-Ray is off outside Lambda by itself.
    ...(source.LOCAL_METRICS === '1' ? {} : { POWERTOOLS_METRICS_DISABLED: 'true' }),
  };
}
