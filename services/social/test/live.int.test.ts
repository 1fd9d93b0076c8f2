import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_CONNECTION_TTL_SECONDS, LIVE_CONNECTIONS_PER_MEMBER } from '@torcedor/shared/live';
import { busEvent } from '../../kit/test/bus.ts';
import { call } from '../../kit/test/http-event.ts';
import { serviceFixture, type Member } from '../../kit/test/fixture.ts';

/**
 * Live delivery (docs/architecture.md, "Live delivery") on DynamoDB Local: the socket function's routes as API Gateway's
 * WebSocket API sends them, and the push worker posting to a stand-in of the management API (a small HTTP server
 * answering `POST` / `DELETE /@connections/{id}` as API Gateway does, 410 GoneException for a closed connection).
 */

type Socket = (event: unknown, context: unknown) => Promise<{ statusCode: number }>;
let socket: Socket;
let f: Awaited<ReturnType<typeof serviceFixture>>;
let appOrigin: string;

/** What the stand-in received: frames posted and connections closed, by connection id. */
const posted: { id: string; frame: unknown }[] = [];
const closed: string[] = [];
/** Connections it answers 410 (gone) or 429 (throttled) for. */
const gone = new Set<string>();
const throttled = new Set<string>();
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const m = /^\/@connections\/([^/?]+)/.exec(req.url ?? '');
      const id = m ? decodeURIComponent(m[1]!) : '';
      const error = (status: number, type: string) => {
        res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
        res.end(JSON.stringify({ message: type }));
      };
      if (!m) return error(404, 'NotFoundException');
      if (gone.has(id)) return error(410, 'GoneException');
      if (throttled.has(id)) return error(429, 'LimitExceededException');
      if (req.method === 'POST') posted.push({ id, frame: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
      else if (req.method === 'DELETE') closed.push(id);
      res.writeHead(req.method === 'DELETE' ? 204 : 200);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  f = await serviceFixture('social', { worker: () => import('../src/worker.ts'), env: { LIVE_ENDPOINT: `http://127.0.0.1:${port}` } });
  socket = (await import('../src/socket.ts')).handler as unknown as Socket;
  appOrigin = process.env.APP_ORIGIN!;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  gone.clear();
  throttled.clear();
});

/** A WebSocket route's event as API Gateway sends it ($connect carries the upgrade request's headers, in their case). */
function socketEvent(routeKey: '$connect' | '$disconnect' | '$default', connectionId: string, o: { cookies?: string[]; origin?: string | null; body?: string } = {}) {
  const now = Date.now();
  const origin = o.origin === undefined ? appOrigin : o.origin;
  return {
    requestContext: {
      routeKey, connectionId, eventType: routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
      requestId: `req-${randomUUID()}`, messageId: randomUUID(), extendedRequestId: randomUUID(), requestTime: new Date(now).toUTCString(),
      messageDirection: 'IN', stage: 'live', connectedAt: now, requestTimeEpoch: now, domainName: 'abc.execute-api.us-east-1.amazonaws.com', apiId: 'abc',
    },
    ...(routeKey === '$connect'
      ? { headers: { Host: 'abc.execute-api.us-east-1.amazonaws.com', ...(origin ? { Origin: origin } : {}), ...(o.cookies ? { Cookie: o.cookies.join('; ') } : {}) } }
      : {}),
    ...(o.body !== undefined ? { body: o.body } : {}),
    isBase64Encoded: false,
  };
}

const connect = async (m: Member | undefined, o: { origin?: string | null; id?: string } = {}) => {
  const id = o.id ?? `c-${randomUUID()}`;
  const r = await socket(socketEvent('$connect', id, { ...(m ? { cookies: m.cookies } : {}), ...(o.origin !== undefined ? { origin: o.origin } : {}) }), {});
  return { id, status: r.statusCode };
};
const connected = async (m: Member) => {
  const c = await connect(m);
  expect(c.status).toBe(200);
  return c.id;
};
const get = async (Key: { PK: string; SK: string }) => {
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  return (await f.ddb.ddb.send(new GetCommand({ TableName: f.ddb.TABLE, Key, ConsistentRead: true }))).Item;
};
const keys = async () => (await import('../src/store/keys.ts')).keys;
const framesTo = (id: string) => posted.filter((p) => p.id === id).map((p) => p.frame);
/** The push worker's delivery of one LiveUpdate, as the bus makes it (once, no retry: a failure is thrown). */
const push = (userId: string, p: Record<string, unknown>, id = randomUUID()) =>
  f.worker(busEvent('LiveUpdate', { pushId: randomUUID(), userId, push: p, createdAt: new Date().toISOString() }, id, 'torcedor.social'), {});
const bell = (unreadCount: number) => ({ type: 'notifications', unreadCount });

describe('opening a socket', () => {
  it('refuses a socket without a session or with a token that does not verify (401)', async () => {
    expect((await connect(undefined)).status).toBe(401);
    expect((await connect({ userId: 'x', name: 'x', cookies: ['torcedor_session=not.a.token'] })).status).toBe(401);
  });

  it("refuses another site's page (403) even with the member's cookie, and admits the app's own origin or none", async () => {
    const m = await f.member({ profile: true });
    expect((await connect(m, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await connect(m, { origin: 'null' })).status).toBe(403);
    const { id, status } = await connect(m, { origin: null });
    expect(status).toBe(200);
    const k = await keys();
    expect(await get(k.liveConnection(m.userId, id))).toBeDefined();
    // The refused ones were never kept.
    const { openConnectionsOf } = await import('../src/store/connections.ts');
    expect((await openConnectionsOf(m.userId)).map((c) => c.connectionId)).toEqual([id]);
  });

  it('refuses a session that was revoked (logout)', async () => {
    const m = await f.member({ profile: true });
    const token = m.cookies[0]!.split('=')[1]!;
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string; exp: number };
    await f.send('SessionRevoked', { sessionId: payload.jti, userId: m.userId, expiresAt: payload.exp });
    expect((await connect(m)).status).toBe(401);
  });

  it('keeps the connection and its owner with the TTL of a socket, and forgets both on disconnect, twice over', async () => {
    const m = await f.member({ profile: true });
    const before = Math.floor(Date.now() / 1000);
    const id = await connected(m);
    const k = await keys();
    const conn = await get(k.liveConnection(m.userId, id));
    const owner = await get(k.liveConnectionOwner(id));
    expect(conn).toMatchObject({ userId: m.userId, connectionId: id });
    expect(owner).toMatchObject({ userId: m.userId, connectionId: id, ttl: conn!.ttl });
    expect(Number(conn!.ttl)).toBeGreaterThanOrEqual(before + LIVE_CONNECTION_TTL_SECONDS);
    expect(Number(conn!.ttl)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + LIVE_CONNECTION_TTL_SECONDS);

    expect((await socket(socketEvent('$disconnect', id), {})).statusCode).toBe(200);
    expect(await get(k.liveConnection(m.userId, id))).toBeUndefined();
    expect(await get(k.liveConnectionOwner(id))).toBeUndefined();
    expect((await socket(socketEvent('$disconnect', id), {})).statusCode).toBe(200);
    // Nothing is pushed to it any more.
    await push(m.userId, bell(3));
    expect(framesTo(id)).toEqual([]);
  });

  it(`keeps at most ${LIVE_CONNECTIONS_PER_MEMBER} connections a member: the next one drops and closes the oldest`, async () => {
    const m = await f.member({ profile: true });
    const ids: string[] = [];
    for (let i = 0; i <= LIVE_CONNECTIONS_PER_MEMBER; i++) ids.push(await connected(m));
    const { openConnectionsOf } = await import('../src/store/connections.ts');
    const open = (await openConnectionsOf(m.userId)).map((c) => c.connectionId).sort();
    expect(open).toEqual(ids.slice(1).sort());
    expect(closed).toContain(ids[0]);
    expect(ids.slice(1).some((id) => closed.includes(id))).toBe(false);
    const k = await keys();
    expect(await get(k.liveConnectionOwner(ids[0]!))).toBeUndefined();
  });

  it('stays within the limit when many tabs open at once', async () => {
    const m = await f.member({ profile: true });
    const ids = (await Promise.all(Array.from({ length: 16 }, () => connect(m)))).map((c) => {
      expect(c.status).toBe(200);
      return c.id;
    });
    const { openConnectionsOf } = await import('../src/store/connections.ts');
    const open = (await openConnectionsOf(m.userId)).map((c) => c.connectionId);
    expect(open.length).toBeLessThanOrEqual(LIVE_CONNECTIONS_PER_MEMBER);
    expect(open.length).toBeGreaterThan(0);
    // Every connection dropped was closed, and none kept was.
    for (const id of ids) expect(open.includes(id)).toBe(!closed.includes(id));
  });
});

describe('frames from the page', () => {
  it('answers a ping with a pong on the same socket and ignores anything else', async () => {
    const m = await f.member({ profile: true });
    const id = await connected(m);
    expect((await socket(socketEvent('$default', id, { body: JSON.stringify({ type: 'ping' }) }), {})).statusCode).toBe(200);
    for (const body of ['{"type":"subscribe","to":"everything"}', 'not json', '']) {
      expect((await socket(socketEvent('$default', id, { body }), {})).statusCode).toBe(200);
    }
    expect(framesTo(id)).toEqual([{ type: 'pong' }]);
  });
});

describe('the push worker', () => {
  it("delivers a push to every open connection of its member, and never to another member's", async () => {
    const [ana, bob] = [await f.member({ profile: true }), await f.member({ profile: true })];
    const [a1, a2, b1] = [await connected(ana), await connected(ana), await connected(bob)];
    await push(ana.userId, bell(2));
    expect(framesTo(a1)).toEqual([bell(2)]);
    expect(framesTo(a2)).toEqual([bell(2)]);
    expect(framesTo(b1)).toEqual([]);
  });

  it('forgets a connection that is gone (410) and still delivers to the others', async () => {
    const m = await f.member({ profile: true });
    const [stale, live] = [await connected(m), await connected(m)];
    gone.add(stale);
    await push(m.userId, bell(1));
    expect(framesTo(live)).toEqual([bell(1)]);
    const k = await keys();
    expect(await get(k.liveConnection(m.userId, stale))).toBeUndefined();
    expect(await get(k.liveConnectionOwner(stale))).toBeUndefined();
    expect(await get(k.liveConnection(m.userId, live))).toBeDefined();
  });

  it('fails a delivery the management API throttled, after delivering to the others, so the bus tries it again', async () => {
    const m = await f.member({ profile: true });
    const [busy, fine] = [await connected(m), await connected(m)];
    throttled.add(busy);
    const id = randomUUID();
    const detail = { pushId: randomUUID(), userId: m.userId, push: bell(4), createdAt: new Date().toISOString() };
    await expect(f.worker(busEvent('LiveUpdate', detail, id, 'torcedor.social'), {})).rejects.toThrow();
    expect(framesTo(fine)).toEqual([bell(4)]);
    // The connection stays; the bus's next try reaches it (and gives the other the same push again, which is harmless).
    throttled.clear();
    await f.worker(busEvent('LiveUpdate', detail, id, 'torcedor.social'), {});
    expect(framesTo(busy)).toEqual([bell(4)]);
    expect(framesTo(fine)).toEqual([bell(4), bell(4)]);
  });

  it('sends nothing more to a socket whose session ended, and closes it', async () => {
    const m = await f.member({ profile: true });
    const id = await connected(m);
    const token = m.cookies[0]!.split('=')[1]!;
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string; exp: number };
    await f.send('SessionRevoked', { sessionId: payload.jti, userId: m.userId, expiresAt: payload.exp });
    await push(m.userId, bell(5));
    expect(framesTo(id)).toEqual([]);
    expect(closed).toContain(id);
    expect(await get((await keys()).liveConnection(m.userId, id))).toBeUndefined();
  });

  it("pushes an event notice to each recipient's tabs (the news and the bell), once however often it is delivered", async () => {
    const [host, ana, bob] = [await f.member({ profile: true }), await f.member({ profile: true }), await f.member({ profile: true })];
    const [h1, a1, b1] = [await connected(host), await connected(ana), await connected(bob)];
    const notice = {
      noticeId: randomUUID(), kind: 'changed', eventId: randomUUID(), eventTitle: 'Lounge night', actorId: host.userId,
      recipientIds: [host.userId, ana.userId, bob.userId], createdAt: new Date().toISOString(),
    };
    await f.send('EventNotice', notice, 'torcedor.events');
    await f.send('EventNotice', notice, 'torcedor.events');
    await f.drain(['LiveUpdate']);
    const news = { type: 'event', eventId: notice.eventId, kind: 'changed' };
    for (const id of [a1, b1]) {
      expect(framesTo(id)).toHaveLength(2);
      expect(framesTo(id)).toEqual(expect.arrayContaining([news, bell(1)]));
    }
    // The host made the change: no notice, no push.
    expect(framesTo(h1)).toEqual([]);
  });

  it("pushes the bell's count when a notification is written and when it is read", async () => {
    const { handler: http } = (await import('../src/http.ts')) as unknown as { handler: Parameters<typeof call>[0] };
    const [ana, bob] = [await f.member({ profile: true }), await f.member({ profile: true })];
    const a1 = await connected(ana);
    const p = await call(http, 'POST', '/api/posts', { cookies: ana.cookies, body: { content: 'Padron 1964 tonight', postType: 'text' } });
    expect(p.status).toBe(201);
    const id = (p.body as { id: string }).id;
    expect((await call(http, 'POST', `/api/posts/${id}/like`, { cookies: bob.cookies, pathParameters: { id } })).status).toBe(200);
    await f.drain(['LiveUpdate']);
    expect(framesTo(a1)).toEqual([bell(1)]);
    expect((await call(http, 'POST', '/api/notifications/read', { cookies: ana.cookies, body: {} })).body).toEqual({ unreadCount: 0 });
    await f.drain(['LiveUpdate']);
    expect(framesTo(a1)).toEqual([bell(1), bell(0)]);
  });
});
