import { createWorker } from '@torcedor/service-kit/worker';
import { collectionCountsChanged, entitlementChanged, socialCountsChanged } from './handlers/consumers.ts';
import { mailOutcome } from './handlers/mail-events.ts';

export const handler = createWorker('identity', {
  events: {
    CollectionCountsChanged: collectionCountsChanged,
    EntitlementChanged: entitlementChanged,
    SocialCountsChanged: socialCountsChanged,
  },
  schedules: {},
  mail: mailOutcome,
});
