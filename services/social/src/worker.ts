import { createWorker } from '@torcedor/service-kit/worker';
import * as consumers from './handlers/consumers.ts';
import { jobPages, notificationDigests } from './handlers/jobs.ts';
import { liveUpdate } from './handlers/live.ts';

export const handler = createWorker('social', {
  events: {
    UserRegistered: consumers.userRegistered,
    UserProfileChanged: consumers.userProfileChanged,
    MemberEmailChanged: consumers.memberEmailChanged,
    CollectionCountsChanged: consumers.collectionCountsChanged,
    EntitlementChanged: consumers.entitlementChanged,
    CatalogCigarsChanged: consumers.catalogCigarsChanged,
    CatalogPublished: consumers.catalogPublished,
    PostPublished: consumers.postPublished,
    PostDeleted: consumers.postDeleted,
    ReviewDeleted: consumers.reviewDeleted,
    FollowChanged: consumers.followChanged,
    EventNotice: consumers.eventNotice,
    MarketingPostApproved: consumers.marketingPostApproved,
    SessionRevoked: consumers.sessionRevoked,
    UserDeleted: consumers.userDeleted,
    LiveUpdate: liveUpdate,
  },
  schedules: { notification_digests: notificationDigests },
  jobs: jobPages,
});
