import { DIGEST_SHARDS } from '@torcedor/shared/constants';

/**
 * Keys as data for the social table (the service README lists the entities and access patterns; store/entities.ts declares each). Index partitions
 * are overloaded: GSI1 holds a member's posts, reviews and comments, a member's followers and the moderation
 * queue; GSI2 a member's likes, a cigar's reviews and each day's posts (Discover Community).
 */

/**
 * Partitions a post's likes and their counters are spread over (docs/architecture.md, "Feed"): a member's like and
 * the counter that counts it go to shard `shardOf(member)`, so 1,000 likes a second on one post are 250 a second on
 * each like partition and each counter partition.
 */
export const LIKE_SHARDS = 4;
/** Partitions each day's posts are spread over in GSI2 (Discover Community), by `shardOf(post)`. */
export const DAY_SHARDS = 4;

/** A stable shard of an id in [0, n): FNV-1a, so every writer and reader of the same id picks the same shard. */
export function shardOf(id: string, n: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % n;
}
const shards = (n: number) => Array.from({ length: n }, (_, i) => i);
const postLikes = (postId: string, shard: number) => `POSTLIKES#${postId}#${shard}`;
const likeCounter = (postId: string, shard: number) => ({ PK: `LIKECOUNT#${postId}#${shard}`, SK: 'LIKES' });

export const keys = {
  post: (postId: string) => ({ PK: `POST#${postId}`, SK: 'POST' }),
  postPartition: (postId: string) => `POST#${postId}`,
  /** A member's like of a post, in the post's like partition of the member's shard. */
  like: (postId: string, userId: string) => ({ PK: postLikes(postId, shardOf(userId, LIKE_SHARDS)), SK: `LIKE#${userId}` }),
  postLikes,
  /** One of a post's like counters (`likes`): the number of like items in the like partition of the same shard. */
  likeCounter,
  likeCounterOf: (postId: string, userId: string) => likeCounter(postId, shardOf(userId, LIKE_SHARDS)),
  likeCounters: (postId: string) => shards(LIKE_SHARDS).map((b) => likeCounter(postId, b)),
  likeShards: () => shards(LIKE_SHARDS),
  comment: (postId: string, commentId: string) => ({ PK: `POST#${postId}`, SK: `COMMENT#${commentId}` }),
  /** One timeline entry per post per reader, newest first by SK (`<createdAt>#<postId>`). */
  timeline: (userId: string) => `TIMELINE#${userId}`,
  timelineEntry: (userId: string, sk: string) => ({ PK: `TIMELINE#${userId}`, SK: sk }),
  postSk: (createdAt: string, postId: string) => `${createdAt}#${postId}`,
  /** Read copy of a member's public profile and the settings social honours (identity's UserProfileChanged). */
  author: (userId: string) => ({ PK: `AUTHOR#${userId}`, SK: 'AUTHOR' }),
  /** A member's follower, following and review totals, with the version SocialCountsChanged carries. */
  counts: (userId: string) => ({ PK: `MEMBER#${userId}`, SK: 'COUNTS' }),
  follows: (followerId: string) => `FOLLOW#${followerId}`,
  follow: (followerId: string, followeeId: string) => ({ PK: `FOLLOW#${followerId}`, SK: `FOLLOWING#${followeeId}` }),
  /** Marks a followed account whose posts are merged in at read time instead of fanned out. */
  celebrityFollow: (followerId: string, celebrityId: string) => ({ PK: `FOLLOW#${followerId}`, SK: `CELEB#${celebrityId}` }),
  review: (reviewId: string) => ({ PK: `REVIEW#${reviewId}`, SK: 'REVIEW' }),
  /** Read copy of a catalog cigar's names (humidor's CatalogCigarsChanged). */
  cigar: (cigarId: string) => ({ PK: `CIGAR#${cigarId}`, SK: 'CIGAR' }),
  notifications: (userId: string) => `NOTIF#${userId}`,
  /**
   * A member waiting for a notification digest, in one of DIGEST_SHARDS partitions by `shardOf(member)`: the digest
   * schedule pages through them, whatever the number of members.
   */
  digestDue: (userId: string) => ({ PK: `DIGESTDUE#${shardOf(userId, DIGEST_SHARDS)}`, SK: userId }),
  digestShard: (shard: number) => `DIGESTDUE#${shard}`,
  /** Read copy of a member's address and whether it is verified (identity's MemberEmailChanged), with their last digest's time. */
  mailTo: (userId: string) => ({ PK: `MAILTO#${userId}`, SK: 'MAILTO' }),
  notification: (userId: string, sk: string) => ({ PK: `NOTIF#${userId}`, SK: sk }),
  report: (reportId: string) => ({ PK: `REPORT#${reportId}`, SK: 'REPORT' }),
  // Blocks
  /**
   * A member's block partition: whom they blocked (SK `BLOCKED#<blocked>`) and, mirrored there by the same
   * transaction, who blocked them (SK `BLOCKER#<blocker>`): both directions in one Query.
   */
  blocks: (userId: string) => `BLOCK#${userId}`,
  block: (blockerId: string, blockedId: string) => ({ PK: `BLOCK#${blockerId}`, SK: `BLOCKED#${blockedId}` }),
  blockMirror: (blockedId: string, blockerId: string) => ({ PK: `BLOCK#${blockedId}`, SK: `BLOCKER#${blockerId}` }),
  // Live connections
  /** A member's open sockets (SK `CONN#<connectionId>`): every open tab of the member in one Query. */
  liveConnections: (userId: string) => `LIVE#${userId}`,
  liveConnection: (userId: string, connectionId: string) => ({ PK: `LIVE#${userId}`, SK: `CONN#${connectionId}` }),
  /** Whose a connection is, by its id alone (`$disconnect` knows nothing else), written with the connection. */
  liveConnectionOwner: (connectionId: string) => ({ PK: `LIVECONN#${connectionId}`, SK: 'CONN' }),
  // Messages
  /**
   * The thread of two members, named by the pair in a fixed order (whoever reads it), so only its two members can
   * ever address it. Its messages are `MSG#<messageId>`; GSI1 (the same partition name) orders them by time.
   */
  thread: (a: string, b: string) => (a < b ? `THREAD#${a}#${b}` : `THREAD#${b}#${a}`),
  message: (a: string, b: string, messageId: string): { PK: string; SK: string } => ({ PK: keys.thread(a, b), SK: `MSG#${messageId}` }),
  /** A member's conversations (SK `WITH#<otherId>`) and their unread total (SK `UNREAD`); GSI2 orders the conversations by time. */
  conversations: (userId: string) => `CONVOS#${userId}`,
  conversation: (userId: string, otherId: string) => ({ PK: `CONVOS#${userId}`, SK: `WITH#${otherId}` }),
  messagesUnread: (userId: string) => ({ PK: `CONVOS#${userId}`, SK: 'UNREAD' }),
  /** A sender's counters of one window (`HOUR#<yyyy-mm-ddThh>`: messages sent; `DAY#<yyyy-mm-dd>`: conversations started), expiring after it. */
  messageLimits: (userId: string) => `MSGLIMIT#${userId}`,
  messageWindow: (userId: string, window: string) => ({ PK: `MSGLIMIT#${userId}`, SK: window }),
  // GSI1
  postsBy: (userId: string) => `POSTS#${userId}`,
  followersOf: (userId: string) => `FOLLOWERS#${userId}`,
  reviewsBy: (userId: string) => `REVIEWS#${userId}`,
  commentsBy: (userId: string) => `COMMENTS#${userId}`,
  reportQueue: 'REPORTS',
  // GSI2
  likesBy: (userId: string) => `LIKES#${userId}`,
  cigarReviews: (cigarId: string) => `CIGARREVIEWS#${cigarId}`,
  /** One of a day's post partitions; shard 0 keeps the unsharded name, so posts stored before sharding stay listed. */
  postsOfDay: (day: string, shard = 0) => (shard ? `DAYPOSTS#${day}#${shard}` : `DAYPOSTS#${day}`),
  dayShardOf: (postId: string) => shardOf(postId, DAY_SHARDS),
  dayShards: () => shards(DAY_SHARDS),
};
