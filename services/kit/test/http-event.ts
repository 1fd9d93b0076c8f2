import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { assertDeclaredAnswer } from './contract.ts';

export interface TestRequest {
  body?: unknown;
  rawBody?: string;
  cookies?: string[];
  headers?: Record<string, string>;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  sourceIp?: string;
  /** The API request id (a random one when not given). */
  requestId?: string;
}

const randomAddress = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** An API Gateway v2 (payload 2.0) event as the HTTP API sends it to a service function. */
export function httpEvent(method: string, path: string, r: TestRequest = {}): APIGatewayProxyEventV2 {
  const body = r.rawBody ?? (r.body === undefined ? undefined : JSON.stringify(r.body));
  const headers: Record<string, string> = {
    ...(body !== undefined || ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? { 'content-type': 'application/json' } : {}),
    ...Object.fromEntries(Object.entries(r.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
  };
  const qs = new URLSearchParams(r.query ?? {}).toString();
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: qs,
    cookies: r.cookies,
    headers,
    queryStringParameters: r.query,
    pathParameters: r.pathParameters,
    requestContext: {
      accountId: '000000000000', apiId: 'test', domainName: 'localhost', domainPrefix: 'localhost',
      // Each request comes from its own client address unless the test names one (address-based limits).
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: r.sourceIp ?? randomAddress(), userAgent: 'vitest' },
      requestId: r.requestId ?? `req-${Math.random().toString(36).slice(2)}`, routeKey: `${method} ${path}`, stage: '$default',
      time: new Date().toISOString(), timeEpoch: Date.now(),
    },
    body,
    isBase64Encoded: false,
  };
}

type Handler = (event: APIGatewayProxyEventV2, context: any) => Promise<APIGatewayProxyStructuredResultV2 | string | object>;

/**
 * Calls a service handler and returns status, parsed JSON body (the text for other types), headers and
 * Set-Cookie values. Every answer is checked against the operation's declared answers (contract.ts).
 */
export async function call(handler: Handler, method: string, path: string, r: TestRequest = {}) {
  const res = (await handler(httpEvent(method, path, r), {})) as APIGatewayProxyStructuredResultV2;
  const text = typeof res.body === 'string' ? res.body : '';
  const headers = (res.headers ?? {}) as Record<string, string>;
  const isJson = (headers['content-type'] ?? 'application/json').startsWith('application/json');
  const answer = {
    status: res.statusCode ?? 200,
    body: (text ? (isJson ? JSON.parse(text) : text) : undefined) as any,
    headers,
    cookies: res.cookies ?? [],
  };
  assertDeclaredAnswer(method, path, answer);
  return answer;
}

/** `name=value` pairs of Set-Cookie values, ready to send back as a request's cookies. */
export function cookieJar(setCookies: string[]): string[] {
  return setCookies.map((c) => c.split(';')[0]!).filter((c) => !c.endsWith('='));
}
