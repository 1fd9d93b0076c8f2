import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceEnv } from '@torcedor/local/src/testing/service-env.ts';
import { UPLOAD_URL_TTL_SECONDS } from '@torcedor/shared/constants';
import { ObjectPath } from '@torcedor/shared/schemas/social';

type Uploads = typeof import('../src/uploads.ts');
let u: Uploads;
let bucket: string;

beforeAll(async () => {
  const aws = inject('localAws');
  Object.assign(process.env, serviceEnv('social', aws), { LOG_LEVEL: 'SILENT' });
  bucket = aws.uploadsBucket;
  u = await import('../src/uploads.ts');
});

/** A real 1x1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(24)]);
const user = () => `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

async function upload(userId: string, contentType: 'image/png' | 'image/jpeg' | 'image/webp', body: Buffer, sentType: string = contentType) {
  const t = await u.presignUpload(userId, contentType);
  const res = await fetch(t.uploadURL, { method: 'PUT', body, headers: { 'content-type': sentType } });
  expect(res.status).toBe(200);
  return t.objectPath;
}
const exists = async (key: string) => {
  try {
    await (await u.s3Client()).send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw err;
  }
};

describe('presignUpload', () => {
  it("hands out a presigned PUT under the member's own path, content type signed, living UPLOAD_URL_TTL_SECONDS", async () => {
    const id = user();
    const t = await u.presignUpload(id, 'image/webp');
    expect(ObjectPath.safeParse(t.objectPath).success).toBe(true);
    expect(t.objectPath).toMatch(new RegExp(`^uploads/${id}/[A-Za-z0-9_-]{32}$`));
    const url = new URL(t.uploadURL);
    expect(url.pathname).toBe(`/${bucket}/${t.objectPath}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(UPLOAD_URL_TTL_SECONDS));
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    expect((await u.presignUpload(id, 'image/webp')).objectPath).not.toBe(t.objectPath);
  });
});

describe('verifyUpload', () => {
  it.each([
    ['PNG', 'image/png', PNG],
    ['JPEG', 'image/jpeg', JPEG],
    ['WebP', 'image/webp', WEBP],
  ] as const)('accepts a %s uploaded through the presigned URL and tells its type from the bytes', async (_what, type, bytes) => {
    const id = user();
    const path = await upload(id, type, bytes);
    await expect(u.verifyUpload(id, path)).resolves.toEqual({ contentType: type });
    const stored = await (await u.s3Client()).send(new GetObjectCommand({ Bucket: bucket, Key: path }));
    expect(Buffer.from(await stored.Body!.transformToByteArray()).equals(bytes)).toBe(true);
  });

  it('refuses and deletes an object over 5 MB', async () => {
    const id = user();
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const path = await upload(id, 'image/png', big);
    await expect(u.verifyUpload(id, path)).rejects.toMatchObject({ code: 'INVALID_UPLOAD', statusCode: 400, message: 'The image must be at most 5 MB' });
    expect(await exists(path)).toBe(false);
  });

  it.each([
    ['an HTML file named .png', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/png'],
    ['an empty file', Buffer.alloc(0), 'image/png'],
    ['PNG bytes stored as text/html (a PUT that ignored the signed type)', PNG, 'text/html'],
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
    ['outside uploads/', (id: string) => `avatars/${id}/abcdefghijklmnopqrstuvwxyzABCDEF`],
    ['a deeper path', (id: string) => `uploads/${id}/x/abcdefghijklmnopqrstuvwxyzABCDEF`],
    ['a traversal', (id: string) => `uploads/${id}/../other/abcdefghijklmnop`],
    ['a prefix of another id', (id: string) => `uploads/${id}x/abcdefghijklmnopqrstuvwxyzABCDEF`],
  ])('refuses a path %s', async (_what, pathOf) => {
    const id = user();
    await expect(u.verifyUpload(id, pathOf(id))).rejects.toMatchObject({ code: 'INVALID_UPLOAD' });
  });

  it('refuses a path that does not exist', async () => {
    const id = user();
    await expect(u.verifyUpload(id, `uploads/${id}/abcdefghijklmnopqrstuvwxyzABCDEF`))
      .rejects.toMatchObject({ code: 'INVALID_UPLOAD', message: 'The upload was not found: upload the image again' });
  });

  it('reads only the first bytes and the size (an object written without the presigned URL is checked the same way)', async () => {
    const id = user();
    const key = `uploads/${id}/abcdefghijklmnopqrstuvwxyz012345`;
    await (await u.s3Client()).send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: Buffer.concat([JPEG, Buffer.from('<script>')]), ContentType: 'image/jpeg' }));
    await expect(u.verifyUpload(id, key)).resolves.toEqual({ contentType: 'image/jpeg' });
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
