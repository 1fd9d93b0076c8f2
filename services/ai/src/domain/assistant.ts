import type { z } from 'zod';
import { AI_CONTEXT_TURNS, AI_ABUSE_LIMITS, FREE_AI_DAILY_LIMIT } from '@torcedor/shared/constants';
import type { ChatAnswer, ConversationBody, RecommendationBody } from '@torcedor/shared/schemas/ai';
import { tooManyRequests } from '@torcedor/service-kit/errors';
import { StreamReply, type StreamEvent } from '@torcedor/service-kit/http';
import { logger } from '@torcedor/service-kit/logger';
import { appendExchange, readTurns } from '../data/chats.ts';
import { loadCatalog, loadMember } from '../data/copies.ts';
import { refundAnswer, reserveAnswer } from '../data/quota.ts';
import { readUsage } from '../data/usage.ts';
import type { EngineAnswer, StrengthLevel } from '../engine/types.ts';
import { aiProvider } from '../providers/index.ts';
import { dailyLimit, nextReset, usageDay } from './usage.ts';

type Conversation = z.output<typeof ConversationBody>;
type Recommendation = z.output<typeof RecommendationBody>;

/** The spec's daily-limit message (docs/product.md, "Messages"). */
export const DAILY_LIMIT_MESSAGE = `Free users are limited to ${FREE_AI_DAILY_LIMIT} AI recommendations per day. Upgrade to Premium for unlimited access!`;
const RATE_MESSAGE = `You have asked VitolAI a lot in a short time (at most ${AI_ABUSE_LIMITS.perHour} answers an hour and ${AI_ABUSE_LIMITS.perDay} a day). Please try again later.`;

const secondsUntil = (d: Date, now: Date) => Math.max(1, Math.ceil((d.getTime() - now.getTime()) / 1000));

/**
 * One VitolAI answer (docs/architecture.md, "VitolAI"): read the grounding (catalog, the member's copies, the
 * chat's earlier turns, usage and entitlement) in one parallel round; reserve the answer with a conditional write
 * before the provider is asked (recommendations count against the free daily quota; every answer against the abuse
 * limits); ask the provider; give the reservation back if it fails; keep the exchange.
 */
async function prepare(userId: string, kind: 'conversation' | 'recommendations', body: Conversation | Recommendation, now: Date) {
  const day = usageDay(now);
  const preferred: StrengthLevel | null = 'userProfile' in body ? (body.userProfile.preferredStrength ?? null) : null;
  const [usage, member, catalog, history] = await Promise.all([
    readUsage(userId, day), loadMember(userId, preferred), loadCatalog(), readTurns(userId, body.sessionId, AI_CONTEXT_TURNS),
  ]);
  const limit = dailyLimit(usage.entitlement, now);
  const reservation = { userId, day, hour: now.toISOString().slice(0, 13), quota: kind === 'recommendations' };
  const reserved = await reserveAnswer(reservation, limit);
  if (reserved === 'quota') throw tooManyRequests(DAILY_LIMIT_MESSAGE, 'AI_DAILY_LIMIT', secondsUntil(nextReset(now), now));
  if (reserved === 'rate') throw tooManyRequests(RATE_MESSAGE, 'RATE_LIMITED', secondsUntil(new Date(Math.ceil((now.getTime() + 1) / 3_600_000) * 3_600_000), now));
  const topic = kind === 'recommendations' ? 'recommendations' : (body as Conversation).topic;
  const input = { catalog, member, request: { message: body.message, history: history.map(({ role, content }) => ({ role, content })), topic, now } };
  return { input, reservation, limit };
}

/** Keeps the exchange and reads the usage after it: the answer the page gets. */
async function finish(userId: string, body: Conversation | Recommendation, reply: EngineAnswer, limit: number | null, now: Date): Promise<z.infer<typeof ChatAnswer>> {
  const asked = now.toISOString();
  const answered = new Date(Math.max(Date.now(), now.getTime() + 1)).toISOString();
  const [, after] = await Promise.all([
    appendExchange(userId, body.sessionId, { role: 'user', content: body.message, timestamp: asked }, { role: 'assistant', content: reply.text, timestamp: answered }),
    readUsage(userId, usageDay(now)),
  ]);
  return { response: reply.text, suggestions: reply.suggestions, usage: { used: after.used, limit, resetsAt: nextReset(now).toISOString() } };
}

export async function ask(userId: string, kind: 'conversation' | 'recommendations', body: Conversation | Recommendation, now = new Date()): Promise<z.infer<typeof ChatAnswer>> {
  const { input, reservation, limit } = await prepare(userId, kind, body, now);
  let reply: EngineAnswer;
  try {
    reply = await (await aiProvider()).answer(input);
  } catch (err) {
    await refundAnswer(reservation);
    throw err;
  }
  return finish(userId, body, reply, limit, now);
}

/** What the page shows when an answer fails after it started (docs/product.md, "Messages"). */
const STREAM_FAILED = { conversation: 'Failed to send message. Please try again.', recommendations: 'Failed to get recommendations. Please try again.' } as const;

/**
 * The same answer, streamed: limits are checked and the answer reserved before the first byte (so a refusal is an
 * ordinary 429); then the provider's text goes out as `delta` events and the whole answer as `done`. A failure after
 * the start gives the reservation back and ends with an `error` event.
 */
export async function askStream(userId: string, kind: 'conversation' | 'recommendations', body: Conversation | Recommendation, now = new Date()): Promise<StreamReply> {
  const { input, reservation, limit } = await prepare(userId, kind, body, now);
  const provider = await aiProvider().catch(async (err: unknown) => {
    await refundAnswer(reservation);
    throw err;
  });
  async function* events(): AsyncGenerator<StreamEvent> {
    let reply: EngineAnswer | undefined;
    try {
      const pieces = provider.stream(input);
      for (;;) {
        const next = await pieces.next();
        if (next.done) {
          reply = next.value;
          break;
        }
        yield { event: 'delta', data: { text: next.value } };
      }
    } catch (error) {
      logger.warn('VitolAI stream failed', { error: error as Error });
      await refundAnswer(reservation).catch((e: unknown) => logger.error('refund failed', { error: e as Error }));
      yield { event: 'error', data: { message: STREAM_FAILED[kind], code: 'UNAVAILABLE' } };
      return;
    }
    yield { event: 'done', data: await finish(userId, body, reply, limit, now) };
  }
  return new StreamReply(events());
}
