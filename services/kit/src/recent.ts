/**
 * What this function instance read a moment ago, trusted for `ttlMs` (docs/decisions.md, "Request path"): a read
 * route that every page load calls answers from it instead of reading again, so the database sees one read per
 * key per `ttlMs` per instance however many requests come. Concurrent misses of one key share one read; a failed
 * read is not kept. Writes through this instance call `forget`, so its own changes count at once; other
 * instances' changes count within `ttlMs`. State-changing requests never use it: they read the item themselves.
 */
export interface Recent<V> {
  get(key: string, read: () => Promise<V>): Promise<V>;
  forget(key: string): void;
}

export function recentReads<V>(o: { ttlMs: number; max: number; now?: () => number }): Recent<V> {
  const now = o.now ?? (() => Date.now());
  const kept = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key, read) {
      const hit = kept.get(key);
      const at = now();
      if (hit && at - hit.at < o.ttlMs) return hit.value;
      const value = read();
      if (kept.size >= o.max && !kept.has(key)) kept.clear();
      kept.set(key, { at, value });
      value.catch(() => { if (kept.get(key)?.value === value) kept.delete(key); });
      return value;
    },
    forget(key) { kept.delete(key); },
  };
}
