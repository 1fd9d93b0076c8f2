import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceFixture, type ServiceFixture } from '../../kit/test/fixture.ts';
import { call } from '../../kit/test/http-event.ts';

let f: ServiceFixture;
let http: ServiceFixture['http'];
let ddb: ServiceFixture['ddb'];

beforeAll(async () => {
  f = await serviceFixture('humidor', { http: () => import('../src/http.ts'), worker: () => import('../src/worker.ts') });
  ({ http, ddb } = f);
});

const item = (userId: string, n: number) => ({
  PK: `MEMBER#${userId}`, SK: `ITEM#i${n}`, id: `i${n}`, cigarId: 'padron-1964-exclusivo', quantity: n, location: null, status: 'owned', notes: null,
  pricePaid: null, boxDate: null, cigarImageUrl: null, brandName: 'Padrón', cigarName: '1964 Anniversary Exclusivo', brandCountry: 'Nicaragua',
  cigarVitola: 'Robusto', cigarLength: 5.5, cigarRingGauge: 50, createdAt: `2026-01-0${n}T00:00:00.000Z`,
});

describe('humidor list, export and deletion', () => {
  it("lists only the caller's items, exports them, and on UserDeleted erases them and ends the member's sessions", async () => {
    const a = await f.member();
    const b = await f.member();
    for (const n of [2, 1]) await ddb.ddb.send(new PutCommand({ TableName: ddb.TABLE, Item: item(a.userId, n) }));
    const mine = await call(http, 'GET', '/api/humidor', { cookies: a.cookies });
    expect(mine.body.map((i: { id: string }) => i.id)).toEqual(['i1', 'i2']);
    expect((await call(http, 'GET', '/api/humidor', { cookies: b.cookies })).body).toEqual([]);
    const exp = await call(http, 'GET', '/api/export/humidor', { cookies: a.cookies });
    expect(exp.body.items).toHaveLength(2);
    expect(exp.body.items[0]).not.toHaveProperty('PK');
    const del = { userId: a.userId, deletedAt: new Date().toISOString() };
    await f.send('UserDeleted', del);
    await f.send('UserDeleted', del);
    // The tombstone: the deleted member's other sessions are refused at once, even before identity's own event.
    expect((await call(http, 'GET', '/api/humidor', { cookies: a.cookies })).status).toBe(401);
    const { queryAll } = await import('@torcedor/service-kit/items');
    expect(await queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `MEMBER#${a.userId}` }, ConsistentRead: true })).toEqual([]);
    // A late event about the deleted member brings nothing back.
    await f.send('EntitlementChanged', { userId: a.userId, version: 9, tier: 'premium', until: null }, 'torcedor.billing');
    expect(await queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `MEMBER#${a.userId}` }, ConsistentRead: true })).toEqual([]);
    expect((await call(http, 'GET', '/api/humidor', { cookies: b.cookies })).status).toBe(200);
  });
});
