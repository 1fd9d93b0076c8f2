import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SETTING, VIEWER_ADDRESS_HEADER } from '@torcedor/shared/runtime';
import { logger } from './logger.ts';
import { readSecret } from './secrets.ts';

/**
 * The member's real address, for the per-address limits (docs/architecture.md, "Client address"). Behind CloudFront
 * the HTTP API's `sourceIp` is the edge's address, shared by everyone that edge serves; the viewer's own arrives in
 * CloudFront-Viewer-Address. That header is believed only when the request also carries the origin secret that our
 * distribution adds (so it came through it, and CloudFront overwrote any copy the client sent); otherwise the request
 * did not come through the edge and `sourceIp` is the caller's own address. X-Forwarded-For, Forwarded and X-Real-IP
 * are never read: a client writes them.
 */

/** How long a function instance trusts its read of the origin secret before reading it again (rotation). */
const SECRET_MAX_AGE_MS = 5 * 60_000;

/** The accepted values of the origin secret: its current one and, during a rotation, the previous one. */
async function acceptedProofs(): Promise<Buffer[]> {
  const raw = await readSecret(ORIGIN_VERIFY_SETTING, process.env, { maxAgeMs: SECRET_MAX_AGE_MS });
  if (!raw) return [];
  try {
    const { current, previous } = JSON.parse(raw) as { current?: unknown; previous?: unknown };
    return [current, previous].filter((v): v is string => typeof v === 'string' && v.length >= 16).map((v) => Buffer.from(v));
  } catch {
    logger.error(`${ORIGIN_VERIFY_SETTING} is not {"current": "...", "previous": "..."}: no request is taken as coming through the edge`);
    return [];
  }
}

/** Whether `proof` equals one of the accepted values, compared in constant time. */
async function proofHolds(proof: string): Promise<boolean> {
  const given = Buffer.from(proof);
  let holds = false;
  for (const value of await acceptedProofs()) {
    if (value.length === given.length && timingSafeEqual(value, given)) holds = true;
  }
  return holds;
}

/**
 * The address part of CloudFront-Viewer-Address (`198.51.100.10:46532`, or an IPv6 address followed by `:port`,
 * with or without brackets); null when it is not an address.
 */
export function viewerAddressOf(header: string): string | null {
  const cut = header.lastIndexOf(':');
  if (cut <= 0) return null;
  const address = header.slice(0, cut).replace(/^\[(.*)\]$/, '$1');
  return isIP(address) ? address : null;
}

/** The client's address: the viewer's when the request proves it came through our edge, else the caller's own. */
export async function clientAddress(event: APIGatewayProxyEventV2): Promise<string> {
  const sourceIp = event.requestContext?.http?.sourceIp ?? '';
  const viewer = event.headers?.[VIEWER_ADDRESS_HEADER];
  const proof = event.headers?.[ORIGIN_VERIFY_HEADER];
  if (!viewer || !proof || !(await proofHolds(proof))) return sourceIp;
  return viewerAddressOf(viewer) ?? sourceIp;
}
