/**
 * B10, VitolAI's answer path: POST /api/chatbot/conversation through the ai service's real HTTP handler with a real
 * session, against the stack's DynamoDB Local and user pool, the local VitolAI engine answering (no OpenAI key), as
 * B9 measures an RSVP (rsvp.ts). Members ask 'How should I store my cigars?' in a chat of their own.
 *
 *   1. answer p50 vs a raw PutItem of one item to the ai table sent through the very client the handler uses
 *      (the kit's `ddb`), the two sampled alternately (no goal: measured)
 *   2. DynamoDB commands one answer sends and how many of them are sequential round trips (B3's recorder on the
 *      kit's client; no goal: measured)
 *
 * The abuse limits (AI_ABUSE_LIMITS: 60 answers per member per clock hour) would refuse a member's 61st answer:
 * each member answers ANSWERS_PER_MEMBER times at most, then the next one (and a new chat) takes over.
 *
 * The handler runs in a process of its own (vitolai-process.ts) with the env the stack gives ai: the kit reads its
 * configuration (table, service name) once per process, and the bench process holds social's (B3).
 */
import { AI_ABUSE_LIMITS } from '@torcedor/shared/constants';
import { serviceEnv } from '../local/src/testing/service-env.ts';
import type { Stack } from '../local/src/stack.ts';
import { runMeasuring } from './round-trips.ts';
import { signedInMember } from './session.ts';
import type { VitolaiInput, VitolaiOutput } from './vitolai-process.ts';

export interface VitolaiBenchRow { id: 'B10'; what: string; ours: number; floor: number; unit: string }
export interface VitolaiBenchResult { rows: VitolaiBenchRow[]; floors: Record<string, number>; notes: string[] }

/** Answers per member, under both abuse limits (per hour and per day) with room to spare. */
const ANSWERS_PER_MEMBER = Math.min(50, AI_ABUSE_LIMITS.perHour - 10, AI_ABUSE_LIMITS.perDay);
const WARM_UP = 10;
const OBSERVED = 20;
const MESSAGE = 'How should I store my cigars?';


/**
 * `samples` answers (and as many PutItems) at most; sampling stops after `budgetMs` (but not before 50 of each),
 * and after `capMs` in any case.
 */
export async function benchVitolai(stack: Stack, opts: { samples: number; budgetMs: number; capMs: number }): Promise<VitolaiBenchResult> {
  const t0 = performance.now();
  // Enough members signed in (as B4's member is) for every answer the process may ask, the warm-up and the
  // observed ones included; their entitlement copies reach ai through the bus.
  const needed = Math.ceil((WARM_UP + opts.samples + OBSERVED) / ANSWERS_PER_MEMBER);
  const members = await Promise.all(Array.from({ length: needed }, (_, k) => signedInMember(stack, `vitolai-${k}`)));
  await stack.busIdle();
  const seedSeconds = (performance.now() - t0) / 1000;

  // ai's env as the stack gives it, without an OpenAI key: the local engine answers.
  const env: NodeJS.ProcessEnv = { ...process.env, ...serviceEnv('ai', stack.aws, { logLevel: 'ERROR' }) };
  for (const key of Object.keys(env)) if (key.startsWith('OPENAI_API_KEY')) delete env[key];
  const r = await runMeasuring<VitolaiInput, VitolaiOutput>('vitolai-process.ts', 'BENCH_VITOLAI', env, {
    members: members.map((m) => ({ userId: m.userId, cookies: m.cookies })), perMember: ANSWERS_PER_MEMBER, warmUp: WARM_UP, observed: OBSERVED,
    samples: opts.samples, budgetMs: opts.budgetMs, capMs: opts.capMs, appOrigin: stack.aws.appOrigin, message: MESSAGE, topic: 'general',
  });
  const seconds = (performance.now() - t0) / 1000;

  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const s = (n: number) => `${n.toFixed(1)} s`;
  const c = r.answer;
  return {
    floors: { aiPutItemP50Ms: r.putP50, chatAnswerP50Ms: r.answerP50 },
    notes: [
      `B10 answer: ${c.calls} DynamoDB calls in ${c.trips} sequential round trips (${c.commands}), ${c.capacity} capacity units; `
      + `p50 ${ms(r.answerP50)}, recorder on ${ms(c.total)} of which waiting on DynamoDB ${ms(c.waiting)} (round trips: ${c.tripMs.map(ms).join(', ')})`,
      `B10 the process's first answer (cold: the catalog read, the engine's index, the session keys): ${r.first.calls} calls in ${r.first.trips} sequential round trips `
      + `(${r.first.commands}), ${ms(r.first.total)}`,
      `B10 ${r.provider} engine over ai's catalog copy of ${r.catalogCigars} cigars; p50s over ${r.samples} answers alternating with ${r.samples} raw PutItems on ${r.table}, `
      + `calls over ${r.observed} answers; ${r.answers} answers by ${r.membersUsed} members (${ANSWERS_PER_MEMBER} each at most, AI_ABUSE_LIMITS ${AI_ABUSE_LIMITS.perHour}/hour), `
      + `one chat each (up to ${r.maxHistoryTurns} earlier turns read); answer: "${r.sample.replace(/\s+/g, ' ').slice(0, 80)}..."`,
      `B10 seed (${members.length} sign-ins) ${s(seedSeconds)}, process start ${s(r.seconds.start)}, warm-up ${s(r.seconds.warmUp)}, sampling ${s(r.seconds.sampling)}, `
      + `recorded answers ${s(r.seconds.observing)}, total ${s(seconds)}`,
    ],
    rows: [
      { id: 'B10', what: 'POST /api/chatbot/conversation p50 (local engine) vs raw PutItem p50 (ai table, same client)', ours: r.answerP50, floor: r.putP50, unit: 'ms' },
      { id: 'B10', what: 'POST /api/chatbot/conversation DynamoDB calls vs one PutItem', ours: c.calls, floor: 1, unit: 'calls' },
      { id: 'B10', what: 'POST /api/chatbot/conversation sequential DynamoDB round trips vs one PutItem', ours: c.trips, floor: 1, unit: 'trips' },
    ],
  };
}
