import { ERROR_CODES, type ErrorCode, type ErrorStatus } from './errors.ts';
import { isStateChanging, type RouteDef } from './route.ts';

/**
 * The error codes a route can answer with: the ones every route of its shape gets from the kit's request
 * checks (access level, params, query, body), plus the domain codes its entry declares. Sorted by status.
 */
export function errorCodesOf(r: RouteDef): ErrorCode[] {
  const codes = new Set<ErrorCode>(['INTERNAL']);
  if (r.params || r.query || r.body) codes.add('VALIDATION');
  if (!r.rawBody) codes.add('MALFORMED_JSON');
  if (!r.rawBody && !r.body) codes.add('UNEXPECTED_BODY');
  if (r.body || r.rawBody) codes.add('PAYLOAD_TOO_LARGE');
  if (r.access !== 'public') codes.add('UNAUTHORIZED');
  if (r.access === 'owner') codes.add('OWNER_ONLY');
  if (r.params) codes.add('NOT_FOUND');
  if (isStateChanging(r)) {
    codes.add('BAD_ORIGIN');
    if (!r.rawBody) codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  if (!r.offline) codes.add('UNAVAILABLE');
  if (r.idempotent) {
    codes.add('IDEMPOTENCY_KEY_REUSED');
    codes.add('IDEMPOTENCY_IN_PROGRESS');
  }
  for (const c of r.errors ?? []) codes.add(c);
  return [...codes].sort((a, b) => ERROR_CODES[a] - ERROR_CODES[b] || a.localeCompare(b));
}

/** The route's codes grouped by status. */
export function errorStatusesOf(r: RouteDef): Map<ErrorStatus, ErrorCode[]> {
  const out = new Map<ErrorStatus, ErrorCode[]>();
  for (const c of errorCodesOf(r)) {
    const s = ERROR_CODES[c];
    out.set(s, [...(out.get(s) ?? []), c]);
  }
  return out;
}
