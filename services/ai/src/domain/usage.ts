import { DAY_MS, FREE_AI_DAILY_LIMIT } from '@torcedor/shared/constants';
import { isUnlimited } from '@torcedor/shared/entitlement';
import type { Entitlement } from '@torcedor/shared/schemas/identity';

/** Usage days are UTC calendar days. */
export const usageDay = (now: Date) => now.toISOString().slice(0, 10);
export const nextReset = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS);

/** The member's daily limit: null means unlimited. */
export const dailyLimit = (e: Entitlement | null, now: Date): number | null => (isUnlimited(e, now) ? null : FREE_AI_DAILY_LIMIT);
