import { tooManyRequests } from '@torcedor/service-kit/errors';
import {
  releaseLoginBudget, reserveCodeEmailBudget, reserveLoginBudget, reserveResetBudget, reserveSignupBudget, reserveUploadBudget,
} from '../store/throttle.ts';

/** Reserves one sign-in attempt for (email, address) and for the address; 429 LOGIN_THROTTLED when either is spent. */
export async function reserveLoginAttempt(email: string, ip: string, nowSeconds: number): Promise<void> {
  const r = await reserveLoginBudget(email, ip, nowSeconds);
  if (!r.ok) throw tooManyRequests('Too many failed sign-in attempts. Please wait a few minutes and try again.', 'LOGIN_THROTTLED', r.waitSeconds);
}

/** A sign-in that succeeded gives its attempt back: only failures use the budget up. */
export const releaseLoginAttempt = releaseLoginBudget;

/** Reserves one sign-up or trial for the address (taken emails count too); 429 SIGNUP_THROTTLED when spent. */
export async function reserveSignup(ip: string, nowSeconds: number): Promise<void> {
  const r = await reserveSignupBudget(ip, nowSeconds);
  if (!r.ok) throw tooManyRequests('Too many new accounts from this address. Please try again later.', 'SIGNUP_THROTTLED', r.waitSeconds);
}

/** Reserves one upload link for the member (docs/architecture.md, "Uploads"); 429 UPLOAD_LIMIT with the seconds to wait when spent. */
export async function reserveUpload(userId: string, nowSeconds: number): Promise<void> {
  const r = await reserveUploadBudget(userId, nowSeconds);
  if (!r.ok) throw tooManyRequests('You have uploaded a lot of pictures in the last hour. Please try again later.', 'UPLOAD_LIMIT', r.waitSeconds);
}

/** Reserves one verification email for the member (resend, change of address); 429 RATE_LIMITED when spent. */
export async function reserveCodeEmail(userId: string, nowSeconds: number): Promise<void> {
  const r = await reserveCodeEmailBudget(userId, nowSeconds);
  if (!r.ok) throw tooManyRequests('We have sent you several codes in the last hour. Please use the latest one, or try again later.', 'RATE_LIMITED', r.waitSeconds);
}

/** Reserves one password-reset request for (email) and (client address); 429 RATE_LIMITED when either is spent. */
export async function reserveReset(email: string, ip: string, nowSeconds: number): Promise<void> {
  const r = await reserveResetBudget(email, ip, nowSeconds);
  if (!r.ok) throw tooManyRequests('Too many password reset requests. Please try again later.', 'RATE_LIMITED', r.waitSeconds);
}
