import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from './ddb.ts';

/**
 * Runs a transaction; when it is cancelled, tells which of its items failed their condition. Conflicts
 * with concurrent transactions on the same items are retried with jittered backoff, so a limit guarded by
 * a condition stays exact under any concurrency and no caller is refused for a mere conflict.
 */
export async function transact(items: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<{ ok: true } | { ok: false; failed: number[] }> {
  for (let attempt = 0; ; attempt++) {
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: items }));
      return { ok: true };
    } catch (err) {
      const e = err as { name?: string; CancellationReasons?: { Code?: string }[] };
      const conflict = e.name === 'TransactionConflictException'
        || (e.name === 'TransactionCanceledException' && (e.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict'));
      const failed = (e.CancellationReasons ?? []).flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
      if (e.name === 'TransactionCanceledException' && failed.length) return { ok: false, failed };
      if (!conflict || attempt >= 40) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(200, 5 * 2 ** Math.min(attempt, 6))));
    }
  }
}
