import { handleDevMail, isDevMailPath } from './dev-mail.ts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Readable, type Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { UPLOAD_CONTENT_TYPES, UPLOADS_PREFIX } from '@torcedor/shared/constants';
import { routeList } from '@torcedor/shared/routes';
import { LIVE_SERVICE } from '@torcedor/shared/live';
import { ObjectPath } from '@torcedor/shared/schemas/social';
import type { ServiceName } from '@torcedor/shared/services';
import { UPLOADS_BUCKET } from '../aws/local-aws.ts';
import { S3_HOST } from '../aws/s3.ts';
import { InvocationError, type StreamListeners } from '../lambda/runtime.ts';
import {
  MAX_GATEWAY_BODY_BYTES, buildHttpEvent, compileRoutes, jsonResponse, matchRoute, newRequestId, toGatewayResponse,
  type GatewayRequest, type GatewayResponse,
} from './api-event.ts';
import { LiveGateway, refuseUnhandledUpgrade, type LiveSocketEvent } from './live.ts';
import { securityHeaders } from './security.ts';
import type { StaticFile } from './static.ts';

export type Invoke = (service: ServiceName, event: unknown) => Promise<unknown>;
export type InvokeStream = (service: ServiceName, event: unknown, listeners: StreamListeners) => Promise<void>;
export type InvokeSocket = (service: ServiceName, event: LiveSocketEvent) => Promise<unknown>;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface GatewayOptions {
  port: number;
  invoke: Invoke;
  /** A stream function's invocation (routes with `stream: true`), like CloudFront in front of a function URL. */
  invokeStream?: InvokeStream;
  /**
   * The live service's socket function: with it, the gateway stands in for API Gateway's WebSocket API at LIVE_PATH
   * and its management API at /_live (live.ts).
   */
  invokeSocket?: InvokeSocket;
  /** Overrides of the WebSocket API's idle and maximum connection times (tests). */
  liveTimes?: { idleMs?: number; maxConnectionMs?: number };
  /** The S3 stand-in's endpoint (presigned POSTs go there; the gateway serves `/uploads/*` from its bucket). */
  uploadsOrigin?: () => string | undefined;
  /** The SES stand-in's endpoint: its inbox is served at /_dev/mail/ (dev-mail.ts). */
  mailOrigin?: () => string | undefined;
  dev?: boolean;
  stripe?: boolean;
  accessLog?: boolean;
  /** The origin secret the gateway adds to every /api request, as CloudFront does (LocalAws.originProof). */
  originProof?: string;
  log: (line: string) => void;
}

const routes = compileRoutes(routeList);
type RouteMatch = NonNullable<ReturnType<typeof matchRoute>>;

/**
 * Headers of a served upload, like CloudFront's `/uploads/*` behaviour: the stored type only when it is one of the
 * upload image types (anything else is an opaque download), never sniffed, shown inline, cached briefly by the
 * browser alone, and a CSP under which the object, opened on its own, can run nothing.
 */
const UPLOAD_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-disposition': 'inline',
  'cache-control': 'private, max-age=300',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
} as const;
const UPLOAD_TYPES = new Set<string>(UPLOAD_CONTENT_TYPES);
const UPLOADS_PATH = `/${UPLOADS_PREFIX}/`;

/**
 * The local edge: one HTTP server on PORT standing in for CloudFront + API Gateway. `/api/*` is
 * matched against the routes manifest and handed, as an API Gateway v2 event, to the owning service's
 * function; GET/HEAD `/uploads/*` is read from the uploads bucket of the S3 stand-in (same origin, as the
 * CDN serves it in AWS); a WebSocket at LIVE_PATH goes to the live service's socket function (live.ts); everything
 * else is the SPA (built files, or Vite in dev mode).
 */
export class Gateway {
  readonly server: Server;
  private ready = false;
  private site: ((path: string, headers: IncomingMessage['headers']) => Promise<StaticFile>) | undefined;
  private vite: Middleware | undefined;
  private webMessage = 'Torcedor is starting…';
  private readonly sockets = new Set<Socket>();
  /** API Gateway's WebSocket API and its management API, when the stack has a socket function. */
  readonly live: LiveGateway | undefined;

  constructor(private readonly o: GatewayOptions) {
    this.server = createServer((req, res) => void this.handle(req, res));
    if (o.invokeSocket) {
      const invokeSocket = o.invokeSocket;
      const live = new LiveGateway({
        invoke: (event) => invokeSocket(LIVE_SERVICE, event),
        log: o.log, ready: () => this.ready, originProof: o.originProof, port: o.port, ...o.liveTimes,
      });
      this.live = live;
      // Only LIVE_PATH is taken: any other upgrade is left to its own listener (Vite's HMR in dev mode), and refused
      // when there is none.
      this.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (live.handleUpgrade(req, socket, head)) return;
        if (this.server.listenerCount('upgrade') === 1) refuseUnhandledUpgrade(socket);
      });
    }
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.once('close', () => this.sockets.delete(s));
    });
    // `Expect: 100-continue` (curl, SDKs): refuse an oversized body before it is sent.
    this.server.on('checkContinue', (req, res) => {
      if (Number(req.headers['content-length'] ?? 0) > MAX_GATEWAY_BODY_BYTES) {
        for (const [k, v] of Object.entries(securityHeaders({ https: false, uploadsOrigin: this.o.uploadsOrigin?.(), dev: this.o.dev, stripe: this.o.stripe }))) res.setHeader(k, v);
        this.send(res, jsonResponse(413, { message: 'Request Entity Too Large' }, { connection: 'close' }), false);
        return;
      }
      res.writeContinue();
      void this.handle(req, res);
    });
    this.server.keepAliveTimeout = 5000;
  }

  listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', (err: NodeJS.ErrnoException) => {
        reject(err.code === 'EADDRINUSE' ? new Error(`port ${this.o.port} is in use: stop what uses it or set PORT`) : err);
      });
      this.server.listen(this.o.port, () => resolve());
    });
  }

  setReady(ready: boolean) {
    this.ready = ready;
  }
  setSite(site: Gateway['site']) {
    this.site = site;
  }
  setVite(vite: Middleware | undefined) {
    this.vite = vite;
  }
  setWebMessage(message: string) {
    this.webMessage = message;
  }

  /** An /api request through the same path as HTTP ones (used by the seed, which runs before ready). */
  async api(req: GatewayRequest): Promise<GatewayResponse> {
    const q = req.url.indexOf('?');
    return this.invokeRoute(req, matchRoute(routes, req.method, q === -1 ? req.url : req.url.slice(0, q)));
  }

  /** The matched route's function invoked with the request as its event (no route: a 404, as on an HTTP API). */
  private async invokeRoute(req: GatewayRequest, match: RouteMatch | null): Promise<GatewayResponse> {
    if (!match) return jsonResponse(404, { message: 'Not found' });
    const requestId = newRequestId();
    const event = buildHttpEvent({ ...req, originProof: this.o.originProof }, match.route, match.params, requestId);
    let res: GatewayResponse;
    try {
      res = toGatewayResponse(await this.o.invoke(match.route.service, event));
    } catch (err) {
      const e = err as Error;
      this.o.log(`${match.route.service}: ${req.method} ${event.rawPath} failed: ${e instanceof InvocationError && e.remoteStack ? e.remoteStack : e.message}`);
      res = e instanceof InvocationError && e.kind === 'timeout'
        ? jsonResponse(503, { message: 'Service Unavailable' })
        : jsonResponse(500, { message: 'Internal Server Error' });
    }
    res.headers['apigw-requestid'] = requestId;
    return res;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    const https = (req.socket as { encrypted?: boolean }).encrypted === true || req.headers['x-forwarded-proto'] === 'https';
    for (const [k, v] of Object.entries(securityHeaders({ https, uploadsOrigin: this.o.uploadsOrigin?.(), dev: this.o.dev, stripe: this.o.stripe }))) {
      res.setHeader(k, v);
    }
    const url = req.url ?? '/';
    const pathname = url.split('?')[0]!;
    if (this.o.accessLog && pathname.startsWith('/api')) {
      res.once('finish', () => {
        if (this.ready) this.o.log(`${req.method} ${url} ${res.statusCode} ${Math.round(performance.now() - started)} ms`);
      });
    }
    try {
      // Matched once: a streamed route goes to its stream function, any other to the service's HTTP function.
      const match = pathname.startsWith('/api/') ? matchRoute(routes, req.method ?? 'GET', pathname) : null;
      if (match?.route.stream && this.ready && this.o.invokeStream) {
        await this.handleStream(req, res, url, match.route, match.params);
      } else if (pathname === '/api' || pathname.startsWith('/api/')) {
        const out = await this.handleApi(req, url, match);
        this.send(res, out, req.method === 'HEAD');
      } else if (pathname.startsWith(UPLOADS_PATH)) {
        await this.handleUpload(req, res, pathname);
      } else if (this.live && LiveGateway.isManagementPath(pathname)) {
        await this.live.handleManagement(req, res);
      } else if (isDevMailPath(pathname)) {
        await handleDevMail(req, res, url, this.o.mailOrigin?.());
      } else {
        await this.handleWeb(req, res, pathname);
      }
    } catch (err) {
      this.o.log(`gateway error on ${req.method} ${pathname}: ${(err as Error).stack ?? String(err)}`);
      if (!res.headersSent) this.send(res, jsonResponse(500, { message: 'Internal Server Error' }), false);
      else res.destroy();
    }
  }

  /**
   * A streamed answer: the stream function's prelude becomes the status and headers, each chunk is written (and
   * flushed) as it comes, as CloudFront relays a function URL with response streaming.
   */
  private async handleStream(req: IncomingMessage, res: ServerResponse, url: string, route: RouteMatch['route'], params: Record<string, string>) {
    const body = await readBody(req, MAX_GATEWAY_BODY_BYTES);
    if (body === null) return this.send(res, jsonResponse(413, { message: 'Request Entity Too Large' }, { connection: 'close' }), false);
    const addr = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
    const requestId = newRequestId();
    const event = buildHttpEvent({
      method: req.method ?? 'POST', url, headers: req.headers, body, sourceIp: addr === '::1' ? '127.0.0.1' : addr,
      sourcePort: req.socket.remotePort, originProof: this.o.originProof,
      https: (req.socket as { encrypted?: boolean }).encrypted === true, port: this.o.port,
    }, route, params, requestId);
    try {
      await this.o.invokeStream!(route.service, event, {
        onHead: (prelude) => {
          res.statusCode = prelude.statusCode;
          for (const [k, v] of Object.entries(prelude.headers ?? {})) if (!(res.hasHeader(k) && k in SECURITY_KEYS)) res.setHeader(k, v);
          if (prelude.cookies?.length) res.setHeader('set-cookie', prelude.cookies);
          res.setHeader('x-amzn-requestid', requestId);
          res.flushHeaders();
        },
        onChunk: (data) => { res.write(data); },
      });
      res.end();
    } catch (err) {
      const e = err as Error;
      this.o.log(`${route.service}: ${req.method} ${url} stream failed: ${e instanceof InvocationError && e.remoteStack ? e.remoteStack : e.message}`);
      if (!res.headersSent) this.send(res, jsonResponse(500, { message: 'Internal Server Error' }), false);
      else res.end();
    }
  }

  private async handleApi(req: IncomingMessage, url: string, match: RouteMatch | null): Promise<GatewayResponse> {
    if (!this.ready) return jsonResponse(503, { message: 'Starting' }, { 'retry-after': '1', 'cache-control': 'no-store' });
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_GATEWAY_BODY_BYTES) {
      req.resume();
      return jsonResponse(413, { message: 'Request Entity Too Large' }, { connection: 'close' });
    }
    const body = await readBody(req, MAX_GATEWAY_BODY_BYTES);
    if (body === null) return jsonResponse(413, { message: 'Request Entity Too Large' }, { connection: 'close' });
    const addr = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
    return this.invokeRoute({
      method: req.method ?? 'GET',
      url,
      headers: req.headers,
      body,
      sourceIp: addr === '::1' ? '127.0.0.1' : addr,
      sourcePort: req.socket.remotePort,
      https: (req.socket as { encrypted?: boolean }).encrypted === true,
      port: this.o.port,
    }, match);
  }

  /** GET/HEAD `/uploads/<member>/<name>`: the object of the uploads bucket, with safe headers; 404 for anything else. */
  private async handleUpload(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const text = (statusCode: number, body: string, headers: Record<string, string> = {}) =>
      this.send(res, { statusCode, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers }, cookies: [], body: Buffer.from(body) }, req.method === 'HEAD');
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') return text(405, 'Method Not Allowed', { allow: 'GET, HEAD' });
    const objectPath = ObjectPath.safeParse(pathname.slice(1));
    const origin = this.o.uploadsOrigin?.();
    if (!objectPath.success) return text(404, 'Not found');
    if (!origin) return text(503, 'Starting', { 'retry-after': '1' });
    const conditional: Record<string, string> = {};
    for (const h of ['if-none-match', 'if-modified-since'] as const) {
      const v = req.headers[h];
      if (typeof v === 'string') conditional[h] = v;
    }
    const upstream = await fetch(`http://${S3_HOST}:${new URL(origin).port}/${UPLOADS_BUCKET}/${objectPath.data}`, {
      method: req.method,
      headers: conditional,
      signal: AbortSignal.timeout(10_000),
    });
    if (upstream.status !== 200 && upstream.status !== 304) {
      await upstream.body?.cancel();
      return upstream.status === 404 || upstream.status === 403 ? text(404, 'Not found') : text(502, 'Bad Gateway');
    }
    const stored = (upstream.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    res.statusCode = upstream.status;
    for (const [k, v] of Object.entries(UPLOAD_HEADERS)) res.setHeader(k, v);
    res.setHeader('content-type', UPLOAD_TYPES.has(stored) ? stored : 'application/octet-stream');
    for (const h of ['etag', 'last-modified', ...(upstream.status === 200 ? ['content-length'] : [])]) {
      const v = upstream.headers.get(h);
      if (v) res.setHeader(h, v);
    }
    if (req.method === 'HEAD' || upstream.status === 304 || !upstream.body) {
      await upstream.body?.cancel();
      res.end();
      return;
    }
    await pipeline(Readable.fromWeb(upstream.body as ReadableStream), res);
  }

  private async handleWeb(req: IncomingMessage, res: ServerResponse, pathname: string) {
    if (this.vite) {
      this.vite(req, res, () => this.send(res, { statusCode: 404, headers: { 'content-type': 'text/plain' }, cookies: [], body: Buffer.from('Not found') }, false));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      this.send(res, { statusCode: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain' }, cookies: [], body: Buffer.from('Method Not Allowed') }, false);
      return;
    }
    if (!this.site) {
      this.send(res, {
        statusCode: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1', 'cache-control': 'no-store' },
        cookies: [],
        body: Buffer.from(this.webMessage),
      }, req.method === 'HEAD');
      return;
    }
    const file = await this.site(pathname, req.headers);
    this.send(res, { statusCode: file.status, headers: file.headers, cookies: [], body: file.body }, req.method === 'HEAD');
  }

  private send(res: ServerResponse, out: GatewayResponse, head: boolean) {
    res.statusCode = out.statusCode;
    for (const [k, v] of Object.entries(out.headers)) {
      // CloudFront's policy overrides the origin's security headers.
      if (res.hasHeader(k) && k in SECURITY_KEYS) continue;
      res.setHeader(k, v);
    }
    if (out.cookies.length) res.setHeader('set-cookie', out.cookies);
    const noBody = head || out.statusCode === 204 || out.statusCode === 304;
    if (!noBody) res.setHeader('content-length', out.body.length);
    res.end(noBody ? undefined : out.body);
  }

  async close(): Promise<void> {
    this.ready = false;
    await this.live?.close();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeIdleConnections();
      setTimeout(() => {
        for (const s of this.sockets) s.destroy();
      }, 1000).unref();
    });
  }
}

const SECURITY_KEYS: Record<string, true> = {
  'x-content-type-options': true, 'x-frame-options': true, 'referrer-policy': true, 'content-security-policy': true, 'strict-transport-security': true,
};

/** The request body, or null once it exceeds `limit` bytes. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      if (over) return;
      size += c.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(over ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
