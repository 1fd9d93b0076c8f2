import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clientConfig } from '../aws/local-aws.ts';
import { freePort } from '../ports.ts';
import { Gateway } from './server.ts';

/** The gateway serves GET/HEAD /uploads/* from the S3 stand-in's bucket, as CloudFront does in AWS. */
let gateway: Gateway;
let base: string;
let s3: S3Client;
let bucket: string;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const name = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}abcdefghijklmnop`.slice(0, 32);

beforeAll(async () => {
  const aws = inject('localAws');
  bucket = aws.uploadsBucket;
  s3 = new S3Client({ ...clientConfig(aws.s3Endpoint), forcePathStyle: true });
  const port = await freePort();
  gateway = new Gateway({ port, uploadsOrigin: () => aws.s3Endpoint, invoke: async () => ({ statusCode: 500 }), log: () => undefined });
  await gateway.listen();
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await gateway?.close();
});

async function put(key: string, body: Buffer, contentType: string) {
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
}

describe('gateway /uploads/*', () => {
  it('serves an uploaded image on the app origin with its type, nosniff, inline and a private 5-minute cache', async () => {
    const key = `uploads/u1/${name()}`;
    await put(key, PNG, 'image/png');
    const res = await fetch(`${base}/${key}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'.*sandbox$/);
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();

    const head = await fetch(`${base}/${key}`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), (await head.arrayBuffer()).byteLength]).toEqual([200, 'image/png', 0]);
    const again = await fetch(`${base}/${key}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('never serves a stored non-image type as it is: HTML becomes an opaque download type', async () => {
    const key = `uploads/u1/${name()}`;
    await put(key, Buffer.from('<html><script>alert(1)</script></html>'), 'text/html');
    const res = await fetch(`${base}/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('answers 404 for a missing object or a path that is not an upload path, and 405 for other methods', async () => {
    expect((await fetch(`${base}/uploads/u1/${name()}`)).status).toBe(404);
    for (const path of ['/uploads/', '/uploads/u1', '/uploads/u1/short', '/uploads/u1/x/abcdefghijklmnopqrstuvwxyz', '/uploads/u1/abcdefghijklmnopqrst%2F..%2Fx', '/uploads/u1/abcdefghijklmnopqrst.html']) {
      const res = await fetch(`${base}${path}`);
      expect([path, res.status]).toEqual([path, 404]);
      await res.arrayBuffer();
    }
    const post = await fetch(`${base}/uploads/u1/${name()}`, { method: 'PUT', body: 'x' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });
});
