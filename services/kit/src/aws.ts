import { DEPENDENCY_DEADLINES, deadlineProfileOf } from '@torcedor/shared/runtime';

/**
 * Deadlines for every AWS client (docs/decisions.md, "Fail fast"), chosen once, as the bundle loads, by who waits for
 * this function (DEPENDENCY_DEADLINES in shared/src/runtime.ts): on AWS a member's request tries a dependency at most
 * twice within 1.2 s each, so a dependency that does not answer costs about 2.5 s, after which the kit answers 503
 * UNAVAILABLE with Retry-After; workers, imports and the seed wait longer and try more; the local stack's member
 * requests get a development machine's deadlines.
 */
export const DEADLINES = DEPENDENCY_DEADLINES[deadlineProfileOf(process.env)];

/** Options every SDK client of the services is created with. */
export const clientOptions = () => ({
  maxAttempts: DEADLINES.maxAttempts,
  requestHandler: {
    connectionTimeout: DEADLINES.connectionTimeoutMs,
    requestTimeout: DEADLINES.requestTimeoutMs,
    // Without it the SDK only logs a warning when the answer is late, and keeps waiting.
    throwOnRequestTimeout: true,
  },
});

/** Seconds a client is told to wait before trying again after a 503. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const TRANSIENT_NAMES = new Set([
  'TimeoutError', 'RequestTimeout', 'RequestTimeoutException', 'ThrottlingException', 'Throttling', 'TooManyRequestsException',
  'ProvisionedThroughputExceededException', 'RequestLimitExceeded', 'LimitExceededException', 'ServiceUnavailable',
  'ServiceUnavailableException', 'InternalServerError', 'InternalFailure', 'InternalErrorException', 'TransactionInProgressException',
]);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

/**
 * True when a dependency failed rather than the request: a timeout, a refused or dropped connection, throttling
 * after the retries, or a 5xx from the service. Such failures answer 503, not 500.
 */
export function isDependencyFailure(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number }; $retryable?: unknown; cause?: unknown };
  if (e.name && TRANSIENT_NAMES.has(e.name)) return true;
  if (e.code && NETWORK_CODES.has(e.code)) return true;
  if ((e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  if (e.$retryable) return true;
  return e.cause !== undefined && e.cause !== err && isDependencyFailure(e.cause);
}
