import { applyEntitlementCopy } from '@torcedor/service-kit/entitlement';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { createWorker } from '@torcedor/service-kit/worker';
import { catalogCopyBehind, catalogHeartbeat } from './handlers/catalog-copies.ts';
import { reviewDeleted, reviewPublished, userDeleted } from './handlers/consumers.ts';
import { jobPages } from './handlers/jobs.ts';

export const handler = createWorker('humidor', {
  events: {
    SessionRevoked: markRevoked,
    EntitlementChanged: applyEntitlementCopy,
    UserDeleted: userDeleted,
    ReviewPublished: reviewPublished,
    ReviewDeleted: reviewDeleted,
    // The copies of the catalog ask for a version again when they lack chunks of it (handlers/catalog-copies.ts).
    SocialCatalogCopyBehind: catalogCopyBehind,
    AiCatalogCopyBehind: catalogCopyBehind,
  },
  schedules: { 'catalog-heartbeat': catalogHeartbeat },
  // Paged jobs (docs/architecture.md, "Jobs"): the minute schedule continues a catalog announcement an import left unfinished.
  jobs: jobPages,
});
