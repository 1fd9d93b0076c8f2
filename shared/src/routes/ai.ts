import * as z from 'zod';
import { route, type RouteDef } from '../route.ts';
import {
  AiProfile, AiUsage, ChatAnswer, ChatHistory, ChatSessionId, ConversationBody, LearnLibrary, QuickPicks, RecommendationBody, SmokeNext,
} from '../schemas/ai.ts';
import { exportPart } from './export-part.ts';

/** VitolAI: the assistant's answers, quick picks and the daily quota, and the Learn library (docs/product.md, "VitolAI"). */
export const aiRoutes = {
  getAiUsage: route({
    method: 'GET', path: '/api/ai/usage', service: 'ai', access: 'member',
    summary: "Today's VitolAI answers used against the member's daily limit", response: AiUsage,
  }),
  chatConversation: route({
    method: 'POST', path: '/api/chatbot/conversation', service: 'ai', access: 'member',
    summary: "VitolAI's answer in a chat (the feed's chat widget): platform help, cigar education, support; not counted against the daily quota",
    body: ConversationBody, response: ChatAnswer, errors: ['RATE_LIMITED'],
  }),
  chatRecommendations: route({
    method: 'POST', path: '/api/chatbot/recommendations', service: 'ai', access: 'member',
    summary: "A recommendation from VitolAI, grounded in the catalog and the member's own collection and reviews (free members: 3 per UTC day)",
    body: RecommendationBody, response: ChatAnswer, errors: ['AI_DAILY_LIMIT', 'RATE_LIMITED'],
  }),
  streamConversation: route({
    method: 'POST', path: '/api/chatbot/conversation/stream', service: 'ai', access: 'member', stream: true, text: 'event-stream',
    summary: 'chatConversation, with the answer streamed as it is written', body: ConversationBody, response: ChatAnswer, errors: ['RATE_LIMITED'],
  }),
  streamRecommendations: route({
    method: 'POST', path: '/api/chatbot/recommendations/stream', service: 'ai', access: 'member', stream: true, text: 'event-stream',
    summary: 'chatRecommendations, with the answer streamed as it is written', body: RecommendationBody, response: ChatAnswer, errors: ['AI_DAILY_LIMIT', 'RATE_LIMITED'],
  }),
  getChatHistory: route({
    method: 'GET', path: '/api/chatbot/sessions/{sessionId}', service: 'ai', access: 'member',
    summary: "The turns of one of the member's own chats (another member's chat reads as empty)",
    params: z.strictObject({ sessionId: ChatSessionId }), response: ChatHistory,
  }),
  getQuickPicks: route({
    method: 'GET', path: '/api/recommendations/quick', service: 'ai', access: 'member',
    summary: "Catalog cigars matched to the member's history and preferences, best first, each with a match score and a reason",
    response: QuickPicks, errors: ['CATALOG_LOADING'],
  }),
  getSmokeNext: route({
    method: 'GET', path: '/api/recommendations/smoke-next', service: 'ai', access: 'member',
    summary: "What to smoke next from the member's own humidor, with reasons from their scores and the cigars' rest, and a pairing",
    response: SmokeNext,
  }),
  getAiProfile: route({
    method: 'GET', path: '/api/recommendations/profile', service: 'ai', access: 'member',
    summary: 'The recommendation profile: cigars tried, average rating, preferred strength', response: AiProfile,
  }),
  getLearnLibrary: route({
    method: 'GET', path: '/api/learn', service: 'ai', access: 'member',
    summary: 'The Learn library: video cards and masterclasses (the exclusive ones open for premium and trial members only)', response: LearnLibrary,
  }),
  exportAi: exportPart('ai', '/api/export/ai'),
} satisfies Record<string, RouteDef>;
