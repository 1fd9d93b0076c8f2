import { randomBytes } from 'node:crypto';
import type { ObjectIdentifier, S3Client } from '@aws-sdk/client-s3';
import * as z from 'zod';
import {
  INCOMING_PREFIX, PROFILE_PICTURE_MAX_BYTES, UPLOAD_CONTENT_TYPES, UPLOAD_URL_TTL_SECONDS, UPLOADS_PREFIX,
} from '@torcedor/shared/constants';
import { clientOptions } from './aws.ts';
import { DataEnv, loadConfig } from './config.ts';
import { DomainError } from './errors.ts';
import { logger } from './logger.ts';
import { memoUntilFailure } from './memo.ts';
import { traced } from './observability.ts';

/**
 * Member uploads (docs/architecture.md, "Uploads"). The browser POSTs an image straight to the private uploads bucket
 * with a short-lived presigned POST for one key under `incoming/<member>/`, whose policy holds it to 1 byte..5 MB and
 * the image type asked for. Nothing the browser says is trusted: registering the upload (profile picture, image post)
 * checks the object itself (the caller's own path, the size, the first bytes), then copies exactly the checked object
 * to a new key under `uploads/<member>/`, which no upload link can write and which alone the site serves, and deletes
 * the incoming one. What is never registered expires with the bucket's lifecycle rule on `incoming/`.
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
  const [sdk, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-presigned-post')]);
  const client = traced(new sdk.S3Client({
    region: config.AWS_REGION,
    ...clientOptions(),
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
  }));
  return { sdk, client, createPresignedPost: presigner.createPresignedPost };
});
export const s3Client = async (): Promise<S3Client> => (await s3Sdk()).client;
const Bucket = config.UPLOADS_BUCKET;

export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** How many leading bytes are read to tell the image type. */
const MAGIC_BYTES = 16;
/** The random part of an object path: 24 random bytes are 32 base64url characters. */
const randomName = () => randomBytes(24).toString('base64url');
const MEMBER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const NAME = /^[A-Za-z0-9_-]{16,64}$/;
/** A member's folder under one of the two prefixes. */
const folderOf = (prefix: string, userId: string) => `${prefix}/${userId}/`;
/** Whether `path` is exactly `<prefix>/<userId>/<name>`. */
const isOwn = (prefix: string, userId: string, path: string) => {
  const folder = folderOf(prefix, userId);
  return MEMBER_ID.test(userId) && path.startsWith(folder) && NAME.test(path.slice(folder.length));
};

const refuse = (message: string) => new DomainError('INVALID_UPLOAD', message);
const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const isNotFound = (err: unknown) => {
  const name = (err as { name?: string } | null)?.name;
  return name === 'NotFound' || name === 'NoSuchKey' || statusOf(err) === 404;
};
const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();
const changedMessage = 'The upload changed while it was checked: upload the image again';
const tooBigMessage = `The image must be at most ${PROFILE_PICTURE_MAX_BYTES / (1024 * 1024)} MB`;

/**
 * A presigned POST for one new object under the member's own `incoming/` folder. Its policy names the exact key, the
 * content type (stored and later served with one of the image types) and a content-length-range of 1 byte to
 * PROFILE_PICTURE_MAX_BYTES, so S3 refuses anything bigger before it is stored. The server checks all of it again when
 * the upload is registered: the local stand-in enforces no policy.
 */
export async function presignUpload(userId: string, contentType: UploadContentType): Promise<{ url: string; fields: Record<string, string>; objectPath: string }> {
  if (!MEMBER_ID.test(userId)) throw new Error('presignUpload: not a member id');
  const objectPath = `${folderOf(INCOMING_PREFIX, userId)}${randomName()}`;
  const { client, createPresignedPost } = await s3Sdk();
  const { url, fields } = await createPresignedPost(client, {
    Bucket,
    Key: objectPath,
    Conditions: [['content-length-range', 1, PROFILE_PICTURE_MAX_BYTES], ['eq', '$Content-Type', contentType]],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_URL_TTL_SECONDS,
  });
  return { url, fields, objectPath };
}

/** The image type the first bytes announce: JPEG (FF D8 FF), PNG (89 'PNG' 0D 0A 1A 0A) or WebP ('RIFF' size 'WEBP'); else null. */
export function imageTypeOf(head: Uint8Array): UploadContentType | null {
  const at = (i: number, bytes: number[]) => bytes.every((b, j) => head[i + j] === b);
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}

/**
 * Checks an uploaded object before it is used: it must lie under the caller's own `incoming/<userId>/` (another
 * member's object is refused without being touched), exist, be at most PROFILE_PICTURE_MAX_BYTES, have been stored with
 * an image type, and start with the bytes of a JPEG, PNG or WebP image. An object of the caller's own that fails is
 * deleted. Refusals are INVALID_UPLOAD (400); returns the type the bytes announce and the ETag of the checked object.
 */
export async function verifyUpload(userId: string, incomingPath: string): Promise<{ contentType: UploadContentType; etag: string }> {
  if (!isOwn(INCOMING_PREFIX, userId, incomingPath)) throw refuse('This upload does not belong to you: upload the image again');
  const Key = incomingPath;
  const { sdk, client: s3 } = await s3Sdk();
  let size: number;
  let storedType: string;
  let etag: string;
  try {
    const head = await s3.send(new sdk.HeadObjectCommand({ Bucket, Key }));
    size = head.ContentLength ?? 0;
    storedType = mediaType(head.ContentType);
    if (!head.ETag) throw new Error('S3 answered an object without an ETag');
    etag = head.ETag;
  } catch (err) {
    if (isNotFound(err)) throw refuse('The upload was not found: upload the image again');
    throw err;
  }
  const rejectAndDelete = async (message: string): Promise<never> => {
    await deleteVersions(Key, true);
    throw refuse(message);
  };
  if (size > PROFILE_PICTURE_MAX_BYTES) return rejectAndDelete(tooBigMessage);
  const notImage = 'Only JPEG, PNG or WebP images can be used';
  if (size === 0 || !(UPLOAD_CONTENT_TYPES as readonly string[]).includes(storedType)) return rejectAndDelete(notImage);
  let head: Uint8Array;
  try {
    const out = await s3.send(new sdk.GetObjectCommand({ Bucket, Key, Range: `bytes=0-${MAGIC_BYTES - 1}`, IfMatch: etag }));
    head = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
  } catch (err) {
    // Replaced or deleted since it was measured: the member uploads again.
    if (isNotFound(err) || statusOf(err) === 412) throw refuse(changedMessage);
    throw err;
  }
  const contentType = imageTypeOf(head.subarray(0, MAGIC_BYTES));
  if (!contentType) return rejectAndDelete(notImage);
  return { contentType, etag };
}

/**
 * Registers a member's upload (a profile picture, a post's picture): checks it with verifyUpload, copies exactly the
 * checked object (CopySourceIfMatch on its ETag) to a new random key under `uploads/<userId>/`, stored with the type its
 * bytes announce, and deletes the incoming object. Answers the copy's path: no upload link can write there, so what
 * was checked is what the site serves until it is deleted. Refusals are INVALID_UPLOAD (400).
 */
export async function registerUpload(userId: string, incomingPath: string): Promise<{ objectPath: string; contentType: UploadContentType }> {
  const { contentType, etag } = await verifyUpload(userId, incomingPath);
  const objectPath = `${folderOf(UPLOADS_PREFIX, userId)}${randomName()}`;
  const { sdk, client: s3 } = await s3Sdk();
  let copied: string | undefined;
  try {
    const out = await s3.send(new sdk.CopyObjectCommand({
      Bucket, Key: objectPath, CopySource: `${Bucket}/${incomingPath}`, CopySourceIfMatch: etag,
      MetadataDirective: 'REPLACE', ContentType: contentType,
    }));
    copied = out.CopyObjectResult?.ETag;
  } catch (err) {
    if (isNotFound(err) || statusOf(err) === 412) throw refuse(changedMessage);
    throw err;
  }
  // The copy's ETag is the MD5 of its bytes (a single-part object, SSE-S3): another one means other bytes (the local
  // stand-in ignores CopySourceIfMatch), which are not kept.
  if (copied !== etag) {
    await deleteVersions(objectPath, true);
    throw refuse(changedMessage);
  }
  // A failure here costs nothing lasting: the copy is registered, and the bucket expires incoming/ objects anyway.
  await deleteVersions(incomingPath, true).catch((err: unknown) => logger.warn('incoming upload not deleted', { error: err as Error }));
  return { objectPath, contentType };
}

/**
 * The bytes of a member's upload that is read once and not kept (band scan's second opinion), checked first with
 * verifyUpload (so at most PROFILE_PICTURE_MAX_BYTES of an image) and read only as it was checked (IfMatch).
 */
export async function readUpload(userId: string, incomingPath: string): Promise<{ bytes: Uint8Array; contentType: UploadContentType }> {
  const { contentType, etag } = await verifyUpload(userId, incomingPath);
  const { sdk, client: s3 } = await s3Sdk();
  let bytes: Uint8Array;
  try {
    const out = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: incomingPath, IfMatch: etag }));
    bytes = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
  } catch (err) {
    if (isNotFound(err) || statusOf(err) === 412) throw refuse(changedMessage);
    throw err;
  }
  if (bytes.length > PROFILE_PICTURE_MAX_BYTES) throw refuse(tooBigMessage);
  return { bytes, contentType };
}

/**
 * Deletes one of a member's own objects, registered (`uploads/<userId>/<name>`) or incoming (`incoming/<userId>/<name>`),
 * every version of it; anything else is left alone, and a missing one is already gone (idempotent).
 */
export async function deleteUpload(userId: string, objectPath: string): Promise<void> {
  if (!isOwn(UPLOADS_PREFIX, userId, objectPath) && !isOwn(INCOMING_PREFIX, userId, objectPath)) return;
  await deleteVersions(objectPath, true);
}

/**
 * Deletes every upload of a member, every version: their whole `uploads/<userId>/` folder (profile pictures, post
 * pictures, whichever service registered them) and their `incoming/<userId>/` folder. Idempotent.
 */
export async function deleteMemberUploads(userId: string): Promise<void> {
  if (!MEMBER_ID.test(userId)) throw new Error('deleteMemberUploads: not a member id');
  await Promise.all([UPLOADS_PREFIX, INCOMING_PREFIX].map((prefix) => deleteVersions(folderOf(prefix, userId), false)));
}

/** S3's answer to ListObjectVersions from a store that keeps no versions (the local stand-in, s3rver). */
const keepsNoVersions = (err: unknown) => {
  const name = (err as { name?: string } | null)?.name;
  return name === 'MethodNotAllowed' || name === 'NotImplemented' || statusOf(err) === 405 || statusOf(err) === 501;
};

/**
 * Deletes every version and delete marker of the key `prefix` (exact) or of every key under it: the uploads bucket
 * is versioned (docs/architecture.md, "Uploads"), and a plain DELETE would only hide the object behind a marker.
 */
async function deleteVersions(prefix: string, exact: boolean): Promise<void> {
  const { sdk, client: s3 } = await s3Sdk();
  let markers: { KeyMarker?: string; VersionIdMarker?: string } | undefined = {};
  while (markers) {
    let page;
    try {
      page = await s3.send(new sdk.ListObjectVersionsCommand({ Bucket, Prefix: prefix, ...markers }));
    } catch (err) {
      if (!keepsNoVersions(err)) throw err;
      return deleteCurrent(prefix, exact);
    }
    await deleteBatch([...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])]
      .filter((v) => v.Key !== undefined && (!exact || v.Key === prefix))
      .map((v) => ({ Key: v.Key!, VersionId: v.VersionId })));
    markers = page.IsTruncated ? { KeyMarker: page.NextKeyMarker, VersionIdMarker: page.NextVersionIdMarker } : undefined;
  }
}

/** Without versions: deletes the key `prefix` (exact) or every key under it. */
async function deleteCurrent(prefix: string, exact: boolean): Promise<void> {
  const { sdk, client: s3 } = await s3Sdk();
  if (exact) {
    await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: prefix }));
    return;
  }
  let ContinuationToken: string | undefined;
  do {
    const page = await s3.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
    await deleteBatch((page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : [])));
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
}

/** One DeleteObjects of at most 1,000 objects (a listing page); throws when S3 kept any of them. */
async function deleteBatch(objects: ObjectIdentifier[]): Promise<void> {
  if (!objects.length) return;
  const { sdk, client: s3 } = await s3Sdk();
  const out = await s3.send(new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: objects, Quiet: true } }));
  const kept = out.Errors ?? [];
  if (kept.length) throw new Error(`S3 did not delete ${kept.length} upload(s): ${kept.map((e) => `${e.Key} ${e.Code}`).join(', ')}`);
}

/**
 * Several uploads registered at once (a review's or a humidor item's photos): each checked and copied as
 * `registerUpload` does. One refused (INVALID_UPLOAD) refuses them all: the copies already made are deleted, so nothing
 * is kept. Answers the copies' object paths in the order given.
 */
export async function registerUploads(userId: string, incoming: readonly string[]): Promise<string[]> {
  const out = await Promise.allSettled(incoming.map((path) => registerUpload(userId, path)));
  const refused = out.find((r) => r.status === 'rejected');
  const paths = out.flatMap((r) => (r.status === 'fulfilled' ? [r.value.objectPath] : []));
  if (refused) {
    await dropUploads(userId, paths);
    throw refused.reason;
  }
  return paths;
}

/** Deletes registered uploads that were not kept (a refused or repeated write); a failure is logged, never thrown. */
export async function dropUploads(userId: string, paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((p) => deleteUpload(userId, p)
    .catch((e: unknown) => logger.warn('unused upload not deleted', { error: e as Error }))));
}
