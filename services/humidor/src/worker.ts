import { createWorker } from '@torcedor/service-kit/worker';
import { applyEntitlementCopy } from '@torcedor/service-kit/entitlement';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { announcePage, CATALOG_ANNOUNCE_JOB } from './data/catalog-announce.ts';
import { deleteMember } from './data/member.ts';
import { applyReviewDeleted, applyReviewPublished, retractMemberReviews } from './data/ratings.ts';

export const handler = createWorker('humidor', {
  events: {
    SessionRevoked: markRevoked,
    EntitlementChanged: applyEntitlementCopy,
    UserDeleted: async ({ userId }) => {
      await deleteMember(userId);
      // Social's ReviewDeleted of each of the member's reviews comes after this, and the kit drops events about
      // a deleted member: the member's reviews leave the ratings here.
      await retractMemberReviews(userId);
    },
    ReviewPublished: applyReviewPublished,
    ReviewDeleted: applyReviewDeleted,
  },
  schedules: {},
  // Paged jobs (docs/architecture.md, "Jobs"): the minute schedule continues a catalog announcement an import left unfinished.
  jobs: { [CATALOG_ANNOUNCE_JOB]: announcePage() },
});
