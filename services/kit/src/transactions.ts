import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, type TransactPart } from './ddb.ts';
import { committed } from './outbox.ts';
import { pause, RACE_BACKOFF } from './race.ts';

export type { TransactPart };
export type TransactResult<N extends string> = { ok: true } | { ok: false; failed: N[] };

/** Conflicts retried before the conflict itself is thrown (a 503 by the kit's dependency rule). */
const CONFLICT_RETRIES = 40;

/**
 * Runs a transaction of named parts (an undefined part is left out); when it is cancelled, tells which parts
 * failed their condition, by name: `if (!r.ok && r.failed.includes('counts'))`. Conflicts with concurrent
 * transactions on the same items are retried with jittered backoff, so a limit guarded by a condition stays
 * exact under any concurrency and no caller is refused for a mere conflict.
 */
export async function transact<N extends string>(parts: Record<N, TransactPart | undefined>): Promise<TransactResult<N>> {
  const named = (Object.entries(parts) as [N, TransactPart | undefined][]).filter((e): e is [N, TransactPart] => e[1] !== undefined);
  for (let attempt = 0; attempt <= CONFLICT_RETRIES; attempt++) {
    if (attempt > 0) await pause(attempt, RACE_BACKOFF);
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: named.map(([, part]) => part) }));
      committed(named.map(([, part]) => part));
      return { ok: true };
    } catch (err) {
      const e = err as { name?: string; CancellationReasons?: { Code?: string }[] };
      const conflict = e.name === 'TransactionConflictException'
        || (e.name === 'TransactionCanceledException' && (e.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict'));
      const failed = (e.CancellationReasons ?? []).flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [named[i]![0]] : []));
      if (e.name === 'TransactionCanceledException' && failed.length) return { ok: false, failed };
      if (!conflict || attempt >= CONFLICT_RETRIES) throw err;
    }
  }
  throw new Error('unreachable: the last attempt returns or throws');
}
