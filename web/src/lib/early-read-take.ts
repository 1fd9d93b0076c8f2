/**
 * The early reads' shared state and their taking (docs/decisions.md, "First screen"): early-reads.ts sends them, the
 * API client takes each answer once by its URL. Kept apart, with nothing to import, so the API client's chunk reads it
 * without pulling the sending side in.
 */
export type EarlyReads = { at: number; sent: Map<string, Promise<Response>> };

declare global {
  /** The early reads, shared between index.html's script and the app's bundle (two copies of this module). */
  var torcedorEarlyReads: EarlyReads | undefined;
}

/** An answer older than this is not taken (the member may have changed something since): the read is made again. */
export const EARLY_READ_FRESH_MS = 10_000;

/** The early read of `url`, once, while fresh (null when none was sent, it was taken already or it is too old). */
export function takeEarlyRead(url: string, now = Date.now()): Promise<Response> | null {
  const reads = globalThis.torcedorEarlyReads;
  const sent = reads?.sent.get(url);
  if (!reads || !sent) return null;
  reads.sent.delete(url);
  return now - reads.at <= EARLY_READ_FRESH_MS ? sent : null;
}
