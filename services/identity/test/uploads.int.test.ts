import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { serviceEnv } from '@torcedor/local/src/testing/service-env.ts';
import { domainEvents } from '@torcedor/shared/events';
import { busEvent } from '../../kit/test/bus.ts';
import { call, cookieJar } from '../../kit/test/http-event.ts';

const bus = mockClient(EventBridgeClient);
type Handler = Parameters<typeof call>[0];
let handler: Handler;
let worker: (e: unknown, c: unknown) => Promise<unknown>;
let s3: S3Client;
let bucket: string;
let ddb: typeof import('@torcedor/service-kit/ddb');

beforeAll(async () => {
  const aws = inject('localAws');
  Object.assign(process.env, serviceEnv('identity', aws), { LOG_LEVEL: 'SILENT' });
  bucket = aws.uploadsBucket;
  handler = (await import('../src/http.ts')).handler as Handler;
  worker = (await import('../src/worker.ts')).handler as unknown as typeof worker;
  s3 = await (await import('@torcedor/service-kit/uploads')).s3Client();
  ddb = await import('@torcedor/service-kit/ddb');
});
beforeEach(() => {
  bus.reset();
  bus.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e' }] });
});

/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const unique = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
const profileEvents = () => bus.commandCalls(PutEventsCommand).flatMap((c) => c.args[0].input.Entries ?? [])
  .filter((e) => e.DetailType === 'UserProfileChanged').map((e) => JSON.parse(e.Detail!) as Record<string, unknown>);

async function member() {
  const body = { email: unique(), password: 'Cohiba-1966', firstName: 'Ana', lastName: 'Reyes', dateOfBirth: '1990-04-12', country: 'US' };
  const s = await call(handler, 'POST', '/api/auth/signup', { body });
  expect(s.status).toBe(201);
  const l = await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password } });
  expect(l.status).toBe(200);
  bus.resetHistory();
  return { userId: s.body.userId as string, cookies: cookieJar(l.cookies) };
}

/** Asks for an upload URL and PUTs the bytes there as a browser does. */
async function upload(cookies: string[], bytes: Buffer, contentType = 'image/png') {
  const t = await call(handler, 'POST', '/api/objects/upload', { cookies, body: { contentType } });
  expect(t.status).toBe(201);
  const put = await fetch(t.body.uploadURL as string, { method: 'PUT', body: bytes, headers: { 'content-type': contentType } });
  expect(put.status).toBe(200);
  return t.body.objectPath as string;
}
const exists = async (Key: string) => s3.send(new HeadObjectCommand({ Bucket: bucket, Key })).then(() => true, (err: { $metadata?: { httpStatusCode?: number } }) => {
  if (err.$metadata?.httpStatusCode === 404) return false;
  throw err;
});

describe('profile picture upload', () => {
  it('accepts a real PNG uploaded through the presigned URL, sets the picture and publishes it', async () => {
    const { userId, cookies } = await member();
    const objectPath = await upload(cookies, PNG);
    expect(objectPath).toMatch(new RegExp(`^uploads/${userId}/[A-Za-z0-9_-]{32}$`));
    const r = await call(handler, 'PUT', '/api/profile/picture', { cookies, body: { imageUrl: objectPath } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ objectPath, profileImageUrl: `/${objectPath}` });
    const me = await call(handler, 'GET', '/api/auth/user', { cookies });
    expect(me.body.profileImageUrl).toBe(`/${objectPath}`);
    const ev = profileEvents();
    expect(ev).toHaveLength(1);
    expect(domainEvents.UserProfileChanged.detail.parse(ev[0])).toMatchObject({ userId, profileImageUrl: `/${objectPath}`, version: 2 });
    expect(await exists(objectPath)).toBe(true);
  });

  it.each([
    ['a 6 MB file', Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]), 'The image must be at most 5 MB'],
    ['an HTML file named .png', Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'), 'Only JPEG, PNG or WebP images can be used'],
  ])('refuses %s, deletes it and keeps the profile', async (_what, bytes, message) => {
    const { cookies } = await member();
    const objectPath = await upload(cookies, bytes);
    const r = await call(handler, 'PUT', '/api/profile/picture', { cookies, body: { imageUrl: objectPath } });
    expect([r.status, r.body]).toEqual([400, { code: 'INVALID_UPLOAD', message }]);
    expect(await exists(objectPath)).toBe(false);
    expect((await call(handler, 'GET', '/api/auth/user', { cookies })).body.profileImageUrl).toBeNull();
    expect(profileEvents()).toHaveLength(0);
  });

  it("refuses another member's upload and leaves their object alone", async () => {
    const other = await member();
    const theirs = await upload(other.cookies, PNG);
    const { cookies } = await member();
    const r = await call(handler, 'PUT', '/api/profile/picture', { cookies, body: { imageUrl: theirs } });
    expect([r.status, r.body.code]).toEqual([400, 'INVALID_UPLOAD']);
    expect(r.body.message).toBe('This upload does not belong to you: upload the image again');
    expect(await exists(theirs)).toBe(true);
    expect((await call(handler, 'GET', '/api/auth/user', { cookies })).body.profileImageUrl).toBeNull();
    expect(profileEvents()).toHaveLength(0);
  });

  it('refuses a path that does not exist', async () => {
    const { userId, cookies } = await member();
    const r = await call(handler, 'PUT', '/api/profile/picture', { cookies, body: { imageUrl: `uploads/${userId}/abcdefghijklmnopqrstuvwxyzABCDEF` } });
    expect([r.status, r.body]).toEqual([400, { code: 'INVALID_UPLOAD', message: 'The upload was not found: upload the image again' }]);
  });

  it.each([
    ['an outside URL', 'https://evil.example/x.png'],
    ['a traversal', 'uploads/../../etc/passwd'],
    ['a bare name', 'abcdefghijklmnopqrstuvwxyz'],
  ])('refuses %s as a path (400 VALIDATION)', async (_what, imageUrl) => {
    const { cookies } = await member();
    const r = await call(handler, 'PUT', '/api/profile/picture', { cookies, body: { imageUrl } });
    expect([r.status, r.body.code]).toEqual([400, 'VALIDATION']);
  });

  it('hands out URLs for JPEG, PNG and WebP only', async () => {
    const { cookies } = await member();
    for (const contentType of ['image/jpeg', 'image/png', 'image/webp']) {
      expect((await call(handler, 'POST', '/api/objects/upload', { cookies, body: { contentType } })).status).toBe(201);
    }
    for (const contentType of ['image/gif', 'text/html', 'image/svg+xml']) {
      const r = await call(handler, 'POST', '/api/objects/upload', { cookies, body: { contentType } });
      expect([r.status, r.body.code]).toEqual([400, 'VALIDATION']);
    }
  });

  it('answers like the other member routes: 401 without a session or account, 403 once the trial ended', async () => {
    expect((await call(handler, 'POST', '/api/objects/upload', { body: { contentType: 'image/png' } })).status).toBe(401);
    const gone = await member();
    await ddb.ddb.send(new DeleteCommand({ TableName: ddb.TABLE, Key: { PK: `USER#${gone.userId}`, SK: 'PROFILE' } }));
    expect((await call(handler, 'POST', '/api/objects/upload', { cookies: gone.cookies, body: { contentType: 'image/png' } })).status).toBe(401);
    expect((await call(handler, 'PUT', '/api/profile/picture', { cookies: gone.cookies, body: { imageUrl: `uploads/${gone.userId}/abcdefghijklmnopqrstuvwxyzABCDEF` } })).status).toBe(401);

    const t = await call(handler, 'POST', '/api/auth/trial', { body: { dateOfBirth: '1985-06-01', country: 'CA' } });
    expect(t.status).toBe(201);
    const cookies = cookieJar(t.cookies);
    const trialId = (await call(handler, 'GET', '/api/auth/user', { cookies })).body.id as string;
    const objectPath = await upload(cookies, PNG);
    await ddb.ddb.send(new UpdateCommand({
      TableName: ddb.TABLE, Key: { PK: `USER#${trialId}`, SK: 'PROFILE' }, UpdateExpression: 'SET trialEndsAt = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
    }));
    const up = await call(handler, 'POST', '/api/objects/upload', { cookies, body: { contentType: 'image/png' } });
    expect([up.status, up.body.code]).toEqual([403, 'TRIAL_ENDED']);
    const pic = await call(handler, 'PUT', '/api/profile/picture', { cookies, body: { imageUrl: objectPath } });
    expect([pic.status, pic.body.code]).toEqual([403, 'TRIAL_ENDED']);
  });
});

describe('settings social honours', () => {
  it('publishes UserProfileChanged with every field social reads when privacy, notifications or preferences change', async () => {
    const { userId, cookies } = await member();
    await call(handler, 'PUT', '/api/user/profile', { cookies, body: { displayName: 'Cigar Ana', bio: 'Maduro fan', location: 'Miami' } });
    const priv = await call(handler, 'PUT', '/api/user/privacy', { cookies, body: { profileVisibility: 'followers', allowFollowRequests: false, showLocationInProfile: false, allowDirectMessages: 'none' } });
    expect(priv.status).toBe(200);
    const notes = await call(handler, 'PUT', '/api/user/notifications', { cookies, body: { emailNotifications: false, followNotifications: false, reviewNotifications: false, eventNotifications: false, marketingEmails: true } });
    expect(notes.status).toBe(200);
    const prefs = await call(handler, 'PUT', '/api/user/preferences', { cookies, body: { language: 'es', contentFilter: 'strict', showMatureContent: true } });
    expect(prefs.status).toBe(200);
    const ev = profileEvents().map((d) => domainEvents.UserProfileChanged.detail.parse(d));
    expect(ev.map((d) => d.version)).toEqual([2, 3, 4, 5]);
    expect(ev[0]).toEqual({
      userId, version: 2, displayName: 'Cigar Ana', location: 'Miami', profileImageUrl: null, bio: 'Maduro fan', profileVisibility: 'public',
      allowFollowRequests: true, showLocationInProfile: true, followNotifications: true, reviewNotifications: true, eventNotifications: true,
      marketingEmails: false, contentFilter: 'standard',
    });
    expect(ev[1]).toMatchObject({ profileVisibility: 'followers', allowFollowRequests: false, showLocationInProfile: false });
    expect(ev[2]).toMatchObject({ followNotifications: false, reviewNotifications: false, eventNotifications: false, marketingEmails: true });
    expect(ev[3]).toMatchObject({ contentFilter: 'strict', profileVisibility: 'followers', bio: 'Maduro fan' });
  });
});

describe('social counts', () => {
  /**
   * GET /api/auth/user as the page reads it once the worker's copy has been written: the worker is another function
   * instance, whose writes reach the read within USER_RECHECK_MS (the clock moves on by that much here).
   */
  let ahead = 0;
  async function userAfterCopy(cookies: string[]) {
    const { USER_RECHECK_MS } = await import('../src/data/users.ts');
    ahead += USER_RECHECK_MS;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ahead });
    try {
      return await call(handler, 'GET', '/api/auth/user', { cookies });
    } finally {
      vi.useRealTimers();
    }
  }
  it("keeps social's follower, following and review totals on the member, newest version wins", async () => {
    const { userId, cookies } = await member();
    const counts = (version: number, n: number) => busEvent('SocialCountsChanged', { userId, version, followersCount: n, followingCount: n + 1, reviewsCount: n + 2 }, undefined, 'torcedor.social');
    await worker(counts(3, 10), {});
    await worker(counts(2, 99), {}); // late and older: ignored
    await worker(counts(3, 50), {}); // a duplicate version: ignored
    const me = await userAfterCopy(cookies);
    expect(me.body).toMatchObject({ followersCount: 10, followingCount: 11, reviewsCount: 12 });
    await worker(counts(4, 20), {});
    expect((await userAfterCopy(cookies)).body).toMatchObject({ followersCount: 20, followingCount: 21, reviewsCount: 22 });
    // Humidor's counts keep their own version: both copies live side by side.
    await worker(busEvent('CollectionCountsChanged', { userId, version: 1, humidorCount: 5, humidorItems: 3, wishlistCount: 2 }, undefined, 'torcedor.humidor'), {});
    expect((await userAfterCopy(cookies)).body).toMatchObject({ followersCount: 20, humidorCount: 5 });
  });

  it('keeps no copy for a member identity does not know', async () => {
    const userId = `nobody-${Date.now()}`;
    await worker(busEvent('SocialCountsChanged', { userId, version: 1, followersCount: 1, followingCount: 1, reviewsCount: 1 }, undefined, 'torcedor.social'), {});
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const out = await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: { PK: `USER#${userId}`, SK: 'PROFILE' } }));
    expect(out.Item).toBeUndefined();
  });
});
