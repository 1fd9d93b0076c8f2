import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { originHeaders } from './origin';

/**
 * The local inbox (docs/architecture.md, "Email"): every message the services send through the SES stand-in, as the
 * local gateway serves it at /_dev/mail/store on the app's own address. Codes are EMAIL_CODES.digits (6) digits.
 */
interface StoredEmail {
  messageId: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

const CODE = /\b(\d{6})\b/;
const headers = originHeaders;

/** The messages sent to `address` that carry a code, newest first. */
async function codesTo(request: APIRequestContext, address: string): Promise<{ messageId: string; subject: string; code: string }[]> {
  const r = await request.get('/_dev/mail/store');
  expect(r.status(), 'the local inbox (/_dev/mail/store)').toBe(200);
  const { emails } = (await r.json()) as { emails: StoredEmail[] };
  return emails
    .map((m, i) => ({ m, i, code: m.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase())) ? CODE.exec(m.body.text ?? '')?.[1] : undefined }))
    .filter((x): x is typeof x & { code: string } => x.code !== undefined)
    .sort((a, b) => b.m.at - a.m.at || b.i - a.i)
    .map(({ m, code }) => ({ messageId: m.messageId, subject: m.subject, code }));
}

/** The ids of the messages with a code sent to `address` so far (to tell the next one from them: `newestCode`'s `after`). */
export async function messagesTo(request: APIRequestContext, address: string): Promise<Set<string>> {
  return new Set((await codesTo(request, address)).map((x) => x.messageId));
}

/**
 * The newest code emailed to `address`, waiting for it to arrive; with `after`, only a message not among those (a
 * code asked for since), and with `subject`, only a message whose subject matches (a reset code, not a verification
 * code).
 */
export async function newestCode(request: APIRequestContext, address: string, o: { after?: ReadonlySet<string>; subject?: RegExp } = {}): Promise<string> {
  let code: string | undefined;
  await expect.poll(async () => {
    const fresh = (await codesTo(request, address)).find((x) => !o.after?.has(x.messageId) && (!o.subject || o.subject.test(x.subject)));
    code = fresh?.code;
    return code;
  }, { message: `a code emailed to ${address}`, timeout: 15_000 }).toBeTruthy();
  return code!;
}

/**
 * Verifies the signed-in member's address through the API, as the banner does (POST /api/auth/verify-email with the
 * newest code emailed to them; the page's context holds the member's cookies). A member identity does not ask to
 * verify (a trial account; a verified one) is left as is. Then waits until social's copy of the member says so
 * (a review of a cigar that does not exist is refused 403 EMAIL_UNVERIFIED before, 400 UNKNOWN_CIGAR after: it writes
 * nothing either way); events receives the same UserProfileChanged at the same time.
 */
export async function verifyEmail(page: Page): Promise<void> {
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  const user = (await me.json()) as { email: string | null; pendingEmail?: string | null; emailVerified?: boolean | null };
  if (user.emailVerified !== false) return;
  const address = user.pendingEmail ?? user.email!;
  const verified = await page.request.post('/api/auth/verify-email', { headers, data: { code: await newestCode(page.request, address) } });
  expect(verified.status(), await verified.text()).toBe(200);
  expect(((await verified.json()) as { emailVerified: boolean }).emailVerified).toBe(true);
  await servicesKnow(page.request);
}

/** Waits until social takes the member's contributions (its copy of the profile says the address is verified). */
export async function servicesKnow(request: APIRequestContext): Promise<void> {
  const probe = { cigarId: 'no-such-cigar', drawScore: 50, burnScore: 50, flavorScore: 50, overallScore: 50 };
  await expect.poll(async () => (await request.post('/api/reviews', { headers, data: probe })).status(), {
    message: "social's copy of the member says the address is verified", timeout: 10_000,
  }).toBe(400);
}
