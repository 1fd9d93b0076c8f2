import { beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The kit's socket wrapper (services/kit/src/socket.ts) without I/O: the upgrade request's headers in any case, the
 * Origin rule, the routes' dispatch and the answers of failures. A session that verifies, and the connection kept,
 * are tried on DynamoDB Local and the local user pool by services/social/test/live.int.test.ts.
 */
const APP_ORIGIN = 'https://torcedor.example';
let socket: typeof import('../src/socket.ts');
let errors: typeof import('../src/errors.ts');

beforeAll(async () => {
  Object.assign(process.env, {
    TABLE_NAME: 'social-unit', SERVICE_NAME: 'social', EVENT_BUS_NAME: 'bus', AUTH_ISSUER: 'http://127.0.0.1:1/pool',
    AUTH_JWKS_URI: 'http://127.0.0.1:1/pool/.well-known/jwks.json', AUTH_CLIENT_ID: 'client', APP_ORIGIN, LOG_LEVEL: 'SILENT',
  });
  socket = await import('../src/socket.ts');
  errors = await import('../src/errors.ts');
});

type Route = '$connect' | '$disconnect' | '$default';
const event = (routeKey: Route, o: { headers?: Record<string, string>; multiValueHeaders?: Record<string, string[]>; body?: string; base64?: boolean } = {}) => ({
  requestContext: { routeKey, connectionId: 'conn-1', requestId: 'req-1', eventType: routeKey === '$connect' ? 'CONNECT' : 'MESSAGE' },
  ...(o.headers ? { headers: o.headers } : {}),
  ...(o.multiValueHeaders ? { multiValueHeaders: o.multiValueHeaders } : {}),
  ...(o.body !== undefined ? { body: o.base64 ? Buffer.from(o.body).toString('base64') : o.body } : {}),
  isBase64Encoded: !!o.base64,
}) as unknown as import('../src/socket.ts').SocketEvent;

type Ctx = { connectionId: string; requestId: string; frame?: unknown; rawBody?: string };
const handlers = () => ({ $connect: vi.fn(async (_c: Ctx) => {}), $disconnect: vi.fn(async (_c: Ctx) => {}), $default: vi.fn(async (_c: Ctx) => {}) });
const run = async (h: ReturnType<typeof handlers>, e: ReturnType<typeof event>) =>
  (await (socket.createSocketHandler('social', h) as unknown as (e: unknown, c: unknown) => Promise<{ statusCode: number }>)(e, {})).statusCode;

describe('the upgrade request', () => {
  it('reads headers whatever their case, single or multi-valued', () => {
    expect(socket.header(event('$connect', { headers: { Origin: 'https://a.example', COOKIE: 'x=1' } }), 'origin')).toBe('https://a.example');
    expect(socket.header(event('$connect', { headers: { COOKIE: 'x=1' } }), 'Cookie')).toBe('x=1');
    expect(socket.header(event('$connect', { multiValueHeaders: { Cookie: ['a=1', 'b=2'] } }), 'cookie')).toBe('a=1; b=2');
    expect(socket.header(event('$connect', {}), 'origin')).toBeUndefined();
  });

  it("admits no Origin, the app's origin and the origin of the host the request went to; refuses any other", () => {
    const allowed = (headers: Record<string, string>) => socket.upgradeOriginAllowed(event('$connect', { headers }), APP_ORIGIN);
    expect(allowed({})).toBe(true);
    expect(allowed({ Origin: APP_ORIGIN })).toBe(true);
    expect(allowed({ Origin: 'http://192.168.1.5:3000', Host: '192.168.1.5:3000' })).toBe(true);
    // Behind the CDN the viewer's host is X-Forwarded-Host (the execute-api Host is not the site's).
    expect(allowed({ Origin: 'https://d111.cloudfront.net', Host: 'abc.execute-api.us-east-1.amazonaws.com', 'X-Forwarded-Host': 'd111.cloudfront.net' })).toBe(true);
    expect(allowed({ Origin: 'https://evil.example', Host: 'abc.execute-api.us-east-1.amazonaws.com', 'X-Forwarded-Host': 'torcedor.example' })).toBe(false);
    expect(allowed({ Origin: 'https://evil.example' })).toBe(false);
    expect(allowed({ Origin: 'null', Host: 'torcedor.example' })).toBe(false);
  });
});

describe('createSocketHandler', () => {
  it('exists only for a service with a socket function', () => {
    expect(() => socket.createSocketHandler('humidor', handlers())).toThrow(/no socket function/);
  });

  it('refuses a cross-site page before anything else (403) and a socket without a session (401): the handler never runs', async () => {
    const h = handlers();
    expect(await run(h, event('$connect', { headers: { Origin: 'https://evil.example', Cookie: 'torcedor_session=abc' } }))).toBe(403);
    expect(await run(h, event('$connect', { headers: { Origin: APP_ORIGIN } }))).toBe(401);
    expect(await run(h, event('$connect', { headers: { Origin: APP_ORIGIN, Cookie: 'other=1' } }))).toBe(401);
    expect(h.$connect).not.toHaveBeenCalled();
  });

  it('gives $default the frame parsed (base64 too, undefined when not JSON) and $disconnect the connection', async () => {
    const h = handlers();
    expect(await run(h, event('$default', { body: '{"type":"ping"}' }))).toBe(200);
    expect(await run(h, event('$default', { body: '{"type":"ping"}', base64: true }))).toBe(200);
    expect(await run(h, event('$default', { body: 'ping?' }))).toBe(200);
    expect(h.$default.mock.calls.map(([c]) => [c.frame, c.rawBody])).toEqual([
      [{ type: 'ping' }, '{"type":"ping"}'], [{ type: 'ping' }, '{"type":"ping"}'], [undefined, 'ping?'],
    ]);
    expect(await run(h, event('$disconnect'))).toBe(200);
    expect(h.$disconnect).toHaveBeenCalledWith(expect.objectContaining({ connectionId: 'conn-1', requestId: 'req-1' }));
  });

  it("answers a DomainError with its status, a dependency's failure with 503 and anything else with 500", async () => {
    const failing = (err: unknown) => ({ ...handlers(), $default: vi.fn(async () => { throw err; }) });
    expect(await run(failing(errors.notFound()), event('$default', { body: '{}' }))).toBe(404);
    expect(await run(failing(Object.assign(new Error('slow'), { name: 'TimeoutError' })), event('$default', { body: '{}' }))).toBe(503);
    expect(await run(failing(new Error('bug')), event('$default', { body: '{}' }))).toBe(500);
  });
});
