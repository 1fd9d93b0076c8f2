import { createHttpHandler } from '@torcedor/service-kit/http';
import { socialRoutes } from '@torcedor/shared/routes/social';
import * as blocks from './handlers/blocks.ts';
import * as feed from './handlers/feed.ts';
import * as members from './handlers/members.ts';
import * as messages from './handlers/messages.ts';
import * as notifications from './handlers/notifications.ts';
import { getSuggestedMembers } from './handlers/suggestions.ts';
import * as posts from './handlers/posts.ts';
import * as reports from './handlers/reports.ts';
import * as reviews from './handlers/reviews.ts';

export const handler = createHttpHandler(socialRoutes, {
  getFeed: feed.getFeed,
  getDiscover: feed.getDiscover,
  createPost: posts.createPost,
  deletePost: posts.deletePost,
  toggleLike: posts.toggleLike,
  listComments: posts.listComments,
  addComment: posts.addComment,
  deleteComment: posts.deleteComment,
  follow: members.followMember,
  unfollow: members.unfollowMember,
  getFollowStatus: members.getFollowStatus,
  getUser: members.getUser,
  getUserPosts: members.getUserPosts,
  getUserReviews: members.getUserReviews,
  exportSocial: members.exportSocial,
  createReview: reviews.createReview,
  deleteReview: reviews.deleteReview,
  getCigarReviews: reviews.getCigarReviews,
  getSmokingHistory: reviews.getSmokingHistory,
  getSuggestedMembers,
  getNotifications: notifications.getNotifications,
  markNotificationsRead: notifications.markNotificationsRead,
  createReport: reports.createReport,
  listReports: reports.listReports,
  resolveReport: reports.resolveReport,
  sendMessage: messages.sendMessage,
  listConversations: messages.listConversations,
  getUnreadMessages: messages.getUnreadMessages,
  getThread: messages.getThread,
  markThreadRead: messages.markThreadRead,
  deleteMessage: messages.deleteMessage,
  blockMember: blocks.blockMember,
  unblockMember: blocks.unblockMember,
  listBlocked: blocks.listBlocked,
});
