import { Stack } from 'aws-cdk-lib';
import { type CfnStage, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { Stage } from '../stage.ts';
import { acknowledge, literalOr } from './nag.ts';
import type { ServiceFunction } from './service-function.ts';

const SOCKET_AUTHORIZATION_REASON = "The session is an HttpOnly cookie the socket function verifies at $connect exactly as every HTTP route does (services/kit/src/socket.ts, with the Origin check); an API Gateway authorizer cannot read it without duplicating that check.";

/**
 * Live delivery in AWS (docs/architecture.md, "Live delivery"): API Gateway's WebSocket API, its $connect, $disconnect
 * and $default routes on the live service's socket function, behind the same CloudFront distribution as the site. The
 * service's worker posts pushes to open connections through the management endpoint (`grantPush`).
 */
export class LiveSocket extends Construct {
  readonly api: WebSocketApi;
  readonly stageName: string;
  readonly stage: WebSocketStage;
  readonly fn: ServiceFunction;
  /** The execute-api host CloudFront sends the socket to, and the path prefix of its stage. */
  readonly originHost: string;
  readonly originPath: string;
  /** The management API (`https://<api>.execute-api.<region>.amazonaws.com/<stage>`): LIVE_ENDPOINT of the service. */
  readonly endpoint: string;

  /** `socket`: the live service's socket function (made by the stack beside its other functions, `endpoint` its LIVE_ENDPOINT). */
  constructor(scope: Construct, id: string, p: { stage: Stage; socket: (endpoint: string) => ServiceFunction }) {
    super(scope, id);
    // The API's one stage, named by the deployment's stage (torcedor-dev-live): CloudFront's LIVE_PATH behaviour sends to
    // `/<name>/` (web-distribution.ts), and a push grant names it (grantPush).
    this.stageName = p.stage.resourceName('live');
    this.originPath = `/${this.stageName}`;
    this.api = new WebSocketApi(this, 'Api', { apiName: p.stage.resourceName('live'), description: 'Torcedor live delivery (docs/architecture.md, "Live delivery")' });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api, stageName: this.stageName, autoDeploy: true,
      // A member's tabs ping every 5 minutes; a burst of reconnects after a deploy stays well inside these.
      throttle: { burstLimit: 500, rateLimit: 1000 },
    });
    const logs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    const stage = this.stage.node.defaultChild as CfnStage;
    stage.accessLogSettings = {
      destinationArn: logs.logGroupArn,
      format: JSON.stringify({ requestId: '$context.requestId', ip: '$context.identity.sourceIp', routeKey: '$context.routeKey', eventType: '$context.eventType', connectionId: '$context.connectionId', status: '$context.status', time: '$context.requestTime' }),
    };
    this.endpoint = this.stage.callbackUrl;
    this.originHost = `${this.api.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;

    this.fn = p.socket(this.endpoint);
    this.grantPush(this.fn, this.fn.fn);
    const integration = (name: string) => ({ integration: new WebSocketLambdaIntegration(name, this.fn.alias) });
    // Not 'Default': CDK leaves a construct of that id out of logical ids.
    this.api.addRoute('$connect', integration('ConnectIntegration'));
    this.api.addRoute('$disconnect', integration('DisconnectIntegration'));
    this.api.addRoute('$default', integration('MessageIntegration'));
    acknowledge(this, 'APIG4', SOCKET_AUTHORIZATION_REASON);
  }

  /**
   * Lets `fn` post to, read and close this stage's open connections (the push worker, the socket's pong), and nothing
   * else of the API: its own policy, made in `scope` (the function's stack), so the acknowledgement covers it alone.
   */
  grantPush(scope: Construct, fn: IFunction) {
    // Any API id: the worker's stack cannot name the API's without a cross-stack token cdk-nag cannot be told about;
    // the stage's name (this deployment's alone) keeps a dev function off prod's connections in a shared account.
    const connections = Stack.of(scope).formatArn({ service: 'execute-api', resource: '*', resourceName: `${this.stageName}/*/@connections/*` });
    const policy = new Policy(scope, 'LivePush', {
      statements: [new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connections] })],
    });
    policy.attachToRole(fn.role!);
    const stack = Stack.of(scope);
    const arn = `arn:${literalOr(stack, stack.partition, '<AWS::Partition>')}:execute-api:${literalOr(stack, stack.region, '<AWS::Region>')}:<AWS::AccountId>`;
    acknowledge(policy, `IAM5[Resource::${arn}:*/${this.stageName}/*/@connections/*]`, 'Connections are made by members opening the site: their ids are not known in advance, so the push may name any connection of this one stage (POST, GET, DELETE @connections/<id>).');
  }
}
