/**
 * Deadlines for every AWS client (docs/decisions.md, "Fail fast"): a connection must open within 1 s and an
 * answer arrive within 1.2 s, and a call is tried at most twice. So a dependency that does not answer costs a
 * request about 2.5 s, after which the kit answers 503 UNAVAILABLE with Retry-After: the member hears within 3 s
 * instead of waiting for the function's own limit (10 s, FUNCTION_TIMEOUT_SECONDS in shared/src/runtime.ts).
 */
export const DEPENDENCY_DEADLINES = { connectionTimeoutMs: 1000, requestTimeoutMs: 1200, maxAttempts: 2 } as const;

/** Options every SDK client of the services is created with. */
export const clientOptions = () => ({
  maxAttempts: DEPENDENCY_DEADLINES.maxAttempts,
  requestHandler: {
    connectionTimeout: DEPENDENCY_DEADLINES.connectionTimeoutMs,
    requestTimeout: DEPENDENCY_DEADLINES.requestTimeoutMs,
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
