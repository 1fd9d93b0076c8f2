import { fillPath, type RouteBodyInput, type RouteDef, type RouteParams, type RouteQuery, type RouteResponse } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { ErrorBody } from '@torcedor/shared/schemas/common';
import { config } from '@/config';

/**
 * A non-success answer. Its message is the status, a colon and a space, then the body text (or the
 * status text when the body is empty), as docs/product.md, "Messages" says; `body` is the parsed ErrorBody (docs/api.md).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ErrorBody | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's human message, when it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }
}

/** The message of an error for a toast: the server's message when there is one. */
/** What the server said about a failure (the first field problem, else its message), if anything. */
export function errorDetail(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const first = error.body?.issues?.[0]?.message;
  return error.status === 400 && first ? first : error.serverMessage ?? undefined;
}

export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const first = error.body?.issues?.[0]?.message;
    if (error.status === 400 && first) return first;
    return error.serverMessage ?? fallback;
  }
  return fallback;
}

type Opt<K extends string, T> = undefined extends T ? { [P in K]?: Exclude<T, undefined> } : { [P in K]: T };
export type CallInput<R extends RouteDef> = Opt<'params', RouteParams<R>> & Opt<'query', RouteQuery<R>> & Opt<'body', RouteBodyInput<R>>;

const NO_REFRESH = new Set<string>([routes.refreshSession.path, routes.login.path, routes.signup.path, routes.startTrial.path]);
let refreshing: Promise<boolean> | null = null;

/** Renews the session once for every caller waiting on it (the session cookie lives one hour). */
function refreshSession(): Promise<boolean> {
  refreshing ??= fetch(`${config.VITE_API_ORIGIN}${routes.refreshSession.path}`, {
    method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' },
  }).then((r) => r.ok, () => false).finally(() => { refreshing = null; });
  return refreshing;
}

function url(route: RouteDef, params?: Record<string, string>, query?: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) search.set(k, String(v));
  const qs = search.toString();
  return `${config.VITE_API_ORIGIN}${fillPath(route.path, params)}${qs ? `?${qs}` : ''}`;
}

async function send(route: RouteDef, input: { params?: unknown; query?: unknown; body?: unknown }): Promise<Response> {
  const mutation = route.method !== 'GET';
  return fetch(url(route, input.params as Record<string, string>, input.query as Record<string, unknown>), {
    method: route.method,
    credentials: 'include',
    // State-changing calls always declare JSON (the server refuses other types: a CSRF guard); a body is sent only when present.
    headers: mutation ? { 'content-type': 'application/json' } : {},
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
  });
}

/**
 * Calls one route of the manifest: path, method and types come from it, and the answer is validated by
 * the route's response schema. A 401 renews the session once and retries.
 */
export async function apiCall<R extends RouteDef>(route: R, ...args: [keyof CallInput<R>] extends [never] ? [] : [CallInput<R>] | []): Promise<RouteResponse<R>> {
  const input = (args[0] ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  let res = await send(route, input);
  if (res.status === 401 && !NO_REFRESH.has(route.path) && (await refreshSession())) res = await send(route, input);
  const text = await res.text();
  if (!res.ok) {
    let body: ErrorBody | null = null;
    try {
      const parsed = ErrorBody.safeParse(JSON.parse(text));
      body = parsed.success ? parsed.data : null;
    } catch { /* not JSON */ }
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, body);
  }
  if (text === '') return undefined as RouteResponse<R>;
  return route.response.parse(JSON.parse(text)) as RouteResponse<R>;
}
