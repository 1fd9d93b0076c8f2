import { createHttpHandler } from '@torcedor/service-kit/http';
import { exportMember } from './data/member.ts';
import { readUsage } from './data/usage.ts';
import { dailyLimit, nextReset, usageDay } from './domain/usage.ts';

export const handler = createHttpHandler('ai', {
  getAiUsage: async ({ session }) => {
    const now = new Date();
    const { used, entitlement } = await readUsage(session.userId, usageDay(now));
    return { used, limit: dailyLimit(entitlement, now), resetsAt: nextReset(now).toISOString() };
  },
  exportAi: async ({ session }) => exportMember(session.userId),
});
