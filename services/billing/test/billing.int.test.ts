import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceEnv } from '@torcedor/local/src/testing/service-env.ts';
import { call } from '../../kit/test/http-event.ts';
import { memberSession } from '../../kit/test/sessions.ts';

let http: Parameters<typeof call>[0];
let ddb: typeof import('@torcedor/service-kit/ddb');

beforeAll(async () => {
  Object.assign(process.env, serviceEnv('billing', inject('localAws')), { LOG_LEVEL: 'SILENT' });
  http = (await import('../src/http.ts')).handler as typeof http;
  ddb = await import('@torcedor/service-kit/ddb');
});

describe('subscription status', () => {
  it('is free by default and premium while the paid period runs', async () => {
    const m = await memberSession(inject('localAws'));
    const free = await call(http, 'GET', '/api/subscription/status', { cookies: m.cookies });
    expect(free.body).toMatchObject({ isPremium: false, plan: 'free', renewalDate: null, features: { unlimitedHumidor: false } });
    const end = new Date(Date.now() + 20 * 86_400_000).toISOString();
    await ddb.ddb.send(new PutCommand({ TableName: ddb.TABLE, Item: { PK: `MEMBER#${m.userId}`, SK: 'SUBSCRIPTION', plan: 'premium', currentPeriodEnd: end, cancelAtPeriodEnd: false } }));
    const paid = await call(http, 'GET', '/api/subscription/status', { cookies: m.cookies });
    expect(paid.body).toMatchObject({ isPremium: true, plan: 'premium', renewalDate: end, features: { unlimitedHumidor: true, prioritySupport: true } });
  });
});
