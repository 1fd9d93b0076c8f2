import * as z from 'zod';
import { LEAD_INDEX_SHARDS } from './keys.ts';

/**
 * Where a rescoring job stopped (handlers/jobs.ts): the GSI1 shard, DynamoDB's LastEvaluatedKey in it (null: the shard's
 * beginning) and the counts so far, checkpointed with the page that got there, so a repeated page counts nothing twice.
 * Opaque to the kit: base64url JSON.
 */
export const RescoreCursor = z.object({
  shard: z.number().int().min(0).max(LEAD_INDEX_SHARDS - 1),
  key: z.record(z.string(), z.string()).nullable(),
  scanned: z.number().int().min(0),
  changed: z.number().int().min(0),
});
export type RescoreCursor = z.infer<typeof RescoreCursor>;

const START: RescoreCursor = { shard: 0, key: null, scanned: 0, changed: 0 };

/** The cursor as the job's checkpoint holds it. */
export const encodeCursor = (c: RescoreCursor) => Buffer.from(JSON.stringify(RescoreCursor.parse(c))).toString('base64url');

/** The cursor (null: the start); null again when it does not read as one. */
export function decodeCursor(cursor: string | null): RescoreCursor | null {
  if (cursor === null) return START;
  try {
    const parsed = RescoreCursor.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Where the walk goes on after a page of `at`'s shard: the same shard from `next`, or the next shard's beginning; null
 * once the last shard is done (with the counts of the whole walk in `totals`).
 */
export function advance(at: RescoreCursor, page: { scanned: number; changed: number; next: Record<string, unknown> | null }) {
  const totals = { scanned: at.scanned + page.scanned, changed: at.changed + page.changed };
  const shard = page.next ? at.shard : at.shard + 1;
  const next: RescoreCursor | null = shard < LEAD_INDEX_SHARDS ? { shard, key: (page.next as Record<string, string> | null) ?? null, ...totals } : null;
  return { next, totals };
}
