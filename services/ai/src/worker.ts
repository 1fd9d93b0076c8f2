import { createWorker } from '@torcedor/service-kit/worker';
import { applyEntitlementCopy } from '@torcedor/service-kit/entitlement';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { catalogCigarsChanged, catalogPublished, cigarCommunityChanged, collectionItemChanged, reviewDeleted, reviewPublished, userDeleted } from './handlers/consumers.ts';

export const handler = createWorker('ai', {
  events: {
    SessionRevoked: markRevoked,
    EntitlementChanged: applyEntitlementCopy,
    UserDeleted: userDeleted,
    // VitolAI's grounding (store/copies.ts): the curated catalog, the member's collection and reviews.
    CatalogCigarsChanged: catalogCigarsChanged,
    CatalogPublished: catalogPublished,
    CollectionItemChanged: collectionItemChanged,
    ReviewPublished: reviewPublished,
    ReviewDeleted: reviewDeleted,
    CigarCommunityChanged: cigarCommunityChanged,
  },
  schedules: {},
});
