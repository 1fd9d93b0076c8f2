import type { Server } from 'node:http';
import { createRequire } from 'node:module';

// aws-ses-v2-local is CommonJS with `exports.default`: Node's ES module loader would hand over the exports object.
const { default: startSesServer } = createRequire(import.meta.url)('aws-ses-v2-local') as typeof import('aws-ses-v2-local');

/**
 * The SES v2 stand-in (`aws-ses-v2-local`, in process): the services send with the real SES v2 client to it, and it keeps
 * every message for the inbox viewer the local gateway serves at /_dev/mail/ (docs/architecture.md, "Email"). Its
 * inbox lives in memory: a restart starts it empty.
 */
export async function startSes(o: { port: number }): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const server: Server = await startSesServer({ host: '127.0.0.1', port: o.port });
  return {
    endpoint: `http://127.0.0.1:${o.port}`,
    stop: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** One message as the stand-in's `GET /store` answers it. */
export interface StoredEmail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  headers?: { name: string; value: string }[];
  at: number;
}

/** Every message the stand-in holds, oldest first. */
export async function readInbox(endpoint: string): Promise<StoredEmail[]> {
  const r = await fetch(`${endpoint}/store`, { signal: AbortSignal.timeout(5_000) });
  if (!r.ok) throw new Error(`the SES stand-in answered ${r.status}`);
  return ((await r.json()) as { emails: StoredEmail[] }).emails;
}
