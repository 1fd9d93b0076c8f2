import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Metrics } from '@aws-lambda-powertools/metrics';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import type middy from '@middy/core';
import { METRICS_NAMESPACE, type BusinessMetric, type OPERATIONAL_METRICS } from '@torcedor/shared/metrics';

type OperationalMetric = (typeof OPERATIONAL_METRICS)[keyof typeof OPERATIONAL_METRICS];
import { logger } from './logger.ts';

const serviceName = process.env.SERVICE_NAME ?? 'torcedor';

/**
 * X-Ray tracing of the handlers and of every AWS client, where it can be recorded: in Lambda with active tracing
 * (the X-Ray daemon's address is set). Only there are the Tracer and its X-Ray SDK loaded (60-75 ms of a cold start,
 * docs/observability.md); everywhere else the clients stay as they are.
 */
const tracing = !!process.env.AWS_XRAY_DAEMON_ADDRESS && process.env.POWERTOOLS_TRACE_ENABLED !== 'false';
const tracerModule = tracing ? await import('@aws-lambda-powertools/tracer') : undefined;
const tracerMiddleware = tracing ? await import('@aws-lambda-powertools/tracer/middleware') : undefined;
export const tracer: Tracer | undefined = tracerModule && new tracerModule.Tracer({ serviceName });

/** Traces an AWS SDK v3 client's calls as subsegments (where tracing is on); returns the same client. */
export const traced = <C>(client: C): C => (tracer ? (tracer.captureAWSv3Client(client as never) as C) : client);

/**
 * Business metrics as CloudWatch EMF (docs/observability.md). Counted in memory and published at the end of the
 * invocation; the Metrics library loads on the first invocation that counts something, so requests that count
 * nothing (most reads) never pay for it.
 */
let pending: [BusinessMetric | OperationalMetric, 'Count' | 'Seconds', number][] = [];
let metricsInstance: Promise<Metrics> | undefined;
export const businessMetrics = () =>
  (metricsInstance ??= import('@aws-lambda-powertools/metrics').then((m) => new m.Metrics({ namespace: METRICS_NAMESPACE, serviceName })));

/** Counts one business event. */
export function countBusiness(name: BusinessMetric, value = 1): void {
  pending.push([name, 'Count', value]);
}

/** Records an operational measure of this invocation (shared/src/metrics.ts OPERATIONAL_METRICS), in seconds. */
export function recordSeconds(name: OperationalMetric, seconds: number): void {
  pending.push([name, 'Seconds', seconds]);
}

/** Publishes the invocation's business metrics, if it counted any (an invocation without them writes nothing). */
async function flushMetrics(): Promise<void> {
  if (!pending.length) return;
  const due = pending;
  pending = [];
  const metrics = await businessMetrics();
  for (const [name, unit, value] of due) metrics.addMetric(name, unit as never, value);
  metrics.publishStoredMetrics();
}

/** The member whose request or event this is, on every following log line of the invocation. */
export function logMember(userId: string): void {
  logger.appendKeys({ memberId: userId });
}

/** The correlation id of this invocation: set from the API request id or from the event that caused it. */
export const correlationId = (): string | undefined => {
  const id = logger.getCorrelationId();
  return typeof id === 'string' && id ? id : undefined;
};

/**
 * The middleware every function of the kit runs: Logger with the Lambda context (keys reset per invocation) and
 * the correlation id `correlationOf(event)`, the Tracer segment where tracing is on, and the metrics flush.
 */
export function observability<E, R>(correlationOf: (event: E) => unknown): middy.MiddlewareObj<E, R>[] {
  const correlation: middy.MiddlewareObj<E, R> = {
    before: (request) => {
      const id = correlationOf(request.event);
      if (typeof id === 'string' && id) logger.setCorrelationId(id);
    },
  };
  return [
    injectLambdaContext(logger, { resetKeys: true }) as middy.MiddlewareObj<E, R>,
    correlation,
    ...(tracer && tracerMiddleware ? [tracerMiddleware.captureLambdaHandler(tracer, { captureResponse: false }) as middy.MiddlewareObj<E, R>] : []),
    { after: flushMetrics, onError: flushMetrics } as middy.MiddlewareObj<E, R>,
  ];
}
