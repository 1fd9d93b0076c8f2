import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { routeList } from '@torcedor/shared/routes';
import type { ServiceName } from '@torcedor/shared/services';
import { InvocationError } from '../lambda/runtime.ts';
import {
  MAX_GATEWAY_BODY_BYTES, buildHttpEvent, compileRoutes, jsonResponse, matchRoute, newRequestId, toGatewayResponse,
  type GatewayRequest, type GatewayResponse,
} from './api-event.ts';
import { securityHeaders } from './security.ts';
import type { StaticFile } from './static.ts';

export type Invoke = (service: ServiceName, event: unknown) => Promise<unknown>;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface GatewayOptions {
  port: number;
  invoke: Invoke;
  uploadsOrigin?: () => string | undefined;
  dev?: boolean;
  stripe?: boolean;
  accessLog?: boolean;
  log: (line: string) => void;
}

const routes = compileRoutes(routeList);

/**
 * The local edge: one HTTP server on PORT standing in for CloudFront + API Gateway. `/api/*` is
 * matched against the routes manifest and handed, as an API Gateway v2 event, to the owning service's
 * function; everything else is the SPA (built files, or Vite in dev mode).
 */
export class Gateway {
  readonly server: Server;
  private ready = false;
  private site: ((path: string, headers: IncomingMessage['headers']) => Promise<StaticFile>) | undefined;
  private vite: Middleware | undefined;
  private webMessage = 'Torcedor is starting…';
  private readonly sockets = new Set<Socket>();

  constructor(private readonly o: GatewayOptions) {
    this.server = createServer((req, res) => void this.handle(req, res));
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
    const path = q === -1 ? req.url : req.url.slice(0, q);
    const match = matchRoute(routes, req.method, path);
    if (!match) return jsonResponse(404, { message: 'Not found' });
    const requestId = newRequestId();
    const event = buildHttpEvent(req, match.route, match.params, requestId);
    let res: GatewayResponse;
    try {
      res = toGatewayResponse(await this.o.invoke(match.route.service, event));
    } catch (err) {
      const e = err as Error;
      this.o.log(`${match.route.service}: ${req.method} ${path} failed: ${e instanceof InvocationError && e.remoteStack ? e.remoteStack : e.message}`);
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
      if (pathname === '/api' || pathname.startsWith('/api/')) {
        const out = await this.handleApi(req, url);
        this.send(res, out, req.method === 'HEAD');
      } else {
        await this.handleWeb(req, res, pathname);
      }
    } catch (err) {
      this.o.log(`gateway error on ${req.method} ${pathname}: ${(err as Error).stack ?? String(err)}`);
      if (!res.headersSent) this.send(res, jsonResponse(500, { message: 'Internal Server Error' }), false);
      else res.destroy();
    }
  }

  private async handleApi(req: IncomingMessage, url: string): Promise<GatewayResponse> {
    if (!this.ready) return jsonResponse(503, { message: 'Starting' }, { 'retry-after': '1', 'cache-control': 'no-store' });
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_GATEWAY_BODY_BYTES) {
      req.resume();
      return jsonResponse(413, { message: 'Request Entity Too Large' }, { connection: 'close' });
    }
    const body = await readBody(req, MAX_GATEWAY_BODY_BYTES);
    if (body === null) return jsonResponse(413, { message: 'Request Entity Too Large' }, { connection: 'close' });
    const addr = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
    return this.api({
      method: req.method ?? 'GET',
      url,
      headers: req.headers,
      body,
      sourceIp: addr === '::1' ? '127.0.0.1' : addr,
      https: (req.socket as { encrypted?: boolean }).encrypted === true,
      port: this.o.port,
    });
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
