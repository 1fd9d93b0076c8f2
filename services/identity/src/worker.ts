import { createWorker } from '@torcedor/service-kit/worker';
import { applyCollectionCounts, applyEntitlement, applySocialCounts } from './data/copies.ts';

export const handler = createWorker('identity', {
  events: {
    CollectionCountsChanged: async (d) => {
      await applyCollectionCounts(d);
    },
    EntitlementChanged: async (d) => {
      await applyEntitlement(d);
    },
    SocialCountsChanged: async (d) => {
      await applySocialCounts(d);
    },
  },
  schedules: {},
});
