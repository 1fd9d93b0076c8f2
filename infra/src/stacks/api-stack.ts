import { Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { FunctionUrlAuthType, InvokeMode, type FunctionUrl } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { routeList, servicesWithStream } from '@torcedor/shared/routes';
import { LIVE_SERVICE } from '@torcedor/shared/live';
import type { ServiceName } from '@torcedor/shared/services';
import { apiAlarms, notifyAll } from '../constructs/alarms.ts';
import { ManifestHttpApi, type ApiOriginDomain } from '../constructs/http-api.ts';
import { LiveSocket } from '../constructs/live-socket.ts';
import { grantService, serviceSettings } from '../constructs/service-access.ts';
import { ServiceFunction } from '../constructs/service-function.ts';
import type { StatefulStack } from './stateful-stack.ts';

/**
 * The APP_ORIGIN of a stream function without a custom domain: a placeholder naming where the real origin comes from
 * (the viewer's host the CDN forwards), since the function cannot reference the CDN's domain.
 */
const STREAM_ORIGIN_FROM_CDN = 'https://viewer-host.invalid';

export interface ApiProps extends StackProps {
  stateful: StatefulStack;
  bundle: boolean;
  appOrigin?: string;
  apiOriginDomain?: ApiOriginDomain;
  restoredTables: Partial<Record<ServiceName, string>>;
}

/**
 * The front of the services: the one HTTP API (each service's stack adds its own routes to it) with its alarms, the
 * stream functions, which the CDN reaches by their URLs, and the live socket with its function. Those live here because the edge routes to them while every
 * service stack needs the edge's domain: in a service's stack they would make a cycle.
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  /** Where CloudFront sends /api requests: the API's origin name, or its execute-api host. */
  readonly originHost: string;
  readonly streams: { path: string; url: FunctionUrl }[] = [];
  /** The live socket (docs/architecture.md, "Live delivery"): the CDN routes LIVE_PATH to it, the live service's worker pushes through it. */
  readonly live: LiveSocket;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id, props);
    const s = props.stateful;
    const http = new ManifestHttpApi(this, 'Http', { stage: s.stage, originDomain: props.apiOriginDomain });
    this.api = http.api;
    this.originHost = http.originHost;
    apiAlarms(this, s.stage, this.api);
    for (const service of servicesWithStream()) {
      const settings = serviceSettings(s, service, props.appOrigin ?? STREAM_ORIGIN_FROM_CDN, props.restoredTables[service]);
      const fn = new ServiceFunction(this, `${service}-stream`, { stage: s.stage, service, kind: 'stream', environment: settings.environment, bundle: props.bundle });
      grantService(fn.fn, s, service, 'stream', settings);
      const url = fn.alias.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM, invokeMode: InvokeMode.RESPONSE_STREAM });
      for (const r of routeList) if (r.stream && r.service === service) this.streams.push({ path: r.path, url });
    }
    this.live = new LiveSocket(this, 'Live', {
      stage: s.stage,
      socket: (endpoint) => {
        const settings = serviceSettings(s, LIVE_SERVICE, props.appOrigin ?? STREAM_ORIGIN_FROM_CDN, props.restoredTables[LIVE_SERVICE], { liveEndpoint: endpoint });
        const fn = new ServiceFunction(this, `${LIVE_SERVICE}-socket`, { stage: s.stage, service: LIVE_SERVICE, kind: 'socket', environment: settings.environment, bundle: props.bundle });
        grantService(fn.fn, s, LIVE_SERVICE, 'socket', settings);
        return fn;
      },
    });
    notifyAll(this, s.alarmTopic);
  }
}
