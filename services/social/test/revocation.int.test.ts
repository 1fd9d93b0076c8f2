import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { busEvent } from '../../kit/test/bus.ts';
import { call } from '../../kit/test/http-event.ts';
import { memberSession } from '../../kit/test/sessions.ts';
import { socialFixture } from './fixture.ts';

let http: Parameters<typeof call>[0];
let worker: (e: unknown, c: unknown) => Promise<unknown>;
let ddb: typeof import('@torcedor/service-kit/ddb');
let social: Awaited<ReturnType<typeof socialFixture>>;

beforeAll(async () => {
  social = await socialFixture();
  ({ http, worker, ddb } = social);
});

describe('sessions', () => {
  it('refuses a session that was revoked, once the SessionRevoked event arrived', async () => {
    const m = await memberSession(social.pool());
    expect((await call(http, 'GET', '/api/feed', { cookies: m.cookies })).status).toBe(200);
    const token = m.cookies[0]!.split('=')[1]!;
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string; exp: number };
    await worker(busEvent('SessionRevoked', { sessionId: payload.jti, userId: m.userId, expiresAt: payload.exp }), {});
    expect((await call(http, 'GET', '/api/feed', { cookies: m.cookies })).status).toBe(401);
    // A read runs its revocation check beside the handler; the check wins over the handler's own answer.
    const ghost = randomUUID();
    expect((await call(http, 'GET', `/api/users/${ghost}`, { cookies: m.cookies, pathParameters: { id: ghost } })).status).toBe(401);
  });
});

describe('revocation checks', () => {
  it('writes always read the marker; reads trust a recent check for at most READ_RECHECK_MS', async () => {
    const { isRevoked, READ_RECHECK_MS } = await import('@torcedor/service-kit/revocation');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const now = Date.now();
    const ref = (sessionId: string) => ({ sessionId, userId: `u-${sessionId}`, issuedAt: Math.floor(now / 1000) - 10 });
    const sessionId = randomUUID();
    expect(await isRevoked(ref(sessionId), { read: true, nowMs: now })).toBe(false);
    // Another instance stores the marker (this one never saw the event).
    await ddb.ddb.send(new PutCommand({ TableName: ddb.TABLE, Item: { PK: `REVOKED#${sessionId}`, SK: 'SESSION', userId: 'u', ttl: Math.floor(now / 1000) + 3600 } }));
    expect(await isRevoked(ref(sessionId), { nowMs: now + 1 })).toBe(true);
    const other = randomUUID();
    expect(await isRevoked(ref(other), { read: true, nowMs: now })).toBe(false);
    await ddb.ddb.send(new PutCommand({ TableName: ddb.TABLE, Item: { PK: `REVOKED#${other}`, SK: 'SESSION', userId: 'u', ttl: Math.floor(now / 1000) + 3600 } }));
    expect(await isRevoked(ref(other), { read: true, nowMs: now + READ_RECHECK_MS })).toBe(true);
    // Once seen revoked, every later check answers at once, reads included.
    expect(await isRevoked(ref(other), { read: true, nowMs: now + READ_RECHECK_MS + 1 })).toBe(true);
  });

  it("refuses every token of a member issued before the member's not-before time, and none issued after", async () => {
    const { isRevoked, markRevoked, markDeleted, isDeleted } = await import('@torcedor/service-kit/revocation');
    const userId = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const before = { sessionId: randomUUID(), userId, issuedAt: now - 60 };
    const after = { sessionId: randomUUID(), userId, issuedAt: now + 5 };
    expect(await isRevoked(before)).toBe(false);
    await markRevoked({ sessionId: randomUUID(), userId, expiresAt: now + 3600, notBeforeMs: now * 1000 });
    expect([await isRevoked(before), await isRevoked(before, { read: true }), await isRevoked(after)]).toEqual([true, true, false]);
    // An older event cannot move it back; a deletion is the member's tombstone.
    await markRevoked({ sessionId: randomUUID(), userId, expiresAt: now + 3600, notBeforeMs: (now - 600) * 1000 });
    expect(await isRevoked({ ...before, issuedAt: now - 300 })).toBe(true);
    expect(await isDeleted(userId)).toBe(false);
    await markDeleted(userId, new Date((now + 10) * 1000).toISOString());
    expect([await isDeleted(userId), await isRevoked(after)]).toEqual([true, true]);
  });
});
