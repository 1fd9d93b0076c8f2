import type { z } from 'zod';
import { AI_CONTEXT_TURNS, type LanguageCode } from '@torcedor/shared/constants';
import type { Routes } from '@torcedor/shared/routes';
import type { ChatAnswer } from '@torcedor/shared/schemas/ai';
import { StreamReply, type RouteHandler, type StreamEvent } from '@torcedor/service-kit/http';
import { logger } from '@torcedor/service-kit/logger';
import {
  answerInput, chatAnswer, exchangeTurns, preferredStrengthOf, STREAM_FAILED, type AskKind, type Conversation, type Recommendation,
} from '../domain/chat.ts';
import type { EngineAnswer } from '../domain/engine/types.ts';
import { dailyLimit, limitRefusal, reservationOf, usageDay } from '../domain/usage.ts';
import { loadEngine } from '../providers/engine.ts';
import { aiProvider } from '../providers/index.ts';
import type { AiProvider } from '../providers/provider.ts';
import { appendExchange, readTurns } from '../store/chats.ts';
import { loadCatalogCopy, loadMember } from '../store/copies.ts';
import { refundAnswer, reserveAnswer } from '../store/quota.ts';
import { readUsage } from '../store/usage.ts';

/** A chat's history as the page reads it (a long chat: its last 200 turns). */
const HISTORY_SHOWN = 200;

/**
 * One VitolAI answer (docs/architecture.md, "VitolAI"): read the grounding (catalog, the member's copies, the
 * chat's earlier turns, usage and entitlement, whether the catalog copy is behind) in one parallel round; decide
 * whether the question is refused (the engine's rule, whichever provider answers) or told the catalog is still
 * loading (the copy is behind and the answer would find no catalog cigar: the engine's `whileCatalogLoads`); reserve
 * the answer with a conditional write before the provider is asked (recommendations count against the free daily
 * quota, refused ones not; every answer against the abuse limits); ask the provider, unless refused; give the
 * reservation back if it fails; keep the exchange.
 */
async function prepare(userId: string, kind: AskKind, body: Conversation | Recommendation, now: Date, language: LanguageCode) {
  const [usage, member, { catalog, behind }, history, engine] = await Promise.all([
    readUsage(userId, usageDay(now)), loadMember(userId, preferredStrengthOf(body)), loadCatalogCopy(), readTurns(userId, body.sessionId, AI_CONTEXT_TURNS),
    loadEngine(),
  ]);
  const limit = dailyLimit(usage.entitlement, now);
  const input = answerInput(kind, body, { catalog, member, history }, now, language);
  const refused = engine.refusal(body.message, language) ?? (behind ? engine.whileCatalogLoads(input.catalog, input.member, input.request) : null);
  const reservation = reservationOf(userId, kind, now, refused !== null);
  const reserved = await reserveAnswer(reservation, limit);
  if (!reserved.ok) throw limitRefusal(reserved.reason, now);
  return { input, reservation, limit, refused };
}

/** Keeps the exchange and reads the usage after it: the answer the page gets. */
async function finish(userId: string, body: Conversation | Recommendation, reply: EngineAnswer, limit: number | null, now: Date): Promise<z.infer<typeof ChatAnswer>> {
  const turns = exchangeTurns(body, reply, now);
  const [, after] = await Promise.all([appendExchange(userId, body.sessionId, turns.question, turns.reply), readUsage(userId, usageDay(now))]);
  return chatAnswer(reply, after.used, limit, now);
}

/** One answer, whole, in the request's language (`now` is the clock: tests name it). */
export async function ask(userId: string, kind: AskKind, body: Conversation | Recommendation, now = new Date(), language: LanguageCode = 'en'): Promise<z.infer<typeof ChatAnswer>> {
  const { input, reservation, limit, refused } = await prepare(userId, kind, body, now, language);
  try {
    const reply = refused ?? await (await aiProvider()).answer(input);
    // An answer that cannot be kept does not reach the member either: it spends nothing.
    return await finish(userId, body, reply, limit, now);
  } catch (err) {
    await refundAnswer(reservation);
    throw err;
  }
}

/**
 * The provider's pieces as `delta` events, ending with the whole answer (the generator's return value). The loop
 * runs once per piece and ends with the provider's stream.
 */
async function* deltas(provider: AiProvider, input: Awaited<ReturnType<typeof prepare>>['input']): AsyncGenerator<StreamEvent, EngineAnswer> {
  const pieces = provider.stream(input);
  let next = await pieces.next();
  while (!next.done) {
    yield { event: 'delta', data: { text: next.value } };
    next = await pieces.next();
  }
  return next.value;
}

/**
 * The same answer, streamed: limits are checked and the answer reserved before the first byte (so a refusal is an
 * ordinary 429); then the provider's text goes out as `delta` events and the whole answer as `done`. A failure after
 * the start (the provider's, or keeping the exchange) gives the reservation back and ends with an `error` event. A refused question is its refusal, in one
 * `delta`.
 */
export async function askStream(userId: string, kind: AskKind, body: Conversation | Recommendation, now = new Date(), language: LanguageCode = 'en'): Promise<StreamReply> {
  const { input, reservation, limit, refused } = await prepare(userId, kind, body, now, language);
  if (refused) {
    return new StreamReply((async function* refusal(): AsyncGenerator<StreamEvent> {
      yield { event: 'delta', data: { text: refused.text } };
      yield { event: 'done', data: await finish(userId, body, refused, limit, now) };
    })());
  }
  const provider = await aiProvider().catch(async (err: unknown) => {
    await refundAnswer(reservation);
    throw err;
  });
  async function* events(): AsyncGenerator<StreamEvent> {
    let done: z.infer<typeof ChatAnswer>;
    try {
      const reply = yield* deltas(provider, input);
      done = await finish(userId, body, reply, limit, now);
    } catch (error) {
      logger.warn('VitolAI stream failed', { error: error as Error });
      await refundAnswer(reservation).catch((e: unknown) => logger.error('refund failed', { error: e as Error }));
      yield { event: 'error', data: { message: STREAM_FAILED[kind], code: 'UNAVAILABLE' } };
      return;
    }
    yield { event: 'done', data: done };
  }
  return new StreamReply(events());
}

/** The feed chat's answer (no quota; the abuse limits apply), in the request's language (Accept-Language). */
export const chatConversation: RouteHandler<Routes['chatConversation']> = async ({ session, body, language }) => ask(session.userId, 'conversation', body, new Date(), language);
/** A recommendation from the recommendations page (counts against the free daily quota). */
export const chatRecommendations: RouteHandler<Routes['chatRecommendations']> = async ({ session, body, language }) => ask(session.userId, 'recommendations', body, new Date(), language);
/** The feed chat's answer, streamed. */
export const streamConversation: RouteHandler<Routes['streamConversation']> = async ({ session, body, language }) => askStream(session.userId, 'conversation', body, new Date(), language);
/** A recommendation, streamed. */
export const streamRecommendations: RouteHandler<Routes['streamRecommendations']> = async ({ session, body, language }) => askStream(session.userId, 'recommendations', body, new Date(), language);

/** A chat's turns as the page reads it: the last HISTORY_SHOWN, oldest first. */
export const getChatHistory: RouteHandler<Routes['getChatHistory']> = async ({ session, params }) =>
  ({ sessionId: params.sessionId, messages: await readTurns(session.userId, params.sessionId, HISTORY_SHOWN) });
