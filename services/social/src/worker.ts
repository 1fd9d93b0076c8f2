import { createWorker } from '@torcedor/service-kit/worker';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { deleteUpload } from '@torcedor/service-kit/uploads';
import { config } from './config.ts';
import { applyCollectionCounts, applyEntitlement, upsertAuthor } from './data/authors.ts';
import { applyCatalog } from './data/cigars.ts';
import { readCounts } from './data/counts.ts';
import { backfill, fanOut, removeFromTimeline } from './data/feed.ts';
import { markCelebrity } from './data/follows.ts';
import { recordNotice } from './data/notifications.ts';
import { createPost, getPost } from './data/posts.ts';
import { deleteRemainsOf, jobPages, startAndRun } from './jobs.ts';

export const handler = createWorker('social', {
  events: {
    UserProfileChanged: async (detail) => {
      await upsertAuthor(detail);
    },
    CollectionCountsChanged: async (detail) => {
      await applyCollectionCounts(detail);
    },
    EntitlementChanged: async (detail) => {
      await applyEntitlement(detail);
    },
    CatalogCigarsChanged: applyCatalog,
    PostPublished: async ({ postId, userId }) => {
      const post = await getPost(postId);
      if (!post) return;
      const counts = await readCounts(userId);
      if (counts.celebrity || counts.followersCount > config.SOCIAL_FANOUT_THRESHOLD) {
        if (!counts.celebrity) await markCelebrity(userId);
        return;
      }
      await fanOut(post);
    },
    // What is left of a deleted post: its picture, every version (docs/architecture.md, "Uploads"), then its likes,
    // comments and like counters, a paged job of any size (src/jobs.ts); each delete is idempotent, so a repeated
    // delivery is harmless.
    PostDeleted: async ({ postId, userId, imageUrl }) => {
      if (imageUrl?.startsWith('/')) await deleteUpload(userId, imageUrl.slice(1));
      await deleteRemainsOf(postId);
    },
    FollowChanged: async ({ followerId, followeeId, following }) => {
      if (following) await backfill(followerId, followeeId);
      else await removeFromTimeline(followerId, followeeId);
    },
    EventNotice: recordNotice,
    // The owner published a marketing draft: the post is theirs, written once (its id comes with the event).
    MarketingPostApproved: async ({ postId, userId, content, createdAt }) => {
      await createPost({ postId, userId, postType: 'text', content, imageUrl: null, commentCount: 0, createdAt });
    },
    SessionRevoked: markRevoked,
    // A paged job (data/member.ts): pages run within this delivery's budget, the minute schedule continues the rest.
    UserDeleted: async ({ userId }) => {
      await startAndRun('delete-member', { userId }, userId);
    },
  },
  schedules: {},
  jobs: jobPages,
});
