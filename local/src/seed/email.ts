import { EMAIL_CODES } from '@torcedor/shared/constants';
import { readInbox, type StoredEmail } from '../aws/ses.ts';
import type { SeedContext } from './context.ts';

/**
 * Seeded accounts prove their address as a member does (docs/product.md, "Email"): the 6-digit code identity emails
 * at sign-up is read from the SES stand-in's inbox (docs/architecture.md, "Email") and sent to
 * `POST /api/auth/verify-email` with the member's session. Until then the member reads but does not post, comment,
 * review, host or answer events.
 */

/** How long a code is waited for in the inbox (the sign-up or the resend sends it as it answers). */
const MAIL_WAIT_MS = 15_000;
const POLL_MS = 250;
const CODE = new RegExp(`\\b(\\d{${EMAIL_CODES.digits}})\\b`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sentTo = (m: StoredEmail, address: string) => m.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase()));

/** The messages to `address` that carry a code, newest first. */
async function codesTo(ctx: SeedContext, address: string): Promise<{ messageId: string; code: string }[]> {
  return (await readInbox(ctx.aws.sesEndpoint))
    .map((m, i) => ({ m, i, code: sentTo(m, address) ? CODE.exec(m.body.text ?? '')?.[1] : undefined }))
    .filter((x): x is typeof x & { code: string } => x.code !== undefined)
    .sort((a, b) => b.m.at - a.m.at || b.i - a.i)
    .map(({ m, code }) => ({ messageId: m.messageId, code }));
}

/** The newest code sent to `address` in a message not among `seen`, waited for up to MAIL_WAIT_MS; undefined if none came. */
async function awaitCode(ctx: SeedContext, address: string, seen: ReadonlySet<string>): Promise<string | undefined> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const fresh = (await codesTo(ctx, address)).find((x) => !seen.has(x.messageId));
    if (fresh) return fresh.code;
    if (Date.now() >= deadline) return undefined;
    await sleep(POLL_MS);
  }
}

/** A POST of the member's as the web app sends it: their cookies and the app's Origin (ctx.api sends the body as JSON). */
const asMember = (ctx: SeedContext, cookies: string[], path: string, body?: unknown) =>
  ctx.api('POST', path, { ...(body === undefined ? {} : { body }), cookies, headers: { origin: ctx.aws.appOrigin } });

/**
 * Verifies the signed-in member's address: the newest code the inbox holds for it; when there is none (the inbox
 * lives in memory: a restart empties it) or it is no longer valid, a new one is asked for (resend) and used. Then
 * waits until the bus delivered identity's UserProfileChanged, so that the services' copies let the member contribute
 * before the seed acts as them.
 */
export async function verifyAddress(ctx: SeedContext, who: { email: string; cookies: string[] }): Promise<void> {
  const verify = async (code: string | undefined) =>
    code === undefined ? undefined : asMember(ctx, who.cookies, '/api/auth/verify-email', { code });
  let r = await verify(await awaitCode(ctx, who.email, new Set()));
  if (r?.status !== 200) {
    const seen = new Set((await codesTo(ctx, who.email)).map((x) => x.messageId));
    const resent = await asMember(ctx, who.cookies, '/api/auth/verify-email/resend');
    if (resent.status !== 202) throw new Error(`a new verification code for ${who.email} answered ${resent.status}: ${JSON.stringify(resent.body)}`);
    const code = await awaitCode(ctx, who.email, seen);
    if (code === undefined) throw new Error(`no verification code for ${who.email} reached the local inbox`);
    r = (await verify(code))!;
  }
  if (r.status !== 200) throw new Error(`the verification of ${who.email} answered ${r.status}: ${JSON.stringify(r.body)}`);
  await ctx.busIdle();
}
