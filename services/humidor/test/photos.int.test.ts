import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishedEvents } from '@torcedor/local/src/testing/service-env.ts';
import { CIGAR_PHOTOS_SHOWN, PHOTOS_MAX } from '@torcedor/shared/constants';
import type { EventDetail } from '@torcedor/shared/events';
import { busEvent, deliver } from '../../kit/test/bus.ts';
import { serviceFixture, type Member, type ServiceFixture } from '../../kit/test/fixture.ts';
import { call } from '../../kit/test/http-event.ts';

/**
 * Photos in humidor: a cigar shows the community's latest photos from social's review events (and drops a hidden or
 * deleted review's), in its page and in search cards, and announces them to ai (CigarCommunityChanged); a humidor item
 * holds up to PHOTOS_MAX photos of its own, registered like any upload, and deletes those it no longer holds.
 */
let f: ServiceFixture;
let http: ServiceFixture['http'];
let worker: (e: unknown, c: unknown) => Promise<unknown>;
let uploads: typeof import('@torcedor/service-kit/uploads');
let outbox: typeof import('@torcedor/service-kit/outbox');
const pool = () => f.pool();

const tag = randomUUID().slice(0, 8);
const brand = { id: `ph-${tag}`, name: `Pictura ${tag}`, country: 'Nicaragua', description: 'Maker for the photo tests.' };
const cigar = (id: string, name: string) => ({
  id, brandId: brand.id, name, vitola: 'Toro', length: 6, ringGauge: 52, strength: 'medium-full' as const,
  wrapper: 'Habano Maduro', binder: 'Nicaraguan', filler: 'Nicaraguan', country: 'Nicaragua', description: 'Dark and sweet.',
});
const CIGAR = `ph-${tag}-toro`;
/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  f = await serviceFixture('humidor', { http: () => import('../src/http.ts'), worker: () => import('../src/worker.ts') });
  ({ http } = f);
  // A Lambda context, as the worker gets in AWS (the idempotency layer reads the remaining time).
  worker = (e) => f.worker(e, { getRemainingTimeInMillis: () => 30_000, functionName: 'humidor-worker', awsRequestId: randomUUID() });
  uploads = await import('@torcedor/service-kit/uploads');
  outbox = await import('@torcedor/service-kit/outbox');
  await import('@torcedor/service-kit/events'); // the outbox's publisher
  const catalog = await import('../src/store/catalog.ts');
  await catalog.writeCatalog({ brands: [brand], cigars: [cigar(CIGAR, 'Pictura Toro')], lounges: [] });
});

/** An object path under a member's uploads folder, as social registers a review's photo. */
const photoPath = (userId: string) => `uploads/${userId}/${randomUUID().replaceAll('-', '')}`;
let minute = 0;
const review = (photos: string[], overallScore = 90) => {
  const userId = randomUUID();
  // Each review a minute later than the one before: the cigar shows the newest first.
  const createdAt = new Date(Date.UTC(2026, 0, 1, 12, minute++)).toISOString();
  return {
    reviewId: `ph-review-${randomUUID()}`, userId, cigarId: CIGAR, brandName: brand.name, cigarName: 'Pictura Toro',
    drawScore: 80, burnScore: 80, flavorScore: 80, overallScore, flavorTags: ['cocoa'], photos: photos.length ? photos : [photoPath(userId)], createdAt,
  } satisfies EventDetail<'ReviewPublished'>;
};
const send = (type: 'ReviewPublished' | 'ReviewDeleted', detail: unknown) => deliver(worker, busEvent(type, detail, randomUUID(), 'torcedor.social'));
const url = (path: string) => `/${path}`;

const cigarPage = async (m: Member) => {
  const r = await call(http, 'GET', `/api/cigars/${CIGAR}`, { cookies: m.cookies, pathParameters: { id: CIGAR } });
  expect(r.status).toBe(200);
  return r.body as { photos: string[]; averageRating: number | null; reviewCount: number };
};
const searchCard = async (m: Member) => {
  const r = await call(http, 'GET', '/api/search', { cookies: m.cookies, query: { q: `Pictura ${tag}` } });
  expect(r.status).toBe(200);
  const cigars = (r.body as { type: string; items: { id: string; photos: string[]; averageRating: number | null; reviewCount: number }[] }[])
    .find((g) => g.type === 'cigars')!.items;
  return cigars.find((c) => c.id === CIGAR)!;
};

describe("a cigar's community photos", () => {
  it("shows a review's photos on the cigar and its search card, newest first, at most CIGAR_PHOTOS_SHOWN, and drops a hidden or deleted review's", async () => {
    const m = await f.member();
    // The search index is built before any review: the card's rating and photos are read fresh all the same.
    expect(await searchCard(m)).toMatchObject({ photos: [], averageRating: null, reviewCount: 0 });

    const first = review([], 80);
    first.photos = [photoPath(first.userId), photoPath(first.userId)];
    await send('ReviewPublished', first);
    await send('ReviewPublished', first); // a repeated delivery changes nothing
    expect(await cigarPage(m)).toMatchObject({ photos: first.photos.map(url), averageRating: 80, reviewCount: 1 });
    expect(await searchCard(m)).toMatchObject({ photos: first.photos.map(url), averageRating: 80, reviewCount: 1 });

    // Two more reviews of four photos each: the newest review's come first, and only CIGAR_PHOTOS_SHOWN are shown.
    const second = review([]);
    second.photos = Array.from({ length: PHOTOS_MAX }, () => photoPath(second.userId));
    const third = review([]);
    third.photos = Array.from({ length: PHOTOS_MAX }, () => photoPath(third.userId));
    await Promise.all([send('ReviewPublished', third), send('ReviewPublished', second)]);
    const shown = [...third.photos, ...second.photos].slice(0, CIGAR_PHOTOS_SHOWN).map(url);
    expect((await cigarPage(m)).photos).toEqual(shown);

    // A moderator hides the newest review (ReviewDeleted without photos): the older ones fill its place.
    await send('ReviewDeleted', { reviewId: third.reviewId, userId: third.userId, cigarId: CIGAR, photos: [] });
    expect((await cigarPage(m)).photos).toEqual([...second.photos, ...first.photos].map(url));
    // Its author deletes the first one; a repeated delivery changes nothing.
    await send('ReviewDeleted', { reviewId: first.reviewId, userId: first.userId, cigarId: CIGAR, photos: first.photos });
    await send('ReviewDeleted', { reviewId: first.reviewId, userId: first.userId, cigarId: CIGAR, photos: first.photos });
    expect(await cigarPage(m)).toMatchObject({ photos: second.photos.map(url), reviewCount: 1, averageRating: 90 });
    expect((await searchCard(m)).photos).toEqual(second.photos.map(url));

    // ai hears each change as CigarCommunityChanged, the newest version with the photos shown now.
    await outbox.flushOutbox();
    const announced = (await publishedEvents(pool()))
      .filter((e) => e.DetailType === 'CigarCommunityChanged')
      .map((e) => JSON.parse(e.Detail!) as EventDetail<'CigarCommunityChanged'>)
      .filter((d) => d.cigarId === CIGAR)
      .sort((a, b) => b.version - a.version);
    expect(announced[0]).toMatchObject({ photos: second.photos.map(url), reviewCount: 1, averageRating: 90 });
  });
});

describe("a humidor item's photos", () => {
  async function upload(m: Member, bytes: Buffer = PNG): Promise<string> {
    const t = await uploads.presignUpload(m.userId, 'image/png');
    const form = new FormData();
    for (const [k, v] of Object.entries(t.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)]), 'photo');
    expect((await fetch(t.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    return t.objectPath;
  }
  async function stored(key: string): Promise<boolean> {
    const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
    const s3 = await uploads.s3Client();
    return s3.send(new HeadObjectCommand({ Bucket: pool().uploadsBucket, Key: key })).then(() => true, (err: { $metadata?: { httpStatusCode?: number } }) => {
      if (err.$metadata?.httpStatusCode === 404) return false;
      throw err;
    });
  }
  async function uploadsOf(m: Member): Promise<string[]> {
    const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const s3 = await uploads.s3Client();
    const out = await s3.send(new ListObjectsV2Command({ Bucket: pool().uploadsBucket, Prefix: `uploads/${m.userId}/` }));
    return (out.Contents ?? []).map((o) => o.Key!);
  }
  const add = (m: Member, photos: string[]) => call(http, 'POST', '/api/humidor', { cookies: m.cookies, body: { cigarId: CIGAR, quantity: 2, photos } });
  const edit = (m: Member, id: string, photos: string[]) => call(http, 'PUT', `/api/humidor/${id}`, {
    cookies: m.cookies, pathParameters: { id }, body: { quantity: 2, location: null, status: 'owned', notes: null, pricePaid: null, photos },
  });

  it('keeps one photo and adds one in an edit, deleting the one left out, and deletes the rest with the item', async () => {
    const m = await f.member();
    const added = await add(m, [await upload(m), await upload(m)]);
    expect(added.status).toBe(201);
    const [keep, drop] = added.body.photos as string[];
    expect(added.body).toMatchObject({ cigarWrapper: 'Habano Maduro', photos: [keep, drop] });
    expect(await stored(drop!.slice(1))).toBe(true);

    const fresh = await upload(m);
    const edited = await edit(m, added.body.id, [keep!.slice(1), fresh]);
    expect(edited.status).toBe(200);
    const photos = edited.body.photos as string[];
    expect(photos).toHaveLength(2);
    expect(photos[0]).toBe(keep);
    expect(photos[1]).toMatch(new RegExp(`^/uploads/${m.userId}/`));
    expect(await stored(drop!.slice(1))).toBe(false);
    expect(await stored(keep!.slice(1))).toBe(true);
    expect(await stored(photos[1]!.slice(1))).toBe(true);
    const list = await call(http, 'GET', '/api/humidor', { cookies: m.cookies });
    expect(list.body.find((i: { id: string }) => i.id === added.body.id)).toMatchObject({ photos, cigarWrapper: 'Habano Maduro' });

    // Keeping a photo the item does not have is refused, and nothing changes.
    const stranger = await edit(m, added.body.id, [photoPath(m.userId)]);
    expect(stranger.status).toBe(400);
    expect(stranger.body.code).toBe('INVALID_UPLOAD');
    expect(await stored(keep!.slice(1))).toBe(true);

    // An edit without `photos` leaves them as they are.
    const untouched = await call(http, 'PUT', `/api/humidor/${added.body.id}`, {
      cookies: m.cookies, pathParameters: { id: added.body.id }, body: { quantity: 3, location: 'Top tray', status: 'owned', notes: null, pricePaid: null },
    });
    expect(untouched.body.photos).toEqual(photos);

    expect((await call(http, 'DELETE', `/api/humidor/${added.body.id}`, { cookies: m.cookies, pathParameters: { id: added.body.id } })).status).toBe(200);
    expect(await uploadsOf(m)).toEqual([]);
  });

  it(`refuses a ${PHOTOS_MAX + 1}th photo, and another member's upload or a file that is no image with nothing saved`, async () => {
    const m = await f.member();
    const five = Array.from({ length: PHOTOS_MAX + 1 }, () => `incoming/${m.userId}/${randomUUID().replaceAll('-', '')}`);
    expect((await add(m, five)).status).toBe(400);

    const other = await f.member();
    const foreign = await add(m, [await upload(m), await upload(other)]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('INVALID_UPLOAD');
    const notImage = await add(m, [await upload(m), await upload(m, Buffer.from('GIF89a not a png at all'))]);
    expect(notImage.body.code).toBe('INVALID_UPLOAD');
    expect(await uploadsOf(m)).toEqual([]);
    expect((await call(http, 'GET', '/api/humidor', { cookies: m.cookies })).body).toEqual([]);
  });
});
