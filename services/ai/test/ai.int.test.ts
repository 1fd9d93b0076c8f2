import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceFixture, type ServiceFixture } from '../../kit/test/fixture.ts';
import { call } from '../../kit/test/http-event.ts';

let f: ServiceFixture;
let http: ServiceFixture['http'];
let ddb: ServiceFixture['ddb'];

beforeAll(async () => {
  f = await serviceFixture('ai', { http: () => import('../src/http.ts') });
  ({ http, ddb } = f);
});

describe('AI usage', () => {
  it('gives a free member 3 a day and a premium member no limit', async () => {
    const m = await f.member();
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
