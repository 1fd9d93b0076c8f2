import { TABLE } from './ddb.ts';
import { transact } from './transactions.ts';

/**
 * Attempt budgets of fixed windows, reserved before the work (docs/decisions.md, "Sessions"): each counter is raised by
 * a conditional write that fails once it reaches its limit, every counter of one attempt in one transaction, so attempts
 * past a limit are refused even when they all arrive at once. Counters live in the service's own table and expire
 * (TTL) a window after theirs ends.
 */
export interface Budget {
  /** What is counted and for whom, e.g. `SIGNUP` and an address. */
  kind: string;
  id: string;
  limit: number;
}

/** A budget's counter in the window `w`. */
export const budgetKey = (kind: string, id: string, w: number) => ({ PK: `BUDGET#${kind}#${id}`, SK: `W#${w}` });

/** Reserves one attempt on every budget; the seconds until the window ends when one is spent, else 0. */
export async function reserveBudgets(budgets: Budget[], windowSeconds: number, nowSeconds: number): Promise<number> {
  const w = Math.floor(nowSeconds / windowSeconds);
  const ttl = (w + 2) * windowSeconds;
  const r = await transact(Object.fromEntries(budgets.map((b, i) => [`c${i}`, {
    Update: {
      TableName: TABLE, Key: budgetKey(b.kind, b.id, w),
      UpdateExpression: 'ADD n :one SET #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(n) OR n < :limit',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': ttl, ':limit': b.limit },
    },
  }])));
  return r.ok ? 0 : (w + 1) * windowSeconds - nowSeconds;
}
