/**
 * B9, the RSVP write path: POST /api/events/{id}/rsvp through the events service's real HTTP handler with a real
 * session, against the stack's DynamoDB Local and user pool, as B3 runs social's (feed.ts). A member answers
 * 'going' and 'not_going' in turn on an event without capacity, so every call changes the answer and the
 * event's count.
 *
 *   1. RSVP p50 vs a raw PutItem of one item to the events table sent through the very client the handler uses
 *      (the kit's `ddb`), the two sampled alternately (no goal: measured)
 *   2. DynamoDB commands one RSVP sends and how many of them are sequential round trips, each direction
 *      (B3's recorder on the kit's client; no goal: measured)
 *
 * The handler runs in a process of its own (rsvp-process.ts) with the env the stack gives events: the kit reads
 * its configuration (table, service name) once per process, and the bench process holds social's (B3).
 */
import { serviceEnv } from '../local/src/testing/service-env.ts';
import type { Stack } from '../local/src/stack.ts';
import type { RsvpCalls, RsvpInput, RsvpOutput } from './rsvp-process.ts';
import { runMeasuring } from './round-trips.ts';
import { signedInMember } from './session.ts';

export interface RsvpBenchRow { id: 'B9'; what: string; ours: number; floor: number; unit: string }
export interface RsvpBenchResult { rows: RsvpBenchRow[]; floors: Record<string, number>; notes: string[] }


/** `samples` RSVPs (and as many PutItems) at most; sampling stops after `budgetMs` (but not before 50 of each). */
export async function benchRsvp(stack: Stack, opts: { samples: number; budgetMs: number }): Promise<RsvpBenchResult> {
  const t0 = performance.now();
  // A host and a member signed in as B4's member is; their profiles reach events through the bus.
  const host = await signedInMember(stack, 'rsvp-host');
  const member = await signedInMember(stack, 'rsvp-member');
  await stack.busIdle();
  // The event, hosted through the API (the stack's own events), without capacity, a week ahead.
  const startAt = new Date(Date.now() + 7 * 86_400_000);
  const created = await stack.api('POST', '/api/events', {
    cookies: host.cookies, headers: { origin: stack.url },
    body: {
      title: 'Bench maduro night', description: 'Dark wrappers and rum', eventType: 'tasting', venueName: 'The Lounge', address: '1 Main St',
      startAt: startAt.toISOString(), endAt: new Date(startAt.getTime() + 3 * 3_600_000).toISOString(), capacity: null, isAgeRestricted: true,
    },
  });
  if (created.status !== 201) throw new Error(`POST /api/events answered ${created.status}: ${JSON.stringify(created.body)}`);
  const eventId = (created.body as { id: string }).id;
  const seedSeconds = (performance.now() - t0) / 1000;

  const r = await runMeasuring<RsvpInput, RsvpOutput>('rsvp-process.ts', 'BENCH_RSVP',
    { ...process.env, ...serviceEnv('events', stack.aws, { logLevel: 'ERROR' }) },
    { eventId, hostId: host.userId, cookies: member.cookies, samples: opts.samples, budgetMs: opts.budgetMs, appOrigin: stack.aws.appOrigin, eventBridgeEndpoint: stack.aws.eventBridgeEndpoint },
  );
  // Each 'going' told the host (EventNotice): let the stack deliver those before the next bench.
  const tIdle = performance.now();
  await stack.busIdle();
  const idleSeconds = (performance.now() - tIdle) / 1000;
  const seconds = (performance.now() - t0) / 1000;

  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const s = (n: number) => `${n.toFixed(1)} s`;
  const describe = (status: string, c: RsvpCalls, p: number) =>
    `B9 RSVP '${status}': ${c.calls} DynamoDB calls in ${c.trips} sequential round trips (${c.commands}), ${c.capacity} capacity units; `
    + `p50 ${ms(p)}, recorder on ${ms(c.total)} of which waiting on DynamoDB ${ms(c.waiting)} (round trips: ${c.tripMs.map(ms).join(', ')})`;
  return {
    floors: { eventsPutItemP50Ms: r.putP50, rsvpGoingP50Ms: r.goingP50, rsvpNotGoingP50Ms: r.notGoingP50 },
    notes: [
      describe('going', r.going, r.goingP50),
      describe('not_going', r.notGoing, r.notGoingP50),
      `B9 each 'going' also puts ${r.noticesPerGoing} EventNotice (to the host) on the bus before its outbox DeleteItem; p50s over ${r.samples} RSVPs alternating with ${r.samples} raw PutItems on ${r.table}, calls over ${r.observed} RSVPs`,
      `B9 seed ${seedSeconds.toFixed(1)} s, process start ${s(r.seconds.start)}, warm-up ${s(r.seconds.warmUp)}, sampling ${s(r.seconds.sampling)}, `
      + `recorded RSVPs ${s(r.seconds.observing)}, notices delivered ${s(idleSeconds)}, total ${s(seconds)}`,
    ],
    rows: [
      { id: 'B9', what: 'POST /api/events/{id}/rsvp p50 (going / not_going in turn) vs raw PutItem p50 (events table, same client)', ours: r.rsvpP50, floor: r.putP50, unit: 'ms' },
      { id: 'B9', what: "POST /api/events/{id}/rsvp 'going' sequential DynamoDB round trips vs one PutItem", ours: r.going.trips, floor: 1, unit: 'trips' },
      { id: 'B9', what: "POST /api/events/{id}/rsvp 'not_going' sequential DynamoDB round trips vs one PutItem", ours: r.notGoing.trips, floor: 1, unit: 'trips' },
    ],
  };
}
