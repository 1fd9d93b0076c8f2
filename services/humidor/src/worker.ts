import { applyEntitlementCopy } from '@torcedor/service-kit/entitlement';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { createWorker } from '@torcedor/service-kit/worker';
import { reviewDeleted, reviewPublished, userDeleted } from './handlers/consumers.ts';
import { jobPages } from './handlers/jobs.ts';

export const handler = createWorker('humidor', {
  events: {
    SessionRevoked: markRevoked,
    EntitlementChanged: applyEntitlementCopy,
    UserDeleted: userDeleted,
    ReviewPublished: reviewPublished,
    ReviewDeleted: reviewDeleted,
  },
  schedules: {},
  // Paged jobs (docs/architecture.md, "Jobs"): the minute schedule continues a catalog announcement an import left unfinished.
  jobs: jobPages,
});
