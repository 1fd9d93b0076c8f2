import type { ErrorBody } from '@torcedor/shared/schemas/common';
import { ERROR_CODES, type CodeOf, type ErrorCode } from '@torcedor/shared/errors';

/**
 * A failure the member is told about, named by its error code. Domain and data code throw it without knowing
 * HTTP: the kit's error middleware answers with the code's one status from shared/src/errors.ts and the
 * ErrorBody described in docs/api.md.
 */
export class DomainError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorBody['issues'],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.statusCode = ERROR_CODES[code];
  }
  body(): ErrorBody {
    return { message: this.message, code: this.code, ...(this.issues ? { issues: this.issues } : {}) };
  }
}

export const badRequest = (message: string, issues?: ErrorBody['issues'], code: CodeOf<400> = 'VALIDATION') =>
  new DomainError(code, message, issues);
export const unauthorized = () => new DomainError('UNAUTHORIZED', 'Unauthorized');
export const forbidden = (message: string, code: CodeOf<403>) => new DomainError(code, message);
export const notFound = (message = 'Not found') => new DomainError('NOT_FOUND', message);
export const conflict = (message: string, code: CodeOf<409>) => new DomainError(code, message);
export const payloadTooLarge = (limit: number) =>
  new DomainError('PAYLOAD_TOO_LARGE', `Request body must be at most ${limit} bytes`);
export const unsupportedMediaType = () => new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
/** A 429 always says when to come back. */
export const tooManyRequests = (message: string, code: CodeOf<429>, retryAfterSeconds: number) =>
  new DomainError(code, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** zod issues as the error body's issue list. */
export function zodIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): NonNullable<ErrorBody['issues']> {
  return issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'number' ? p : String(p))), message: i.message }));
}

/**
 * A third-party provider (Stripe, OpenAI) that failed rather than the request: a timeout, a refused connection or
 * a 5xx after the client's own retries. The kit answers it like any dependency failure: 503 UNAVAILABLE with
 * Retry-After (services/kit/src/aws.ts isDependencyFailure reads the name).
 */
export function dependencyUnavailable(what: string, cause?: unknown): Error {
  const err = new Error(`${what} is unavailable`, { cause });
  err.name = 'ServiceUnavailable';
  return err;
}
