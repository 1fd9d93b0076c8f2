import type { ErrorBody } from '@torcedor/shared/schemas/common';

/** A failure with a defined HTTP answer. The error middleware maps it to DESIGN.md section 5 bodies. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly issues?: ErrorBody['issues'],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
  body(): ErrorBody {
    return { message: this.message, ...(this.code ? { code: this.code } : {}), ...(this.issues ? { issues: this.issues } : {}) };
  }
}

export const badRequest = (message: string, issues?: ErrorBody['issues'], code = 'VALIDATION') =>
  new HttpError(400, message, code, issues);
export const unauthorized = () => new HttpError(401, 'Unauthorized');
export const forbidden = (message = 'Forbidden', code?: string) => new HttpError(403, message, code);
export const notFound = (message = 'Not found') => new HttpError(404, message, 'NOT_FOUND');
export const conflict = (message: string, code = 'CONFLICT') => new HttpError(409, message, code);
export const payloadTooLarge = (limit: number) =>
  new HttpError(413, `Request body must be at most ${limit} bytes`, 'PAYLOAD_TOO_LARGE');
export const unsupportedMediaType = () =>
  new HttpError(415, 'Content-Type must be application/json', 'UNSUPPORTED_MEDIA_TYPE');
export const tooManyRequests = (message: string, code: string, retryAfterSeconds?: number) =>
  new HttpError(429, message, code, undefined, retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : {});

/** zod issues as the error body's issue list. */
export function zodIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): NonNullable<ErrorBody['issues']> {
  return issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'number' ? p : String(p))), message: i.message }));
}
