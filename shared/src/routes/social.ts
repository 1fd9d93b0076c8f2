import { route, type RouteDef } from '../route.ts';
import { MESSAGE_LIMITS } from '../constants.ts';
import { IdParams, Ok } from '../schemas/common.ts';
import { TastesQuery } from '../schemas/identity.ts';
import {
  CommentList, CommentParams, Comment, CursorQuery, FollowResult, FollowStatus, LikeResult, MarkedRead, MarkNotificationsRead, NewComment,
  NewPost, NewReport, NewReview, NotificationList, Post, PostList, PostPage, PublicProfile, Report, ReportList, ResolveReport, Review,
  ReviewList, SmokingHistory, SuggestedMembers,
} from '../schemas/social.ts';
import {
  BlockedList, BlockResult, ConversationPage, MemberParams, Message, MessageParams, MessageThread, NewMessage, ThreadRead, UnreadMessages,
} from '../schemas/messages.ts';
import { exportPart } from './export-part.ts';

/** Direct messages and blocking, in the social service (services/social/README.md, "Messages", "Blocking"). */
const messageRoutes = {
  sendMessage: route({
    method: 'POST', path: '/api/messages', service: 'social', access: 'member', status: 201, idempotent: true,
    summary: `Send a member a direct message; their 'Direct messages from' setting decides. ${MESSAGE_LIMITS.perHour} an hour, ${MESSAGE_LIMITS.newConversationsPerDay.free} new conversations a day on the free plan`,
    body: NewMessage, response: Message,
    errors: ['SELF_MESSAGE', 'MESSAGES_CLOSED', 'EMAIL_UNVERIFIED', 'MESSAGE_LIMIT', 'NOT_FOUND'],
  }),
  listConversations: route({
    method: 'GET', path: '/api/messages', service: 'social', access: 'member', query: CursorQuery,
    summary: "The member's conversations, the most recent first, each with the other member, the last message and its unread count",
    response: ConversationPage,
  }),
  getUnreadMessages: route({
    method: 'GET', path: '/api/messages/unread', service: 'social', access: 'member',
    summary: "The member's unread direct messages, in all", response: UnreadMessages,
  }),
  getThread: route({
    method: 'GET', path: '/api/messages/{memberId}', service: 'social', access: 'member', params: MemberParams, query: CursorQuery,
    summary: 'The thread with a member, newest first (only its two members read it)', response: MessageThread,
  }),
  markThreadRead: route({
    method: 'POST', path: '/api/messages/{memberId}/read', service: 'social', access: 'member', params: MemberParams,
    summary: "Mark the thread with a member read; answers the member's unread messages left", response: ThreadRead,
  }),
  deleteMessage: route({
    method: 'DELETE', path: '/api/messages/{memberId}/{messageId}', service: 'social', access: 'member', params: MessageParams,
    summary: "Remove one of the member's own messages (both see 'Message removed')", response: Message,
  }),
  blockMember: route({
    method: 'POST', path: '/api/members/{id}/block', service: 'social', access: 'member', params: IdParams,
    summary: 'Block a member: neither sees, follows, comments on or messages the other (follows between them end)',
    response: BlockResult, errors: ['SELF_BLOCK'],
  }),
  unblockMember: route({
    method: 'DELETE', path: '/api/members/{id}/block', service: 'social', access: 'member', params: IdParams,
    summary: 'Unblock a member', response: BlockResult, errors: ['SELF_BLOCK'],
  }),
  listBlocked: route({
    method: 'GET', path: '/api/members/blocked', service: 'social', access: 'member',
    summary: 'The members the member blocked, the most recent first', response: BlockedList,
  }),
} satisfies Record<string, RouteDef>;

/** The social service: feed, posts, likes, comments, follows, profiles, reviews, notifications, moderation, messages. */
export const socialRoutes = {
  getFeed: route({
    method: 'GET', path: '/api/feed', service: 'social', access: 'member', query: CursorQuery,
    summary: 'A page of posts of the member and the members they follow, newest first', response: PostPage,
  }),
  getDiscover: route({
    method: 'GET', path: '/api/feed/discover', service: 'social', access: 'member',
    summary: 'Discover Community: recent popular posts of public profiles', response: PostList,
  }),
  createPost: route({
    method: 'POST', path: '/api/posts', service: 'social', access: 'member', status: 201, idempotent: true,
    summary: "Share a post (an 'image' post carries an uploaded picture)", body: NewPost, response: Post,
    errors: ['INVALID_UPLOAD', 'EMAIL_UNVERIFIED'],
  }),
  deletePost: route({
    method: 'DELETE', path: '/api/posts/{id}', service: 'social', access: 'member',
    summary: "Delete one's own post", params: IdParams, response: Ok,
  }),
  toggleLike: route({
    method: 'POST', path: '/api/posts/{id}/like', service: 'social', access: 'member',
    summary: 'Like a post, or take the like back', params: IdParams, response: LikeResult,
  }),
  listComments: route({
    method: 'GET', path: '/api/posts/{id}/comments', service: 'social', access: 'member',
    summary: "A post's comments, oldest first", params: IdParams, response: CommentList,
  }),
  addComment: route({
    method: 'POST', path: '/api/posts/{id}/comments', service: 'social', access: 'member', status: 201, idempotent: true,
    summary: 'Comment on a post', params: IdParams, body: NewComment, response: Comment,
    errors: ['EMAIL_UNVERIFIED'],
  }),
  deleteComment: route({
    method: 'DELETE', path: '/api/posts/{id}/comments/{commentId}', service: 'social', access: 'member',
    summary: "Delete one's own comment", params: CommentParams, response: Ok,
  }),
  follow: route({
    method: 'POST', path: '/api/follow/{id}', service: 'social', access: 'member',
    summary: 'Follow a member (following twice is one follow)', params: IdParams, response: FollowResult,
    errors: ['SELF_FOLLOW', 'FOLLOWS_CLOSED'],
  }),
  unfollow: route({
    method: 'DELETE', path: '/api/follow/{id}', service: 'social', access: 'member',
    summary: 'Stop following a member', params: IdParams, response: FollowResult,
    errors: ['SELF_FOLLOW'],
  }),
  getFollowStatus: route({
    method: 'GET', path: '/api/follow-status/{id}', service: 'social', access: 'member',
    summary: 'Whether the member follows another', params: IdParams, response: FollowStatus,
  }),
  getUser: route({
    method: 'GET', path: '/api/users/{id}', service: 'social', access: 'member',
    summary: "A member's public profile (privacy settings honoured)", params: IdParams, response: PublicProfile,
  }),
  getUserPosts: route({
    method: 'GET', path: '/api/users/{id}/posts', service: 'social', access: 'member', query: CursorQuery,
    summary: "A member's posts, newest first (privacy settings honoured)", params: IdParams, response: PostPage,
  }),
  getUserReviews: route({
    method: 'GET', path: '/api/users/{id}/reviews', service: 'social', access: 'member',
    summary: "A member's reviews, newest first (privacy settings honoured)", params: IdParams, response: ReviewList,
  }),
  createReview: route({
    method: 'POST', path: '/api/reviews', service: 'social', access: 'member', status: 201, idempotent: true,
    summary: 'Review a catalog cigar: draw, burn, flavor and overall scores (0-100), flavor tags, notes and up to 4 uploaded photos', body: NewReview, response: Review,
    errors: ['UNKNOWN_CIGAR', 'CATALOG_LOADING', 'EMAIL_UNVERIFIED', 'INVALID_UPLOAD'],
  }),
  deleteReview: route({
    method: 'DELETE', path: '/api/reviews/{id}', service: 'social', access: 'member',
    summary: "Delete one's own review", params: IdParams, response: Ok,
  }),
  getCigarReviews: route({
    method: 'GET', path: '/api/cigars/{id}/reviews', service: 'social', access: 'member',
    summary: "A cigar's reviews, newest first", params: IdParams, response: ReviewList,
  }),
  getSmokingHistory: route({
    method: 'GET', path: '/api/user/smoking-history', service: 'social', access: 'member',
    summary: "The member's smoking history: their reviews, newest first", response: SmokingHistory,
  }),
  getSuggestedMembers: route({
    method: 'GET', path: '/api/members/suggested', service: 'social', access: 'member', query: TastesQuery,
    summary: "Members to follow: the club's active members, those who review what the given tastes name first; never oneself, a member already followed or blocked either way",
    response: SuggestedMembers,
  }),
  getNotifications: route({
    method: 'GET', path: '/api/notifications', service: 'social', access: 'member',
    summary: "The bell: the member's latest notifications and the unread count", response: NotificationList,
  }),
  markNotificationsRead: route({
    method: 'POST', path: '/api/notifications/read', service: 'social', access: 'member',
    summary: 'Mark notifications read (all of them when no ids are given)', body: MarkNotificationsRead, response: MarkedRead,
  }),
  createReport: route({
    method: 'POST', path: '/api/reports', service: 'social', access: 'member', status: 201, idempotent: true,
    summary: 'Report a post, comment, review or member to the moderators', body: NewReport, response: Report,
    errors: ['NOT_FOUND'],
  }),
  listReports: route({
    method: 'GET', path: '/api/reports', service: 'social', access: 'owner',
    summary: 'The moderation queue, newest first', response: ReportList,
  }),
  resolveReport: route({
    method: 'POST', path: '/api/reports/{id}/resolve', service: 'social', access: 'owner',
    summary: 'Hide the reported content, or dismiss the report', params: IdParams, body: ResolveReport, response: Report,
  }),
  exportSocial: exportPart('social', '/api/export/social'),
  ...messageRoutes,
} satisfies Record<string, RouteDef>;
