import { randomBytes } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { LIVE_PATH } from '@torcedor/shared/live';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '@torcedor/shared/runtime';
import { clfTime, newRequestId } from './api-event.ts';

/**
 * The local stand-in of API Gateway's WebSocket API (docs/architecture.md, "Live delivery"): upgrades at LIVE_PATH
 * become $connect / $default / $disconnect invocations of the live service's socket function with the events API
 * Gateway sends, and the management API (`@connections`) is served under LIVE_MANAGEMENT_PATH, where the service's
 * LIVE_ENDPOINT points on this machine. Only the local gateway has that path: it is never deployed.
 */

/** The management API's stand-in: `POST|GET|DELETE /_live/@connections/{connectionId}`, loopback callers only. */
export const LIVE_MANAGEMENT_PATH = '/_live';
/** API Gateway's limit on a WebSocket message (and on a PostToConnection payload): 128 KB. */
export const LIVE_MAX_MESSAGE_BYTES = 128 * 1024;
/** API Gateway closes a connection after 10 minutes without a frame from the client, and any after 2 hours. */
export const LIVE_IDLE_MS = 10 * 60_000;
export const LIVE_MAX_CONNECTION_MS = 2 * 60 * 60_000;
/** The stage of the WebSocket API (infra/src/constructs/live-socket.ts, LIVE_STAGE): the events carry it. */
const STAGE = 'live';
const API_ID = 'local';

/** API Gateway's WebSocket event (payload of a Lambda proxy integration) for one route. */
export interface LiveSocketEvent {
  requestContext: {
    routeKey: '$connect' | '$default' | '$disconnect';
    eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT';
    messageId?: string;
    extendedRequestId: string;
    requestTime: string;
    messageDirection: 'IN';
    stage: string;
    connectedAt: number;
    requestTimeEpoch: number;
    requestId: string;
    domainName: string;
    connectionId: string;
    apiId: string;
    identity?: { sourceIp: string; userAgent?: string };
    disconnectStatusCode?: number;
    disconnectReason?: string;
  };
  headers?: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
  queryStringParameters?: Record<string, string>;
  multiValueQueryStringParameters?: Record<string, string[]>;
  body?: string;
  isBase64Encoded: boolean;
}

export interface LiveOptions {
  /** The socket function's invocation (the live service's `socket` function). */
  invoke: (event: LiveSocketEvent) => Promise<unknown>;
  log: (line: string) => void;
  /** False while the services load: an upgrade then answers 503, as /api does. */
  ready?: () => boolean;
  /** The origin secret CloudFront adds to what it forwards (LocalAws.originProof). */
  originProof?: string;
  /** The gateway's port, for x-forwarded-port. */
  port?: number;
  /** Overrides of API Gateway's idle (10 minutes) and maximum (2 hours) connection times, for tests. */
  idleMs?: number;
  maxConnectionMs?: number;
}

interface Connection {
  id: string;
  ws: WebSocket;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
  domainName: string;
  timers: NodeJS.Timeout[];
  idle: NodeJS.Timeout | undefined;
}

/** An invocation's failure as the runtime reports it (InvocationError of lambda/runtime.ts: a kind, the function's stack). */
const failure = (err: unknown) => {
  const e = err as { message?: string; kind?: string; remoteStack?: string };
  return { timeout: e.kind === 'timeout', text: e.remoteStack ?? e.message ?? String(err) };
};

/** A connection id like API Gateway's: 16 characters of base64 ending in '=' (e.g. `L0SM9cOFvHcCIhw=`). */
export function newConnectionId(): string {
  return randomBytes(12).toString('base64').replace(/[+/]/g, 'A').slice(0, 15) + '=';
}

const isLoopback = (address: string | undefined) => {
  const a = (address ?? '').replace(/^::ffff:/, '');
  return a === '::1' || a.startsWith('127.');
};
const clientAddress = (req: IncomingMessage) => {
  const a = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return a === '::1' ? '127.0.0.1' : a;
};

/** An API Gateway answer to an upgrade it refuses: the status, a JSON body, and the socket closed. */
function refuseUpgrade(socket: Duplex, statusCode: number, body: string, contentType = 'application/json') {
  if (!socket.writable) return void socket.destroy();
  const text = Buffer.from(body);
  socket.write(
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? 'Error'}\r\n`
    + `content-type: ${contentType}\r\ncontent-length: ${text.length}\r\nconnection: close\r\n\r\n`,
  );
  socket.end(text);
}

/** The status a $connect invocation's result means: a structured result's own, 200 for anything else. */
function connectAnswer(result: unknown): { statusCode: number; headers: Record<string, string>; body: string } {
  if (result && typeof result === 'object' && 'statusCode' in result) {
    const r = result as { statusCode?: unknown; headers?: Record<string, unknown>; body?: unknown };
    const ok = typeof r.statusCode === 'number' && Number.isInteger(r.statusCode) && r.statusCode >= 100 && r.statusCode <= 599;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = String(v);
    return ok
      ? { statusCode: r.statusCode as number, headers, body: typeof r.body === 'string' ? r.body : '' }
      : { statusCode: 500, headers: {}, body: JSON.stringify({ message: 'Internal server error' }) };
  }
  return { statusCode: 200, headers: {}, body: '' };
}

/**
 * The WebSocket half of the local edge. `handleUpgrade` takes upgrades at LIVE_PATH (and answers false for any other
 * path, left to whoever else listens); `handleManagement` serves LIVE_MANAGEMENT_PATH.
 */
export class LiveGateway {
  private readonly connections = new Map<string, Connection>();
  /** The subprotocol the $connect answer chose, per upgrade request (API Gateway passes the function's header on). */
  private readonly protocols = new WeakMap<IncomingMessage, string>();
  private readonly wss: WebSocketServer;
  private closing = false;

  constructor(private readonly o: LiveOptions) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: LIVE_MAX_MESSAGE_BYTES,
      perMessageDeflate: false,
      clientTracking: false,
      handleProtocols: (_offered, req) => this.protocols.get(req) ?? false,
    });
  }

  get size() {
    return this.connections.size;
  }

  static isLivePath(url: string | undefined) {
    return (url ?? '/').split('?')[0] === LIVE_PATH;
  }

  static isManagementPath(pathname: string) {
    return pathname === LIVE_MANAGEMENT_PATH || pathname.startsWith(`${LIVE_MANAGEMENT_PATH}/`);
  }

  /** An upgrade at LIVE_PATH: $connect decides, as API Gateway does. False (untouched) for any other path. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    if (!LiveGateway.isLivePath(req.url)) return false;
    socket.on('error', () => undefined);
    void this.connect(req, socket, head).catch((err: Error) => {
      this.o.log(`live: $connect failed: ${err.stack ?? err.message}`);
      refuseUpgrade(socket, 500, JSON.stringify({ message: 'Internal server error' }));
    });
    return true;
  }

  private async connect(req: IncomingMessage, socket: Duplex, head: Buffer) {
    if (this.closing) return refuseUpgrade(socket, 410, JSON.stringify({ message: 'Gone' }));
    if (this.o.ready && !this.o.ready()) return refuseUpgrade(socket, 503, JSON.stringify({ message: 'Starting' }));
    if (req.method !== 'GET' || (req.headers.upgrade ?? '').toLowerCase() !== 'websocket' || !req.headers['sec-websocket-key']) {
      return refuseUpgrade(socket, 400, JSON.stringify({ message: 'Bad Request' }));
    }
    const id = newConnectionId();
    const connectedAt = Date.now();
    const sourceIp = clientAddress(req);
    const domainName = (req.headers.host ?? 'localhost').replace(/:\d+$/, '');
    const event = this.connectEvent(req, id, connectedAt, sourceIp, domainName);
    let answer: ReturnType<typeof connectAnswer>;
    try {
      answer = connectAnswer(await this.o.invoke(event));
    } catch (err) {
      const { timeout, text } = failure(err);
      this.o.log(`live: $connect ${id} failed: ${text}`);
      return refuseUpgrade(socket, timeout ? 504 : 500, JSON.stringify({ message: timeout ? 'Endpoint request timed out' : 'Internal server error' }));
    }
    if (answer.statusCode < 200 || answer.statusCode > 299) {
      return refuseUpgrade(socket, answer.statusCode, answer.body, answer.headers['content-type'] ?? 'application/json');
    }
    const conn: Connection = {
      id, ws: undefined as unknown as WebSocket, connectedAt, lastActiveAt: connectedAt, sourceIp, domainName,
      userAgent: req.headers['user-agent'] ?? '', timers: [], idle: undefined,
    };
    if (!socket.readable || !socket.writable || this.closing) {
      // The client left while $connect ran: the function still hears of it, as in AWS.
      socket.destroy();
      return void this.disconnect(conn, 1006, 'Client left before the connection opened');
    }
    const protocol = answer.headers['sec-websocket-protocol'];
    if (protocol) this.protocols.set(req, protocol);
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      conn.ws = ws;
      this.connections.set(id, conn);
      this.opened(conn);
    });
  }

  private opened(conn: Connection) {
    const { ws } = conn;
    const touch = () => {
      conn.lastActiveAt = Date.now();
      clearTimeout(conn.idle);
      conn.idle = setTimeout(() => ws.close(1001, 'Going away'), this.o.idleMs ?? LIVE_IDLE_MS);
      conn.idle.unref();
    };
    touch();
    const max = setTimeout(() => ws.close(1001, 'Going away'), this.o.maxConnectionMs ?? LIVE_MAX_CONNECTION_MS);
    max.unref();
    conn.timers.push(max);
    // A message over 128 KB: ws closes the socket with 1009 (maxPayload), as API Gateway does.
    ws.on('error', (err) => this.o.log(`live: ${conn.id}: ${err.message}`));
    ws.on('ping', touch);
    ws.on('message', (data: RawData, binary: boolean) => {
      touch();
      void this.message(conn, data, binary);
    });
    ws.once('close', (code: number, reason: Buffer) => {
      clearTimeout(conn.idle);
      for (const t of conn.timers) clearTimeout(t);
      this.connections.delete(conn.id);
      void this.disconnect(conn, code, reason.toString('utf8'));
    });
  }

  private base(conn: Pick<Connection, 'id' | 'connectedAt' | 'domainName'>, routeKey: LiveSocketEvent['requestContext']['routeKey'], eventType: LiveSocketEvent['requestContext']['eventType']) {
    const now = new Date();
    const requestId = newRequestId();
    return {
      routeKey, eventType, extendedRequestId: requestId, requestTime: clfTime(now), messageDirection: 'IN' as const, stage: STAGE,
      connectedAt: conn.connectedAt, requestTimeEpoch: now.getTime(), requestId, domainName: conn.domainName, connectionId: conn.id, apiId: API_ID,
    };
  }

  /**
   * $connect: the handshake's headers as CloudFront forwards them (lower-case), with the edge's own: the viewer's
   * address and the origin secret (docs/architecture.md, "Client address"), as on every /api request.
   */
  private connectEvent(req: IncomingMessage, id: string, connectedAt: number, sourceIp: string, domainName: string): LiveSocketEvent {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (v === undefined) continue;
      headers[k] = Array.isArray(v) ? v.join(',') : v;
    }
    headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${sourceIp}` : sourceIp;
    headers[VIEWER_ADDRESS_HEADER] = `${sourceIp.includes(':') ? `[${sourceIp}]` : sourceIp}:${req.socket.remotePort ?? 0}`;
    delete headers[ORIGIN_VERIFY_HEADER];
    if (this.o.originProof) headers[ORIGIN_VERIFY_HEADER] = this.o.originProof;
    const https = (req.socket as { encrypted?: boolean }).encrypted === true;
    headers['x-forwarded-proto'] = https ? 'https' : 'http';
    headers['x-forwarded-port'] = String(this.o.port ?? (https ? 443 : 80));
    const multiValueHeaders: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(headers)) multiValueHeaders[k] = [v];

    const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
    const multiQuery: Record<string, string[]> = {};
    for (const [k, v] of query) (multiQuery[k] ??= []).push(v);
    const queryParams = Object.fromEntries(Object.entries(multiQuery).map(([k, v]) => [k, v[v.length - 1]!]));
    return {
      requestContext: {
        ...this.base({ id, connectedAt, domainName }, '$connect', 'CONNECT'),
        identity: { sourceIp, userAgent: headers['user-agent'] ?? '' },
      },
      headers,
      multiValueHeaders,
      ...(Object.keys(multiQuery).length ? { queryStringParameters: queryParams, multiValueQueryStringParameters: multiQuery } : {}),
      isBase64Encoded: false,
    };
  }

  /** A frame from the client: $default with its text (a binary frame base64-encoded). */
  private async message(conn: Connection, data: RawData, binary: boolean) {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    const context = { ...this.base(conn, '$default', 'MESSAGE'), messageId: newRequestId() };
    const event: LiveSocketEvent = {
      requestContext: context,
      body: binary ? bytes.toString('base64') : bytes.toString('utf8'),
      isBase64Encoded: binary,
    };
    try {
      // No route response is configured (infra/src/constructs/live-socket.ts): what the function returns goes nowhere.
      await this.o.invoke(event);
    } catch (err) {
      this.o.log(`live: $default ${conn.id} failed: ${failure(err).text}`);
      // What API Gateway sends the client when the integration fails.
      if (conn.ws.readyState === WebSocket.OPEN) {
        conn.ws.send(JSON.stringify({ message: 'Internal server error', connectionId: conn.id, requestId: context.requestId }));
      }
    }
  }

  /** $disconnect, once per connection, best effort (as API Gateway: the function may miss it, and items have a TTL). */
  private async disconnect(conn: Pick<Connection, 'id' | 'connectedAt' | 'domainName' | 'sourceIp' | 'userAgent'>, code: number, reason: string) {
    const event: LiveSocketEvent = {
      requestContext: {
        ...this.base(conn, '$disconnect', 'DISCONNECT'),
        identity: { sourceIp: conn.sourceIp, userAgent: conn.userAgent },
        disconnectStatusCode: code,
        disconnectReason: reason,
      },
      headers: { host: conn.domainName, 'x-forwarded-for': conn.sourceIp },
      multiValueHeaders: { host: [conn.domainName], 'x-forwarded-for': [conn.sourceIp] },
      isBase64Encoded: false,
    };
    try {
      await this.o.invoke(event);
    } catch (err) {
      if (!this.closing) this.o.log(`live: $disconnect ${conn.id} failed: ${(err as Error).message}`);
    }
  }

  /**
   * The management API, as `@aws-sdk/client-apigatewaymanagementapi` calls it with LIVE_ENDPOINT as its endpoint:
   * POST sends the body as a text frame, GET describes the connection, DELETE closes it; an unknown or closed
   * connection is 410 GoneException. Loopback callers only (the service functions on this machine).
   */
  async handleManagement(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = (statusCode: number, body?: unknown, errorType?: string) => {
      res.statusCode = statusCode;
      res.setHeader('cache-control', 'no-store');
      res.setHeader('x-amzn-requestid', newRequestId());
      if (errorType) res.setHeader('x-amzn-errortype', errorType);
      if (body === undefined) return void res.end();
      const text = Buffer.from(JSON.stringify(body));
      res.setHeader('content-type', 'application/json');
      res.setHeader('content-length', text.length);
      res.end(text);
    };
    if (!isLoopback(req.socket.remoteAddress)) {
      req.resume();
      return send(403, { message: 'Forbidden' }, 'ForbiddenException');
    }
    const pathname = (req.url ?? '/').split('?')[0]!;
    const m = /^\/(?:@|%40)connections\/([^/]+)$/i.exec(pathname.slice(LIVE_MANAGEMENT_PATH.length));
    if (!m) {
      req.resume();
      return send(404, { message: 'Not Found' }, 'NotFoundException');
    }
    let id: string;
    try {
      id = decodeURIComponent(m[1]!);
    } catch {
      req.resume();
      return send(400, { message: 'Invalid connection id' }, 'BadRequestException');
    }
    const conn = this.connections.get(id);
    const open = conn && conn.ws.readyState === WebSocket.OPEN ? conn : undefined;
    if (req.method === 'POST') {
      const body = await readLimited(req, LIVE_MAX_MESSAGE_BYTES);
      if (body === null) return send(413, { message: 'Message too long' }, 'PayloadTooLargeException');
      if (!open) return send(410, { message: 'Gone' }, 'GoneException');
      await new Promise<void>((resolve) => open.ws.send(body.toString('utf8'), () => resolve()));
      return send(200);
    }
    req.resume();
    if (req.method === 'GET') {
      if (!open) return send(410, { message: 'Gone' }, 'GoneException');
      return send(200, {
        connectedAt: new Date(open.connectedAt).toISOString(),
        identity: { sourceIp: open.sourceIp, userAgent: open.userAgent },
        lastActiveAt: new Date(open.lastActiveAt).toISOString(),
      });
    }
    if (req.method === 'DELETE') {
      if (!open) return send(410, { message: 'Gone' }, 'GoneException');
      open.ws.close(1000, 'Goodbye');
      return send(204);
    }
    res.setHeader('allow', 'GET, POST, DELETE');
    return send(405, { message: 'Method Not Allowed' });
  }

  /** Every connection closed (1001, as a deployment does), then no more upgrades. */
  async close(): Promise<void> {
    this.closing = true;
    const conns = [...this.connections.values()];
    await Promise.all(conns.map((c) => new Promise<void>((resolve) => {
      if (c.ws.readyState === WebSocket.CLOSED) return resolve();
      c.ws.once('close', () => resolve());
      c.ws.close(1001, 'Going away');
      setTimeout(() => { c.ws.terminate(); resolve(); }, 1000).unref();
    })));
    this.wss.close();
  }
}

/** The request body, or null once it exceeds `limit` bytes. */
function readLimited(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= limit) chunks.push(c);
    });
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * The live stand-in on its own loopback server (LIVE_PATH and LIVE_MANAGEMENT_PATH only), for integration tests of a
 * service's socket and push code: point LIVE_ENDPOINT at `endpoint` and open sockets at `url`.
 */
export async function serveLive(o: Omit<LiveOptions, 'log' | 'port'> & { log?: (line: string) => void; port?: number }): Promise<{
  live: LiveGateway; server: Server; endpoint: string; url: string; close(): Promise<void>;
}> {
  const server = createServer((req, res) => {
    if (LiveGateway.isManagementPath((req.url ?? '/').split('?')[0]!)) return void live.handleManagement(req, res);
    req.resume();
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not found' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  const live: LiveGateway = new LiveGateway({ log: () => undefined, ...o, port });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!live.handleUpgrade(req, socket, head)) refuseUpgrade(socket, 404, JSON.stringify({ message: 'Not found' }));
  });
  return {
    live, server, endpoint: `http://127.0.0.1:${port}${LIVE_MANAGEMENT_PATH}`, url: `ws://127.0.0.1:${port}${LIVE_PATH}`,
    async close() {
      await live.close();
      await new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); });
    },
  };
}

/** Answers an upgrade nobody takes (no listener other than the gateway's): 404, socket closed. */
export const refuseUnhandledUpgrade = (socket: Duplex) => refuseUpgrade(socket, 404, JSON.stringify({ message: 'Not found' }));
