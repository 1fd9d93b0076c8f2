import { Stack, type StackProps } from 'aws-cdk-lib';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FunctionUrlAuthType, InvokeMode, type FunctionUrl, type IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { domainEvents, eventSource, servicesWithWorker } from '@torcedor/shared/events';
import { ORIGIN_VERIFY_SETTING, SERVICE_ENV } from '@torcedor/shared/runtime';
import { routeList, servicesWithStream } from '@torcedor/shared/routes';
import { SERVICES, type ServiceName } from '@torcedor/shared/services';
import { grantUploads } from '../constructs/buckets.ts';
import { BusWiring } from '../constructs/bus-wiring.ts';
import { ManifestHttpApi, type ApiOriginDomain } from '../constructs/http-api.ts';
import { isProviderParameterName, isProviderSecretName, SECRET_ARN_SUFFIX } from '../constructs/provider-secrets.ts';
import { ServiceFunction } from '../constructs/service-function.ts';
import { grantOwnTable } from '../constructs/table-access.ts';
import { WebDistribution } from '../constructs/web-distribution.ts';
import type { StatefulStack } from './stateful-stack.ts';

/**
 * The user pool actions of identity's HTTP function, the only function that touches pool users: create
 * a member with their password (self sign-up is off), add an owner to `owners`, delete an account.
 * Its worker and every other function get no Cognito admin action.
 */
export const IDENTITY_ADMIN_ACTIONS = [
  // Sign-in (and the password check before an account deletion) with the viewer's address as ContextData.
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminCreateUser', 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminDeleteUser',
  // Logout signs the user out everywhere; the readiness probe (GET /api/health/ready) reads the pool.
  'cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:DescribeUserPool',
] as const;

/**
 * The APP_ORIGIN of a stream function without a custom domain: a placeholder naming where the real origin comes from
 * (the viewer's host the CDN forwards), since the function cannot reference the CDN's domain.
 */
const STREAM_ORIGIN_FROM_CDN = 'https://viewer-host.invalid';

/** Services that publish: the source of at least one domain event. Only they may call PutEvents. */
const PUBLISHERS = new Set<ServiceName>(Object.values(domainEvents).map((e) => e.source));

export interface StatelessProps extends StackProps {
  stateful: StatefulStack;
  bundle: boolean;
  /** The site's public origin (custom domain); defaults to the CloudFront domain. */
  appOrigin?: string;
  /** The API's own origin name for CloudFront; with it the execute-api endpoint is disabled (http-api.ts). */
  apiOriginDomain?: ApiOriginDomain;
  /** Changed on each rotation of the origin secret, so the deploy gives CloudFront the new value (infra/README.md). */
  originSecretGeneration?: string;
}

/** The code: one HTTP function per service plus its worker, the HTTP API, the bus rules, the CDN. */
export class StatelessStack extends Stack {
  readonly httpFunctions = {} as Record<ServiceName, IFunction>;
  readonly workerFunctions = {} as Partial<Record<ServiceName, IFunction>>;
  readonly streamFunctions = {} as Partial<Record<ServiceName, IFunction>>;
  readonly bus: BusWiring;

  constructor(scope: Construct, id: string, props: StatelessProps) {
    super(scope, id, props);
    const s = props.stateful;
    // The CDN depends on the API resource only (not its routes), and the functions on the CDN's
    // domain (APP_ORIGIN), so creating API -> CDN -> functions -> routes has no cycle.
    const http = new ManifestHttpApi(this, 'Http', { originDomain: props.apiOriginDomain });
    const issuer = `https://cognito-idp.${this.region}.amazonaws.com/${s.pool.userPoolId}`;
    const workers = new Set(servicesWithWorker());

    /** A service's environment and the provider secrets it reads (their ARN in the environment, read access on the role). */
    const settingsOf = (service: ServiceName, appOrigin: string) => {
      const extra: Record<string, string> = {};
      let uploads = false;
      const secrets: ISecret[] = [];
      for (const key of SERVICE_ENV[service]) {
        const optional = key.endsWith('?');
        const name = optional ? key.slice(0, -1) : key;
        const secretName = name.endsWith(SECRET_ARN_SUFFIX) ? name.slice(0, -SECRET_ARN_SUFFIX.length) : undefined;
        if (name === 'USER_POOL_ID') extra[name] = s.pool.userPoolId;
        else if (name === 'UPLOADS_BUCKET') {
          extra[name] = s.uploads.bucketName;
          uploads = true;
        }
        else if (secretName === ORIGIN_VERIFY_SETTING) {
          extra[name] = s.originSecret.secretArn;
          secrets.push(s.originSecret);
        } else if (name === ORIGIN_VERIFY_SETTING) {
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
        } else if (!optional) throw new Error(`the stateless stack has no value for ${name} of ${service}`);
      }
      const environment = {
        SERVICE_NAME: service, TABLE_NAME: s.tables[service].tableName, EVENT_BUS_NAME: s.bus.eventBusName,
        AUTH_ISSUER: issuer, AUTH_JWKS_URI: `${issuer}/.well-known/jwks.json`, AUTH_CLIENT_ID: s.client.userPoolClientId,
        APP_ORIGIN: appOrigin, LOG_LEVEL: 'INFO', ...extra,
      };
      return { environment, secrets, uploads };
    };

    /** What every function of a service may do. */
    const grant = (fn: IFunction, service: ServiceName, kind: 'http' | 'worker' | 'stream', secrets: ISecret[], uploads: boolean) => {
      // Each function gets its own table only.
      grantOwnTable(fn, service, s.tables[service]);
      // A publisher may put events with its own source only: no service can forge another's events.
      if (PUBLISHERS.has(service)) {
        fn.addToRolePolicy(new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['events:PutEvents'],
          resources: [s.bus.eventBusArn],
          conditions: { StringEquals: { 'events:source': [eventSource(service)] } },
        }));
      }
      for (const secret of secrets) secret.grantRead(fn);
      // A function told the uploads bucket may read, write and delete member uploads (and nothing else of it).
      if (uploads) grantUploads(fn, s.uploads);
      if (service === 'identity' && kind === 'http') {
        fn.addToRolePolicy(new PolicyStatement({ actions: [...IDENTITY_ADMIN_ACTIONS], resources: [s.pool.userPoolArn] }));
      }
    };

    // Stream functions come before the CDN, which routes to their URLs: they cannot be told the CDN's domain (a
    // cycle), so their same-origin check reads the viewer's host the CDN forwards (X-Forwarded-Host), and their
    // APP_ORIGIN is the custom domain when there is one.
    const streams: { path: string; url: FunctionUrl }[] = [];
    for (const service of servicesWithStream()) {
      const { environment, secrets, uploads } = settingsOf(service, props.appOrigin ?? STREAM_ORIGIN_FROM_CDN);
      const fn = new ServiceFunction(this, `${service}-stream`, { service, kind: 'stream', environment, bundle: props.bundle }).fn;
      grant(fn, service, 'stream', secrets, uploads);
      const url = fn.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM, invokeMode: InvokeMode.RESPONSE_STREAM });
      for (const r of routeList) if (r.stream && r.service === service) streams.push({ path: r.path, url });
      this.streamFunctions[service] = fn;
    }

    // The CDN depends on the API resource only (not its routes), and the functions on the CDN's domain (APP_ORIGIN),
    // so creating API -> CDN -> functions -> routes has no cycle.
    const web = new WebDistribution(this, 'Web', {
      apiHost: http.originHost, logs: s.logs, uploads: s.uploads, streams, originSecret: s.originSecret, originSecretGeneration: props.originSecretGeneration,
    });
    const appOrigin = props.appOrigin ?? `https://${web.distribution.distributionDomainName}`;

    for (const service of SERVICES) {
      const { environment, secrets, uploads } = settingsOf(service, appOrigin);
      for (const kind of ['http', ...(workers.has(service) ? ['worker'] : [])] as ('http' | 'worker')[]) {
        const fn = new ServiceFunction(this, `${service}-${kind}`, { service, kind, environment, bundle: props.bundle }).fn;
        grant(fn, service, kind, secrets, uploads);
        if (kind === 'http') this.httpFunctions[service] = fn;
        else this.workerFunctions[service] = fn;
      }
    }
    http.addManifestRoutes(this.httpFunctions);
    this.bus = new BusWiring(this, 'Bus', { bus: s.bus, workers: this.workerFunctions });
  }
}
