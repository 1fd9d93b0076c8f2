import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTOS_MAX } from '@torcedor/shared/constants';
import { publishedEvents } from '@torcedor/local/src/testing/service-env.ts';
import { busEvent, deliver } from '../../kit/test/bus.ts';
import { call } from '../../kit/test/http-event.ts';
import { socialFixture, type Member } from './fixture.ts';

/**
 * A review's photos (docs/architecture.md, "Uploads"): each registered like a post's picture, all or none; served
 * with the review; carried by ReviewPublished (humidor's and ai's copies); deleted with the review, kept (shown
 * nowhere) when a moderator hides it.
 */
let social: Awaited<ReturnType<typeof socialFixture>>;
let http: Parameters<typeof call>[0];
let uploads: typeof import('@torcedor/service-kit/uploads');
const cigarId = `photo-robusto-${randomUUID().slice(0, 8)}`;
const as = (m: Member) => ({ cookies: m.cookies });
/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  social = await socialFixture();
  ({ http } = social);
  uploads = await import('@torcedor/service-kit/uploads');
  await social.send('CatalogCigarsChanged', { catalogVersion: 1, cigars: [{ id: cigarId, name: 'Photo Robusto', brandName: 'Testa', vitola: 'Robusto' }] }, 'torcedor.humidor');
});

/** An upload of `bytes` to the member's incoming folder, as the browser's form does: its incoming path. */
async function upload(m: Member, bytes: Buffer = PNG, contentType: 'image/png' | 'image/jpeg' = 'image/png'): Promise<string> {
  const t = await uploads.presignUpload(m.userId, contentType);
  const form = new FormData();
  for (const [k, v] of Object.entries(t.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'photo');
  expect((await fetch(t.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  return t.objectPath;
}

/** The object at `key` in the uploads bucket, or null when there is none. */
async function stored(key: string): Promise<Buffer | null> {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  const s3 = await uploads.s3Client();
  return s3.send(new GetObjectCommand({ Bucket: social.pool().uploadsBucket, Key: key })).then(
    async (o) => Buffer.from(await o.Body!.transformToByteArray()),
    (err: { $metadata?: { httpStatusCode?: number } }) => {
      if (err.$metadata?.httpStatusCode === 404) return null;
      throw err;
    },
  );
}

/** Every object under the member's uploads folder. */
async function uploadsOf(m: Member): Promise<string[]> {
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const s3 = await uploads.s3Client();
  const out = await s3.send(new ListObjectsV2Command({ Bucket: social.pool().uploadsBucket, Prefix: `uploads/${m.userId}/` }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

const review = (m: Member, photos: string[]) => call(http, 'POST', '/api/reviews', {
  ...as(m), body: { cigarId, drawScore: 80, burnScore: 82, flavorScore: 88, overallScore: 86, notes: 'Cedar and cocoa', photos },
});
const cigarReviews = async (m: Member) => {
  const r = await call(http, 'GET', `/api/cigars/${cigarId}/reviews`, { ...as(m), pathParameters: { id: cigarId } });
  expect(r.status).toBe(200);
  return r.body as { id: string; photos: string[] }[];
};

/** The events social published about this review, by type. */
async function eventsOf(reviewId: string, type: 'ReviewPublished' | 'ReviewDeleted') {
  return (await publishedEvents(social.pool()))
    .filter((e) => e.DetailType === type && JSON.parse(e.Detail!).reviewId === reviewId)
    .map((e) => ({ id: e.EventId!, detail: JSON.parse(e.Detail!) as { userId: string; photos: string[] } }));
}

describe('review photos', () => {
  it('registers two photos with the review, shows them with it, publishes their paths and deletes them with the review', async () => {
    const m = await social.member();
    const r = await review(m, [await upload(m), await upload(m)]);
    expect(r.status).toBe(201);
    const photos = r.body.photos as string[];
    expect(photos).toHaveLength(2);
    for (const url of photos) {
      expect(url).toMatch(new RegExp(`^/uploads/${m.userId}/[A-Za-z0-9_-]{32}$`));
      expect(await stored(url.slice(1))).toEqual(PNG);
    }
    expect((await cigarReviews(m)).find((x) => x.id === r.body.id)?.photos).toEqual(photos);

    const [published] = await eventsOf(r.body.id, 'ReviewPublished');
    expect(published!.detail.photos).toEqual(photos.map((u) => u.slice(1)));

    expect((await call(http, 'DELETE', `/api/reviews/${r.body.id}`, { ...as(m), pathParameters: { id: r.body.id } })).status).toBe(200);
    const [deleted] = await eventsOf(r.body.id, 'ReviewDeleted');
    expect(deleted!.detail.photos).toEqual(photos.map((u) => u.slice(1)));
    // Social's worker deletes them off the request path; a repeated delivery deletes nothing more.
    for (let i = 0; i < 2; i++) await deliver(social.worker, busEvent('ReviewDeleted', deleted!.detail, deleted!.id, 'torcedor.social'));
    for (const url of photos) expect(await stored(url.slice(1))).toBeNull();
  });

  it(`refuses more than ${PHOTOS_MAX} photos, and the same photo twice`, async () => {
    const m = await social.member();
    const five = Array.from({ length: PHOTOS_MAX + 1 }, () => `incoming/${m.userId}/${randomUUID().replaceAll('-', '')}`);
    const r = await review(m, five);
    expect(r.status).toBe(400);
    expect((await review(m, [five[0]!, five[0]!])).status).toBe(400);
    expect(await cigarReviews(m)).not.toContainEqual(expect.objectContaining({ userId: m.userId }));
  });

  it("refuses another member's upload or a file that is no image with INVALID_UPLOAD, and keeps nothing", async () => {
    const m = await social.member();
    const other = await social.member();
    const theirs = await upload(other);
    const foreign = await review(m, [await upload(m), theirs]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('INVALID_UPLOAD');
    // The other member's upload is left alone; none of the reviewer's photos was kept.
    expect(await stored(theirs)).toEqual(PNG);
    expect(await uploadsOf(m)).toEqual([]);

    const html = await upload(m, Buffer.from('<html><script>alert(1)</script></html>'));
    const notImage = await review(m, [await upload(m), html]);
    expect(notImage.status).toBe(400);
    expect(notImage.body.code).toBe('INVALID_UPLOAD');
    expect(await stored(html)).toBeNull();
    expect(await uploadsOf(m)).toEqual([]);
    expect((await cigarReviews(m)).filter((x) => (x as { userId?: string }).userId === m.userId)).toEqual([]);
  });

  it('hides a reported review with its photos, which it keeps, shown nowhere', async () => {
    const m = await social.member();
    const owner = await social.member('Owner', { owner: true });
    const r = await review(m, [await upload(m)]);
    expect(r.status).toBe(201);
    const photo = (r.body.photos as string[])[0]!;
    const report = await call(http, 'POST', '/api/reports', { ...as(owner), body: { targetType: 'review', targetId: r.body.id, reason: 'Not a cigar' } });
    expect(report.status).toBe(201);
    const hidden = await call(http, 'POST', `/api/reports/${report.body.id}/resolve`, { ...as(owner), pathParameters: { id: report.body.id }, body: { action: 'hide' } });
    expect(hidden.status).toBe(200);
    expect((await cigarReviews(owner)).map((x) => x.id)).not.toContain(r.body.id);
    // ReviewDeleted takes it off the cigar (humidor) and asks for no deletion: the hidden review keeps its photo.
    const [deleted] = await eventsOf(r.body.id, 'ReviewDeleted');
    expect(deleted!.detail.photos).toEqual([]);
    await deliver(social.worker, busEvent('ReviewDeleted', deleted!.detail, deleted!.id, 'torcedor.social'));
    expect(await stored(photo.slice(1))).toEqual(PNG);
  });
});
