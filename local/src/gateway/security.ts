/**
 * The response headers CloudFront's response-headers policy adds in AWS, on every response. HSTS only
 * over https. The CSP allows the app's own origin plus the uploads endpoint (presigned POSTs and images);
 * dev mode adds what Vite's hot reload needs (inline preamble, websocket).
 */
const cache = new Map<string, Readonly<Record<string, string>>>();

/** The headers for these options, computed once per distinct set of options. */
export function securityHeaders(o: { https: boolean; uploadsOrigin?: string; dev?: boolean; stripe?: boolean }): Readonly<Record<string, string>> {
  const key = `${o.https}|${o.uploadsOrigin ?? ''}|${o.dev === true}|${o.stripe === true}`;
  let headers = cache.get(key);
  if (!headers) {
    headers = Object.freeze(buildSecurityHeaders(o));
    cache.set(key, headers);
  }
  return headers;
}

function buildSecurityHeaders(o: { https: boolean; uploadsOrigin?: string; dev?: boolean; stripe?: boolean }): Record<string, string> {
  const uploads = o.uploadsOrigin ? ` ${o.uploadsOrigin}` : '';
  const stripeScript = o.stripe ? ' https://js.stripe.com' : '';
  const stripeFrame = o.stripe ? ' https://js.stripe.com https://hooks.stripe.com' : '';
  const stripeConnect = o.stripe ? ' https://api.stripe.com' : '';
  const csp = [
    "default-src 'self'",
    // 'wasm-unsafe-eval': WebAssembly only (no eval), for the band scan's OCR engine (docs/band-scan.md, "On the device").
    `script-src 'self' 'wasm-unsafe-eval'${o.dev ? " 'unsafe-inline'" : ''}${stripeScript}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${uploads}`,
    "font-src 'self' data:",
    `connect-src 'self'${uploads}${o.dev ? ' ws: wss:' : ''}${stripeConnect}`,
    "media-src 'self' blob:",
    `frame-src 'self'${stripeFrame}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': csp,
    ...(o.https ? { 'strict-transport-security': 'max-age=63072000; includeSubDomains; preload' } : {}),
  };
}
