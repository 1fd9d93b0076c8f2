/**
 * Every error code the API answers with, and its one HTTP status. Services throw by code (the kit derives
 * the status from here), routes declare the domain codes they can give, and the OpenAPI document lists each
 * operation's codes under their status. The error body is `ErrorBody` (schemas/common.ts); docs/api.md
 * explains the rules.
 */
export const ERROR_CODES = {
  /** A path parameter, query or body failed its zod schema; `issues` says where. */
  VALIDATION: 400,
  MALFORMED_JSON: 400,
  /** A route that takes no body was sent one. */
  UNEXPECTED_BODY: 400,
  UNKNOWN_CIGAR: 400,
  WEAK_PASSWORD: 400,
  FUTURE_DATE: 400,
  IMPLAUSIBLE_DATE: 400,
  /** A member tried to follow themselves. */
  SELF_FOLLOW: 400,
  /** A member tried to message, or block, themselves. */
  SELF_MESSAGE: 400,
  SELF_BLOCK: 400,
  /** An emailed code that is wrong, used up (5 tries) or expired: one answer for all three. */
  INVALID_CODE: 400,
  /** An upload that is not the caller's, too large, or not a JPEG, PNG or WebP image by its bytes. */
  INVALID_UPLOAD: 400,
  /** A payment provider webhook whose signature, timestamp or body does not verify (nothing is changed). */
  BAD_SIGNATURE: 400,
  /** No valid session (message is exactly 'Unauthorized'). */
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  /** The card was declined or could not be authenticated; the message is the payment provider's. */
  PAYMENT_FAILED: 402,
  /** A state-changing request from another origin. */
  BAD_ORIGIN: 403,
  OWNER_ONLY: 403,
  UNDER_AGE: 403,
  TRIAL_ENDED: 403,
  HUMIDOR_LIMIT: 403,
  /** The member does not accept new followers (allowFollowRequests off). */
  FOLLOWS_CLOSED: 403,
  /** The recipient's 'Direct messages from' setting refuses the sender (or either blocked the other; never said which). */
  MESSAGES_CLOSED: 403,
  /** A premium feature (advanced analytics, exclusive content) asked for by a free member. */
  PREMIUM_REQUIRED: 403,
  /** A free member already hosts as many upcoming events as the free plan allows (docs/decisions.md). */
  HOSTING_LIMIT: 403,
  /** Posting, commenting, reviewing, hosting or an RSVP by a member whose email address is not verified yet. */
  EMAIL_UNVERIFIED: 403,
  /** An unknown id, or another member's private object. */
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  /** 'going' on an event whose seats are taken: the member is put on its waitlist (the message says where). */
  EVENT_FULL: 409,
  /** An RSVP to, or an edit of, an event that has already started. */
  EVENT_STARTED: 409,
  /** A member who already has a running paid subscription asked for another. */
  ALREADY_SUBSCRIBED: 409,
  /** A cancellation, or a payment confirmation, with no subscription of the member's to act on. */
  NOT_SUBSCRIBED: 409,
  /** Another request with the same Idempotency-Key is still running after the wait (docs/api.md). */
  IDEMPOTENCY_IN_PROGRESS: 409,
  /** An automation asked to run while a run of it holds its lease (docs/marketing.md, "Automations"). */
  AUTOMATION_RUNNING: 409,
  /** A draft already published or discarded was asked to change. */
  DRAFT_CLOSED: 409,
  /** A campaign email already being sent, or sent, was asked to change or to be sent again. */
  EMAIL_ALREADY_SENT: 409,
  /** A test email asked for by an owner whose own address is not verified (nowhere to send it). */
  NO_VERIFIED_ADDRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The Idempotency-Key was already used with another body. */
  IDEMPOTENCY_KEY_REUSED: 422,
  LOGIN_THROTTLED: 429,
  /** Too many sign-ups and trials from one address. */
  SIGNUP_THROTTLED: 429,
  RATE_LIMITED: 429,
  /** More direct messages in an hour, or new conversations in a day, than the sender's plan allows (Retry-After). */
  MESSAGE_LIMIT: 429,
  AI_DAILY_LIMIT: 429,
  /** Too many upload links asked for by one member in the last hour. */
  UPLOAD_LIMIT: 429,
  INTERNAL: 500,
  /** A dependency (database, bus, user pool, provider) did not answer in time: nothing was done, try again. */
  UNAVAILABLE: 503,
  /** The service's copy of the catalog lacks part of the published version: it is still filling or catching up (Retry-After). */
  CATALOG_LOADING: 503,
  /** No payment provider is configured in this deployment: premium cannot be bought (docs/decisions.md, "Billing"). */
  PAYMENTS_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
export type ErrorStatus = (typeof ERROR_CODES)[ErrorCode];
/** The codes answered with status S. */
export type CodeOf<S extends ErrorStatus> = { [K in ErrorCode]: (typeof ERROR_CODES)[K] extends S ? K : never }[ErrorCode];

/** Statuses whose answers carry a `Retry-After` header (seconds). */
export const RETRY_AFTER_STATUSES: readonly ErrorStatus[] = [429, 503];

export const ERROR_STATUS_TEXT: Record<ErrorStatus, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  402: 'Payment failed',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable: the idempotency key was used with another body',
  429: 'Too many requests',
  500: 'Unexpected error',
  503: 'Service temporarily unavailable',
};
