import { createHttpHandler } from '@torcedor/service-kit/http';
import { exportMember } from './data/member.ts';
import * as activity from './handlers/activity.ts';
import * as members from './handlers/members.ts';
import * as posts from './handlers/posts.ts';

export const handler = createHttpHandler('social', {
  getFeed: posts.getFeed,
  getDiscover: posts.getDiscover,
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
  createReview: activity.createReview,
  deleteReview: activity.deleteReview,
  getCigarReviews: activity.getCigarReviews,
  getSmokingHistory: activity.getSmokingHistory,
  getNotifications: activity.getNotifications,
  markNotificationsRead: activity.markNotificationsRead,
  createReport: activity.createReport,
  listReports: activity.listReports,
  resolveReport: activity.resolveReport,
  exportSocial: async ({ session }) => exportMember(session.userId),
});
