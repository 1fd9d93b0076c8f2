import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_LINK_SETTING } from '@torcedor/shared/runtime';
import { UNSUBSCRIBE_KINDS, type UnsubscribeKind } from '@torcedor/shared/constants';
import { readSecret } from './secrets.ts';

/**
 * Signed unsubscribe links (docs/architecture.md, "Email"): `<payload>.<signature>`, the payload the member's id and the
 * kind of email as base64url JSON, the signature an HMAC-SHA256 of it with the mail link key (MAIL_LINK_KEY: plain on
 * the local stack, a generated Secrets Manager secret in AWS, `{"current", "previous"}` so a rotation keeps the links
 * already sent working). A link never expires: an old email's unsubscribe must still work. Anyone holding the link can
 * turn that kind of email off for that member, and nothing else; a changed byte fails the signature.
 */
const SECRET_MAX_AGE_MS = 5 * 60_000;
const KINDS = new Set(Object.keys(UNSUBSCRIBE_KINDS));

async function keys(): Promise<string[]> {
  const raw = await readSecret(MAIL_LINK_SETTING, process.env, { maxAgeMs: SECRET_MAX_AGE_MS });
  if (!raw) throw new Error(`${MAIL_LINK_SETTING} is not set: unsubscribe links cannot be signed or read`);
  const { current, previous } = JSON.parse(raw) as { current?: unknown; previous?: unknown };
  const usable = [current, previous].filter((v): v is string => typeof v === 'string' && v.length >= 32);
  if (!usable.length) throw new Error(`${MAIL_LINK_SETTING} holds no key of at least 32 characters`);
  return usable;
}

const sign = (payload: string, key: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** The token of a link that turns `kind` off for this member. */
export async function unsubscribeToken(userId: string, kind: UnsubscribeKind): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ u: userId, k: kind })).toString('base64url');
  return `${payload}.${sign(payload, (await keys())[0]!)}`;
}

/** What a token says, when its signature holds under the current or the previous key; undefined for anything else. */
export async function readUnsubscribeToken(token: string): Promise<{ userId: string; kind: UnsubscribeKind } | undefined> {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const given = Buffer.from(signature);
  const valid = (await keys()).some((key) => {
    const expected = Buffer.from(sign(payload, key));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return undefined;
  try {
    const { u, k } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; k?: unknown };
    return typeof u === 'string' && u.length > 0 && typeof k === 'string' && KINDS.has(k) ? { userId: u, kind: k as UnsubscribeKind } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The headers of RFC 8058 one-click unsubscribe for an email that carries this token: mail clients POST
 * `List-Unsubscribe=One-Click` to the https link, which turns the kind off without a page.
 */
export function oneClickHeaders(appOrigin: string, token: string): Record<string, string> {
  const url = new URL('/api/unsubscribe/one-click', appOrigin);
  url.searchParams.set('token', token);
  return { 'List-Unsubscribe': `<${url.toString()}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The page a member opens from the email's footer link (it asks before it turns anything off). */
export function unsubscribePage(appOrigin: string, token: string): string {
  const url = new URL('/unsubscribe', appOrigin);
  url.searchParams.set('token', token);
  return url.toString();
}
