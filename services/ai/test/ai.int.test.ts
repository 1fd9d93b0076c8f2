import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceEnv } from '@torcedor/local/src/testing/service-env.ts';
import { call } from '../../kit/test/http-event.ts';
import { memberSession } from '../../kit/test/sessions.ts';

let http: Parameters<typeof call>[0];
let ddb: typeof import('@torcedor/service-kit/ddb');

beforeAll(async () => {
  Object.assign(process.env, serviceEnv('ai', inject('localAws')), { LOG_LEVEL: 'SILENT' });
  http = (await import('../src/http.ts')).handler as typeof http;
  ddb = await import('@torcedor/service-kit/ddb');
});

describe('AI usage', () => {
  it('gives a free member 3 a day and a premium member no limit', async () => {
    const m = await memberSession(inject('localAws'));
    const free = await call(http, 'GET', '/api/ai/usage', { cookies: m.cookies });
    expect(free.body).toMatchObject({ used: 0, limit: 3 });
    expect(Date.parse(free.body.resetsAt)).toBeGreaterThan(Date.now());
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await ddb.ddb.send(new PutCommand({ TableName: ddb.TABLE, Item: { PK: `MEMBER#${m.userId}`, SK: 'ENTITLEMENT', tier: 'premium', until, version: 1 } }));
    expect((await call(http, 'GET', '/api/ai/usage', { cookies: m.cookies })).body.limit).toBeNull();
    const expired = new Date(Date.now() - 1000).toISOString();
    await ddb.ddb.send(new PutCommand({ TableName: ddb.TABLE, Item: { PK: `MEMBER#${m.userId}`, SK: 'ENTITLEMENT', tier: 'premium', until: expired, version: 2 } }));
    expect((await call(http, 'GET', '/api/ai/usage', { cookies: m.cookies })).body.limit).toBe(3);
  });
});
