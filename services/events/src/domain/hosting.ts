import { DEFAULT_DURATION_MS } from './ics.ts';

/**
 * The free plan's hosting limit (docs/decisions.md, "Hosting limit"). One item per host (`MEMBER#<id>` / `HOSTING`)
 * holds the events they host that have not ended, each with its end (`hosted`: eventId → end), and a `version`.
 * Every change of a host's events (create, edit, cancel) rewrites it in the same transaction as the event,
 * conditioned on the version it read, and leaves out the events that have ended by then. A free member's count of
 * upcoming events is therefore exact under any concurrency: of two creates that read the same state, one commits
 * and the other decides again on the new state (and is refused if that one took the last slot).
 */
export interface Hosting {
  /** eventId → the end that counts (ISO); may still hold events that ended since it was written. */
  hosted: Record<string, string>;
  /** null: no item yet (the next write must create it). */
  version: number | null;
}
/** The host's item as stored. */
export type HostingItem = { hostId: string; hosted: Record<string, string>; version: number };

/** When an event stops counting: its end, or its start plus the calendar's two hours when it has no end. */
export const endOf = (e: { startAt: string; endAt: string | null }) =>
  new Date(e.endAt ? Date.parse(e.endAt) : Date.parse(e.startAt) + DEFAULT_DURATION_MS).toISOString();

/** The hosted events that have not ended at `now` (cancelled ones are not there at all). */
export const upcomingOf = (hosted: Record<string, string>, now: string): Record<string, string> =>
  Object.fromEntries(Object.entries(hosted).filter(([, end]) => end > now));

/** Whether a host with these events may host one more under `limit` (null: no limit, premium and trial members). */
export const mayHostMore = (counted: Record<string, string>, limit: number | null) => limit === null || Object.keys(counted).length < limit;
