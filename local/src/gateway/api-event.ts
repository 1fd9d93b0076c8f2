import { randomBytes } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ServiceName } from '@torcedor/shared/services';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '@torcedor/shared/runtime';

/** API Gateway's own payload limit (the services enforce 64 KB themselves). */
export const MAX_GATEWAY_BODY_BYTES = 10 * 1024 * 1024;

export interface RouteLike {
  id: string;
  method: string;
  /** API Gateway syntax: /api/posts/{id}, greedy {proxy+} */
  path: string;
  service: ServiceName;
  /** Served by the service's stream function (response streaming), as the CDN routes it in AWS. */
  stream?: true;
}

type Segment = { kind: 'literal'; value: string } | { kind: 'param'; name: string } | { kind: 'greedy'; name: string };
export interface CompiledRoute extends RouteLike {
  segments: Segment[];
  routeKey: string;
}

/**
 * The routes made ready for matching, per method: a map of the routes without parameters (an exact hit is the most
 * specific match there is, so it is one lookup) beside the list of the others with their segments.
 */
export interface RouteTable {
  readonly byMethod: ReadonlyMap<string, { literal: ReadonlyMap<string, CompiledRoute>; patterned: readonly CompiledRoute[] }>;
}

export function compileRoutes(list: readonly RouteLike[]): RouteTable {
  const routes = list.map((r): CompiledRoute => ({
    ...r,
    routeKey: `${r.method} ${r.path}`,
    segments: r.path.split('/').slice(1).map((s): Segment => {
      const m = /^\{(\w+)(\+)?\}$/.exec(s);
      if (!m) return { kind: 'literal', value: s };
      return m[2] ? { kind: 'greedy', name: m[1]! } : { kind: 'param', name: m[1]! };
    }),
  }));
  const byMethod = new Map<string, { literal: Map<string, CompiledRoute>; patterned: CompiledRoute[] }>();
  for (const r of routes) {
    let m = byMethod.get(r.method);
    if (!m) byMethod.set(r.method, (m = { literal: new Map(), patterned: [] }));
    if (r.segments.every((s) => s.kind === 'literal')) m.literal.set(r.path, r);
    else m.patterned.push(r);
  }
  return { byMethod };
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

function matchPath(route: CompiledRoute, parts: string[]): { params: Record<string, string>; score: number[] } | null {
  const params: Record<string, string> = {};
  const score: number[] = [];
  for (let i = 0; i < route.segments.length; i++) {
    const seg = route.segments[i]!;
    if (seg.kind === 'greedy') {
      const rest = parts.slice(i);
      if (!rest.length || rest.some((p) => p === '')) return null;
      params[seg.name] = decode(rest.join('/'));
      score.push(0);
      return { params, score };
    }
    const part = parts[i];
    if (part === undefined || part === '') return null;
    if (seg.kind === 'literal') {
      if (seg.value !== part) return null;
      score.push(2);
    } else {
      params[seg.name] = decode(part);
      score.push(1);
    }
  }
  return parts.length === route.segments.length ? { params, score } : null;
}

const better = (a: number[], b: number[]) => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1);
    if (d) return d > 0;
  }
  return false;
};

/**
 * API Gateway route selection: the most specific route wins (literal segments over {param} over
 * {proxy+}); a path that matches no route for the method is a 404, as on an HTTP API.
 */
export function matchRoute(table: RouteTable, method: string, rawPath: string) {
  const forMethod = table.byMethod.get(method);
  if (!forMethod) return null;
  const exact = forMethod.literal.get(rawPath);
  if (exact) return { route: exact, params: {} as Record<string, string> };
  const parts = rawPath.split('/').slice(1);
  let best: { route: CompiledRoute; params: Record<string, string>; score: number[] } | null = null;
  for (const route of forMethod.patterned) {
    const m = matchPath(route, parts);
    if (m && (!best || better(m.score, best.score))) best = { route, ...m };
  }
  return best && { route: best.route, params: best.params };
}

/** Content types API Gateway passes as text; anything else arrives base64-encoded. */
export function isTextContentType(contentType: string | undefined): boolean {
  const t = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!t) return true;
  return t.startsWith('text/') || /^application\/([\w.-]+\+)?(json|xml)$/.test(t)
    || t === 'application/x-www-form-urlencoded' || t === 'application/javascript' || t === 'application/graphql';
}

export interface GatewayRequest {
  method: string;
  /** Path and query as received, e.g. /api/posts/1?x=y */
  url: string;
  /** Node's lower-cased headers (repeats joined, `cookie` joined with '; '). */
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  sourceIp: string;
  /** The client's port, for CloudFront-Viewer-Address. */
  sourcePort?: number;
  /** The origin secret, added as CloudFront adds it in AWS (LocalAws.originProof). */
  originProof?: string;
  https?: boolean;
  host?: string;
  port?: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
/** CLF time as in requestContext.time: 12/Mar/2020:19:03:58 +0000 */
export const clfTime = (d: Date) =>
  `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;

// Random bytes drawn in blocks: one system call per 341 request ids instead of one per request.
let pool = randomBytes(4092);
let at = 0;
export function newRequestId(): string {
  if (at + 12 > pool.length) {
    pool = randomBytes(4092);
    at = 0;
  }
  const id = pool.toString('base64', at, at + 12);
  at += 12;
  return id.replace(/[+/]/g, 'A').slice(0, 15) + '=';
}

/** The API Gateway HTTP API (payload format 2.0) event for a request matched to `route`. */
export function buildHttpEvent(
  req: GatewayRequest,
  route: CompiledRoute,
  pathParameters: Record<string, string>,
  requestId = newRequestId(),
  now = new Date(),
): APIGatewayProxyEventV2 {
  const q = req.url.indexOf('?');
  const rawPath = q === -1 ? req.url : req.url.slice(0, q);
  const rawQueryString = q === -1 ? '' : req.url.slice(q + 1);

  const headers: Record<string, string> = {};
  let cookies: string[] = [];
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    const value = Array.isArray(v) ? v.join(',') : v;
    if (k === 'cookie') {
      cookies = value.split(';').map((c) => c.trim()).filter(Boolean);
      continue;
    }
    headers[k] = value;
  }
  headers['x-forwarded-for'] = req.headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${req.sourceIp}` : req.sourceIp;
  // CloudFront's part (docs/architecture.md, "Client address"): the viewer's address from the socket, overwriting any
  // copy the client sent, and the origin secret that proves the request came through the edge.
  headers[VIEWER_ADDRESS_HEADER] = `${req.sourceIp.includes(':') ? `[${req.sourceIp}]` : req.sourceIp}:${req.sourcePort ?? 0}`;
  delete headers[ORIGIN_VERIFY_HEADER];
  if (req.originProof) headers[ORIGIN_VERIFY_HEADER] = req.originProof;
  headers['x-forwarded-proto'] = req.https ? 'https' : 'http';
  headers['x-forwarded-port'] = String(req.port ?? (req.https ? 443 : 80));

  let queryStringParameters: Record<string, string> | undefined;
  if (rawQueryString) {
    queryStringParameters = {};
    for (const [k, v] of new URLSearchParams(rawQueryString)) {
      queryStringParameters[k] = k in queryStringParameters ? `${queryStringParameters[k]},${v}` : v;
    }
  }

  const text = isTextContentType(headers['content-type']);
  const hasBody = req.body.length > 0;
  const host = (headers.host ?? req.host ?? 'localhost').replace(/:\d+$/, '');
  return {
    version: '2.0',
    routeKey: route.routeKey,
    rawPath,
    rawQueryString,
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: host,
      domainPrefix: host.split('.')[0]!,
      http: {
        method: req.method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: req.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: route.routeKey,
      stage: '$default',
      time: clfTime(now),
      timeEpoch: now.getTime(),
    },
    ...(hasBody ? { body: text ? req.body.toString('utf8') : req.body.toString('base64') } : {}),
    isBase64Encoded: hasBody && !text,
  };
}

export interface GatewayResponse {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
}

export const jsonResponse = (statusCode: number, body: unknown, headers: Record<string, string> = {}): GatewayResponse => ({
  statusCode,
  headers: { 'content-type': 'application/json', ...headers },
  cookies: [],
  body: Buffer.from(JSON.stringify(body)),
});

/**
 * A Lambda's answer as API Gateway (payload 2.0) turns it into an HTTP response: a structured result
 * ({statusCode, headers, cookies, body, isBase64Encoded}) as is; any other value becomes a 200 JSON body.
 */
export function toGatewayResponse(result: unknown): GatewayResponse {
  if (result && typeof result === 'object' && 'statusCode' in result) {
    const r = result as APIGatewayProxyStructuredResultV2;
    if (!Number.isInteger(r.statusCode) || r.statusCode! < 100 || r.statusCode! > 599) {
      return jsonResponse(500, { message: 'Internal Server Error' });
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = String(v);
    const body = r.body === undefined || r.body === null ? Buffer.alloc(0) : Buffer.from(String(r.body), r.isBase64Encoded ? 'base64' : 'utf8');
    return { statusCode: r.statusCode!, headers, cookies: r.cookies ?? [], body };
  }
  if (result === undefined || result === null) return { statusCode: 200, headers: {}, cookies: [], body: Buffer.alloc(0) };
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    cookies: [],
    body: Buffer.from(typeof result === 'string' ? result : JSON.stringify(result)),
  };
}
