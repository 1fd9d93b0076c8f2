import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, TABLE } from '@torcedor/service-kit/ddb';
import { tooManyRequests } from '@torcedor/service-kit/errors';
import { budgetKey, reserveBudgets, type Budget } from '@torcedor/service-kit/budgets';
import { ABUSE_LIMITS } from '@torcedor/shared/constants';
import { config } from '../config.ts';

/** Identity's attempt budgets (sign-in, sign-up, upload links) on the kit's fixed-window counters (kit budgets.ts). */
const loginBudgets = (email: string, ip: string): Budget[] => [
  { kind: 'LOGIN', id: `${email}#${ip}`, limit: config.LOGIN_LIMIT_PER_ACCOUNT_ADDRESS },
  { kind: 'LOGINIP', id: ip, limit: config.LOGIN_LIMIT_PER_ADDRESS },
];

/** Reserves one sign-in attempt for (email, address) and for the address; throws 429 when either is spent. */
export async function reserveLoginAttempt(email: string, ip: string, nowSeconds: number): Promise<void> {
  const windowSeconds = ABUSE_LIMITS.loginWindowSeconds;
  const wait = await reserveBudgets(loginBudgets(email, ip), windowSeconds, nowSeconds);
  if (wait > 0) throw tooManyRequests('Too many failed sign-in attempts. Please wait a few minutes and try again.', 'LOGIN_THROTTLED', wait);
}

/** A sign-in that succeeded gives its attempt back: only failures use the budget up. */
export async function releaseLoginAttempt(email: string, ip: string, nowSeconds: number): Promise<void> {
  const w = Math.floor(nowSeconds / ABUSE_LIMITS.loginWindowSeconds);
  await Promise.all(loginBudgets(email, ip).map((b) =>
    ddb.send(new UpdateCommand({ TableName: TABLE, Key: budgetKey(b.kind, b.id, w), UpdateExpression: 'ADD n :minus', ConditionExpression: 'n > :zero', ExpressionAttributeValues: { ':minus': -1, ':zero': 0 } }))
      .catch((err: unknown) => { if (!isConditionFailure(err)) throw err; })));
}

/** Reserves one sign-up or trial for the address (taken emails count too); throws 429 when spent. */
export async function reserveSignup(ip: string, nowSeconds: number): Promise<void> {
  const windowSeconds = ABUSE_LIMITS.signupWindowSeconds;
  const wait = await reserveBudgets([{ kind: 'SIGNUP', id: ip, limit: config.SIGNUP_LIMIT_PER_ADDRESS }], windowSeconds, nowSeconds);
  if (wait > 0) throw tooManyRequests('Too many new accounts from this address. Please try again later.', 'SIGNUP_THROTTLED', wait);
}

/**
 * Reserves one upload link for the member (docs/architecture.md, "Uploads"): ABUSE_LIMITS.uploadsPerMember a fixed
 * window, exact under any concurrency like the budgets above; throws 429 UPLOAD_LIMIT with the seconds to wait when spent.
 */
export async function reserveUpload(userId: string, nowSeconds: number): Promise<void> {
  const windowSeconds = ABUSE_LIMITS.uploadWindowSeconds;
  const wait = await reserveBudgets([{ kind: 'UPLOAD', id: userId, limit: ABUSE_LIMITS.uploadsPerMember }], windowSeconds, nowSeconds);
  if (wait > 0) throw tooManyRequests('You have uploaded a lot of pictures in the last hour. Please try again later.', 'UPLOAD_LIMIT', wait);
}
