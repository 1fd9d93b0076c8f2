/**
 * Reading sharded keys back as one (store/keys.ts): counters summed over their shards, and sorted shards merged. Pure, so
 * the unit tests hold them to the answers a single key would give.
 */

/** One page of a shard's items, in descending order of their sort key; `done` once the shard has nothing more. */
export type ShardPage<T> = () => Promise<{ items: T[]; done: boolean }>;

interface Cursor<T> { page: ShardPage<T>; items: T[]; at: number; done: boolean }

/**
 * The first `limit` items of shards each sorted descending by `sortKey`, highest first: a k-way merge that takes the
 * highest head of all shards each time, reading a shard's next page only once its buffered items are used up (so a
 * top 5 of 16 shards reads one page of each, whatever their size).
 */
export async function mergeTop<T>(shards: ShardPage<T>[], sortKey: (t: T) => string, limit: number): Promise<T[]> {
  const cursors: Cursor<T>[] = shards.map((page) => ({ page, items: [], at: 0, done: false }));
  const out: T[] = [];
  const empty = (c: Cursor<T>) => c.at >= c.items.length;
  while (out.length < limit && cursors.some((c) => !empty(c) || !c.done)) {
    // Every shard must show its head before the highest can be told: read the next page of each used-up one.
    const toRead = cursors.filter((c) => empty(c) && !c.done);
    if (toRead.length) {
      await Promise.all(toRead.map(async (c) => {
        const p = await c.page();
        c.items = p.items;
        c.at = 0;
        c.done = p.done;
      }));
      continue;
    }
    let best: Cursor<T> | undefined;
    for (const c of cursors) {
      if (!empty(c) && (!best || sortKey(c.items[c.at]!) > sortKey(best.items[best.at]!))) best = c;
    }
    out.push(best!.items[best!.at++]!);
  }
  return out;
}

/** Numeric fields of items summed by `groupBy` (the shards of one day, of one source); other fields taken as they are. */
export function sumBy(items: Record<string, unknown>[], groupBy: string, skip: readonly string[] = ['PK', 'SK']): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const i of items) {
    const group = String(i[groupBy]);
    const acc = out.get(group) ?? { [groupBy]: i[groupBy] };
    for (const [k, v] of Object.entries(i)) {
      if (skip.includes(k) || k === groupBy) continue;
      acc[k] = typeof v === 'number' ? Number(acc[k] ?? 0) + v : (acc[k] ?? v);
    }
    out.set(group, acc);
  }
  return out;
}
