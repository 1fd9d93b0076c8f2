/**
 * Keys as data for the social table (../README.md lists the entities and access patterns). Index partitions
 * are overloaded: GSI1 holds a member's posts, reviews and comments, a member's followers and the moderation
 * queue; GSI2 a member's likes, a cigar's reviews and each day's posts (Discover Community).
 */
export const keys = {
  post: (postId: string) => ({ PK: `POST#${postId}`, SK: 'POST' }),
  postPartition: (postId: string) => `POST#${postId}`,
  like: (postId: string, userId: string) => ({ PK: `POST#${postId}`, SK: `LIKE#${userId}` }),
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
  notification: (userId: string, sk: string) => ({ PK: `NOTIF#${userId}`, SK: sk }),
  report: (reportId: string) => ({ PK: `REPORT#${reportId}`, SK: 'REPORT' }),
  // GSI1
  postsBy: (userId: string) => `POSTS#${userId}`,
  followersOf: (userId: string) => `FOLLOWERS#${userId}`,
  reviewsBy: (userId: string) => `REVIEWS#${userId}`,
  commentsBy: (userId: string) => `COMMENTS#${userId}`,
  reportQueue: 'REPORTS',
  // GSI2
  likesBy: (userId: string) => `LIKES#${userId}`,
  cigarReviews: (cigarId: string) => `CIGARREVIEWS#${cigarId}`,
  postsOfDay: (day: string) => `DAYPOSTS#${day}`,
};
