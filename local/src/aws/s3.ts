import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { UPLOADS_BUCKET } from './local-aws.ts';

/** CORS of the uploads bucket: the browser PUTs to presigned URLs and reads the images from the app origin. */
function corsXml(appOrigin: string): string {
  return `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${appOrigin}</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;
}

/**
 * s3rver in this process on localhost:<port> (the browser reaches it through presigned URLs), files under
 * `dir`, with the uploads bucket and its CORS (re)applied on every start. Signatures and POST policies
 * are not enforced by s3rver: the services verify uploads themselves.
 */
export async function startS3(o: { port: number; dir: string; appOrigin: string }): Promise<{ endpoint: string; stop(): Promise<void> }> {
  mkdirSync(o.dir, { recursive: true });
  const server = new S3rver({
    address: 'localhost',
    port: o.port,
    silent: true,
    directory: o.dir,
    configureBuckets: [{ name: UPLOADS_BUCKET, configs: [corsXml(o.appOrigin)] }],
  });
  await server.run();
  return { endpoint: `http://localhost:${o.port}`, stop: () => server.close() };
}
