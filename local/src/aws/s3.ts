import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import S3rver from 's3rver';
import { LOCAL_CREDENTIALS, UPLOADS_BUCKET } from './local-aws.ts';

/**
 * s3rver knows one access key (S3RVER) and refuses any other before it would even skip the signature check:
 * it learns the key every local client and service signs with (the services' S3 calls and presigned URLs).
 */
function acceptLocalCredentials() {
  const accounts = createRequire(import.meta.url)('s3rver/lib/models/account.js') as {
    DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
  };
  accounts.DUMMY_ACCOUNT.createKeyPair(LOCAL_CREDENTIALS.accessKeyId, LOCAL_CREDENTIALS.secretAccessKey);
}

/** CORS of the uploads bucket: the browser POSTs its form to presigned POSTs and reads the images from the app origin. */
function corsXml(appOrigin: string): string {
  return `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${appOrigin}</AllowedOrigin>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;
}

/** The address s3rver listens on: loopback only (it serves every upload to anyone who can reach it). */
export const S3_HOST = '127.0.0.1';

/**
 * s3rver in this process on 127.0.0.1:<port>, files under `dir`, with the uploads bucket and its CORS
 * (re)applied on every start. Signatures and POST policies (size, key, type) are not enforced by s3rver: the services
 * verify uploads themselves. The endpoint stays `http://localhost:<port>` (the origin of presigned POSTs and of
 * stored image URLs; browsers and Node fall back from ::1 to 127.0.0.1 for localhost).
 */
export async function startS3(o: { port: number; dir: string; appOrigin: string }): Promise<{ endpoint: string; stop(): Promise<void> }> {
  mkdirSync(o.dir, { recursive: true });
  acceptLocalCredentials();
  const server = new S3rver({
    address: S3_HOST,
    port: o.port,
    silent: true,
    directory: o.dir,
    configureBuckets: [{ name: UPLOADS_BUCKET, configs: [corsXml(o.appOrigin)] }],
  });
  await server.run();
  return { endpoint: `http://localhost:${o.port}`, stop: () => server.close() };
}
