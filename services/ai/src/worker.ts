import { createWorker } from '@torcedor/service-kit/worker';
import { applyEntitlementCopy } from '@torcedor/service-kit/entitlement';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { applyCatalogChunk, applyCollectionItem, applyReviewDeleted, applyReviewPublished } from './data/copies.ts';
import { deleteMember } from './data/member.ts';

export const handler = createWorker('ai', {
  events: {
    SessionRevoked: markRevoked,
    EntitlementChanged: applyEntitlementCopy,
    // The member partition holds the item and review copies too: they go with the rest.
    UserDeleted: async ({ userId }) => deleteMember(userId),
    // VitolAI's grounding (data/copies.ts): the curated catalog, the member's collection and reviews.
    CatalogCigarsChanged: applyCatalogChunk,
    CollectionItemChanged: applyCollectionItem,
    ReviewPublished: applyReviewPublished,
    ReviewDeleted: applyReviewDeleted,
  },
  schedules: {},
});
