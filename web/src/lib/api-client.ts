import { fillPath, type RouteBodyInput, type RouteDef, type RouteParams, type RouteQuery, type RouteResponse } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { ErrorBody } from '@torcedor/shared/schemas/common';
import { UNAVAILABLE_MESSAGE } from '@torcedor/shared/constants';
import { config } from '@/config';
import { takeEarlyRead } from './early-read-take';
import { serverErrorText, translateServerText } from './error-text';
import { intlLocale } from './i18n';
import { noteAnswer } from './saved-copy';

/**
 * A non-success answer. Its message is the status, a colon and a space, then the body text (or the
 * status text when the body is empty), as docs/product.md, "Messages" says; `body` is the parsed ErrorBody (docs/api.md).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ErrorBody | null,
    /** How long the server asked to wait before trying again (its Retry-After, in seconds), when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's human message, when it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }
}

/**
 * What the server said about a failure (the first field problem, else its message), if anything, in the app's
 * language (src/lib/error-text.ts): a message the web knows reads in it, else the error code's text (English shows
 * the server's own words). A 503, from the service or the edge, always reads as the unavailable message, never a
 * generic failure text.
 */
export function errorDetail(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 503) return translateServerText(UNAVAILABLE_MESSAGE);
  const first = error.body?.issues?.[0]?.message;
  return serverErrorText(error, error.status === 400 && first ? first : error.serverMessage ?? undefined);
}

/**
 * A Retry-After header in seconds: delta-seconds or an HTTP date (docs/api.md, 429 and 503 answers); null when the
 * header is missing or unreadable.
 */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | null {
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** What the server said about a failure (in the app's language), else the action's own fallback text. */
export const errorText = (error: unknown, fallback: string): string => errorDetail(error) ?? fallback;

type Opt<K extends string, T> = undefined extends T ? { [P in K]?: Exclude<T, undefined> } : { [P in K]: T };
export type CallInput<R extends RouteDef> = Opt<'params', RouteParams<R>> & Opt<'query', RouteQuery<R>> & Opt<'body', RouteBodyInput<R>>;

/**
 * The app's language, sent with every API request: the server writes VitolAI's answers and .ics files in it
 * (docs/i18n.md, "The server's part").
 */
const language = () => ({ 'accept-language': intlLocale() });

const NO_REFRESH = new Set<string>([routes.refreshSession.path, routes.login.path, routes.signup.path, routes.startTrial.path]);
let refreshing: Promise<boolean> | null = null;

/** Renews the session once for every caller waiting on it (the session cookie lives one hour). */
function refreshSession(): Promise<boolean> {
  refreshing ??= fetch(`${config.VITE_API_ORIGIN}${routes.refreshSession.path}`, {
    method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json', ...language() },
  }).then((r) => r.ok, () => false).finally(() => { refreshing = null; });
  return refreshing;
}

function url(route: RouteDef, params?: Record<string, string>, query?: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) search.set(k, String(v));
  const qs = search.toString();
  return `${config.VITE_API_ORIGIN}${fillPath(route.path, params)}${qs ? `?${qs}` : ''}`;
}

/**
 * Idempotency keys of creating requests (docs/api.md, "Idempotency"): one per action, that is per route, path
 * and body, kept while the action has no definite answer. A 503, an in-progress answer or no answer at all keeps
 * the key, so the member's retry of the same action reuses it and the server does the work at most once; any
 * other answer ends the action, and the next one gets a fresh key.
 */
const pendingKeys = new Map<string, string>();
const KEEP_KEY = new Set([503, 409]);

function send(route: RouteDef, input: { params?: unknown; query?: unknown; body?: unknown }, idempotencyKey?: string): Promise<Response> {
  const mutation = route.method !== 'GET';
  return fetch(url(route, input.params as Record<string, string>, input.query as Record<string, unknown>), {
    method: route.method,
    credentials: 'include',
    // State-changing calls always declare JSON (the server refuses other types: a CSRF guard); a body is sent only when present.
    headers: mutation ? { 'content-type': 'application/json', ...language(), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) } : language(),
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
  });
}

/** Sends a call, with its action's idempotency key on idempotent routes (a network failure keeps the key). */
async function sendKeyed(route: RouteDef, input: { params?: unknown; query?: unknown; body?: unknown }): Promise<Response> {
  if (!route.idempotent) return send(route, input);
  const action = `${route.method} ${fillPath(route.path, input.params as Record<string, string>)} ${JSON.stringify(input.body ?? null)}`;
  let key = pendingKeys.get(action);
  if (!key) pendingKeys.set(action, (key = crypto.randomUUID()));
  const res = await send(route, input, key);
  if (!KEEP_KEY.has(res.status) && res.status !== 401) pendingKeys.delete(action);
  return res;
}

/**
 * A 401 that says the session is gone (code UNAUTHORIZED), not a wrong password the member typed
 * (INVALID_CREDENTIALS): only the first is worth renewing the session for. Reads a copy of the answer.
 */
async function isExpiredSession(res: Response): Promise<boolean> {
  try {
    const body = (await res.clone().json()) as { code?: string };
    return body.code === undefined || body.code === 'UNAUTHORIZED';
  } catch {
    return true;
  }
}

/**
 * Calls one route of the manifest: path, method and types come from it, and the answer is validated by
 * the route's response schema. A 401 renews the session once and retries. A read the page already sent as it started
 * (early-reads.ts) is taken instead of sent again.
 */
export async function apiCall<R extends RouteDef>(route: R, ...args: [keyof CallInput<R>] extends [never] ? [] : [CallInput<R>] | []): Promise<RouteResponse<R>> {
  const input = (args[0] ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  const early = route.method === 'GET' ? takeEarlyRead(url(route, input.params as Record<string, string>, input.query as Record<string, unknown>)) : null;
  return answer(route, input, early);
}

async function answer<R extends RouteDef>(route: R, input: { params?: unknown; query?: unknown; body?: unknown }, sent: Promise<Response> | null): Promise<RouteResponse<R>> {
  let res: Response;
  try {
    res = await (sent ?? sendKeyed(route, input));
    if (res.status === 401 && !NO_REFRESH.has(route.path) && (await isExpiredSession(res)) && (await refreshSession())) res = await sendKeyed(route, input);
  } catch {
    // No answer at all (offline, the server down): the same as a 503 for the member.
    throw new ApiError(503, `503: ${UNAVAILABLE_MESSAGE}`, { message: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
  }
  // A read answered from the service worker's saved copy while offline is marked on the page (docs/installable.md).
  if (route.method === 'GET') noteAnswer(route.path, res);
  const text = await res.text();
  if (!res.ok) {
    let body: ErrorBody | null = null;
    try {
      const parsed = ErrorBody.safeParse(JSON.parse(text));
      body = parsed.success ? parsed.data : null;
    } catch { /* not JSON */ }
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, body, retryAfterSeconds(res.headers));
  }
  if (text === '') return undefined as RouteResponse<R>;
  return route.response.parse(JSON.parse(text)) as RouteResponse<R>;
}

/** The SHA-256 of a body, in hex: the CDN's access control to a stream function needs it on a POST (docs/api.md, "Streaming"). */
async function sha256Hex(text: string): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The server-sent events of a streamed answer, as they arrive (`event:` and `data:` lines, a blank line between). */
async function* serverEvents(res: Response): AsyncGenerator<{ event: string; data: string }> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      yield { event, data: data.join('\n') };
    }
    if (done) return;
  }
}

/**
 * Calls a streamed route (`stream: true`, docs/api.md "Streaming"): `onDelta` gets the answer's text as it is
 * written, and the promise the whole answer, validated by the route's response schema. Refusals before the first
 * byte are ApiErrors as with apiCall (a 401 renews the session once); a failure after it started is a 503 ApiError.
 */
export async function apiStream<R extends RouteDef>(route: R, input: { body: RouteBodyInput<R> }, onDelta: (text: string) => void): Promise<RouteResponse<R>> {
  const body = JSON.stringify(input.body);
  const hash = await sha256Hex(body);
  const post = () => fetch(url(route), {
    method: route.method, credentials: 'include', body,
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...language(), ...(hash ? { 'x-amz-content-sha256': hash } : {}) },
  });
  const unavailable = () => new ApiError(503, `503: ${UNAVAILABLE_MESSAGE}`, { message: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
  let res: Response;
  try {
    res = await post();
    if (res.status === 401 && (await isExpiredSession(res)) && (await refreshSession())) res = await post();
  } catch {
    throw unavailable();
  }
  if (!res.ok || !res.body) {
    const text = await res.text();
    let parsed: ErrorBody | null = null;
    try {
      const r = ErrorBody.safeParse(JSON.parse(text));
      parsed = r.success ? r.data : null;
    } catch { /* not JSON */ }
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, parsed, retryAfterSeconds(res.headers));
  }
  try {
    for await (const e of serverEvents(res)) {
      if (e.event === 'delta') onDelta((JSON.parse(e.data) as { text: string }).text);
      else if (e.event === 'done') return route.response.parse(JSON.parse(e.data)) as RouteResponse<R>;
      else if (e.event === 'error') {
        const failure = ErrorBody.safeParse(JSON.parse(e.data));
        throw new ApiError(503, `503: ${failure.success ? failure.data.message : UNAVAILABLE_MESSAGE}`, failure.success ? failure.data : null);
      }
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw unavailable();
  }
  throw unavailable();
}
