import { dependencyUnavailable } from './errors.ts';

/**
 * The kit's one backoff and one retry of a read-decide-write that lost a race (docs/decisions.md, "DynamoDB
 * toolkit"). A store function reads, decides, and writes with a condition that the read still holds (a version,
 * an item's presence); when another writer got there first the condition fails and the attempt answers `RACED`:
 * `retryOnRace` reads and decides again after a jittered pause, a bounded number of times. It composes with
 * `transact`, which retries mere transaction conflicts itself and answers a failed condition by part name.
 */
export const RACED: unique symbol = Symbol('raced');
export type Raced = typeof RACED;

/** Full-jitter exponential backoff: a random pause in [0, min(capMs, baseMs · 2^attempt)). */
export function backoffMs(attempt: number, o: { baseMs: number; capMs: number }): number {
  return Math.random() * Math.min(o.capMs, o.baseMs * 2 ** Math.min(attempt, 16));
}
export const pause = (attempt: number, o: { baseMs: number; capMs: number }) =>
  new Promise<void>((r) => setTimeout(r, backoffMs(attempt, o)));

/** How long races wait: short, since the other writer's transaction is already done when ours fails. */
export const RACE_BACKOFF = { baseMs: 5, capMs: 200 } as const;
/** How many times a store function decides again before giving up (then 503 with Retry-After: the item is that busy). */
export const RACE_TRIES = 30;

/**
 * Runs `attempt` until it answers something other than `RACED`, at most `tries` times, pausing with the kit's
 * backoff between attempts. Past the last try it throws the kit's dependency failure (503 UNAVAILABLE with
 * Retry-After): the member's request changed nothing and may be repeated.
 */
export async function retryOnRace<T>(what: string, attempt: (n: number) => Promise<T | Raced>, tries = RACE_TRIES): Promise<T> {
  for (let n = 0; n < tries; n++) {
    if (n > 0) await pause(n, RACE_BACKOFF);
    const out = await attempt(n);
    if (out !== RACED) return out;
  }
  throw dependencyUnavailable(`${what} (still racing after ${tries} tries)`);
}
