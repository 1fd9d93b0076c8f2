import { createHttpHandler } from '@torcedor/service-kit/http';
import { aiRoutes } from '@torcedor/shared/routes/ai';
import { exportAi } from './handlers/account.ts';
import {
  chatConversation, chatRecommendations, getChatHistory, streamConversation, streamRecommendations,
} from './handlers/chat.ts';
import { getLearnLibrary } from './handlers/learn.ts';
import { getAiProfile, getQuickPicks, getSmokeNext } from './handlers/picks.ts';
import { getAiUsage } from './handlers/usage.ts';

export const handler = createHttpHandler(aiRoutes, {
  getAiUsage,
  chatConversation,
  chatRecommendations,
  streamConversation,
  streamRecommendations,
  getChatHistory,
  getQuickPicks,
  getSmokeNext,
  getAiProfile,
  getLearnLibrary,
  exportAi,
});
