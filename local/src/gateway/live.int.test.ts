import { request } from 'node:http';
import {
  ApiGatewayManagementApiClient, DeleteConnectionCommand, GetConnectionCommand, GoneException, PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { LIVE_PATH, LIVE_SERVICE } from '@torcedor/shared/live';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '@torcedor/shared/runtime';
import { liveEndpoint } from '../env.ts';
import { freePort } from '../ports.ts';
import { nonLoopbackAddresses } from '../testing/reachability.ts';
import { LIVE_MAX_MESSAGE_BYTES, serveLive, type LiveSocketEvent } from './live.ts';
import { Gateway } from './server.ts';

/**
 * The local stand-in of API Gateway's WebSocket API (docs/architecture.md, "Live delivery"): the gateway invokes the
 * live service's socket function with API Gateway's events, and serves the management API the real SDK client calls.
 * The socket function here is a fake that accepts a `session=ok` cookie and records every event.
 */
const PROOF = 'origin-proof-for-the-test';
let gateway: Gateway;
let port: number;
let wsBase: string;
let events: { service: string; event: LiveSocketEvent }[];
let failDefault = false;
const socketFunction = async (service: string, event: LiveSocketEvent) => {
  events.push({ service, event });
  if (event.requestContext.routeKey === '$connect') {
    if (event.headers?.cookie?.includes('session=boom')) throw new Error('the function failed');
    return event.headers?.cookie?.includes('session=ok')
      ? { statusCode: 200 }
      : { statusCode: 401, body: JSON.stringify({ message: 'Unauthorized' }) };
  }
  if (event.requestContext.routeKey === '$default' && failDefault) throw new Error('the function failed');
  return { statusCode: 200, body: 'not sent: no route response' };
};

const sdk = () => new ApiGatewayManagementApiClient({
  endpoint: liveEndpoint(port), region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1,
});

type Opened = { ws: WebSocket; frames: string[]; closed: Promise<{ code: number }> } | { status: number; body: string };
/** A browser-like client: opened (with the frames it receives) or refused (with the handshake's status). */
function open(path = LIVE_PATH, headers: Record<string, string> = { cookie: 'session=ok', origin: 'http://localhost:3000' }, base = wsBase): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}${path}`, { headers });
    const frames: string[] = [];
    ws.on('message', (d) => frames.push(d.toString()));
    const closed = new Promise<{ code: number }>((r) => ws.once('close', (code) => r({ code })));
    ws.once('open', () => resolve({ ws, frames, closed }));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => { body += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('error', reject);
  });
}
function opened(o: Opened) {
  if (!('ws' in o)) throw new Error(`refused with ${o.status}`);
  return o;
}
async function until<T>(what: string, get: () => T | undefined, ms = 2000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
const routeEvents = (routeKey: string, connectionId?: string) =>
  events.filter((e) => e.event.requestContext.routeKey === routeKey && (!connectionId || e.event.requestContext.connectionId === connectionId));
const connectionIdOf = () => routeEvents('$connect').at(-1)!.event.requestContext.connectionId;

beforeAll(async () => {
  port = await freePort();
  gateway = new Gateway({
    port, originProof: PROOF, log: () => undefined,
    invoke: async () => ({ statusCode: 500 }),
    invokeSocket: socketFunction,
  });
  await gateway.listen();
  gateway.setReady(true);
  wsBase = `ws://127.0.0.1:${port}`;
});
afterAll(async () => {
  await gateway?.close();
});
beforeEach(() => {
  events = [];
  failDefault = false;
});

describe('the WebSocket at LIVE_PATH', () => {
  it('is refused with the status $connect answers (401 without a session), and stays closed', async () => {
    const res = await open(LIVE_PATH, { origin: 'http://localhost:3000' });
    expect(res).toEqual({ status: 401, body: JSON.stringify({ message: 'Unauthorized' }) });
    expect(routeEvents('$connect')).toHaveLength(1);
    expect(gateway.live!.size).toBe(0);
    // A refused connection was never open: no $disconnect follows.
    await new Promise((r) => setTimeout(r, 50));
    expect(routeEvents('$disconnect')).toHaveLength(0);
  });

  it('opens when $connect answers 200, with API Gateway\'s $connect event for the live service', async () => {
    const c = opened(await open(`${LIVE_PATH}?tab=1`));
    const { service, event } = routeEvents('$connect')[0]!;
    expect(service).toBe(LIVE_SERVICE);
    const ctx = event.requestContext;
    expect(ctx).toMatchObject({
      routeKey: '$connect', eventType: 'CONNECT', messageDirection: 'IN', domainName: '127.0.0.1', apiId: expect.any(String),
      identity: { sourceIp: '127.0.0.1' },
    });
    expect(ctx.connectionId).toMatch(/^[A-Za-z0-9]{15}=$/);
    expect(ctx.requestId).toEqual(expect.any(String));
    expect(Math.abs(ctx.connectedAt - Date.now())).toBeLessThan(5000);
    expect(ctx.requestTime).toMatch(/^\d\d\/\w{3}\/\d{4}:\d\d:\d\d:\d\d \+0000$/);
    expect(event.isBase64Encoded).toBe(false);
    expect(event.headers).toMatchObject({
      cookie: 'session=ok', origin: 'http://localhost:3000', [ORIGIN_VERIFY_HEADER]: PROOF, 'x-forwarded-proto': 'http', 'x-forwarded-for': '127.0.0.1',
    });
    expect(event.headers![VIEWER_ADDRESS_HEADER]).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(Object.keys(event.headers!).every((k) => k === k.toLowerCase())).toBe(true);
    expect(event.multiValueHeaders!.cookie).toEqual(['session=ok']);
    expect(event.queryStringParameters).toEqual({ tab: '1' });
    c.ws.close();
  });

  it('drops a client-sent copy of the origin secret (only the edge sets it)', async () => {
    const c = opened(await open(LIVE_PATH, { cookie: 'session=ok', [ORIGIN_VERIFY_HEADER]: 'forged' }));
    expect(routeEvents('$connect')[0]!.event.headers![ORIGIN_VERIFY_HEADER]).toBe(PROOF);
    c.ws.close();
  });

  it('hands each frame to $default with its text, on the same connection id; what the function returns is not sent', async () => {
    const c = opened(await open());
    const id = connectionIdOf();
    c.ws.send(JSON.stringify({ type: 'ping' }));
    const { event } = await until('$default', () => routeEvents('$default', id)[0]);
    expect(event.requestContext).toMatchObject({ routeKey: '$default', eventType: 'MESSAGE', connectionId: id, messageId: expect.any(String) });
    expect(event.body).toBe('{"type":"ping"}');
    expect(event.isBase64Encoded).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(c.frames).toEqual([]);
    c.ws.close();
  });

  it('tells the client when the function fails on a frame, as API Gateway does', async () => {
    const c = opened(await open());
    failDefault = true;
    c.ws.send('hello');
    const frame = await until('the error frame', () => c.frames[0]);
    expect(JSON.parse(frame)).toMatchObject({ message: 'Internal server error', connectionId: connectionIdOf() });
    c.ws.close();
  });

  it('answers 500 when $connect fails, and 503 while the services load', async () => {
    expect(await open(LIVE_PATH, { cookie: 'session=boom' })).toMatchObject({ status: 500 });
    gateway.setReady(false);
    try {
      expect(await open()).toMatchObject({ status: 503 });
    } finally {
      gateway.setReady(true);
    }
  });

  it('closes with 1009 on a message over 128 KB', async () => {
    const c = opened(await open());
    c.ws.send('x'.repeat(LIVE_MAX_MESSAGE_BYTES + 1));
    expect((await c.closed).code).toBe(1009);
    expect(routeEvents('$default')).toHaveLength(0);
  });

  it('invokes $disconnect once when the client closes', async () => {
    const c = opened(await open());
    const id = connectionIdOf();
    c.ws.close(1000, 'bye');
    const { event } = await until('$disconnect', () => routeEvents('$disconnect', id)[0]);
    expect(event.requestContext).toMatchObject({ routeKey: '$disconnect', eventType: 'DISCONNECT', connectionId: id, disconnectStatusCode: 1000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(routeEvents('$disconnect', id)).toHaveLength(1);
  });
});

describe('the management API at /_live, through @aws-sdk/client-apigatewaymanagementapi', () => {
  it('PostToConnection reaches that connection alone, as a text frame', async () => {
    const a = opened(await open());
    const aId = connectionIdOf();
    const b = opened(await open());
    const bId = connectionIdOf();
    const client = sdk();
    await client.send(new PostToConnectionCommand({ ConnectionId: aId, Data: new TextEncoder().encode('{"type":"notifications","unreadCount":3}') }));
    await client.send(new PostToConnectionCommand({ ConnectionId: bId, Data: new TextEncoder().encode('for b') }));
    expect(await until('a\'s frame', () => a.frames[0])).toBe('{"type":"notifications","unreadCount":3}');
    expect(await until('b\'s frame', () => b.frames[0])).toBe('for b');
    expect(a.frames).toEqual(['{"type":"notifications","unreadCount":3}']);
    expect(b.frames).toEqual(['for b']);
    a.ws.close();
    b.ws.close();
  });

  it('GetConnection describes an open connection', async () => {
    const c = opened(await open());
    const out = await sdk().send(new GetConnectionCommand({ ConnectionId: connectionIdOf() }));
    expect(out.ConnectedAt).toBeInstanceOf(Date);
    expect(Math.abs(out.ConnectedAt!.getTime() - Date.now())).toBeLessThan(5000);
    expect(out.LastActiveAt).toBeInstanceOf(Date);
    expect(out.Identity?.SourceIp).toBe('127.0.0.1');
    c.ws.close();
  });

  it('answers GoneException for a closed connection and an unknown one', async () => {
    const c = opened(await open());
    const id = connectionIdOf();
    c.ws.close();
    await c.closed;
    await until('the close', () => gateway.live!.size === 0);
    const client = sdk();
    await expect(client.send(new PostToConnectionCommand({ ConnectionId: id, Data: new TextEncoder().encode('late') }))).rejects.toBeInstanceOf(GoneException);
    await expect(client.send(new GetConnectionCommand({ ConnectionId: id }))).rejects.toBeInstanceOf(GoneException);
    await expect(client.send(new PostToConnectionCommand({ ConnectionId: 'AAAAAAAAAAAAAAA=', Data: new TextEncoder().encode('x') }))).rejects.toBeInstanceOf(GoneException);
  });

  it('DeleteConnection closes the socket, and $disconnect follows', async () => {
    const c = opened(await open());
    const id = connectionIdOf();
    await sdk().send(new DeleteConnectionCommand({ ConnectionId: id }));
    expect((await c.closed).code).toBe(1000);
    await until('$disconnect', () => routeEvents('$disconnect', id)[0]);
    await expect(sdk().send(new DeleteConnectionCommand({ ConnectionId: id }))).rejects.toBeInstanceOf(GoneException);
  });

  const lan = nonLoopbackAddresses('IPv4')[0];
  it.skipIf(!lan)(`refuses callers that are not on loopback (from ${lan ?? 'no LAN address: skipped'})`, async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: lan, port, localAddress: lan, method: 'POST', path: '/_live/@connections/AAAAAAAAAAAAAAA=' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('x');
    });
    expect(status).toBe(403);
  });
});

describe('other upgrades', () => {
  it('are left to their own listener (as Vite\'s HMR is), without invoking the socket function', async () => {
    const other = new WebSocketServer({ noServer: true });
    const listener = (req: import('node:http').IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => {
      if (req.url === '/hmr') other.handleUpgrade(req, socket, head, (ws) => ws.send('from the other listener'));
    };
    gateway.server.on('upgrade', listener);
    try {
      const c = opened(await open('/hmr', {}));
      expect(await until('the other listener\'s frame', () => c.frames[0])).toBe('from the other listener');
      c.ws.close();
      expect(events).toEqual([]);
    } finally {
      gateway.server.off('upgrade', listener);
      other.close();
    }
  });

  it('are refused with 404 when nobody else listens', async () => {
    expect(await open('/elsewhere')).toMatchObject({ status: 404 });
    expect(events).toEqual([]);
  });
});

describe('serveLive (the stand-in alone, for service tests)', () => {
  it('closes a connection idle past the idle time (1001) and tells $disconnect', async () => {
    const seen: LiveSocketEvent[] = [];
    const live = await serveLive({ idleMs: 200, invoke: async (event) => { seen.push(event); return { statusCode: 200 }; } });
    try {
      const c = opened(await open(LIVE_PATH, {}, live.url.slice(0, -LIVE_PATH.length)));
      const started = Date.now();
      expect((await c.closed).code).toBe(1001);
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      await until('$disconnect', () => seen.find((e) => e.requestContext.eventType === 'DISCONNECT'));
      expect(live.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_live$/);
    } finally {
      await live.close();
    }
  });
});
