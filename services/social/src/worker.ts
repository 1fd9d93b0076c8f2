import { createWorker } from '@torcedor/service-kit/worker';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { deleteUpload } from '@torcedor/service-kit/uploads';
import { config } from './config.ts';
import { applyCollectionCounts, applyEntitlement, upsertAuthor } from './data/authors.ts';
import { applyCatalog } from './data/cigars.ts';
import { readCounts } from './data/counts.ts';
import { backfill, fanOut, removeFromTimeline } from './data/feed.ts';
import { markCelebrity } from './data/follows.ts';
import { deleteMember } from './data/member.ts';
import { recordNotice } from './data/notifications.ts';
import { createPost, deletePostRemains, getPost } from './data/posts.ts';

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
    // What is left of a deleted post: its likes and comments, and its picture, every version (docs/architecture.md,
    // "Uploads"); each delete is idempotent, so a repeated delivery is harmless.
    PostDeleted: async ({ postId, userId, imageUrl }) => {
      await deletePostRemains(postId);
      if (imageUrl?.startsWith('/')) await deleteUpload(userId, imageUrl.slice(1));
    },
    FollowChanged: async ({ followerId, followeeId, following }) => {
      if (following) await backfill(followerId, followeeId);
      else await removeFromTimeline(followerId, followeeId);
    },
    EventNotice: recordNotice,
    // The owner published a marketing draft: the post is theirs, written once (its id comes with the event).
    MarketingPostApproved: async ({ postId, userId, content, createdAt }) => {
      await createPost({ postId, userId, postType: 'text', content, imageUrl: null, likeCount: 0, commentCount: 0, createdAt });
    },
    SessionRevoked: markRevoked,
    UserDeleted: async ({ userId }) => deleteMember(userId),
  },
  schedules: {},
});
