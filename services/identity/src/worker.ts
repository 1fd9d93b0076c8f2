import { createWorker } from '@torcedor/service-kit/worker';
import { applyCollectionCounts, applyEntitlement } from './data/copies.ts';

export const handler = createWorker('identity', {
  events: {
    CollectionCountsChanged: async (d) => {
      await applyCollectionCounts(d);
    },
    EntitlementChanged: async (d) => {
      await applyEntitlement(d);
    },
  },
  schedules: {},
});
