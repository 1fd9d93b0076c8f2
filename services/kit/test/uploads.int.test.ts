import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectVersionsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceEnv } from '@torcedor/local/src/testing/service-env.ts';
import { PROFILE_PICTURE_MAX_BYTES, UPLOAD_URL_TTL_SECONDS } from '@torcedor/shared/constants';
import { ObjectPath } from '@torcedor/shared/schemas/social';

type Uploads = typeof import('../src/uploads.ts');
let u: Uploads;
let bucket: string;
let endpoint: string;

beforeAll(async () => {
  const aws = inject('localAws');
  Object.assign(process.env, serviceEnv('social', aws), { LOG_LEVEL: 'SILENT' });
  bucket = aws.uploadsBucket;
  endpoint = aws.s3Endpoint;
  u = await import('../src/uploads.ts');
});

/** A real 1x1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(24)]);
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
const user = () => `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';
type Ticket = Awaited<ReturnType<Uploads['presignUpload']>>;

/** Sends bytes to a presigned POST as the browser's form does (fields first, the file last). */
async function postTo(t: Ticket, body: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...t.fields, ...fields })) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(body)]), 'picture');
  const res = await fetch(t.url, { method: 'POST', body: form });
  expect(res.status).toBeLessThan(300);
}
async function upload(userId: string, contentType: ImageType, body: Buffer, sentType: string = contentType) {
  const t = await u.presignUpload(userId, contentType);
  await postTo(t, body, sentType === contentType ? {} : { 'Content-Type': sentType });
  return t.objectPath;
}
const s3 = async () => u.s3Client();
const exists = async (key: string) => {
  try {
    await (await s3()).send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw err;
  }
};
const bytesOf = async (key: string) => {
  const out = await (await s3()).send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return { bytes: Buffer.from(await out.Body!.transformToByteArray()), contentType: out.ContentType };
};
const put = async (Key: string, Body: Buffer, ContentType = 'image/png') => (await s3()).send(new PutObjectCommand({ Bucket: bucket, Key, Body, ContentType }));

describe('presignUpload', () => {
  it("hands out a presigned POST for one key under the member's incoming path: 1 byte to 5 MB, the type fixed, living UPLOAD_URL_TTL_SECONDS", async () => {
    const id = user();
    const t = await u.presignUpload(id, 'image/webp');
    expect(t.objectPath).toMatch(new RegExp(`^incoming/${id}/[A-Za-z0-9_-]{32}$`));
    expect(ObjectPath.safeParse(t.objectPath).success).toBe(false);
    expect(t.url).toBe(`${endpoint}/${bucket}`);
    expect(t.fields).toMatchObject({ key: t.objectPath, 'Content-Type': 'image/webp' });
    const policy = JSON.parse(Buffer.from(t.fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(expect.arrayContaining([
      ['content-length-range', 1, PROFILE_PICTURE_MAX_BYTES],
      ['eq', '$Content-Type', 'image/webp'],
      { key: t.objectPath },
      { bucket },
    ]));
    const ttl = (Date.parse(policy.expiration) - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(UPLOAD_URL_TTL_SECONDS - 10);
    expect(ttl).toBeLessThanOrEqual(UPLOAD_URL_TTL_SECONDS);
    expect((await u.presignUpload(id, 'image/webp')).objectPath).not.toBe(t.objectPath);
  });
});

describe('verifyUpload', () => {
  it.each([
    ['PNG', 'image/png', PNG],
    ['JPEG', 'image/jpeg', JPEG],
    ['WebP', 'image/webp', WEBP],
  ] as const)('accepts a %s uploaded through the presigned POST and tells its type from the bytes', async (_what, type, bytes) => {
    const id = user();
    const path = await upload(id, type, bytes);
    await expect(u.verifyUpload(id, path)).resolves.toMatchObject({ contentType: type });
    expect((await bytesOf(path)).bytes.equals(bytes)).toBe(true);
  });

  it('refuses and deletes an object over 5 MB', async () => {
    const id = user();
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const path = await upload(id, 'image/png', big);
    await expect(u.verifyUpload(id, path)).rejects.toMatchObject({ code: 'INVALID_UPLOAD', statusCode: 400, message: 'The image must be at most 5 MB' });
    expect(await exists(path)).toBe(false);
  });

  it.each([
    ['an HTML file named .png', HTML, 'image/png'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/png'],
    ['an empty file', Buffer.alloc(0), 'image/png'],
    ['PNG bytes stored as text/html (a POST that ignored the policy)', PNG, 'text/html'],
  ])('refuses and deletes %s', async (_what, bytes, sentType) => {
    const id = user();
    const path = await upload(id, 'image/png', bytes, sentType);
    await expect(u.verifyUpload(id, path)).rejects.toMatchObject({ code: 'INVALID_UPLOAD', message: 'Only JPEG, PNG or WebP images can be used' });
    expect(await exists(path)).toBe(false);
  });

  it("refuses another member's object without touching it", async () => {
    const owner = user();
    const path = await upload(owner, 'image/png', PNG);
    await expect(u.verifyUpload(user(), path)).rejects.toMatchObject({ code: 'INVALID_UPLOAD', message: 'This upload does not belong to you: upload the image again' });
    expect(await exists(path)).toBe(true);
  });

  it.each([
    ['outside incoming/', (id: string) => `avatars/${id}/abcdefghijklmnopqrstuvwxyzABCDEF`],
    ['an object already registered (uploads/)', (id: string) => `uploads/${id}/abcdefghijklmnopqrstuvwxyzABCDEF`],
    ['a deeper path', (id: string) => `incoming/${id}/x/abcdefghijklmnopqrstuvwxyzABCDEF`],
    ['a traversal', (id: string) => `incoming/${id}/../other/abcdefghijklmnop`],
    ['a prefix of another id', (id: string) => `incoming/${id}x/abcdefghijklmnopqrstuvwxyzABCDEF`],
  ])('refuses a path %s', async (_what, pathOf) => {
    const id = user();
    await expect(u.verifyUpload(id, pathOf(id))).rejects.toMatchObject({ code: 'INVALID_UPLOAD' });
  });

  it('refuses a path that does not exist', async () => {
    const id = user();
    await expect(u.verifyUpload(id, `incoming/${id}/abcdefghijklmnopqrstuvwxyzABCDEF`))
      .rejects.toMatchObject({ code: 'INVALID_UPLOAD', message: 'The upload was not found: upload the image again' });
  });

  it('reads only the first bytes and the size (an object written without the presigned POST is checked the same way)', async () => {
    const id = user();
    const key = `incoming/${id}/abcdefghijklmnopqrstuvwxyz012345`;
    await put(key, Buffer.concat([JPEG, Buffer.from('<script>')]), 'image/jpeg');
    await expect(u.verifyUpload(id, key)).resolves.toMatchObject({ contentType: 'image/jpeg' });
  });
});

describe('registerUpload', () => {
  it('copies the checked object to a new path under uploads/<member>/ that no upload link reaches, and deletes the incoming one', async () => {
    const id = user();
    const incoming = await upload(id, 'image/jpeg', JPEG);
    const { objectPath, contentType } = await u.registerUpload(id, incoming);
    expect(contentType).toBe('image/jpeg');
    expect(objectPath).toMatch(new RegExp(`^uploads/${id}/[A-Za-z0-9_-]{32}$`));
    expect(ObjectPath.safeParse(objectPath).success).toBe(true);
    expect(objectPath.slice(-32)).not.toBe(incoming.slice(-32));
    expect(await bytesOf(objectPath)).toEqual({ bytes: JPEG, contentType: 'image/jpeg' });
    expect(await exists(incoming)).toBe(false);
    // The incoming object is gone: it registers once.
    await expect(u.registerUpload(id, incoming)).rejects.toMatchObject({ code: 'INVALID_UPLOAD', message: 'The upload was not found: upload the image again' });
  });

  it('keeps a registered picture as it was when its upload link is used again (a replay of the POST)', async () => {
    const id = user();
    const t = await u.presignUpload(id, 'image/jpeg');
    await postTo(t, JPEG);
    const { objectPath } = await u.registerUpload(id, t.objectPath);
    // The same link again, with 12 MB of HTML: it lands on the incoming key, never on the registered copy.
    await postTo(t, Buffer.concat([HTML, Buffer.alloc(12 * 1024 * 1024, 0x20)]), { 'Content-Type': 'text/html' });
    expect(await bytesOf(objectPath)).toEqual({ bytes: JPEG, contentType: 'image/jpeg' });
    // What landed there cannot be registered either.
    await expect(u.registerUpload(id, t.objectPath)).rejects.toMatchObject({ code: 'INVALID_UPLOAD', message: 'The image must be at most 5 MB' });
  });

  it('refuses what verifyUpload refuses and copies nothing', async () => {
    const id = user();
    const incoming = await upload(id, 'image/png', HTML);
    await expect(u.registerUpload(id, incoming)).rejects.toMatchObject({ code: 'INVALID_UPLOAD' });
    const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const left = await (await s3()).send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `uploads/${id}/` }));
    expect(left.KeyCount ?? 0).toBe(0);
  });
});

describe('deleting uploads', () => {
  it("deletes a member's own object, registered or incoming, and leaves anything outside their folders alone", async () => {
    const id = user();
    const { objectPath } = await u.registerUpload(id, await upload(id, 'image/png', PNG));
    const incoming = await upload(id, 'image/png', PNG);
    const theirs = await upload(user(), 'image/png', PNG);
    await u.deleteUpload(id, objectPath);
    await u.deleteUpload(id, incoming);
    await u.deleteUpload(id, theirs);
    expect([await exists(objectPath), await exists(incoming), await exists(theirs)]).toEqual([false, false, true]);
    // Deleting again is a no-op.
    await expect(u.deleteUpload(id, objectPath)).resolves.toBeUndefined();
  });

  it("deletes every upload of a member (uploads/ and incoming/), no one else's", async () => {
    const [id, other] = [user(), user()];
    const mine = [`uploads/${id}/${'a'.repeat(32)}`, `uploads/${id}/${'b'.repeat(32)}`, `incoming/${id}/${'c'.repeat(32)}`];
    const theirs = [`uploads/${other}/${'a'.repeat(32)}`, `incoming/${other}/${'c'.repeat(32)}`, `uploads/${id}x/${'a'.repeat(32)}`];
    for (const key of [...mine, ...theirs]) await put(key, PNG);
    await u.deleteMemberUploads(id);
    expect(await Promise.all(mine.map(exists))).toEqual([false, false, false]);
    expect(await Promise.all(theirs.map(exists))).toEqual([true, true, true]);
    await expect(u.deleteMemberUploads(id)).resolves.toBeUndefined();
    await expect(u.deleteMemberUploads('')).rejects.toThrow();
  });

  it('deletes every version and delete marker of a versioned bucket, page by page, and fails when S3 keeps one', async () => {
    const client = await s3();
    const mock = mockClient(client);
    try {
      const id = user();
      const key = `uploads/${id}/${'v'.repeat(32)}`;
      mock.on(ListObjectVersionsCommand)
        .resolvesOnce({
          IsTruncated: true, NextKeyMarker: key, NextVersionIdMarker: 'v2',
          Versions: [{ Key: key, VersionId: 'v1' }, { Key: `${key}x`, VersionId: 'other' }, { Key: key, VersionId: 'v2' }],
        })
        .resolvesOnce({ IsTruncated: false, DeleteMarkers: [{ Key: key, VersionId: 'm1' }] });
      mock.on(DeleteObjectsCommand).resolves({});
      await u.deleteUpload(id, key);
      const deleted = mock.commandCalls(DeleteObjectsCommand).flatMap((c) => c.args[0].input.Delete!.Objects!);
      expect(deleted).toEqual([{ Key: key, VersionId: 'v1' }, { Key: key, VersionId: 'v2' }, { Key: key, VersionId: 'm1' }]);
      expect(mock.commandCalls(ListObjectVersionsCommand).map((c) => [c.args[0].input.Prefix, c.args[0].input.KeyMarker, c.args[0].input.VersionIdMarker]))
        .toEqual([[key, undefined, undefined], [key, key, 'v2']]);

      mock.on(ListObjectVersionsCommand).resolves({ IsTruncated: false, Versions: [{ Key: key, VersionId: 'v1' }] });
      mock.on(DeleteObjectsCommand).resolves({ Errors: [{ Key: key, VersionId: 'v1', Code: 'AccessDenied' }] });
      await expect(u.deleteUpload(id, key)).rejects.toThrow(/AccessDenied/);
    } finally {
      mock.restore();
    }
  });
});

describe('imageTypeOf', () => {
  it('knows JPEG, PNG and WebP by their magic bytes and nothing else', () => {
    expect(u.imageTypeOf(JPEG)).toBe('image/jpeg');
    expect(u.imageTypeOf(PNG)).toBe('image/png');
    expect(u.imageTypeOf(WEBP)).toBe('image/webp');
    expect(u.imageTypeOf(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(u.imageTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(u.imageTypeOf(Buffer.from('<html>'))).toBeNull();
    expect(u.imageTypeOf(new Uint8Array())).toBeNull();
  });
});
