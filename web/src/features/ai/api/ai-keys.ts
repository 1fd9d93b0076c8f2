import { collectionKeys } from '@/lib/collection-keys';

/**
 * VitolAI's cache keys. Everything the plan changes sits under `['ai']` (billing's refreshPlan drops it by that
 * prefix); what to smoke next is read from the humidor, so it sits under the humidor's key and every humidor change
 * (any feature's, through collectionKeys) invalidates it too.
 */
export const aiKeys = {
  all: ['ai'] as const,
  usage: ['ai', 'usage'] as const,
  profile: ['ai', 'profile'] as const,
  quickPicks: ['ai', 'quick-picks'] as const,
  smokingHistory: ['ai', 'smoking-history'] as const,
  smokeNext: [...collectionKeys.humidor, 'smoke-next'] as const,
};
