import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The local inbox (docs/architecture.md, "Email"): the SES stand-in's viewer at /_dev/mail/ and its JSON at
 * /_dev/mail/store, exactly as aws-ses-v2-local answers `GET /store`. Only the local gateway has this path: CloudFront
 * has no such behaviour, so it is never deployed. The viewer calls the stand-in's own paths (`/store`,
 * `/get-emlContent`, `/clear-store`); they are served here under the prefix and the page is told so.
 */
export const DEV_MAIL_PATH = '/_dev/mail/';
const PASSED = new Map([['store', 'GET'], ['get-emlContent', 'GET'], ['clear-store', 'POST'], ['health-check', 'GET']]);

export const isDevMailPath = (pathname: string) => pathname === DEV_MAIL_PATH.slice(0, -1) || pathname.startsWith(DEV_MAIL_PATH);

export async function handleDevMail(req: IncomingMessage, res: ServerResponse, url: string, origin: string | undefined): Promise<void> {
  req.resume();
  const [pathname, query = ''] = url.split('?') as [string, string?];
  const send = (status: number, type: string, body: string | Uint8Array, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
    res.end(body);
  };
  if (pathname === DEV_MAIL_PATH.slice(0, -1)) return send(308, 'text/plain; charset=utf-8', '', { location: DEV_MAIL_PATH });
  if (!origin) return send(503, 'text/plain; charset=utf-8', 'Starting', { 'retry-after': '1' });
  const rest = pathname.slice(DEV_MAIL_PATH.length);
  if (rest === '') {
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain; charset=utf-8', 'Method Not Allowed', { allow: 'GET' });
    const page = await (await fetch(`${origin}/`, { signal: AbortSignal.timeout(5_000) })).text();
    // The viewer's fetches are absolute: point them under the prefix. Its inline script and styles need a looser CSP
    // than the app's, on this local-only page alone.
    const prefixed = page.replace(/(fetch\(\s*[`'"])\/(store|get-emlContent|clear-store)/g, `$1${DEV_MAIL_PATH}$2`);
    return send(200, 'text/html; charset=utf-8', prefixed, {
      'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; frame-src 'self' blob: data:",
    });
  }
  if (PASSED.get(rest) !== req.method) return send(404, 'application/json', JSON.stringify({ message: 'Not found' }));
  const upstream = await fetch(`${origin}/${rest}${query ? `?${query}` : ''}`, { method: req.method, signal: AbortSignal.timeout(5_000) });
  send(upstream.status, upstream.headers.get('content-type') ?? 'application/json', new Uint8Array(await upstream.arrayBuffer()));
}
