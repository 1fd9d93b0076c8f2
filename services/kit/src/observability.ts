import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type middy from '@middy/core';
import { METRICS_NAMESPACE, type BusinessMetric } from '@torcedor/shared/metrics';
import { logger } from './logger.ts';

const serviceName = process.env.SERVICE_NAME ?? 'torcedor';

/** X-Ray tracing of the handlers and of every AWS client (off outside Lambda). */
export const tracer = new Tracer({ serviceName });
/** Business metrics as CloudWatch EMF, flushed at the end of each invocation. */
export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName });

/** Traces an AWS SDK v3 client's calls as subsegments; returns the same client. */
export const traced = <C>(client: C): C => tracer.captureAWSv3Client(client as never) as C;

/** Counts one business event (docs/observability.md). */
export function countBusiness(name: BusinessMetric, value = 1): void {
  metrics.addMetric(name, MetricUnit.Count, value);
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

/** Publishes the invocation's business metrics, if it counted any (an invocation without them writes nothing). */
const flush = async () => {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
};
const flushMetrics: middy.MiddlewareObj = { after: flush, onError: flush };

/**
 * The middleware every function of the kit runs: Logger with the Lambda context and the correlation id found at
 * `correlationIdPath` of the event, the Tracer segment, and Metrics flushed at the end.
 */
export function observability<E, R>(correlationIdPath: string): middy.MiddlewareObj<E, R>[] {
  return [
    injectLambdaContext(logger, { resetKeys: true, correlationIdPath }) as middy.MiddlewareObj<E, R>,
    captureLambdaHandler(tracer, { captureResponse: false }) as middy.MiddlewareObj<E, R>,
    flushMetrics as middy.MiddlewareObj<E, R>,
  ];
}
