import { Annotations, Fn } from 'aws-cdk-lib';
import { CfnStage, DomainName, HttpApi, HttpMethod, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate, CertificateValidation } from 'aws-cdk-lib/aws-certificatemanager';
import { ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { ApiGatewayv2DomainProperties } from 'aws-cdk-lib/aws-route53-targets';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { Stage } from '../stage.ts';
import { acknowledge } from './nag.ts';
import { routeList } from '@torcedor/shared/routes';
import type { ServiceName } from '@torcedor/shared/services';

/** Construct id of a route: its operation id, stable as long as the manifest entry keeps its key. */
export const routeConstructId = (operationId: string) => `Route${operationId[0]!.toUpperCase()}${operationId.slice(1)}`;

const API_AUTHORIZATION_REASON = 'Sessions are HttpOnly cookies verified in every service (shared middleware, cached JWKS) with public/member/owner access per route; an API Gateway authorizer cannot read them without duplicating that check.';

/**
 * The API's own origin name, for CloudFront alone (context `apiOriginDomain`, `hostedZoneId`, `hostedZoneName`):
 * with it the API answers on that name only and its default execute-api endpoint is disabled, so nothing reaches the
 * API around the distribution (docs/decisions.md, "Client address").
 */
export interface ApiOriginDomain { domainName: string; hostedZoneId: string; zoneName: string }

/**
 * The one HTTP API, its routes generated from the routes manifest: one route per entry, integrated
 * with the owning service's HTTP function (payload 2.0). Access control happens in the services.
 */
export class ManifestHttpApi extends Construct {
  readonly api: HttpApi;
  /** The host CloudFront sends /api requests to: the origin domain when there is one, else the execute-api host. */
  readonly originHost: string;

  constructor(scope: Construct, id: string, props: { stage: Stage; originDomain?: ApiOriginDomain }) {
    super(scope, id);
    const origin = props.originDomain;
    const domain = origin ? this.originDomainName(origin) : undefined;
    this.api = new HttpApi(this, 'Api', {
      apiName: props.stage.resourceName('api'), createDefaultStage: true, description: 'Torcedor API (routes from shared/src/routes.ts)',
      ...(domain ? { disableExecuteApiEndpoint: true, defaultDomainMapping: { domainName: domain } } : {}),
    });
    this.originHost = origin ? origin.domainName : Fn.select(2, Fn.split('/', this.api.apiEndpoint));
    if (!origin) {
      Annotations.of(this).addInfo('No apiOriginDomain: the API keeps its execute-api endpoint. Requests that skip CloudFront are counted by their own address (no origin proof), never by a claimed one; give -c apiOriginDomain=... -c hostedZoneId=... -c hostedZoneName=... to disable it (infra/README.md).');
    }
    const logs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    const stage = this.api.defaultStage!.node.defaultChild as CfnStage;
    stage.accessLogSettings = {
      destinationArn: logs.logGroupArn,
      format: JSON.stringify({ requestId: '$context.requestId', ip: '$context.identity.sourceIp', routeKey: '$context.routeKey', status: '$context.status', latency: '$context.integrationLatency', time: '$context.requestTime' }),
    };
    stage.defaultRouteSettings = { throttlingBurstLimit: 500, throttlingRateLimit: 1000 };
    acknowledge(this, 'APIG4', API_AUTHORIZATION_REASON);
  }

  /** The origin name with its certificate (DNS-validated in the zone) and the zone's alias record to it. */
  private originDomainName(o: ApiOriginDomain): DomainName {
    const zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', { hostedZoneId: o.hostedZoneId, zoneName: o.zoneName });
    const certificate = new Certificate(this, 'OriginCertificate', { domainName: o.domainName, validation: CertificateValidation.fromDns(zone) });
    const domain = new DomainName(this, 'OriginDomain', { domainName: o.domainName, certificate });
    new ARecord(this, 'OriginRecord', {
      zone, recordName: o.domainName, target: RecordTarget.fromAlias(new ApiGatewayv2DomainProperties(domain.regionalDomainName, domain.regionalHostedZoneId)),
    });
    return domain;
  }
}

/**
 * A service's routes of the routes manifest on the API, in the service's own stack, integrated with its HTTP function's
 * `live` alias (payload 2.0): one Lambda permission for the whole API, not one per route (room to grow: each
 * permission is a CloudFormation resource). Streamed routes go from the CDN to the stream function (web-distribution.ts).
 */
export function addServiceRoutes(scope: Construct, api: IHttpApi, service: ServiceName, handler: IFunction): void {
  const integration = new HttpLambdaIntegration(`${service}Integration`, handler, { scopePermissionToRoute: false });
  for (const r of routeList) {
    if (r.service !== service || r.stream) continue;
    const route = new HttpRoute(scope, routeConstructId(r.id), { httpApi: api, routeKey: HttpRouteKey.with(r.path, HttpMethod[r.method]), integration });
    acknowledge(route, 'APIG4', API_AUTHORIZATION_REASON);
  }
}
