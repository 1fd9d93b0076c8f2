import * as z from 'zod';
import { LEAD_INDEX_SHARDS } from '../data/keys.ts';

/**
 * Where a rescoring job stopped (rescoring.ts): the GSI1 shard, DynamoDB's LastEvaluatedKey in it (null: the shard's
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
