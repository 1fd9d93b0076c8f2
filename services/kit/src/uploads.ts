import { randomBytes } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import * as z from 'zod';
import { PROFILE_PICTURE_MAX_BYTES, UPLOAD_CONTENT_TYPES, UPLOAD_URL_TTL_SECONDS, UPLOADS_PREFIX } from '@torcedor/shared/constants';
import { clientOptions } from './aws.ts';
import { DataEnv, loadConfig } from './config.ts';
import { DomainError } from './errors.ts';
import { memoUntilFailure } from './memo.ts';
import { traced } from './observability.ts';

/**
 * Member uploads (docs/architecture.md, "Uploads"): the browser PUTs an image straight to the private uploads
 * bucket with a short-lived presigned URL, then registers the object (profile picture, image post). Nothing
 * the browser says is trusted: registering checks the path is the caller's own, the size, and the first bytes.
 */

const UploadsEnv = DataEnv.pick({ AWS_REGION: true }).extend({
  UPLOADS_BUCKET: z.string().min(3),
  /** Set locally (s3rver); unset in AWS. */
  S3_ENDPOINT: z.url().optional(),
});
const config = loadConfig(UploadsEnv);

/**
 * The function's one S3 client, with the kit's deadlines, path-style against a local endpoint; the SDK and the
 * presigner are imported on first use, so a function instance that serves no upload never loads them (~100 ms of a
 * cold start: docs/decisions.md, "Bundles").
 */
const s3Sdk = memoUntilFailure(async () => {
  const [sdk, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
  const client = traced(new sdk.S3Client({
    region: config.AWS_REGION,
    ...clientOptions(),
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
  }));
  return { sdk, client, getSignedUrl: presigner.getSignedUrl };
});
export const s3Client = async (): Promise<S3Client> => (await s3Sdk()).client;
const Bucket = config.UPLOADS_BUCKET;

export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** How many leading bytes are read to tell the image type. */
const MAGIC_BYTES = 16;
/** The random part of an object path: 24 random bytes are 32 base64url characters. */
const randomName = () => randomBytes(24).toString('base64url');
/** A member's own upload folder. */
const ownPrefix = (userId: string) => `${UPLOADS_PREFIX}/${userId}/`;
const NAME = /^[A-Za-z0-9_-]{16,64}$/;

const refuse = (message: string) => new DomainError('INVALID_UPLOAD', message);

/**
 * A presigned PUT for one new object under the member's own path. The content type is signed: S3 refuses a
 * PUT with another Content-Type, so the object is stored (and later served) with one of the image types.
 */
export async function presignUpload(userId: string, contentType: UploadContentType): Promise<{ uploadURL: string; objectPath: string }> {
  const objectPath = `${ownPrefix(userId)}${randomName()}`;
  const { sdk, client, getSignedUrl } = await s3Sdk();
  const uploadURL = await getSignedUrl(client, new sdk.PutObjectCommand({ Bucket, Key: objectPath, ContentType: contentType }), {
    expiresIn: UPLOAD_URL_TTL_SECONDS,
    // The presigner leaves Content-Type unsigned by default: signed, S3 refuses a PUT with any other type.
    signableHeaders: new Set(['content-type']),
  });
  return { uploadURL, objectPath };
}

/** The image type the first bytes announce: JPEG (FF D8 FF), PNG (89 'PNG' 0D 0A 1A 0A) or WebP ('RIFF' size 'WEBP'); else null. */
export function imageTypeOf(head: Uint8Array): UploadContentType | null {
  const at = (i: number, bytes: number[]) => bytes.every((b, j) => head[i + j] === b);
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};
const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * Checks an uploaded object before it is used: it must lie under the caller's own `uploads/<userId>/` (another
 * member's object is refused without being touched), exist, be at most PROFILE_PICTURE_MAX_BYTES, have been
 * stored with an image type, and start with the bytes of a JPEG, PNG or WebP image. An object of the caller's
 * own that fails is deleted. Refusals are INVALID_UPLOAD (400); returns the type the bytes announce.
 */
export async function verifyUpload(userId: string, objectPath: string): Promise<{ contentType: UploadContentType }> {
  const prefix = ownPrefix(userId);
  if (!userId || !objectPath.startsWith(prefix) || !NAME.test(objectPath.slice(prefix.length))) {
    throw refuse('This upload does not belong to you: upload the image again');
  }
  const Key = objectPath;
  const { sdk, client: s3 } = await s3Sdk();
  let size: number;
  let storedType: string;
  let etag: string | undefined;
  try {
    const head = await s3.send(new sdk.HeadObjectCommand({ Bucket, Key }));
    size = head.ContentLength ?? 0;
    storedType = mediaType(head.ContentType);
    etag = head.ETag;
  } catch (err) {
    if (isNotFound(err)) throw refuse('The upload was not found: upload the image again');
    throw err;
  }
  const rejectAndDelete = async (message: string): Promise<never> => {
    await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    throw refuse(message);
  };
  if (size > PROFILE_PICTURE_MAX_BYTES) {
    return rejectAndDelete(`The image must be at most ${PROFILE_PICTURE_MAX_BYTES / (1024 * 1024)} MB`);
  }
  const notImage = 'Only JPEG, PNG or WebP images can be used';
  if (size === 0 || !(UPLOAD_CONTENT_TYPES as readonly string[]).includes(storedType)) return rejectAndDelete(notImage);
  let head: Uint8Array;
  try {
    const out = await s3.send(new sdk.GetObjectCommand({ Bucket, Key, Range: `bytes=0-${MAGIC_BYTES - 1}`, ...(etag ? { IfMatch: etag } : {}) }));
    head = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
  } catch (err) {
    // Replaced or deleted since it was measured: the member uploads again.
    if (isNotFound(err) || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 412) {
      throw refuse('The upload changed while it was checked: upload the image again');
    }
    throw err;
  }
  const contentType = imageTypeOf(head.subarray(0, MAGIC_BYTES));
  if (!contentType) return rejectAndDelete(notImage);
  return { contentType };
}

/**
 * The bytes of a member's own upload, checked first with verifyUpload (so at most PROFILE_PICTURE_MAX_BYTES of an
 * image), for a use that reads the picture itself (band scan's second opinion).
 */
export async function readUpload(userId: string, objectPath: string): Promise<{ bytes: Uint8Array; contentType: UploadContentType }> {
  const { contentType } = await verifyUpload(userId, objectPath);
  const { sdk, client: s3 } = await s3Sdk();
  const out = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: objectPath }));
  const bytes = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
  if (bytes.length > PROFILE_PICTURE_MAX_BYTES) throw refuse(`The image must be at most ${PROFILE_PICTURE_MAX_BYTES / (1024 * 1024)} MB`);
  return { bytes, contentType };
}

/** Deletes a member's own upload (anything outside their folder is left alone); a missing one is already gone. */
export async function deleteUpload(userId: string, objectPath: string): Promise<void> {
  if (!userId || !objectPath.startsWith(ownPrefix(userId))) return;
  const { sdk, client: s3 } = await s3Sdk();
  await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectPath }));
}
