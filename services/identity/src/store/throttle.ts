import { budgetKey, reserveBudgets, type Budget } from '@torcedor/service-kit/budgets';
import { TABLE } from '@torcedor/service-kit/ddb';
import { write } from '@torcedor/service-kit/entity';
import { ABUSE_LIMITS, EMAIL_CODES } from '@torcedor/shared/constants';
import { config } from '../config.ts';

/**
 * Identity's attempt budgets (sign-in, sign-up, upload links, emailed codes) on the kit's fixed-window counters (kit budgets.ts).
 * A reservation answers whether it was taken, or how many seconds remain until the budget's window ends.
 */
export type Reservation = { ok: true } | { ok: false; waitSeconds: number };
const reservation = (wait: number): Reservation => (wait > 0 ? { ok: false, waitSeconds: wait } : { ok: true });

const loginBudgets = (email: string, ip: string): Budget[] => [
  { kind: 'LOGIN', id: `${email}#${ip}`, limit: config.LOGIN_LIMIT_PER_ACCOUNT_ADDRESS },
  { kind: 'LOGINIP', id: ip, limit: config.LOGIN_LIMIT_PER_ADDRESS },
];

/** AP: reserve one sign-in attempt for (email, address) and for the address (refused when either is spent). */
export async function reserveLoginBudget(email: string, ip: string, nowSeconds: number): Promise<Reservation> {
  return reservation(await reserveBudgets(loginBudgets(email, ip), ABUSE_LIMITS.loginWindowSeconds, nowSeconds));
}

/** AP: a sign-in that succeeded gives its attempt back (ADD n -1 while n > 0): only failures use the budget up. */
export async function releaseLoginBudget(email: string, ip: string, nowSeconds: number): Promise<void> {
  const w = Math.floor(nowSeconds / ABUSE_LIMITS.loginWindowSeconds);
  await Promise.all(loginBudgets(email, ip).map((b) => write({
    Update: {
      TableName: TABLE, Key: budgetKey(b.kind, b.id, w), UpdateExpression: 'ADD n :minus', ConditionExpression: 'n > :zero',
      ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
    },
  })));
}

/** AP: reserve one sign-up or trial for the address (taken emails count too). */
export async function reserveSignupBudget(ip: string, nowSeconds: number): Promise<Reservation> {
  return reservation(await reserveBudgets([{ kind: 'SIGNUP', id: ip, limit: config.SIGNUP_LIMIT_PER_ADDRESS }], ABUSE_LIMITS.signupWindowSeconds, nowSeconds));
}

/**
 * AP: reserve one upload link for the member (docs/architecture.md, "Uploads"): ABUSE_LIMITS.uploadsPerMember a fixed
 * window, exact under any concurrency like the budgets above.
 */
export async function reserveUploadBudget(userId: string, nowSeconds: number): Promise<Reservation> {
  return reservation(await reserveBudgets([{ kind: 'UPLOAD', id: userId, limit: ABUSE_LIMITS.uploadsPerMember }], ABUSE_LIMITS.uploadWindowSeconds, nowSeconds));
}

/**
 * AP: reserve one verification email for the member (a resend or a change of address): EMAIL_CODES.resendsPerHour a
 * fixed hour (../../README.md, "Email").
 */
export async function reserveCodeEmailBudget(userId: string, nowSeconds: number): Promise<Reservation> {
  return reservation(await reserveBudgets([{ kind: 'CODEMAIL', id: userId, limit: EMAIL_CODES.resendsPerHour }], 60 * 60, nowSeconds));
}

/**
 * AP: reserve one password-reset request for the address asked about and for the client address (ABUSE_LIMITS
 * resetsPerEmail, resetsPerAddress a fixed window), counted whether or not an account has the address.
 */
export async function reserveResetBudget(email: string, ip: string, nowSeconds: number): Promise<Reservation> {
  return reservation(await reserveBudgets([
    { kind: 'RESET', id: email, limit: ABUSE_LIMITS.resetsPerEmail },
    { kind: 'RESETIP', id: ip, limit: ABUSE_LIMITS.resetsPerAddress },
  ], ABUSE_LIMITS.resetWindowSeconds, nowSeconds));
}
