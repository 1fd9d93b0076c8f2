import { Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { schedules, servicesWithWorker } from '@torcedor/shared/events';
import type { ServiceName } from '@torcedor/shared/services';
import { notifyAll, outboxAlarm } from '../constructs/alarms.ts';
import { BusWiring } from '../constructs/bus-wiring.ts';
import { addServiceRoutes } from '../constructs/http-api.ts';
import { grantService, serviceSettings } from '../constructs/service-access.ts';
import { ServiceFunction } from '../constructs/service-function.ts';
import type { StatefulStack } from './stateful-stack.ts';

export interface ServiceProps extends StackProps {
  service: ServiceName;
  stateful: StatefulStack;
  api: IHttpApi;
  /** The site's origin: the custom domain, or the distribution's. */
  appOrigin: string;
  bundle: boolean;
  /** A point-in-time copy that replaced the service's table (infra/README.md, "Restoring a table"). */
  restoredTable?: string;
  /** The live service's socket: its worker pushes to open connections through it (docs/architecture.md, "Live delivery"). */
  live?: { endpoint: string; grantPush(scope: Construct, fn: IFunction): void };
}

/**
 * One service, deployed on its own (room to grow: every stack stays far below CloudFormation's 500 resources): its HTTP
 * function and its routes on the API, its worker with the bus rules and schedules it consumes, their failure queues,
 * and the alarms of all of these, each sending to the stage's topic.
 */
export class ServiceStack extends Stack {
  readonly http: ServiceFunction;
  readonly worker?: ServiceFunction;
  readonly bus?: BusWiring;

  constructor(scope: Construct, id: string, props: ServiceProps) {
    super(scope, id, props);
    const { service, stateful: s } = props;
    const settings = serviceSettings(s, service, props.appOrigin, props.restoredTable, { liveEndpoint: props.live?.endpoint });
    const fn = (kind: 'http' | 'worker') => {
      const f = new ServiceFunction(this, `${service}-${kind}`, { stage: s.stage, service, kind, environment: settings.environment, bundle: props.bundle });
      grantService(f.fn, s, service, kind, settings);
      return f;
    };
    this.http = fn('http');
    addServiceRoutes(this, props.api, service, this.http.alias);
    if (servicesWithWorker().includes(service)) {
      this.worker = fn('worker');
      this.bus = new BusWiring(this, 'Bus', { stage: s.stage, bus: s.bus, service, worker: this.worker.alias });
      props.live?.grantPush(this.worker, this.worker.fn);
      if (schedules.some((x) => x.name === `outbox-relay-${service}`)) outboxAlarm(this, s.stage, service);
    }
    notifyAll(this, s.alarmTopic);
  }
}
