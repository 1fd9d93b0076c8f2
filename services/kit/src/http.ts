import middy from '@middy/core';
import httpRouterHandler from '@middy/http-router';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { IDEMPOTENCY_HEADER, MAX_BODY_BYTES, UNAVAILABLE_MESSAGE, type LanguageCode } from '@torcedor/shared/constants';
import { isStateChanging, type RouteBody, type RouteDef, type RouteParams, type RouteQuery, type RouteResponse } from '@torcedor/shared/route';
import { isDependencyFailure, UNAVAILABLE_RETRY_AFTER_SECONDS } from './aws.ts';
import { clientAddress } from './client-address.ts';
import { requestLanguage } from './language.ts';
import { memoUntilFailure } from './memo.ts';
import { baseConfig } from './config.ts';
import { outboxRelay } from './events.ts';
import { originAllowed } from './origin.ts';
import { idempotencyKeyOf, once } from './idempotency.ts';
import { SESSION_COOKIE, readCookies } from './cookies.ts';
import {
  DomainError, badRequest, forbidden, notFound, payloadTooLarge, unauthorized, unsupportedMediaType, zodIssues,
} from './errors.ts';
import { logger } from './logger.ts';
import { logMember, observability } from './observability.ts';
import { isRevoked } from './revocation.ts';
import { verifySession, type Session } from './session.ts';
import { entitlementKey, withEntitlement } from './entitlement.ts';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

/** A reply other than the route's JSON success: a redirect, a download, extra headers or cookies. */
export class Reply {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
    readonly cookies: string[] = [],
  ) {}
  static redirect(location: string, cookies: string[] = []) {
    return new Reply(302, undefined, { location }, cookies);
  }
  /** An HTML page, sent as it is. */
  static html(page: string, headers: Record<string, string> = {}) {
    return new Reply(200, page, { 'content-type': 'text/html; charset=utf-8', ...headers });
  }
}

/** One server-sent event of a streamed answer. */
export interface StreamEvent { event: 'delta' | 'done' | 'error'; data: unknown }

/**
 * A streamed success answer (routes with `stream: true`, docs/api.md "Streaming"): the events are written as the
 * iterable yields them. Whatever can fail before the first byte (checks, limits) must be done before returning it.
 */
export class StreamReply {
  constructor(readonly events: AsyncIterable<StreamEvent>) {}
}

/** Where a streamed answer's events ride on the function's result, for the stream wrapper (stream.ts). */
export const STREAM_EVENTS: unique symbol = Symbol('torcedor.stream');
export type StreamingResult = HttpResult & { [STREAM_EVENTS]?: AsyncIterable<StreamEvent> };

/** The SSE text of one event. */
export const sseText = (e: StreamEvent) => `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;

export interface Ctx<R extends RouteDef> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  /** The verified session: always present on member and owner routes. */
  session: R extends RouteDef<any, any, any, any, 'public', any> ? Session | null : Session;
  event: HttpEvent;
  rawBody: string;
  requestId: string;
  /** Set-Cookie values to add to the answer. */
  cookies: string[];
  /**
   * The member's real address, for per-address limits: the viewer's address when the request proves it came through
   * our edge, else the caller's own (client-address.ts). Read once per request, on first use.
   */
  clientAddress: () => Promise<string>;
  /** The request's Idempotency-Key on idempotent routes (null without one): ids of what it creates come from it. */
  idempotencyKey: string | null;
  /** The language the answer is asked in (Accept-Language, language.ts): what VitolAI answers and `.ics` files are written in. */
  language: LanguageCode;
}
/** A handler answers its route's JSON, a Reply, or (routes with `stream: true` only) a StreamReply. */
export type RouteHandler<R extends RouteDef> = (ctx: Ctx<R>) => Promise<RouteResponse<R> | Reply | StreamReply>;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function json(statusCode: number, body: unknown, headers: Record<string, string> = {}, cookies: string[] = []): HttpResult {
  const asIs = typeof body === 'string' && !headers['content-type']?.startsWith('application/json');
  return {
    statusCode,
    headers: { ...JSON_HEADERS, ...headers },
    ...(statusCode === 204 || body === undefined ? {} : { body: asIs ? body : JSON.stringify(body) }),
    ...(cookies.length ? { cookies } : {}),
  };
}

function decodeBody(event: HttpEvent): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/**
 * Size, origin and content type rules (docs/api.md). A route that takes no body answers an oversized one
 * as the unexpected body it is; the codes each route can give are derived in shared/src/errors.ts.
 */
function checkRequestShape(def: RouteDef, event: HttpEvent, rawBody: string, appOrigin: string) {
  if (Buffer.byteLength(rawBody, 'utf8') > MAX_BODY_BYTES) {
    throw def.body || def.rawBody ? payloadTooLarge(MAX_BODY_BYTES) : unexpectedBody();
  }
  if (!isStateChanging(def)) return;
  // Behind the CDN the viewer's host arrives as X-Forwarded-Host (a function URL's own Host is not the site's).
  if (!originAllowed(event.headers.origin, appOrigin, event.headers['x-forwarded-host'] ?? event.headers.host)) {
    throw forbidden('Cross-origin request refused', 'BAD_ORIGIN');
  }
  if (def.rawBody) return;
  const type = (event.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw unsupportedMediaType();
}

const unexpectedBody = () => badRequest('This request takes no body', undefined, 'UNEXPECTED_BODY');

function parseJson(raw: string): unknown {
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw badRequest('Malformed JSON body', undefined, 'MALFORMED_JSON');
  }
}

function parsePart(schema: RouteDef['params'], value: unknown, what: string): unknown {
  if (!schema) return {};
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw badRequest(`Invalid ${what}`, zodIssues(r.error.issues));
  return r.data;
}

function routeHandler(def: RouteDef, fn: RouteHandler<RouteDef>, appOrigin: string) {
  return async (event: HttpEvent): Promise<HttpResult> => {
    const rawBody = decodeBody(event);
    checkRequestShape(def, event, rawBody, appOrigin);
    const token = readCookies(event.cookies, event.headers.cookie)[SESSION_COOKIE];
    const verified = await verifySession(token);
    // Public routes take the session when there is one but do not pay for the revocation check; reads
    // may use this instance's recent check, state-changing requests always read the marker first. A read that
    // must look again runs its check beside the handler (reads change nothing): a revoked session's answer is
    // thrown away for the 401, so the check costs a read no sequential round trip.
    const read = def.method === 'GET' && !def.navigation;
    // A write's check reads the member's entitlement copy in the same BatchGetItem: limits need it, and it costs no
    // round trip of its own there (readEntitlement answers from it during this request).
    let entitlement: { item: Record<string, unknown> | null } | undefined;
    const alsoRead = verified && !read
      ? { keys: [entitlementKey(verified.userId)], found: (items: Record<string, unknown>[]) => { entitlement = { item: items[0] ?? null }; } }
      : undefined;
    const checking = verified && def.access !== 'public' ? isRevoked(verified, { read, ...(alsoRead ? { alsoRead } : {}) }) : undefined;
    const session = checking && !read && (await checking) ? null : verified;
    if (session) logMember(session.userId);
    if (def.access !== 'public' && !session) throw unauthorized();
    if (def.access === 'owner' && !session?.isOwner) throw forbidden('This area is restricted to platform administrators.', 'OWNER_ONLY');

    const params = parsePart(def.params, event.pathParameters, 'path parameters');
    const query = parsePart(def.query, event.queryStringParameters, 'query');
    let body: unknown;
    if (!def.rawBody) {
      const parsed = parseJson(rawBody);
      if (def.body) {
        const r = def.body.safeParse(parsed);
        if (!r.success) throw badRequest('Invalid request body', zodIssues(r.error.issues));
        body = r.data;
      } else if (parsed !== undefined && !(typeof parsed === 'object' && parsed && !Array.isArray(parsed) && Object.keys(parsed).length === 0)) {
        throw unexpectedBody();
      }
    }
    const idempotencyKey = def.idempotent && session ? idempotencyKeyOf(event.headers[IDEMPOTENCY_HEADER]) : null;
    const ctx = {
      params, query, body, session, event, rawBody, cookies: [] as string[], idempotencyKey,
      requestId: event.requestContext?.requestId ?? '',
      clientAddress: memoUntilFailure(() => clientAddress(event)),
      language: requestLanguage(event.headers['accept-language']),
    } as Ctx<RouteDef>;
    const answer = async (): Promise<HttpResult> => {
      const out = await (session && entitlement ? withEntitlement(session.userId, entitlement.item, () => fn(ctx)) : fn(ctx));
      if (out instanceof StreamReply) {
        if (!def.stream) throw new Error(`${def.method} ${def.path} is not a streamed route (stream: true in the routes manifest)`);
        const streamed: StreamingResult = {
          statusCode: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
          ...(ctx.cookies.length ? { cookies: ctx.cookies } : {}), [STREAM_EVENTS]: out.events,
        };
        return streamed;
      }
      if (out instanceof Reply) {
        if (out.statusCode === 302) return { statusCode: 302, headers: { 'cache-control': 'no-store', ...out.headers }, cookies: [...ctx.cookies, ...out.cookies] };
        return json(out.statusCode, out.body, out.headers, [...ctx.cookies, ...out.cookies]);
      }
      return json(def.status ?? 200, out, {}, ctx.cookies);
    };
    if (checking && read) {
      const [revoked, out] = await Promise.allSettled([checking, answer()]);
      if (revoked.status === 'rejected') throw revoked.reason;
      if (revoked.value) throw unauthorized();
      if (out.status === 'rejected') throw out.reason;
      return out.value;
    }
    if (!idempotencyKey || !session) return answer();
    // The same member, route, path and body make the same request; its first answer is kept for the repeats.
    const fingerprint = `${def.method} ${def.path}\n${JSON.stringify(params)}\n${JSON.stringify(body ?? null)}`;
    const result = await once(session.userId, idempotencyKey, fingerprint, async () => {
      const r = await answer();
      return { statusCode: r.statusCode ?? 200, body: typeof r.body === 'string' ? r.body : undefined, headers: (r.headers ?? {}) as Record<string, string> };
    });
    return { statusCode: result.statusCode, headers: { ...result.headers, ...(result.replayed ? { 'idempotent-replayed': 'true' } : {}) }, ...(result.body !== undefined ? { body: result.body } : {}) };
  };
}

/** Maps every failure to an ErrorBody (docs/api.md); nothing unexpected leaks beyond a generic message. */
const errorMiddleware = (): middy.MiddlewareObj<HttpEvent, HttpResult> => ({
  onError: async (request) => {
    const err = request.error;
    if (err instanceof DomainError) {
      request.response = json(err.statusCode, err.body(), err.headers);
      return;
    }
    if (isDependencyFailure(err)) {
      // Nothing the member did wrong, and nothing half-done: a write either committed whole or not at all.
      logger.warn('dependency unavailable', { error: err as Error, path: request.event.rawPath });
      request.response = json(503, { message: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' }, { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
      return;
    }
    logger.error('unhandled error', { error: err as Error, path: request.event.rawPath });
    request.response = json(500, { message: 'Something went wrong. Please try again.', code: 'INTERNAL' });
  },
});

/**
 * The HTTP function of a service: a router built from the service's own table of the routes manifest
 * (shared/src/routes/<service>.ts, so the bundle carries no other service's routes or schemas), each route with
 * request checks, session and access, zod parsing, then its handler.
 */
export function createHttpHandler<T extends Record<string, RouteDef>>(routes: T, handlers: { [K in keyof T]: RouteHandler<T[K]> }) {
  const { APP_ORIGIN } = baseConfig();
  const table = Object.entries(routes).map(([id, def]) => ({
    method: def.method,
    path: def.path,
    handler: routeHandler(def, (handlers as Record<string, RouteHandler<RouteDef>>)[id]!, APP_ORIGIN),
  }));
  return middy<HttpEvent, HttpResult>()
    .use(observability<HttpEvent, HttpResult>((event) => event.requestContext?.requestId))
    .use(outboxRelay<HttpEvent, HttpResult>())
    .use(errorMiddleware())
    .handler(
      httpRouterHandler<HttpEvent, HttpResult>({
        routes: table,
        notFoundResponse: () => {
          throw notFound('No such route');
        },
      }),
    );
}
