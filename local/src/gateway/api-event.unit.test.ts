import { describe, expect, it } from 'vitest';
import { buildHttpEvent, clfTime, compileRoutes, isTextContentType, matchRoute, toGatewayResponse, type GatewayRequest } from './api-event.ts';

const routes = compileRoutes([
  { id: 'getPost', method: 'GET', path: '/api/posts/{id}', service: 'social' },
  { id: 'getFeedPosts', method: 'GET', path: '/api/posts/feed', service: 'social' },
  { id: 'like', method: 'POST', path: '/api/posts/{id}/like', service: 'social' },
  { id: 'files', method: 'GET', path: '/api/files/{proxy+}', service: 'identity' },
  { id: 'filesIndex', method: 'GET', path: '/api/files/index', service: 'identity' },
]);

const req = (over: Partial<GatewayRequest> = {}): GatewayRequest => ({
  method: 'GET', url: '/api/posts/1', headers: { host: 'localhost:3000' }, body: Buffer.alloc(0), sourceIp: '127.0.0.1', port: 3000, ...over,
});

describe('route matching (API Gateway rules)', () => {
  it('prefers literal segments over parameters, and matches the method', () => {
    expect(matchRoute(routes, 'GET', '/api/posts/feed')?.route.id).toBe('getFeedPosts');
    expect(matchRoute(routes, 'GET', '/api/posts/abc')).toMatchObject({ route: { id: 'getPost' }, params: { id: 'abc' } });
    expect(matchRoute(routes, 'POST', '/api/posts/abc/like')?.route.id).toBe('like');
    expect(matchRoute(routes, 'DELETE', '/api/posts/abc')).toBeNull();
  });
  it('decodes parameters and refuses empty segments and trailing slashes', () => {
    expect(matchRoute(routes, 'GET', '/api/posts/a%20b')?.params).toEqual({ id: 'a b' });
    expect(matchRoute(routes, 'GET', '/api/posts/')).toBeNull();
    expect(matchRoute(routes, 'GET', '/api/posts/1/')).toBeNull();
  });
  it('supports greedy {proxy+}', () => {
    expect(matchRoute(routes, 'GET', '/api/files/a/b/c.png')?.params).toEqual({ proxy: 'a/b/c.png' });
  });
  it('finds a route without parameters by its exact path, only for its method', () => {
    expect(matchRoute(routes, 'GET', '/api/files/index')).toEqual({ route: expect.objectContaining({ id: 'filesIndex' }), params: {} });
    expect(matchRoute(routes, 'POST', '/api/files/index')).toBeNull();
    expect(matchRoute(routes, 'GET', '/api/files/index/x')?.params).toEqual({ proxy: 'index/x' });
    expect(routes.byMethod.get('GET')?.literal.size).toBe(2);
  });
});

describe('payload 2.0 event', () => {
  it('has the fields API Gateway sends', () => {
    const route = matchRoute(routes, 'GET', '/api/posts/1')!;
    const e = buildHttpEvent(
      req({ url: '/api/posts/1?tag=a&tag=b&q=x%20y', headers: { host: 'localhost:3000', cookie: 'a=1; torcedor_session=t', 'user-agent': 'ua', 'x-custom': ['1', '2'] } }),
      route.route, route.params, 'rid', new Date('2026-03-12T19:03:58.123Z'),
    );
    expect(e).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/posts/{id}',
      rawPath: '/api/posts/1',
      rawQueryString: 'tag=a&tag=b&q=x%20y',
      cookies: ['a=1', 'torcedor_session=t'],
      queryStringParameters: { tag: 'a,b', q: 'x y' },
      pathParameters: { id: '1' },
      isBase64Encoded: false,
      requestContext: {
        requestId: 'rid', routeKey: 'GET /api/posts/{id}', stage: '$default', timeEpoch: Date.parse('2026-03-12T19:03:58.123Z'),
        time: '12/Mar/2026:19:03:58 +0000', domainName: 'localhost',
        http: { method: 'GET', path: '/api/posts/1', sourceIp: '127.0.0.1', userAgent: 'ua', protocol: 'HTTP/1.1' },
      },
    });
    expect(e.headers.cookie).toBeUndefined();
    expect(e.headers['x-custom']).toBe('1,2');
    expect(e.headers['x-forwarded-proto']).toBe('http');
    expect(e.body).toBeUndefined();
  });
  it('passes text bodies as text and binary ones base64-encoded', () => {
    const { route, params } = matchRoute(routes, 'POST', '/api/posts/1/like')!;
    const json = buildHttpEvent(req({ method: 'POST', url: '/api/posts/1/like', headers: { 'content-type': 'application/json' }, body: Buffer.from('{"a":1}') }), route, params);
    expect([json.body, json.isBase64Encoded]).toEqual(['{"a":1}', false]);
    const bin = buildHttpEvent(req({ method: 'POST', url: '/api/posts/1/like', headers: { 'content-type': 'image/png' }, body: Buffer.from([1, 2, 3]) }), route, params);
    expect([bin.body, bin.isBase64Encoded]).toEqual(['AQID', true]);
    expect(isTextContentType('application/vnd.api+json; charset=utf-8')).toBe(true);
    expect(isTextContentType('application/octet-stream')).toBe(false);
  });
  it("plays CloudFront's part: the viewer's address from the socket and the origin secret, whatever copies the client sent", () => {
    const { route, params } = matchRoute(routes, 'GET', '/api/posts/1')!;
    const spoofed = { host: 'localhost:3000', 'cloudfront-viewer-address': '1.2.3.4:1', 'x-torcedor-origin-verify': 'guess' };
    const e = buildHttpEvent(req({ headers: spoofed, sourceIp: '192.0.2.7', sourcePort: 51234, originProof: 'the-secret' }), route, params);
    expect(e.headers['cloudfront-viewer-address']).toBe('192.0.2.7:51234');
    expect(e.headers['x-torcedor-origin-verify']).toBe('the-secret');
    const noProof = buildHttpEvent(req({ headers: spoofed, sourceIp: '2001:db8::5', sourcePort: 443 }), route, params);
    expect(noProof.headers['cloudfront-viewer-address']).toBe('[2001:db8::5]:443');
    expect(noProof.headers['x-torcedor-origin-verify']).toBeUndefined();
  });
  it('formats requestContext.time like API Gateway', () => {
    expect(clfTime(new Date('2026-01-02T03:04:05Z'))).toBe('02/Jan/2026:03:04:05 +0000');
  });
});

describe('Lambda result to HTTP', () => {
  it('keeps a structured result, cookies and base64 bodies', () => {
    const r = toGatewayResponse({ statusCode: 201, headers: { 'Content-Type': 'application/json' }, cookies: ['a=1; HttpOnly'], body: '{"ok":true}' });
    expect([r.statusCode, r.headers['content-type'], r.cookies, r.body.toString()]).toEqual([201, 'application/json', ['a=1; HttpOnly'], '{"ok":true}']);
    expect(toGatewayResponse({ statusCode: 200, body: 'AQID', isBase64Encoded: true }).body).toEqual(Buffer.from([1, 2, 3]));
  });
  it('turns any other value into a 200 JSON body, and a bad status into a 500', () => {
    const r = toGatewayResponse({ status: 'ok' });
    expect([r.statusCode, r.headers['content-type'], r.body.toString()]).toEqual([200, 'application/json', '{"status":"ok"}']);
    expect(toGatewayResponse({ statusCode: 42 }).statusCode).toBe(500);
  });
});
