import type { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import type { ServiceName } from './services.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Access = 'public' | 'member' | 'owner';
/** Text answers a route may give instead of JSON, and their media types. */
export const TEXT_MEDIA_TYPES = { html: 'text/html', calendar: 'text/calendar', 'event-stream': 'text/event-stream' } as const;
export type TextAnswer = keyof typeof TEXT_MEDIA_TYPES;
type AnyObject = z.ZodType<Record<string, unknown>>;

/** One API route as data (docs/api.md). */
export interface RouteDef<
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
  S extends ServiceName = ServiceName,
> {
  method: HttpMethod;
  /** API Gateway syntax, e.g. /api/posts/{id}/like */
  path: `/api/${string}`;
  service: S;
  access: A;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Success status; 200 unless given. */
  status?: 200 | 201 | 202 | 204 | 302;
  /** The body is passed through unparsed (signed webhooks). */
  rawBody?: boolean;
  /** A browser navigation answered with a redirect (no JSON). */
  navigation?: boolean;
  /**
   * The answer is a text document of this kind, sent as it is (the response schema describes nothing then): an
   * HTML page, or an iCalendar file (RFC 5545).
   */
  text?: TextAnswer;
  /**
   * The success answer is written as it is produced, as server-sent events (docs/api.md, "Streaming"): `delta`
   * events with text, then one `done` event carrying the response schema (or an `error` event). Served by the
   * service's stream function (a Lambda function URL with response streaming, behind the CDN), not the HTTP API;
   * failures before the first byte are ordinary JSON error answers.
   */
  stream?: true;
  /** Answers from the function alone, with no dependency to wait for (never 503). */
  offline?: boolean;
  /**
   * A request that creates something or moves money: it takes an `Idempotency-Key` header, and a repeat with
   * the same key gives the first answer without doing the work again (docs/api.md, "Idempotency").
   */
  idempotent?: boolean;
  /**
   * Domain error codes the handler can answer with, beyond the ones every route of its shape gets from the
   * kit's checks (see errorCodesOf in errors.ts). Each code has one status.
   */
  errors?: readonly ErrorCode[];
}

/**
 * The requests the kit holds to the Origin and Content-Type rules (docs/api.md): state-changing methods, except
 * browser navigations. The kit's checks and the error answers the document declares both read this.
 */
export const isStateChanging = (r: Pick<RouteDef, 'method' | 'navigation'>) => r.method !== 'GET' && !r.navigation;

export function route<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
  S extends ServiceName = ServiceName,
>(def: RouteDef<P, Q, B, R, A, S>): RouteDef<P, Q, B, R, A, S> {
  return def;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type In<T> = T extends z.ZodType ? z.input<T> : undefined;
export type RouteParams<R> = R extends RouteDef<infer P, any, any, any, any, any> ? Out<P> : never;
export type RouteQuery<R> = R extends RouteDef<any, infer Q, any, any, any, any> ? Out<Q> : never;
export type RouteBody<R> = R extends RouteDef<any, any, infer B, any, any, any> ? Out<B> : never;
export type RouteBodyInput<R> = R extends RouteDef<any, any, infer B, any, any, any> ? In<B> : never;
export type RouteResponse<R> = R extends RouteDef<any, any, any, infer S, any, any> ? z.output<S> : never;

/** Path with {name} placeholders filled in, values URI-encoded. */
export function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = params?.[k];
    if (v === undefined) throw new Error(`missing path parameter ${k}`);
    return encodeURIComponent(v);
  });
}
