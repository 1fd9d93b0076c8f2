/** Keys as data for the social table (see ../README.md for the access patterns). */
export const keys = {
  post: (postId: string) => ({ PK: `POST#${postId}`, SK: 'POST' }),
  /** One timeline entry per post per reader, newest first by SK. */
  timeline: (userId: string) => `TIMELINE#${userId}`,
  timelineEntry: (userId: string, createdAt: string, postId: string) => ({ PK: `TIMELINE#${userId}`, SK: `${createdAt}#${postId}` }),
  /** Read copy of a member's public profile, kept from identity's UserProfileChanged events. */
  author: (userId: string) => ({ PK: `AUTHOR#${userId}`, SK: 'AUTHOR' }),
  like: (postId: string, userId: string) => ({ PK: `POST#${postId}`, SK: `LIKE#${userId}` }),
  /** GSI1: a member's posts by time; GSI2: a member's likes. */
  postsBy: (userId: string) => `POSTS#${userId}`,
  likesBy: (userId: string) => `LIKES#${userId}`,
};
