import type { ErrorBody } from '@torcedor/shared/schemas/common';
import { ERROR_CODES, type CodeOf, type ErrorCode } from '@torcedor/shared/errors';

/**
 * A failure with a defined HTTP answer, named by its error code; the status comes from the code's one
 * entry in shared/src/errors.ts. The error middleware maps it to the ErrorBody described in docs/api.md.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorBody['issues'],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = ERROR_CODES[code];
  }
  body(): ErrorBody {
    return { message: this.message, code: this.code, ...(this.issues ? { issues: this.issues } : {}) };
  }
}

export const badRequest = (message: string, issues?: ErrorBody['issues'], code: CodeOf<400> = 'VALIDATION') =>
  new HttpError(code, message, issues);
export const unauthorized = () => new HttpError('UNAUTHORIZED', 'Unauthorized');
export const forbidden = (message: string, code: CodeOf<403>) => new HttpError(code, message);
export const notFound = (message = 'Not found') => new HttpError('NOT_FOUND', message);
export const conflict = (message: string, code: CodeOf<409>) => new HttpError(code, message);
export const payloadTooLarge = (limit: number) =>
  new HttpError('PAYLOAD_TOO_LARGE', `Request body must be at most ${limit} bytes`);
export const unsupportedMediaType = () => new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
/** A 429 always says when to come back. */
export const tooManyRequests = (message: string, code: CodeOf<429>, retryAfterSeconds: number) =>
  new HttpError(code, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** zod issues as the error body's issue list. */
export function zodIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): NonNullable<ErrorBody['issues']> {
  return issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'number' ? p : String(p))), message: i.message }));
}
