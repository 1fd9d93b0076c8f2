import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceEnv } from '@torcedor/local/src/testing/service-env.ts';
import { call } from '../../kit/test/http-event.ts';
import { memberSession } from '../../kit/test/sessions.ts';

let http: Parameters<typeof call>[0];
let ddb: typeof import('@torcedor/service-kit/ddb');

beforeAll(async () => {
  Object.assign(process.env, serviceEnv('events', inject('localAws')), { LOG_LEVEL: 'SILENT' });
  http = (await import('../src/http.ts')).handler as typeof http;
  ddb = await import('@torcedor/service-kit/ddb');
});

const put = (startAt: string, hostId: string) => {
  const id = randomUUID();
  return ddb.ddb.send(new PutCommand({ TableName: ddb.TABLE, Item: {
    PK: `EVENT#${id}`, SK: 'EVENT', GSI1PK: 'EVENTS', GSI1SK: `${startAt}#${id}`, GSI2PK: `MEMBER#${hostId}`, GSI2SK: `EVENT#${startAt}`,
    id, title: 'Maduro night', description: null, eventType: 'tasting', hostId, hostName: 'Host', venueName: null, address: null,
    startAt, endAt: null, capacity: null, attendingCount: 0, isAgeRestricted: true,
  } })).then(() => id);
};

describe('events list', () => {
  it('shows only events that start in the future and counts the past ones', async () => {
    const m = await memberSession(inject('localAws'));
    const before = await call(http, 'GET', '/api/events', { cookies: m.cookies });
    const future = await put(new Date(Date.now() + 86_400_000).toISOString(), m.userId);
    await put(new Date(Date.now() - 86_400_000).toISOString(), m.userId);
    const r = await call(http, 'GET', '/api/events', { cookies: m.cookies });
    expect(r.body.upcoming.map((e: { id: string }) => e.id)).toContain(future);
    expect(r.body.upcoming.every((e: { startAt: string }) => Date.parse(e.startAt) > Date.now())).toBe(true);
    expect(r.body.pastCount).toBe(before.body.pastCount + 1);
    expect(r.body.upcoming.find((e: { id: string }) => e.id === future).rsvpStatus).toBeNull();
  });
});
