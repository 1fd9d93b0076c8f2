import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { EMAIL_UNVERIFIED_MESSAGE } from '@torcedor/shared/constants';
import { call } from '../../kit/test/http-event.ts';
import { profileDetail, serviceFixture, type Member } from '../../kit/test/fixture.ts';

/**
 * Members whose address is not verified yet read but do not host or answer events (domain/member.ts#mayContribute,
 * docs/product.md, "Email"): events decides it on its copy of the member's profile (UserProfileChanged).
 */
const f = await serviceFixture('events', { http: () => import('../src/http.ts'), worker: () => import('../src/worker.ts') });
const { http, ddb, member } = f;
const { keys } = await import('../src/store/keys.ts');

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const form = () => ({
  title: 'Verified smokers only', description: 'Corona night', eventType: 'tasting', venueName: 'The Lounge', address: '1 Main St',
  startAt: inDays(5), endAt: inDays(5.1), capacity: 10, isAgeRestricted: true,
});
const host = (m: Member) => call(http, 'POST', '/api/events', { cookies: m.cookies, body: form() });
const rsvp = (m: Member, id: string, status: string) =>
  call(http, 'POST', `/api/events/${id}/rsvp`, { cookies: m.cookies, pathParameters: { id }, body: { status } });
/** An event hosted by a verified member, to answer. */
const someonesEvent = async () => {
  const r = await host(await member({ profile: true }));
  expect(r.status).toBe(201);
  return r.body.id as string;
};
const storedCopy = async (m: Member) =>
  (await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: keys.profile(m.userId), ConsistentRead: true }))).Item!;
const REFUSED = [403, { code: 'EMAIL_UNVERIFIED', message: EMAIL_UNVERIFIED_MESSAGE }];

describe('an unverified address', () => {
  it('refuses hosting and every answer with 403 EMAIL_UNVERIFIED and writes nothing; reading works', async () => {
    const id = await someonesEvent();
    const m = await member({ profile: { emailVerified: false } });
    const created = await host(m);
    expect([created.status, created.body]).toEqual(REFUSED);
    for (const status of ['going', 'interested', 'not_going']) {
      const r = await rsvp(m, id, status);
      expect([r.status, r.body], status).toEqual(REFUSED);
    }
    const mine = await ddb.ddb.send(new QueryCommand({
      TableName: ddb.TABLE, IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': `MEMBER#${m.userId}` },
    }));
    expect(mine.Items).toEqual([]);
    const page = await call(http, 'GET', `/api/events/${id}`, { cookies: m.cookies, pathParameters: { id } });
    expect(page.body).toMatchObject({ rsvpStatus: null, attendingCount: 0, interestedCount: 0 });
    expect((await call(http, 'GET', '/api/events', { cookies: m.cookies })).status).toBe(200);
    expect((await call(http, 'GET', `/api/events/${id}/ics`, { cookies: m.cookies, pathParameters: { id } })).status).toBe(200);
  });

  it('lets the member host and answer once a newer profile says verified; a stale event does not take it back', async () => {
    const id = await someonesEvent();
    const m = await member({ profile: { emailVerified: false } });
    expect((await rsvp(m, id, 'going')).status).toBe(403);
    await f.profile(m, { emailVerified: true });
    expect((await rsvp(m, id, 'going')).body).toMatchObject({ rsvpStatus: 'going', attendingCount: 1 });
    expect((await host(m)).status).toBe(201);
    // An older UserProfileChanged (still unverified) delivered late changes nothing.
    const copy = await storedCopy(m);
    await f.send('UserProfileChanged', profileDetail(m.userId, Number(copy.version) - 1, m.name, { emailVerified: false }));
    expect(await storedCopy(m)).toMatchObject({ emailVerified: true, version: copy.version });
    expect((await rsvp(m, id, 'interested')).status).toBe(200);
  });

  it('allows a trial account (no address: null), a member whose profile has not arrived, and events from before verification', async () => {
    const id = await someonesEvent();
    const trial = await member({ profile: { emailVerified: null } });
    expect([(await host(trial)).status, (await rsvp(trial, id, 'going')).status]).toEqual([201, 200]);
    expect((await storedCopy(trial)).emailVerified).toBeNull();
    const unknown = await member();
    expect([(await host(unknown)).status, (await rsvp(unknown, id, 'going')).status]).toEqual([201, 200]);
    // An event without the field (identity before verification existed) counts as verified.
    const old = await member({ profile: { emailVerified: false } });
    await f.send('UserProfileChanged', profileDetail(old.userId, Number((await storedCopy(old)).version) + 1, old.name));
    expect([(await host(old)).status, (await rsvp(old, id, 'going')).status]).toEqual([201, 200]);
  });
});
