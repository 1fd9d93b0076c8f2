import { entity } from '@torcedor/service-kit/entity';
import { isoDay } from '@torcedor/shared/formatters';
import type { AuthorItem } from '../domain/author.ts';
import type { BlockItem } from '../domain/blocks.ts';
import type { DigestMarker, MailCopy } from '../domain/digests.ts';
import type { LiveConnection, LiveConnectionOwner } from '../domain/live.ts';
import type { CelebrityMarker, FollowEdge, TotalsItem } from '../domain/members.ts';
import type { ConversationItem, MessageItem, UnreadItem, WindowItem } from '../domain/messages.ts';
import type { NotificationItem } from '../domain/notifications.ts';
import type { CommentItem, LikeCounterItem, LikeItem, PostItem, TimelineEntry } from '../domain/posts.ts';
import type { ReportItem } from '../domain/reports.ts';
import type { CigarCopy, ReviewItem } from '../domain/reviews.ts';
import type { CigarTaste } from '../domain/suggestions.ts';
import { keys } from './keys.ts';

/**
 * Each entity of the social table declared once (the service README's entity table): its key template
 * (store/keys.ts), the index attributes its item carries and its item type (domain/).
 */

/** A post: GSI1 lists a member's posts, GSI2 each day's (one of the day's DAY_SHARDS partitions, by the post's id). */
export const posts = entity<PostItem>({
  name: 'Post',
  key: keys.post,
  indexes: (p) => {
    const sk = keys.postSk(p.createdAt, p.postId);
    return { GSI1: [keys.postsBy(p.userId), sk], GSI2: [keys.postsOfDay(isoDay(new Date(p.createdAt)), keys.dayShardOf(p.postId)), sk] };
  },
});

/**
 * A member's like of a post, in the like partition of the member's shard. Its GSI2 entry (`LIKES#<userId>` /
 * `<postCreatedAt>#<postId>`) sorts by the post's time, which the like does not keep: store/likes.ts adds it.
 */
export const likes = entity<LikeItem, { postId: string; userId: string }>({ name: 'Like', key: ({ postId, userId }) => keys.like(postId, userId) });

/** One of a post's like counters, the shard's (its `likes` are the like items of the same shard). */
export const likeCounters = entity<LikeCounterItem, { postId: string; shard: number }>({
  name: 'LikeCounter', key: ({ postId, shard }) => keys.likeCounter(postId, shard),
});

/** A comment, in its post's partition; GSI1 lists a member's comments. */
export const comments = entity<CommentItem, { postId: string; commentId: string }>({
  name: 'Comment',
  key: ({ postId, commentId }) => keys.comment(postId, commentId),
  indexes: (c) => ({ GSI1: [keys.commentsBy(c.userId), keys.postSk(c.createdAt, c.commentId)] }),
});

/** A reader's timeline entry of a post (`sk`: `<createdAt>#<postId>`). */
export const timelineEntries = entity<TimelineEntry, { readerId: string; sk: string }>({
  name: 'TimelineEntry', key: ({ readerId, sk }) => keys.timelineEntry(readerId, sk),
});

/** A follow edge; GSI1 lists a member's followers. */
export const follows = entity<FollowEdge, { followerId: string; followeeId: string }>({
  name: 'FollowEdge',
  key: ({ followerId, followeeId }) => keys.follow(followerId, followeeId),
  indexes: (e) => ({ GSI1: [keys.followersOf(e.followeeId), e.followerId] }),
});

/** A follower's marker of a celebrity they follow (merged in at read time). */
export const celebrityMarkers = entity<CelebrityMarker, { followerId: string; celebrityId: string }>({
  name: 'CelebrityMarker', key: ({ followerId, celebrityId }) => keys.celebrityFollow(followerId, celebrityId),
});

/** A member's totals. */
export const totals = entity<TotalsItem>({ name: 'Totals', key: keys.counts });

/** A review: GSI1 lists a member's reviews, GSI2 a cigar's. */
export const reviews = entity<ReviewItem>({
  name: 'Review',
  key: keys.review,
  indexes: (r) => ({
    GSI1: [keys.reviewsBy(r.userId), keys.postSk(r.createdAt, r.reviewId)], GSI2: [keys.cigarReviews(r.cigarId), keys.postSk(r.createdAt, r.reviewId)],
  }),
});

/** A notification in the recipient's bell (`sk`: `<createdAt>#<id>`, the notification's id). */
export const notifications = entity<NotificationItem, { userId: string; sk: string }>({
  name: 'Notification', key: ({ userId, sk }) => keys.notification(userId, sk),
});

/** A report; GSI1 `REPORTS` is the moderation queue, newest first. */
export const reports = entity<ReportItem>({
  name: 'Report', key: keys.report, indexes: (r) => ({ GSI1: [keys.reportQueue, `${r.createdAt}#${r.reportId}`] }),
});

/** social's copy of a member (identity's, humidor's and billing's events, each newest version wins). */
export const authors = entity<AuthorItem>({ name: 'Author', key: keys.author });

/** social's copy of a catalog cigar's names. */
/** The cigar's names, and what tastes are matched against (domain/suggestions.ts; absent on a row without details). */
export const cigars = entity<CigarCopy & CigarTaste & { catalogVersion: number }>({ name: 'Cigar', key: keys.cigar });

/** A member waiting for a notification digest, in the partition of their shard (written with each notification). */
export const digestMarkers = entity<DigestMarker>({ name: 'DigestMarker', key: keys.digestDue });

/** social's copy of a member's address (identity's MemberEmailChanged, newest version wins) and their last digest's time. */
export const mailCopies = entity<MailCopy>({ name: 'MailCopy', key: keys.mailTo });

// Blocks
/** A member's block of another, in the blocker's block partition. */
export const blocks = entity<BlockItem, { blockerId: string; blockedId: string }>({
  name: 'Block', key: ({ blockerId, blockedId }) => keys.block(blockerId, blockedId),
});

/** A block's mirror, in the blocked member's block partition (written and deleted with the block). */
export const blockMirrors = entity<BlockItem, { blockerId: string; blockedId: string }>({
  name: 'BlockMirror', key: ({ blockerId, blockedId }) => keys.blockMirror(blockedId, blockerId),
});

// Live connections
/** A member's open socket, in the member's live partition (kept LIVE_CONNECTION_TTL_SECONDS by the table's TTL). */
export const liveConnections = entity<LiveConnection, { userId: string; connectionId: string }>({
  name: 'LiveConnection', key: ({ userId, connectionId }) => keys.liveConnection(userId, connectionId),
});

/** Whose a connection is, by its id (written and deleted with the connection). */
export const liveConnectionOwners = entity<LiveConnectionOwner>({ name: 'LiveConnectionOwner', key: keys.liveConnectionOwner });

// Messages
/** A message, in the thread of its two members (`a`, `b` in either order); GSI1 orders a thread by time. */
export const messages = entity<MessageItem, { a: string; b: string; messageId: string }>({
  name: 'Message',
  key: ({ a, b, messageId }) => keys.message(a, b, messageId),
  indexes: (m) => ({ GSI1: [keys.thread(m.fromId, m.toId), keys.postSk(m.createdAt, m.messageId)] }),
});

/** One member's side of a conversation; GSI2 lists a member's conversations, the most recent first. */
export const conversations = entity<ConversationItem, { userId: string; otherId: string }>({
  name: 'Conversation',
  key: ({ userId, otherId }) => keys.conversation(userId, otherId),
  indexes: (c) => ({ GSI2: [keys.conversations(c.userId), keys.postSk(c.updatedAt, c.otherId)] }),
});

/** A member's unread messages in all. */
export const messagesUnread = entity<UnreadItem>({ name: 'MessagesUnread', key: keys.messagesUnread });

/** A sender's counter of one limit window (`window`: `HOUR#…` or `DAY#…`). */
export const messageWindows = entity<WindowItem, { userId: string; window: string }>({
  name: 'MessageWindow', key: ({ userId, window }) => keys.messageWindow(userId, window),
});
