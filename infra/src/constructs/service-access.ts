import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { domainEvents, eventSource } from '@torcedor/shared/events';
import { MAIL_LINK_SETTING, ORIGIN_VERIFY_SETTING, SERVICE_ENV, type FunctionKind } from '@torcedor/shared/runtime';
import type { ServiceName } from '@torcedor/shared/services';
import type { StatefulStack } from '../stacks/stateful-stack.ts';
import { grantUploads, uploadsBucketName } from './buckets.ts';
import { isProviderParameterName, isProviderSecretName, SECRET_ARN_SUFFIX } from './provider-secrets.ts';
import { grantOwnTable } from './table-access.ts';

/**
 * The user pool actions of identity's HTTP function, the only function that touches pool users: sign a member in
 * with the viewer's address, create a member with their password (self sign-up is off), add an owner to `owners`,
 * delete an account. Its worker and every other function get no Cognito admin action.
 */
export const IDENTITY_ADMIN_ACTIONS = [
  // Sign-in (and the password check before an account deletion) with the viewer's address as ContextData.
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminCreateUser', 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminDeleteUser',
  // Logout signs the user out everywhere; the readiness probe (GET /api/health/ready) reads the pool.
  'cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:DescribeUserPool',
] as const;

/** Services that publish: the source of at least one domain event. Only they may call PutEvents. */
const PUBLISHERS = new Set<ServiceName>(Object.values(domainEvents).map((e) => e.source));

/** What a service's functions are configured with, and what they must be granted beyond their table. */
export interface ServiceSettings {
  environment: Record<string, string>;
  secrets: ISecret[];
  uploads: boolean;
  /** Whether it sends email (it has MAIL_FROM): it may send from the club's address with its configuration set. */
  mail: boolean;
  /** The name of a restored copy of the service's table that the functions use instead (infra/README.md). */
  restoredTable?: string;
}

/**
 * A service's environment (BASE_ENV_KEYS and SERVICE_ENV of shared/src/runtime.ts) and the secrets it reads: their ARN
 * in the environment, read access on the role. `tableName` overrides the table a restored copy replaced (infra/README.md,
 * "Restoring a table").
 */
export function serviceSettings(
  s: StatefulStack, service: ServiceName, appOrigin: string, tableName?: string, o: { liveEndpoint?: string } = {},
): ServiceSettings {
  const extra: Record<string, string> = {};
  let uploads = false;
  let mail = false;
  const secrets: ISecret[] = [];
  for (const key of SERVICE_ENV[service]) {
    const optional = key.endsWith('?');
    const name = optional ? key.slice(0, -1) : key;
    const secretName = name.endsWith(SECRET_ARN_SUFFIX) ? name.slice(0, -SECRET_ARN_SUFFIX.length) : undefined;
    if (name === 'USER_POOL_ID') extra[name] = s.pool.userPoolId;
    else if (name === 'MAIL_FROM') {
      extra[name] = s.stage.mailFrom;
      mail = true;
    } else if (name === 'MAIL_CONFIGURATION_SET') extra[name] = s.mail.configurationSet.configurationSetName;
    else if (name === 'LIVE_ENDPOINT') {
      if (o.liveEndpoint) extra[name] = o.liveEndpoint;
    } else if (name === 'MAIL_SEND_PER_SECOND') {
      if (s.stage.mailSendPerSecond) extra[name] = String(s.stage.mailSendPerSecond);
    }
    else if (name === 'UPLOADS_BUCKET') {
      extra[name] = uploadsBucketName(s.stage);
      uploads = true;
    } else if (secretName === ORIGIN_VERIFY_SETTING) {
      extra[name] = s.originSecret.secretArn;
      secrets.push(s.originSecret);
    } else if (secretName === MAIL_LINK_SETTING) {
      extra[name] = s.mailLinkSecret.secretArn;
      secrets.push(s.mailLinkSecret);
    } else if (name === ORIGIN_VERIFY_SETTING || name === MAIL_LINK_SETTING) {
      // Its plain value is for the local stack only.
    } else if (secretName !== undefined) {
      if (!isProviderSecretName(secretName)) throw new Error(`${name} of ${service}: no provider secret ${secretName} (infra/src/constructs/provider-secrets.ts)`);
      const secret = s.providerSecrets[secretName];
      extra[name] = secret.secretArn;
      secrets.push(secret);
    } else if (isProviderParameterName(name)) {
      // Deploy-time value of the operator's SSM parameter (`unset` until set: the service reads it as absent).
      extra[name] = s.providerParameters[name].stringValue;
    } else if (isProviderSecretName(name)) {
      // The plain value is for the local stack only: in AWS it never enters a template or an environment.
    } else if (!optional) throw new Error(`the stacks have no value for ${name} of ${service}`);
  }
  const issuer = `https://cognito-idp.${s.region}.amazonaws.com/${s.pool.userPoolId}`;
  const environment = {
    SERVICE_NAME: service, TABLE_NAME: tableName ?? s.tables[service].tableName, EVENT_BUS_NAME: s.bus.eventBusName,
    AUTH_ISSUER: issuer, AUTH_JWKS_URI: `${issuer}/.well-known/jwks.json`, AUTH_CLIENT_ID: s.client.userPoolClientId,
    APP_ORIGIN: appOrigin, LOG_LEVEL: 'INFO', ...extra,
  };
  return { environment, secrets, uploads, mail, ...(tableName ? { restoredTable: tableName } : {}) };
}

/** What every function of a service may do: its own table, its events, its secrets and the uploads, nothing else. */
export function grantService(fn: IFunction, s: StatefulStack, service: ServiceName, kind: FunctionKind, settings: ServiceSettings) {
  grantOwnTable(fn, service, s.tables[service], settings.restoredTable);
  // A publisher may put events with its own source only: no service can forge another's events.
  if (PUBLISHERS.has(service)) {
    fn.addToRolePolicy(new PolicyStatement({
      effect: Effect.ALLOW,
      actions: ['events:PutEvents'],
      resources: [s.bus.eventBusArn],
      conditions: { StringEquals: { 'events:source': [eventSource(service)] } },
    }));
  }
  for (const secret of settings.secrets) secret.grantRead(fn);
  // A function told the uploads bucket may read, write and delete member uploads (and nothing else of it).
  if (settings.uploads) grantUploads(fn, s.stage);
  if (settings.mail) s.mail.grantSend(fn);
  if (service === 'identity' && kind === 'http') {
    fn.addToRolePolicy(new PolicyStatement({ actions: [...IDENTITY_ADMIN_ACTIONS], resources: [s.pool.userPoolArn] }));
  }
}
