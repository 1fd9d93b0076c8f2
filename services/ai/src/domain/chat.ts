import type { z } from 'zod';
import type { LanguageCode } from '@torcedor/shared/constants';
import type { ChatAnswer, ConversationBody, RecommendationBody } from '@torcedor/shared/schemas/ai';
import type { EngineAnswer, EngineCigar, EngineRequest, MemberContext, StrengthLevel } from './engine/types.ts';
import { usageView } from './usage.ts';

/**
 * A VitolAI answer's pure parts (docs/architecture.md, "VitolAI"): what the provider is asked (the grounding and the
 * request), the turns kept of an exchange, and the answer the page gets. handlers/chat.ts reads, reserves and asks.
 */
export type Conversation = z.output<typeof ConversationBody>;
export type Recommendation = z.output<typeof RecommendationBody>;
export type AskKind = 'conversation' | 'recommendations';

/** A chat turn as kept (store/chats.ts). */
export type StoredTurn = { role: 'user' | 'assistant'; content: string; timestamp: string };

/** What a provider answers from: the catalog, the member's own copies and the request. */
export interface AnswerInput { catalog: EngineCigar[]; member: MemberContext; request: EngineRequest }

/** The strength the recommendations page says the member prefers (the feed chat says none). */
export const preferredStrengthOf = (body: Conversation | Recommendation): StrengthLevel | null =>
  ('userProfile' in body ? (body.userProfile.preferredStrength ?? null) : null);

/** The provider's input: the grounding, the chat's earlier turns and the member's message with its topic and the language to answer in. */
export function answerInput(kind: AskKind, body: Conversation | Recommendation, g: { catalog: EngineCigar[]; member: MemberContext; history: StoredTurn[] }, now: Date, language: LanguageCode = 'en'): AnswerInput {
  const topic = kind === 'recommendations' ? 'recommendations' : (body as Conversation).topic;
  return { catalog: g.catalog, member: g.member, request: { message: body.message, history: g.history.map(({ role, content }) => ({ role, content })), topic, now, language } };
}

/** The question and its answer as kept: the answer a moment after the question, and never before it. */
export function exchangeTurns(body: Conversation | Recommendation, reply: EngineAnswer, now: Date, answeredAt = Date.now()): { question: StoredTurn; reply: StoredTurn } {
  return {
    question: { role: 'user', content: body.message, timestamp: now.toISOString() },
    reply: { role: 'assistant', content: reply.text, timestamp: new Date(Math.max(answeredAt, now.getTime() + 1)).toISOString() },
  };
}

/** The answer the page gets, with the usage after it. */
export const chatAnswer = (reply: EngineAnswer, used: number, limit: number | null, now: Date): z.infer<typeof ChatAnswer> =>
  ({ response: reply.text, suggestions: reply.suggestions, usage: usageView(used, limit, now) });

/** What the page shows when an answer fails after it started (docs/product.md, "Messages"). */
export const STREAM_FAILED = { conversation: 'Failed to send message. Please try again.', recommendations: 'Failed to get recommendations. Please try again.' } as const;
