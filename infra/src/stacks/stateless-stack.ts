import { Stack, type StackProps } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { servicesWithWorker } from '@torcedor/shared/events';
import { SERVICE_ENV } from '@torcedor/shared/runtime';
import { SERVICES, type ServiceName } from '@torcedor/shared/services';
import { BusWiring } from '../constructs/bus-wiring.ts';
import { ManifestHttpApi } from '../constructs/http-api.ts';
import { ServiceFunction } from '../constructs/service-function.ts';
import { grantOwnTable } from '../constructs/table-access.ts';
import { WebDistribution } from '../constructs/web-distribution.ts';
import type { StatefulStack } from './stateful-stack.ts';

export interface StatelessProps extends StackProps {
  stateful: StatefulStack;
  bundle: boolean;
  /** The site's public origin (custom domain); defaults to the CloudFront domain. */
  appOrigin?: string;
  /** Optional provider settings: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, OPENAI_API_KEY. */
  providerSettings: Record<string, string>;
}

/** The code: one HTTP function per service plus its worker, the HTTP API, the bus rules, the CDN. */
export class StatelessStack extends Stack {
  readonly httpFunctions = {} as Record<ServiceName, IFunction>;
  readonly workerFunctions = {} as Partial<Record<ServiceName, IFunction>>;

  constructor(scope: Construct, id: string, props: StatelessProps) {
    super(scope, id, props);
    const s = props.stateful;
    // The CDN depends on the API resource only (not its routes), and the functions on the CDN's
    // domain (APP_ORIGIN), so creating API -> CDN -> functions -> routes has no cycle.
    const http = new ManifestHttpApi(this, 'Http');
    const web = new WebDistribution(this, 'Web', { api: http.api, logs: s.logs });
    const appOrigin = props.appOrigin ?? `https://${web.distribution.distributionDomainName}`;
    const issuer = `https://cognito-idp.${this.region}.amazonaws.com/${s.pool.userPoolId}`;
    const workers = new Set(servicesWithWorker());

    for (const service of SERVICES) {
      const extra: Record<string, string> = {};
      for (const key of SERVICE_ENV[service]) {
        const name = key.replace(/\?$/, '');
        if (name === 'USER_POOL_ID') extra[name] = s.pool.userPoolId;
        else if (name === 'UPLOADS_BUCKET') extra[name] = s.uploads.bucketName;
        else if (name === 'OWNER_EMAILS') extra[name] = props.providerSettings.OWNER_EMAILS ?? '';
        else if (props.providerSettings[name]) extra[name] = props.providerSettings[name];
      }
      const environment = {
        SERVICE_NAME: service, TABLE_NAME: s.tables[service].tableName, EVENT_BUS_NAME: s.bus.eventBusName,
        AUTH_ISSUER: issuer, AUTH_JWKS_URI: `${issuer}/.well-known/jwks.json`, AUTH_CLIENT_ID: s.client.userPoolClientId,
        APP_ORIGIN: appOrigin, LOG_LEVEL: 'INFO', ...extra,
      };
      for (const kind of ['http', ...(workers.has(service) ? ['worker'] : [])] as ('http' | 'worker')[]) {
        const fn = new ServiceFunction(this, `${service}-${kind}`, { service, kind, environment, bundle: props.bundle }).fn;
        // Each function gets its own table only, and may publish to the bus.
        grantOwnTable(fn, service, s.tables[service]);
        s.bus.grantPutEventsTo(fn);
        if (service === 'identity') {
          fn.addToRolePolicy(new PolicyStatement({
            actions: ['cognito-idp:AdminConfirmSignUp', 'cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminDeleteUser'],
            resources: [s.pool.userPoolArn],
          }));
        }
        if (kind === 'http') this.httpFunctions[service] = fn;
        else this.workerFunctions[service] = fn;
      }
    }
    http.addManifestRoutes(this.httpFunctions);
    new BusWiring(this, 'Bus', { bus: s.bus, workers: this.workerFunctions });
  }
}
