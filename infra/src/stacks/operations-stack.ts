import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Dashboard, GraphWidget, MathExpression, Metric, TextWidget, type IMetric, type IWidget } from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { BUSINESS_METRICS, METRICS_NAMESPACE, OPERATIONAL_METRICS } from '@torcedor/shared/metrics';
import { SERVICES, type ServiceName } from '@torcedor/shared/services';
import type { ServiceStack } from './service-stack.ts';
import type { StatefulStack } from './stateful-stack.ts';

const PERIOD = Duration.minutes(5);

/**
 * The stage's one dashboard (infra/README.md, "Dashboard"), derived from the manifests: requests, errors and p50/p99 of
 * each service's functions, each table's consumed capacity and throttles, the failure queues' depths, each outbox's
 * oldest event, the API, and the business numbers the services count (shared/src/metrics.ts).
 */
export class OperationsStack extends Stack {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: StackProps & { stateful: StatefulStack; api: IHttpApi; services: Record<ServiceName, ServiceStack> }) {
    super(scope, id, props);
    const { stateful: s } = props;
    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: s.stage.resourceName('operations'), defaultInterval: Duration.hours(6) });
    const graph = (title: string, left: IMetric[], right: IMetric[] = []) => new GraphWidget({ title, left, right, width: 12, height: 6 });
    const rows: IWidget[][] = [
      [new TextWidget({ markdown: `# Torcedor ${s.stage.name}\nAlarms write to the topic \`${s.stage.resourceName('alarms')}\` (infra/README.md, "Alarms").`, width: 24, height: 2 })],
      [
        graph('API requests and 5xx', [props.api.metricCount({ period: PERIOD }), props.api.metricServerError({ period: PERIOD })]),
        graph('API latency p50 / p99', [props.api.metricLatency({ period: PERIOD, statistic: 'p50' }), props.api.metricLatency({ period: PERIOD, statistic: 'p99' })]),
      ],
    ];
    for (const service of SERVICES) rows.push(this.serviceRow(s, service, props.services[service]));
    rows.push([this.businessWidget()]);
    for (const row of rows) this.dashboard.addWidgets(...row);
  }

  /** A service: its HTTP function's invocations, errors and duration, its table, its queues and its outbox. */
  private serviceRow(s: StatefulStack, service: ServiceName, stack: ServiceStack): IWidget[] {
    const http = stack.http.alias;
    const table = s.tables[service];
    const widgets: IWidget[] = [
      new GraphWidget({
        title: `${service}: requests and errors`, width: 8, height: 6,
        left: [http.metricInvocations({ period: PERIOD }), http.metricErrors({ period: PERIOD })],
      }),
      new GraphWidget({
        title: `${service}: duration p50 / p99`, width: 8, height: 6,
        left: [http.metricDuration({ period: PERIOD, statistic: 'p50' }), http.metricDuration({ period: PERIOD, statistic: 'p99' })],
      }),
      new GraphWidget({
        title: `${service}: table capacity and throttles`, width: 8, height: 6,
        left: [table.metricConsumedReadCapacityUnits({ period: PERIOD }), table.metricConsumedWriteCapacityUnits({ period: PERIOD })],
        right: [new Metric({ namespace: 'AWS/DynamoDB', metricName: 'ThrottledRequests', dimensionsMap: { TableName: table.tableName }, statistic: 'Sum', period: PERIOD })],
      }),
    ];
    if (stack.bus) {
      widgets.push(new GraphWidget({
        title: `${service}: failed events and outbox age (s)`, width: 24, height: 6,
        left: [stack.bus.failures.metricApproximateNumberOfMessagesVisible({ period: PERIOD }), stack.bus.deadLetters.metricApproximateNumberOfMessagesVisible({ period: PERIOD })],
        right: [new Metric({ namespace: METRICS_NAMESPACE, metricName: OPERATIONAL_METRICS.outboxOldestAge, dimensionsMap: { service }, statistic: 'Maximum', period: PERIOD })],
      }));
    }
    return widgets;
  }

  /** The club's own numbers: every business metric, summed over the services that count it. */
  private businessWidget(): IWidget {
    return new GraphWidget({
      title: 'The club: sign-ups, posts, premium payments, AI answers…', width: 24, height: 8,
      left: BUSINESS_METRICS.map((name) => new MathExpression({
        expression: `SUM(SEARCH('{${METRICS_NAMESPACE},service} MetricName="${name}"', 'Sum', 300))`, label: name, period: PERIOD, usingMetrics: {},
      })),
    });
  }
}
