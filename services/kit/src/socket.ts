import middy from '@middy/core';
import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { servicesWithSocket } from '@torcedor/shared/live';
import type { ServiceName } from '@torcedor/shared/services';
import { isDependencyFailure } from './aws.ts';
import { baseConfig } from './config.ts';
import { SESSION_COOKIE, readCookies } from './cookies.ts';
import { DomainError } from './errors.ts';
import { outboxRelay } from './events.ts';
import { originAllowed } from './origin.ts';
import { logger } from './logger.ts';
import { logMember, observability } from './observability.ts';
import { isRevoked } from './revocation.ts';
import { verifySession, type Session } from './session.ts';

/**
 * The socket function of a service (docs/architecture.md, "Live delivery"): API Gateway's WebSocket API sends it its
 * three routes, `$connect` (with the upgrade request's headers), `$disconnect` and `$default` (every frame the page
 * sends). The local gateway sends the same events at the same path.
 *
 * `$connect` is where the socket is authenticated, once, by the same rules as every HTTP route (http.ts): the session
 * cookie verified and its revocation marker read (always read, as a state-changing request does), and the Origin
 * checked as a state-changing request's is, since a browser sends the cookie on a WebSocket opened by any page
 * (cross-site WebSocket hijacking). Refused: 401 without a live session, 403 from another site's page; API Gateway
 * then closes the upgrade with that status and the handler is never called.
 */
export type SocketEvent = APIGatewayProxyWebsocketEventV2 & {
  /** The upgrade request's headers, on `$connect` only (API Gateway keeps their case: read them with `header`). */
  headers?: Record<string, string | undefined>;
  multiValueHeaders?: Record<string, string[] | undefined>;
};
export interface SocketResult { statusCode: number; body?: string }

export interface SocketCtx {
  connectionId: string;
  event: SocketEvent;
  requestId: string;
}
export interface ConnectCtx extends SocketCtx {
  /** The verified, unrevoked session of the upgrade request. */
  session: Session;
}
export interface FrameCtx extends SocketCtx {
  /** The frame's JSON (undefined when it is not JSON): the handler parses it with its zod schema. */
  frame: unknown;
  rawBody: string;
}
export interface SocketHandlers {
  /** Keeps the connection (the answer is 200 once it returns; a DomainError refuses it with its status). */
  $connect: (ctx: ConnectCtx) => Promise<void>;
  /** Forgets the connection; must be idempotent (API Gateway may not call it at all: keep connections with a TTL). */
  $disconnect: (ctx: SocketCtx) => Promise<void>;
  /** A frame from the page; anything to send back goes through the management API. */
  $default: (ctx: FrameCtx) => Promise<void>;
}

/** A header of the upgrade request, whatever its case (API Gateway's WebSocket events keep the client's). */
export function header(event: SocketEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(event.headers ?? {})) if (k.toLowerCase() === wanted && v !== undefined) return v;
  for (const [k, v] of Object.entries(event.multiValueHeaders ?? {})) if (k.toLowerCase() === wanted && v?.length) return v.join(wanted === 'cookie' ? '; ' : ',');
  return undefined;
}

/** The Origin rule of a state-changing request (origin.ts), on the upgrade request's headers. */
export function upgradeOriginAllowed(event: SocketEvent, appOrigin: string): boolean {
  return originAllowed(header(event, 'origin'), appOrigin, header(event, 'x-forwarded-host') ?? header(event, 'host'));
}

const answer = (statusCode: number): SocketResult => ({ statusCode });

/** A failure of a route: a DomainError's status, 503 when a dependency failed, else 500 (logged). */
function failure(err: unknown, routeKey: string): SocketResult {
  if (err instanceof DomainError) return answer(err.statusCode);
  if (isDependencyFailure(err)) {
    logger.warn('dependency unavailable', { error: err as Error, routeKey });
    return answer(503);
  }
  logger.error('unhandled error', { error: err as Error, routeKey });
  return answer(500);
}

async function connectRoute(event: SocketEvent, ctx: SocketCtx, fn: SocketHandlers['$connect'], appOrigin: string): Promise<SocketResult> {
  if (!upgradeOriginAllowed(event, appOrigin)) {
    logger.info('socket refused: cross-origin', { origin: header(event, 'origin') });
    return answer(403);
  }
  const token = readCookies(undefined, header(event, 'cookie'))[SESSION_COOKIE];
  const verified = await verifySession(token);
  // Opening a socket is treated as a state-changing request: the marker is always read, never an instance's recent check.
  if (!verified || (await isRevoked(verified))) return answer(401);
  logMember(verified.userId);
  await fn({ ...ctx, session: verified });
  return answer(200);
}

function parseFrame(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The socket function of `service` (one of `servicesWithSocket()`, shared/src/live.ts): the kit's observability (the
 * correlation id is the route request's id) and outbox relay around the route's handler.
 */
export function createSocketHandler(service: ServiceName, handlers: SocketHandlers) {
  if (!servicesWithSocket().includes(service)) throw new Error(`${service} has no socket function (shared/src/live.ts servicesWithSocket)`);
  const { APP_ORIGIN } = baseConfig();
  return middy<SocketEvent, SocketResult>()
    .use(observability<SocketEvent, SocketResult>((event) => event.requestContext?.requestId))
    .use(outboxRelay<SocketEvent, SocketResult>())
    .handler(async (event) => {
      const rc = event.requestContext;
      const ctx: SocketCtx = { connectionId: rc.connectionId, event, requestId: rc.requestId ?? '' };
      try {
        switch (rc.routeKey) {
          case '$connect':
            return await connectRoute(event, ctx, handlers.$connect, APP_ORIGIN);
          case '$disconnect':
            await handlers.$disconnect(ctx);
            return answer(200);
          default: {
            const raw = !event.body ? '' : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
            await handlers.$default({ ...ctx, rawBody: raw, frame: parseFrame(raw) });
            return answer(200);
          }
        }
      } catch (err) {
        return failure(err, rc.routeKey);
      }
    });
}
