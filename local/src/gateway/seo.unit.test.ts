import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths.ts';
import { freePort } from '../ports.ts';
import { Gateway } from './server.ts';
import { createStaticSite } from './static.ts';

/**
 * robots.txt, sitemap.xml and the link-preview tags, as `npm start` serves them: the real web build (into a temp
 * dir, with APP_ORIGIN set as a deploy would) behind the real gateway. CloudFront serves the same files from S3.
 */
const ORIGIN = 'https://club.torcedor.example';
const PUBLIC_PAGES = ['/', '/terms', '/privacy', '/disclaimer'];
const MEMBER_AREAS = ['/humidor', '/events', '/profile', '/settings', '/search', '/recommendations', '/learn', '/subscription', '/marketing', '/moderation', '/cigars'];

let dist: string;
let gateway: Gateway;
let base: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'torcedor-seo-'));
  const saved = process.env.APP_ORIGIN;
  process.env.APP_ORIGIN = `${ORIGIN}/`;
  try {
    const web = join(REPO_ROOT, 'web');
    await build({ root: web, configFile: join(web, 'vite.config.ts'), configLoader: 'runner', logLevel: 'silent', build: { outDir: dist, emptyOutDir: true } });
  } finally {
    if (saved === undefined) delete process.env.APP_ORIGIN;
    else process.env.APP_ORIGIN = saved;
  }
  const port = await freePort();
  gateway = new Gateway({ port, invoke: async () => ({ statusCode: 500 }), log: () => undefined });
  gateway.setSite(createStaticSite(dist));
  await gateway.listen();
  base = `http://127.0.0.1:${port}`;
}, 120_000);
afterAll(async () => {
  await gateway?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('SEO files on the local gateway', () => {
  it('serves /robots.txt as text/plain: public pages allowed, the API and the signed-in areas disallowed, the sitemap', async () => {
    const res = await fetch(`${base}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toEqual(expect.arrayContaining(['Allow: /$', 'Allow: /terms', 'Allow: /privacy', 'Allow: /disclaimer']));
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /api/', ...MEMBER_AREAS.map((a) => `Disallow: ${a}`)]));
    for (const page of PUBLIC_PAGES.slice(1)) expect(lines).not.toContain(`Disallow: ${page}`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('serves /sitemap.xml as application/xml listing the public pages by absolute URL', async () => {
    const res = await fetch(`${base}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml');
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(PUBLIC_PAGES.map((p) => `${ORIGIN}${p}`));
  });

  it('leaves the other pages to the SPA (HTML)', async () => {
    const res = await fetch(`${base}/terms`);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).not.toContain('User-agent');
  });

  it('index.html has a title, a meta description and the Open Graph / Twitter card tags, og:image absolute', async () => {
    const res = await fetch(`${base}/`);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    const meta = (attr: 'name' | 'property', key: string) => new RegExp(`<meta ${attr}="${key}" content="([^"]+)"`).exec(html)?.[1];
    expect(/<title>([^<]+)<\/title>/.exec(html)?.[1]).toMatch(/^Torcedor\b/);
    expect(meta('name', 'description')?.length).toBeGreaterThan(50);
    expect(meta('name', 'description')!.length).toBeLessThanOrEqual(160);
    expect(meta('property', 'og:title')).toMatch(/Torcedor/);
    expect(meta('property', 'og:description')).toBeTruthy();
    expect(meta('property', 'og:type')).toBe('website');
    expect(meta('property', 'og:image')).toBe(`${ORIGIN}/og-image.png`);
    expect(meta('name', 'twitter:card')).toBe('summary_large_image');
    expect(html).not.toContain('%APP_ORIGIN%');
  });

  it('serves the 1200×630 PNG preview image', async () => {
    const res = await fetch(`${base}/og-image.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
