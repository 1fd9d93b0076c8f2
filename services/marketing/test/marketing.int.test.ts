import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceEnv } from '@torcedor/local/src/testing/service-env.ts';
import { busEvent, deliver } from '../../kit/test/bus.ts';
import { call } from '../../kit/test/http-event.ts';
import { memberSession } from '../../kit/test/sessions.ts';

let http: Parameters<typeof call>[0];
let worker: (e: unknown, c: unknown) => Promise<void>;
let ddb: typeof import('@torcedor/service-kit/ddb');
const pool = () => inject('localAws');

beforeAll(async () => {
  Object.assign(process.env, serviceEnv('marketing', inject('localAws')), { LOG_LEVEL: 'SILENT' });
  http = (await import('../src/http.ts')).handler as typeof http;
  worker = (await import('../src/worker.ts')).handler as unknown as typeof worker;
  ddb = await import('@torcedor/service-kit/ddb');
});

const registered = (userId: string) => ({ userId, email: `${userId}@example.com`, firstName: 'Lead', lastName: 'Person', kind: 'member', registeredAt: new Date().toISOString(), trialEndsAt: null });
const totalLeads = async () => {
  const out = await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: { PK: 'STATS', SK: 'LEADS' } }));
  return Number(out.Item?.totalLeads ?? 0);
};

describe('marketing dashboard access', () => {
  it('is for owners only, checked on the server', async () => {
    const member = await memberSession(pool());
    const r = await call(http, 'GET', '/api/marketing/dashboard', { cookies: member.cookies });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('This area is restricted to platform administrators.');
    expect((await call(http, 'GET', '/api/marketing/dashboard')).status).toBe(401);
    const owner = await memberSession(pool(), { owner: true });
    const ok = await call(http, 'GET', '/api/marketing/dashboard', { cookies: owner.cookies });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ totalCampaigns: expect.any(Number), totalLeads: expect.any(Number), topLeads: expect.any(Array) });
  });
});

describe('lead consumer (at least once, any order)', () => {
  it('creates one lead per member however often and however concurrently the event arrives', async () => {
    const before = await totalLeads();
    const userId = randomUUID();
    const same = busEvent('UserRegistered', registered(userId));
    // Redelivery of the same event, and distinct deliveries of the same fact, in parallel.
    await Promise.all([deliver(worker, same), deliver(worker, same), ...Array.from({ length: 8 }, () => deliver(worker, busEvent('UserRegistered', registered(userId))))]);
    expect(await totalLeads()).toBe(before + 1);
    const owner = await memberSession(pool(), { owner: true });
    const dash = await call(http, 'GET', '/api/marketing/dashboard', { cookies: owner.cookies });
    expect(dash.body.totalLeads).toBe(before + 1);
    expect(dash.body.recentLeads).toBeGreaterThanOrEqual(1);
  });

  it('creates no lead for a member whose deletion arrived first (the tombstone drops the late registration)', async () => {
    const userId = randomUUID();
    await worker(busEvent('UserDeleted', { userId, deletedAt: new Date().toISOString() }), {});
    const base = await totalLeads();
    await worker(busEvent('UserRegistered', registered(userId)), {});
    expect(await totalLeads()).toBe(base);
  });

  it('removes the lead on UserDeleted exactly once, even twice at once', async () => {
    const userId = randomUUID();
    const base = await totalLeads();
    await worker(busEvent('UserRegistered', registered(userId)), {});
    expect(await totalLeads()).toBe(base + 1);
    const del = busEvent('UserDeleted', { userId, deletedAt: new Date().toISOString() });
    await Promise.all([deliver(worker, del), deliver(worker, busEvent('UserDeleted', { userId, deletedAt: new Date().toISOString() }))]);
    expect(await totalLeads()).toBe(base);
  });

  it('drops a malformed event without writing anything', async () => {
    const before = await totalLeads();
    await worker(busEvent('UserRegistered', { userId: 42 }), {});
    expect(await totalLeads()).toBe(before);
  });

  it('rescores leads on the lead-scoring schedule', async () => {
    const userId = randomUUID();
    const old = { ...registered(userId), registeredAt: new Date(Date.now() - 90 * 86_400_000).toISOString() };
    await worker(busEvent('UserRegistered', old), {});
    const key = { PK: `LEAD#${userId}`, SK: 'LEAD' };
    await ddb.ddb.send(new (await import('@aws-sdk/lib-dynamodb')).UpdateCommand({ TableName: ddb.TABLE, Key: key, UpdateExpression: 'SET engagementScore = :s', ExpressionAttributeValues: { ':s': 1 } }));
    await worker({ ...busEvent('Scheduled', { schedule: 'lead-scoring' }), source: 'aws.events' }, {});
    const after = await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: key }));
    expect(after.Item?.engagementScore).toBeGreaterThan(1);
    expect(String(after.Item?.GSI2SK)).toMatch(new RegExp(`^0${after.Item?.engagementScore}#`));
  });
});
