import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, TABLE } from '@torcedor/service-kit/ddb';
import { tooManyRequests } from '@torcedor/service-kit/errors';
import { transact } from '@torcedor/service-kit/transactions';
import { ABUSE_LIMITS } from '@torcedor/shared/constants';
import { config } from '../config.ts';

/**
 * Attempt budgets, reserved before the work (docs/decisions.md, "Sessions"): each counter of a fixed window is
 * raised by a conditional write that fails once it reaches its limit, all counters of one attempt in one
 * transaction, so attempts past the limit are refused even when they all arrive at once.
 */
type Counter = { key: { PK: string; SK: string }; limit: number };
const budgetKey = (kind: string, id: string, w: number) => ({ PK: `BUDGET#${kind}#${id}`, SK: `W#${w}` });

/** Reserves one attempt on every counter; the seconds until the window ends when one is spent, else 0. */
async function reserve(counters: Counter[], windowSeconds: number, nowSeconds: number): Promise<number> {
  const w = Math.floor(nowSeconds / windowSeconds);
  const ttl = (w + 2) * windowSeconds;
  const r = await transact(Object.fromEntries(counters.map((c, i) => [`c${i}`, {
    Update: {
      TableName: TABLE, Key: c.key,
      UpdateExpression: 'ADD n :one SET #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(n) OR n < :limit',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': ttl, ':limit': c.limit },
    },
  }])));
  return r.ok ? 0 : (w + 1) * windowSeconds - nowSeconds;
}

const loginCounters = (email: string, ip: string, w: number): Counter[] => [
  { key: budgetKey('LOGIN', `${email}#${ip}`, w), limit: config.LOGIN_LIMIT_PER_ACCOUNT_ADDRESS },
  { key: budgetKey('LOGINIP', ip, w), limit: config.LOGIN_LIMIT_PER_ADDRESS },
];

/** Reserves one sign-in attempt for (email, address) and for the address; throws 429 when either is spent. */
export async function reserveLoginAttempt(email: string, ip: string, nowSeconds: number): Promise<void> {
  const windowSeconds = ABUSE_LIMITS.loginWindowSeconds;
  const wait = await reserve(loginCounters(email, ip, Math.floor(nowSeconds / windowSeconds)), windowSeconds, nowSeconds);
  if (wait > 0) throw tooManyRequests('Too many failed sign-in attempts. Please wait a few minutes and try again.', 'LOGIN_THROTTLED', wait);
}

/** A sign-in that succeeded gives its attempt back: only failures use the budget up. */
export async function releaseLoginAttempt(email: string, ip: string, nowSeconds: number): Promise<void> {
  const w = Math.floor(nowSeconds / ABUSE_LIMITS.loginWindowSeconds);
  await Promise.all(loginCounters(email, ip, w).map((c) =>
    ddb.send(new UpdateCommand({ TableName: TABLE, Key: c.key, UpdateExpression: 'ADD n :minus', ConditionExpression: 'n > :zero', ExpressionAttributeValues: { ':minus': -1, ':zero': 0 } }))
      .catch((err: unknown) => { if (!isConditionFailure(err)) throw err; })));
}

/** Reserves one sign-up or trial for the address (taken emails count too); throws 429 when spent. */
export async function reserveSignup(ip: string, nowSeconds: number): Promise<void> {
  const windowSeconds = ABUSE_LIMITS.signupWindowSeconds;
  const w = Math.floor(nowSeconds / windowSeconds);
  const wait = await reserve([{ key: budgetKey('SIGNUP', ip, w), limit: config.SIGNUP_LIMIT_PER_ADDRESS }], windowSeconds, nowSeconds);
  if (wait > 0) throw tooManyRequests('Too many new accounts from this address. Please try again later.', 'SIGNUP_THROTTLED', wait);
}

/**
 * Reserves one upload link for the member (docs/architecture.md, "Uploads"): ABUSE_LIMITS.uploadsPerMember a fixed
 * window, exact under any concurrency like the budgets above; throws 429 UPLOAD_LIMIT with the seconds to wait when spent.
 */
export async function reserveUpload(userId: string, nowSeconds: number): Promise<void> {
  const windowSeconds = ABUSE_LIMITS.uploadWindowSeconds;
  const w = Math.floor(nowSeconds / windowSeconds);
  const wait = await reserve([{ key: budgetKey('UPLOAD', userId, w), limit: ABUSE_LIMITS.uploadsPerMember }], windowSeconds, nowSeconds);
  if (wait > 0) throw tooManyRequests('You have uploaded a lot of pictures in the last hour. Please try again later.', 'UPLOAD_LIMIT', wait);
}
