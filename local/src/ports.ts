import { createServer } from 'node:net';

/** True when nothing listens on `port` (checked on every interface: stricter than the loopback the stand-ins bind). */
function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** A port the OS reports free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen({ port: 0, exclusive: true }, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The port used last time when it is still free (so issuer URLs, S3 object URLs and sessions survive a
 * restart), otherwise a fresh free one.
 */
export async function pickPort(preferred: number | undefined): Promise<number> {
  if (preferred && (await isPortFree(preferred))) return preferred;
  return freePort();
}

/** Polls `check` until it resolves true, or fails after `timeoutMs` naming `what`. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000, everyMs = 50): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
