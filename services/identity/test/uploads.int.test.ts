import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { serviceFixture } from '../../kit/test/fixture.ts';
import { ABUSE_LIMITS } from '@torcedor/shared/constants';
import { domainEvents } from '@torcedor/shared/events';
import { busEvent, acceptingBus } from '../../kit/test/bus.ts';
import { call, cookieJar } from '../../kit/test/http-event.ts';

const bus = acceptingBus();
type Handler = Parameters<typeof call>[0];
let handler: Handler;
let worker: (e: unknown, c: unknown) => Promise<unknown>;
let s3: S3Client;
let bucket: string;
let ddb: typeof import('@torcedor/service-kit/ddb');

beforeAll(async () => {
  const f = await serviceFixture('identity', { http: () => import('../src/http.ts'), worker: () => import('../src/worker.ts') });
  ({ http: handler, worker, ddb } = f);
  bucket = f.pool().uploadsBucket;
  s3 = await (await import('@torcedor/service-kit/uploads')).s3Client();
});

/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const unique = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
const profileEvents = () => bus.commandCalls(PutEventsCommand).flatMap((c) => c.args[0].input.Entries ?? [])
  .filter((e) => e.DetailType === 'UserProfileChanged').map((e) => JSON.parse(e.Detail!) as Record<string, unknown>);

const PASSWORD = 'Cohiba-1966';
async function member() {
  const body = { email: unique(), password: PASSWORD, firstName: 'Ana', lastName: 'Reyes', dateOfBirth: '1990-04-12', country: 'US' };
  const s = await call(handler, 'POST', '/api/auth/signup', { body });
  expect(s.status).toBe(201);
  const l = await call(handler, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password } });
  expect(l.status).toBe(200);
  bus.resetHistory();
  return { userId: s.body.userId as string, cookies: cookieJar(l.cookies) };
}

type Ticket = { url: string; fields: Record<string, string>; objectPath: string };
/** Asks for an upload ticket (a presigned POST). */
async function ticket(cookies: string[], contentType = 'image/png'): Promise<Ticket> {
  const t = await call(handler, 'POST', '/api/objects/upload', { cookies, body: { contentType } });
  expect(t.status).toBe(201);
  return t.body as Ticket;
}
/** POSTs bytes to a ticket as the browser's form does: its fields first, the file last. */
async function postTo(t: Ticket, bytes: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...t.fields, ...fields })) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'picture');
  const res = await fetch(t.url, { method: 'POST', body: form });
  expect(res.status).toBeLessThan(300);
}
/** Asks for a ticket and POSTs the bytes there; answers the incoming path to register. */
async function upload(cookies: string[], bytes: Buffer, contentType = 'image/png') {
  const t = await ticket(cookies, contentType);
  await postTo(t, bytes);
  return t.objectPath;
}
const setPicture = (cookies: string[], imageUrl: string) => call(handler, 'PUT', '/api/profile/picture', { cookies, body: { imageUrl } });
/** What the site would serve at /<key>: the object's bytes and type, or null once it is gone. */
const served = async (Key: string) => s3.send(new GetObjectCommand({ Bucket: bucket, Key })).then(
  async (o) => ({ bytes: Buffer.from(await o.Body!.transformToByteArray()), contentType: o.ContentType }),
  (err: { $metadata?: { httpStatusCode?: number } }) => {
    if (err.$metadata?.httpStatusCode === 404) return null;
    throw err;
  },
);
const exists = async (Key: string) => s3.send(new HeadObjectCommand({ Bucket: bucket, Key })).then(() => true, (err: { $metadata?: { httpStatusCode?: number } }) => {
  if (err.$metadata?.httpStatusCode === 404) return false;
  throw err;
});

describe('profile picture upload', () => {
  it('accepts a real PNG uploaded through the presigned POST, registers a copy of it, sets the picture and publishes it', async () => {
    const { userId, cookies } = await member();
    const incoming = await upload(cookies, PNG);
    expect(incoming).toMatch(new RegExp(`^incoming/${userId}/[A-Za-z0-9_-]{32}$`));
    const r = await setPicture(cookies, incoming);
    expect(r.status).toBe(200);
    const objectPath = r.body.objectPath as string;
    expect(objectPath).toMatch(new RegExp(`^uploads/${userId}/[A-Za-z0-9_-]{32}$`));
    expect(r.body).toEqual({ objectPath, profileImageUrl: `/${objectPath}` });
    const me = await call(handler, 'GET', '/api/auth/user', { cookies });
    expect(me.body.profileImageUrl).toBe(`/${objectPath}`);
    const ev = profileEvents();
    expect(ev).toHaveLength(1);
    expect(domainEvents.UserProfileChanged.detail.parse(ev[0])).toMatchObject({ userId, profileImageUrl: `/${objectPath}`, version: 2 });
    expect(await served(objectPath)).toEqual({ bytes: PNG, contentType: 'image/png' });
    expect(await exists(incoming)).toBe(false);
  });

  it('keeps the registered picture as it was when its upload link is used again', async () => {
    const { cookies } = await member();
    const t = await ticket(cookies, 'image/png');
    await postTo(t, PNG);
    const r = await setPicture(cookies, t.objectPath);
    expect(r.status).toBe(200);
    // The same presigned POST again, with 12 MB of HTML (S3 refuses it by the policy; the stand-in stores it).
    await postTo(t, Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), Buffer.alloc(12 * 1024 * 1024, 0x20)]), { 'Content-Type': 'text/html' });
    expect(await served(r.body.objectPath as string)).toEqual({ bytes: PNG, contentType: 'image/png' });
    // The replayed object can be registered as nothing.
    const again = await setPicture(cookies, t.objectPath);
    expect([again.status, again.body.code]).toEqual([400, 'INVALID_UPLOAD']);
    expect((await call(handler, 'GET', '/api/auth/user', { cookies })).body.profileImageUrl).toBe(`/${r.body.objectPath as string}`);
  });

  it('deletes the previous picture when the member sets another one', async () => {
    const { cookies } = await member();
    const first = await setPicture(cookies, await upload(cookies, PNG));
    const second = await setPicture(cookies, await upload(cookies, PNG));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await served(first.body.objectPath as string)).toBeNull();
    expect(await served(second.body.objectPath as string)).toEqual({ bytes: PNG, contentType: 'image/png' });
  });

  it("deletes every upload of the member with their account (pictures other services registered and unused uploads too), no one else's", async () => {
    const { userId, cookies } = await member();
    const other = await member();
    const picture = (await setPicture(cookies, await upload(cookies, PNG))).body.objectPath as string;
    const unused = await upload(cookies, PNG);
    // A post's picture, as social registers it under the member's folder.
    const postPicture = `uploads/${userId}/${'p'.repeat(32)}`;
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: postPicture, Body: PNG, ContentType: 'image/png' }));
    const theirs = (await setPicture(other.cookies, await upload(other.cookies, PNG))).body.objectPath as string;
    const r = await call(handler, 'DELETE', '/api/user', { cookies, body: { confirmation: 'DELETE', password: PASSWORD } });
    expect(r.status).toBe(200);
    expect(await Promise.all([picture, unused, postPicture].map(exists))).toEqual([false, false, false]);
    expect(await exists(theirs)).toBe(true);
  });

  it.each([
    ['a 6 MB file', Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]), 'The image must be at most 5 MB'],
    ['an HTML file named .png', Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'), 'Only JPEG, PNG or WebP images can be used'],
  ])('refuses %s, deletes it and keeps the profile', async (_what, bytes, message) => {
    const { cookies } = await member();
    const objectPath = await upload(cookies, bytes);
    const r = await setPicture(cookies, objectPath);
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
    const r = await setPicture(cookies, `incoming/${userId}/abcdefghijklmnopqrstuvwxyzABCDEF`);
    expect([r.status, r.body]).toEqual([400, { code: 'INVALID_UPLOAD', message: 'The upload was not found: upload the image again' }]);
  });

  it.each([
    ['an outside URL', 'https://evil.example/x.png'],
    ['a traversal', 'uploads/../../etc/passwd'],
    ['a bare name', 'abcdefghijklmnopqrstuvwxyz'],
    ['a registered path (uploads/)', 'uploads/someone/abcdefghijklmnopqrstuvwxyzABCDEF'],
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
    expect((await setPicture(gone.cookies, `incoming/${gone.userId}/abcdefghijklmnopqrstuvwxyzABCDEF`)).status).toBe(401);

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

describe('upload limit', () => {
  it(`hands out ${ABUSE_LIMITS.uploadsPerMember} upload links a member an hour, exactly, even when they are asked for at once; then 429 UPLOAD_LIMIT`, async () => {
    const { cookies } = await member();
    const other = await member();
    const limit = ABUSE_LIMITS.uploadsPerMember;
    const answers = await Promise.all(Array.from({ length: limit + 10 }, () => call(handler, 'POST', '/api/objects/upload', { cookies, body: { contentType: 'image/png' } })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(limit);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(10);
    for (const a of refused) {
      expect(a.body).toEqual({ code: 'UPLOAD_LIMIT', message: 'You have uploaded a lot of pictures in the last hour. Please try again later.' });
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(a.headers['retry-after'])).toBeLessThanOrEqual(ABUSE_LIMITS.uploadWindowSeconds);
    }
    // The limit is the member's own: another member still uploads.
    expect((await call(handler, 'POST', '/api/objects/upload', { cookies: other.cookies, body: { contentType: 'image/png' } })).status).toBe(201);
  });
});

describe('settings social honours', () => {
  it('publishes UserProfileChanged with every field social reads when privacy, notifications or preferences change', async () => {
    const { userId, cookies } = await member();
    await call(handler, 'PUT', '/api/user/profile', { cookies, body: { displayName: 'Cigar Ana', bio: 'Maduro fan', location: 'Miami' } });
    const priv = await call(handler, 'PUT', '/api/user/privacy', { cookies, body: { profileVisibility: 'followers', allowFollowRequests: false, showLocationInProfile: false, allowDirectMessages: 'none' } });
    expect(priv.status).toBe(200);
    const notes = await call(handler, 'PUT', '/api/user/notifications', { cookies, body: { emailNotifications: false, followNotifications: false, reviewNotifications: false, eventNotifications: false, messageNotifications: false, marketingEmails: true } });
    expect(notes.status).toBe(200);
    const prefs = await call(handler, 'PUT', '/api/user/preferences', { cookies, body: { language: 'es', contentFilter: 'strict', showMatureContent: true } });
    expect(prefs.status).toBe(200);
    const ev = profileEvents().map((d) => domainEvents.UserProfileChanged.detail.parse(d));
    expect(ev.map((d) => d.version)).toEqual([2, 3, 4, 5]);
    expect(ev[0]).toEqual({
      userId, version: 2, displayName: 'Cigar Ana', location: 'Miami', profileImageUrl: null, bio: 'Maduro fan', profileVisibility: 'public',
      allowFollowRequests: true, showLocationInProfile: true, followNotifications: true, reviewNotifications: true, eventNotifications: true,
      marketingEmails: false, contentFilter: 'standard', emailVerified: false, emailNotifications: true, allowDirectMessages: 'everyone',
      messageNotifications: true, language: 'en',
    });
    expect(ev[1]).toMatchObject({ profileVisibility: 'followers', allowFollowRequests: false, showLocationInProfile: false, allowDirectMessages: 'none' });
    expect(ev[2]).toMatchObject({ emailNotifications: false, followNotifications: false, reviewNotifications: false, eventNotifications: false, messageNotifications: false, marketingEmails: true });
    expect(ev[3]).toMatchObject({ contentFilter: 'strict', language: 'es', profileVisibility: 'followers', bio: 'Maduro fan' });
  });
});

describe('social counts', () => {
  /**
   * GET /api/auth/user as the page reads it once the worker's copy has been written: the worker is another function
   * instance, whose writes reach the read within USER_RECHECK_MS (the clock moves on by that much here).
   */
  let ahead = 0;
  async function userAfterCopy(cookies: string[]) {
    const { USER_RECHECK_MS } = await import('../src/store/users.ts');
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
