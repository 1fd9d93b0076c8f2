import { readEntitlement } from '@torcedor/service-kit/entitlement';
import { createHttpHandler } from '@torcedor/service-kit/http';
import { readTurns } from './data/chats.ts';
import { exportMember } from './data/member.ts';
import { readUsage } from './data/usage.ts';
import { ask, askStream } from './domain/assistant.ts';
import { learnLibrary } from './domain/learn-library.ts';
import { profileOf, quickPicksFor, smokeNextFor } from './domain/picks.ts';
import { dailyLimit, nextReset, usageDay } from './domain/usage.ts';

/** A chat's history as the page reads it (a long chat: its last 200 turns). */
const HISTORY_SHOWN = 200;

export const handler = createHttpHandler('ai', {
  getAiUsage: async ({ session }) => {
    const now = new Date();
    const { used, entitlement } = await readUsage(session.userId, usageDay(now));
    return { used, limit: dailyLimit(entitlement, now), resetsAt: nextReset(now).toISOString() };
  },
  chatConversation: async ({ session, body }) => ask(session.userId, 'conversation', body),
  chatRecommendations: async ({ session, body }) => ask(session.userId, 'recommendations', body),
  streamConversation: async ({ session, body }) => askStream(session.userId, 'conversation', body),
  streamRecommendations: async ({ session, body }) => askStream(session.userId, 'recommendations', body),
  getChatHistory: async ({ session, params }) => ({ sessionId: params.sessionId, messages: await readTurns(session.userId, params.sessionId, HISTORY_SHOWN) }),
  getQuickPicks: async ({ session }) => quickPicksFor(session.userId),
  getSmokeNext: async ({ session }) => smokeNextFor(session.userId),
  getAiProfile: async ({ session }) => profileOf(session.userId),
  // The exclusive masterclasses open with premium benefits, read from ai's own copy of the entitlement.
  getLearnLibrary: async ({ session }) => ({ items: learnLibrary(await readEntitlement(session.userId), new Date()) }),
  exportAi: async ({ session }) => exportMember(session.userId),
});
