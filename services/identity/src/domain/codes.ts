import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { EMAIL_CODES } from '@torcedor/shared/constants';

/**
 * Emailed codes (../../README.md, "Email"): six digits, kept only as a salted hash with the address they were sent to,
 * their expiry and the wrong tries so far. A member has at most one code of each purpose: a new one replaces the old.
 */
export type CodePurpose = 'VERIFY' | 'RESET';

export type CodeRecord = {
  purpose: CodePurpose;
  /** The address the code was sent to: the one it proves. */
  address: string;
  /** sha-256 of `<salt>:<code>` (hex); the code itself is never stored. */
  hash: string;
  salt: string;
  /** Epoch seconds after which the code no longer works. */
  expiresAt: number;
  /** Wrong tries so far; the EMAIL_CODES.maxTries-th deletes the code. */
  tries: number;
  /** Epoch seconds when DynamoDB may delete the item (its expiry). */
  ttl: number;
};

const digest = (code: string, salt: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

/** How long a code of each purpose lives (EMAIL_CODES). */
export const codeLifetime = (purpose: CodePurpose) => (purpose === 'VERIFY' ? EMAIL_CODES.verifyTtlSeconds : EMAIL_CODES.resetTtlSeconds);

/** A new random code for `address`, and what is stored of it. */
export function issueCode(purpose: CodePurpose, address: string, nowSeconds: number): { code: string; record: CodeRecord } {
  const code = String(randomInt(0, 10 ** EMAIL_CODES.digits)).padStart(EMAIL_CODES.digits, '0');
  const salt = randomBytes(16).toString('hex');
  const expiresAt = nowSeconds + codeLifetime(purpose);
  return { code, record: { purpose, address, hash: digest(code, salt), salt, expiresAt, tries: 0, ttl: expiresAt } };
}

/**
 * What a typed code is worth: `right`, `wrong` (a try is counted), or `dead` (no code, expired or used up: nothing
 * is counted). Every answer but `right` is the same INVALID_CODE for the member.
 */
export type CodeVerdict = 'right' | 'wrong' | 'dead';
export function judgeCode(record: CodeRecord | undefined, typed: string, nowSeconds: number): CodeVerdict {
  if (!record || record.expiresAt <= nowSeconds || record.tries >= EMAIL_CODES.maxTries) return 'dead';
  const a = Buffer.from(digest(typed, record.salt), 'hex');
  const b = Buffer.from(record.hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b) ? 'right' : 'wrong';
}

/** A wrong try that uses the code up (the code is deleted rather than counted). */
export const isLastTry = (record: CodeRecord) => record.tries + 1 >= EMAIL_CODES.maxTries;
