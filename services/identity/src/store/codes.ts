import { write } from '@torcedor/service-kit/entity';
import { RACED, retryOnRace } from '@torcedor/service-kit/race';
import type { TransactPart } from '@torcedor/service-kit/transactions';
import { isLastTry, judgeCode, type CodePurpose, type CodeRecord } from '../domain/codes.ts';
import { codes } from './entities.ts';

/**
 * A member's emailed codes (../../README.md, "Email"). Every write of a code after it was read is conditioned on the
 * tries and the hash read, so concurrent tries never count past EMAIL_CODES.maxTries and a code is used once.
 */

/** The condition that a code item is still the one read (same code, same tries). */
const unchanged = (r: CodeRecord) => ({
  ConditionExpression: '#tries = :seenTries AND #hash = :seenHash',
  ExpressionAttributeNames: { '#tries': 'tries', '#hash': 'hash' },
  ExpressionAttributeValues: { ':seenTries': r.tries, ':seenHash': r.hash },
});

/** AP: store a member's new code of its purpose (PutItem; it replaces the earlier one). */
export async function saveCode(userId: string, record: CodeRecord): Promise<void> {
  await write(codes.put({ userId, purpose: record.purpose }, record));
}

/**
 * AP: try a typed code: the stored code when it is right (left in place: the change it allows consumes it with
 * `consumeCodePart`), else undefined. A wrong try is counted (UpdateItem `tries + 1` conditioned on the tries read);
 * the last allowed one deletes the code instead. A lost race reads and decides again.
 */
export async function tryCode(userId: string, purpose: CodePurpose, typed: string, nowSeconds: number): Promise<CodeRecord | undefined> {
  const id = { userId, purpose };
  return retryOnRace('email code', async () => {
    const record = await codes.get(id);
    const verdict = judgeCode(record, typed, nowSeconds);
    if (verdict === 'right') return record;
    if (verdict === 'dead') return undefined;
    const part = isLastTry(record!) ? codes.remove(id, unchanged(record!)) : codes.update(id, { tries: record!.tries + 1 }, unchanged(record!));
    return (await write(part)) ? undefined : RACED;
  });
}

/** The transaction part that uses a right code up: deleted, provided nobody tried, replaced or used it since. */
export const consumeCodePart = (userId: string, r: CodeRecord): TransactPart => codes.remove({ userId, purpose: r.purpose }, unchanged(r));

/** The account's codes (account deletion). */
export const codeParts = (userId: string): TransactPart[] => (['VERIFY', 'RESET'] as const).map((purpose) => codes.remove({ userId, purpose }));
