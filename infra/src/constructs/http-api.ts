import { CfnStage, HttpApi, HttpMethod, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { acknowledge } from './nag.ts';
import { routeList } from '@torcedor/shared/routes';
import type { ServiceName } from '@torcedor/shared/services';

/** Construct id of a route: its operation id, stable as long as the manifest entry keeps its key. */
export const routeConstructId = (operationId: string) => `Route${operationId[0]!.toUpperCase()}${operationId.slice(1)}`;

/**
 * The one HTTP API, its routes generated from the routes manifest: one route per entry, integrated
 * with the owning service's HTTP function (payload 2.0). Access control happens in the services.
 */
export class ManifestHttpApi extends Construct {
  readonly api: HttpApi;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', { createDefaultStage: true, description: 'Torcedor API (routes from shared/src/routes.ts)' });
    const logs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    const stage = this.api.defaultStage!.node.defaultChild as CfnStage;
    stage.accessLogSettings = {
      destinationArn: logs.logGroupArn,
      format: JSON.stringify({ requestId: '$context.requestId', ip: '$context.identity.sourceIp', routeKey: '$context.routeKey', status: '$context.status', latency: '$context.integrationLatency', time: '$context.requestTime' }),
    };
    stage.defaultRouteSettings = { throttlingBurstLimit: 500, throttlingRateLimit: 1000 };
    acknowledge(this, 'APIG4', 'Sessions are HttpOnly cookies verified in every service (shared middleware, cached JWKS) with public/member/owner access per route; an API Gateway authorizer cannot read them without duplicating that check.');
  }

  /** One route per manifest entry, to the owning service's HTTP function. */
  addManifestRoutes(functions: Record<ServiceName, IFunction>) {
    const integrations = new Map<ServiceName, HttpLambdaIntegration>();
    for (const r of routeList) {
      // Streamed routes go from the CDN to the service's stream function (web-distribution.ts), not through the API.
      if (r.stream) continue;
      let integration = integrations.get(r.service);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${r.service}Integration`, functions[r.service]);
        integrations.set(r.service, integration);
      }
      new HttpRoute(this, routeConstructId(r.id), { httpApi: this.api, routeKey: HttpRouteKey.with(r.path, HttpMethod[r.method]), integration });
    }
  }
}
