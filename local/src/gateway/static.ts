import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg\+xml)/;

export interface StaticFile {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Cached {
  mtimeMs: number;
  size: number;
  raw: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The SPA as CloudFront serves it from its bucket: hashed /assets/* cached for a year (immutable),
 * index.html and other files revalidated, gzip/brotli for text, and index.html (200) for any path
 * that is not a file, so the SPA renders its own 404. A missing /assets/ file is a real 404.
 */
export function createStaticSite(distDir: string) {
  const root = normalize(distDir + sep);
  const cache = new Map<string, Cached>();

  async function load(file: string): Promise<Cached | null> {
    let st;
    try {
      st = await stat(file);
    } catch {
      return null;
    }
    if (!st.isFile()) return null;
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit;
    const raw = await readFile(file);
    const entry: Cached = { mtimeMs: st.mtimeMs, size: st.size, raw, etag: `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"` };
    cache.set(file, entry);
    return entry;
  }

  return async function serve(pathname: string, headers: Record<string, string | string[] | undefined>): Promise<StaticFile> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      decoded = '/';
    }
    const candidate = normalize(join(root, decoded));
    const inside = candidate.startsWith(root) && !decoded.includes('\0');
    let file = inside && !candidate.endsWith(sep) ? candidate : join(root, 'index.html');
    let entry = await load(file);
    if (!entry) {
      if (pathname.startsWith('/assets/')) {
        return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: Buffer.from('Not found') };
      }
      file = join(root, 'index.html');
      entry = await load(file);
      if (!entry) return { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: Buffer.from('The web app is not built yet.') };
    }
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const immutable = file.startsWith(join(root, 'assets') + sep);
    const out: Record<string, string> = {
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      etag: entry.etag,
      vary: 'Accept-Encoding',
    };
    if (headers['if-none-match'] === entry.etag) return { status: 304, headers: out, body: Buffer.alloc(0) };

    const accept = String(headers['accept-encoding'] ?? '');
    let body = entry.raw;
    if (COMPRESSIBLE.test(type) && entry.raw.length > 1024) {
      if (/\bbr\b/.test(accept)) {
        entry.br ??= brotliCompressSync(entry.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } });
        body = entry.br;
        out['content-encoding'] = 'br';
      } else if (/\bgzip\b/.test(accept)) {
        entry.gzip ??= gzipSync(entry.raw, { level: 9 });
        body = entry.gzip;
        out['content-encoding'] = 'gzip';
      }
    }
    return { status: 200, headers: out, body };
  };
}
