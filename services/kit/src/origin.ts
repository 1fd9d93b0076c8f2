/**
 * The Origin rule of a state-changing request and of opening the live socket (docs/api.md): no Origin (not a browser,
 * so no member's cookie rides on it), the app's origin, or the origin of the very host the request went to. `host` is
 * X-Forwarded-Host behind the CDN, which a CloudFront Function sets on every /api request
 * (infra/src/constructs/web-distribution.ts), so a client cannot choose it; else the Host. Anything else is another
 * site's page.
 */
export function originAllowed(origin: string | undefined, appOrigin: string, host: string | undefined): boolean {
  return !origin || origin === appOrigin || isOwnHost(origin, host);
}

/**
 * The page's own origin as the browser sends it for the host it was served from (the app opened at
 * http://127.0.0.1:3000 or by the machine's address): the Origin names the very host the request went to. A
 * foreign page cannot make the browser send another site's Origin with our Host, so this admits no other site.
 */
function isOwnHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}
