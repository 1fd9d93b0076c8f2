import * as z from 'zod';
import { LEAD_INDEX_SHARDS } from './keys.ts';

/**
 * Where a campaign send stopped (handlers/campaign-email.ts): the GSI1 shard, DynamoDB's LastEvaluatedKey in it (null:
 * the shard's beginning) and the counts so far (leads read, recipients sent to), checkpointed with the page that got
 * there, so a page run again counts nothing twice. Opaque to the kit: base64url JSON.
 */
export const SendCursor = z.object({
  shard: z.number().int().min(0).max(LEAD_INDEX_SHARDS - 1),
  key: z.record(z.string(), z.string()).nullable(),
  scanned: z.number().int().min(0),
  sent: z.number().int().min(0),
});
export type SendCursor = z.infer<typeof SendCursor>;

const START: SendCursor = { shard: 0, key: null, scanned: 0, sent: 0 };

/** The cursor as the job's checkpoint holds it. */
export const encodeSendCursor = (c: SendCursor) => Buffer.from(JSON.stringify(SendCursor.parse(c))).toString('base64url');

/** The cursor (null: the start); null again when it does not read as one. */
export function decodeSendCursor(cursor: string | null): SendCursor | null {
  if (cursor === null) return START;
  try {
    const parsed = SendCursor.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Where the send goes on after a page of `at`'s shard: the same shard from `next`, or the next shard's beginning; null
 * once the last shard is done (with the counts of the whole send in `totals`).
 */
export function advanceSend(at: SendCursor, page: { scanned: number; sent: number; next: Record<string, unknown> | null }) {
  const totals = { scanned: at.scanned + page.scanned, sent: at.sent + page.sent };
  const shard = page.next ? at.shard : at.shard + 1;
  const next: SendCursor | null = shard < LEAD_INDEX_SHARDS ? { shard, key: (page.next as Record<string, string> | null) ?? null, ...totals } : null;
  return { next, totals };
}
