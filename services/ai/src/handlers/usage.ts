import type { RouteHandler } from '@torcedor/service-kit/http';
import type { Routes } from '@torcedor/shared/routes';
import { dailyLimit, usageDay, usageView } from '../domain/usage.ts';
import { readUsage } from '../store/usage.ts';

/** The member's answers used today, their daily limit (null: unlimited) and when it resets. */
export const getAiUsage: RouteHandler<Routes['getAiUsage']> = async ({ session }) => {
  const now = new Date();
  const { used, entitlement } = await readUsage(session.userId, usageDay(now));
  return usageView(used, dailyLimit(entitlement, now), now);
};
