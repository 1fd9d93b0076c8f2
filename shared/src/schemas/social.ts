import * as z from 'zod';
import {
  COMMENT_MAX_LENGTH, INCOMING_PREFIX, PHOTOS_MAX, POST_MAX_LENGTH, REPORT_REASON_MAX_LENGTH, REVIEW_FLAVOR_TAGS_MAX, REVIEW_NOTES_MAX_LENGTH,
  UPLOAD_CONTENT_TYPES, UPLOADS_PREFIX,
} from '../constants.ts';
import { Id } from './common.ts';
import { plainText } from './text.ts';

/**
 * A registered upload's path in the uploads bucket, `uploads/<memberId>/<random>`: a copy the service made of a
 * checked upload, which no upload link can write (docs/architecture.md, "Uploads"). The site serves it at `/<objectPath>`.
 */
export const ObjectPath = z
  .string()
  .regex(new RegExp(`^${UPLOADS_PREFIX}/[A-Za-z0-9_-]{1,64}/[A-Za-z0-9_-]{16,64}$`), 'Invalid upload path');
/**
 * A fresh upload's path, as `POST /api/objects/upload` hands it out: `incoming/<memberId>/<random>`. Never served;
 * registering it (a profile picture, a post's picture) answers the ObjectPath of its copy.
 */
export const IncomingPath = z
  .string()
  .regex(new RegExp(`^${INCOMING_PREFIX}/[A-Za-z0-9_-]{1,64}/[A-Za-z0-9_-]{16,64}$`), 'Invalid upload path: upload the image again');
/** The URL the site serves a registered upload at. */
export const uploadUrl = (objectPath: string) => `/${objectPath}`;
/** The object path of a URL uploadUrl() built (the inverse: `/uploads/...` is `uploads/...`). */
export const objectPathOf = (url: string) => url.replace(/^\//, '');
const distinct = (paths: string[]) => new Set(paths).size === paths.length;
/**
 * Photos to add (a review's, a humidor item's): fresh uploads, each registered like a post's picture (checked, copied
 * to a path no upload link can write), at most PHOTOS_MAX, none twice.
 */
export const NewPhotos = z
  .array(IncomingPath)
  .max(PHOTOS_MAX, `At most ${PHOTOS_MAX} photos`)
  .refine(distinct, 'The same photo was sent twice');

export const UploadRequest = z.strictObject({
  contentType: z.enum(UPLOAD_CONTENT_TYPES, { message: 'Only JPEG, PNG or WebP images can be uploaded' }),
});
/**
 * A presigned POST: the browser sends a multipart form to `url` with every one of `fields` and then the file (S3
 * holds it to 1 byte..5 MB, the exact key and the content type), and registers `objectPath` afterwards.
 */
export const UploadTicket = z.object({ url: z.string(), fields: z.record(z.string(), z.string()), objectPath: IncomingPath });
export const ProfilePictureBody = z.strictObject({ imageUrl: IncomingPath });
export const ProfilePictureResult = z.object({ objectPath: ObjectPath, profileImageUrl: z.string() });

export const PostType = z.enum(['text', 'image']);
export const NewPost = z
  .strictObject({
    content: plainText('multiline')
      .trim()
      .min(1, 'Please enter some content for your post')
      .max(POST_MAX_LENGTH, `A post can be at most ${POST_MAX_LENGTH} characters`),
    postType: PostType.default('text'),
    /** The incoming path of an uploaded picture (registered with the post); required for (and only for) an 'image' post. */
    imageUrl: IncomingPath.optional(),
  })
  .refine((p) => (p.postType === 'image') === (p.imageUrl !== undefined), {
    message: 'An image post needs a picture, and only an image post may have one',
    path: ['imageUrl'],
  });

export const Post = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  userLocation: z.string().nullable(),
  userImageUrl: z.string().nullable(),
  /** The author has premium benefits now (a paid plan or a running trial): the member badge by their name. */
  premium: z.boolean(),
  postType: PostType,
  content: z.string(),
  imageUrl: z.string().nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  likedByMe: z.boolean(),
  createdAt: z.string(),
});
export type Post = z.infer<typeof Post>;
export const PostList = z.array(Post);
/** A page of posts, newest first; `nextCursor` reads the next (older) page, null at the end. */
export const PostPage = z.object({ items: z.array(Post), nextCursor: z.string().nullable() });
export const CursorQuery = z.strictObject({ cursor: z.string().max(200).regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor').optional() });

export const LikeResult = z.object({ liked: z.boolean(), likeCount: z.number().int().nonnegative() });

export const NewComment = z.strictObject({
  content: plainText('multiline').trim().min(1, 'Please enter a comment').max(COMMENT_MAX_LENGTH, `A comment can be at most ${COMMENT_MAX_LENGTH} characters`),
});
export const Comment = z.object({
  id: z.string(),
  postId: z.string(),
  userId: z.string(),
  userName: z.string(),
  userImageUrl: z.string().nullable(),
  /** The commenter has premium benefits now: the member badge by their name. */
  premium: z.boolean(),
  content: z.string(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof Comment>;
/** Comments oldest first; `commentCount` is the post's total. */
export const CommentList = z.object({ items: z.array(Comment), commentCount: z.number().int().nonnegative() });
export const CommentParams = z.object({ id: Id, commentId: Id });

export const FollowStatus = z.object({ isFollowing: z.boolean() });
/** The answer of a follow or unfollow: the edge and the followed member's new follower count. */
export const FollowResult = z.object({ isFollowing: z.boolean(), followersCount: z.number().int().nonnegative() });

/**
 * A member as other members see them: public fields only, never email, birth date or billing ids. A private
 * profile (or a followers-only one seen by a non-follower) shows name and picture only: `restricted` is true
 * and the other fields are null.
 */
export const PublicProfile = z.object({
  id: z.string(),
  displayName: z.string(),
  profileImageUrl: z.string().nullable(),
  /** The member has premium benefits now: the member badge by their name (shown on restricted profiles too, like the name). */
  premium: z.boolean(),
  restricted: z.boolean(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  followersCount: z.number().int().nullable(),
  followingCount: z.number().int().nullable(),
  reviewsCount: z.number().int().nullable(),
  humidorCount: z.number().int().nullable(),
  isOwnProfile: z.boolean(),
  isFollowing: z.boolean(),
  /** Whether the viewer may follow this member now (not themselves, not already, the member accepts follows). */
  canFollow: z.boolean(),
  /** Whether the viewer may send this member a direct message now (their 'Direct messages from' setting, no block). */
  canMessage: z.boolean(),
  /** The viewer blocked this member (the profile then shows name and picture only, and Unblock). */
  blockedByMe: z.boolean(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

const Score = z.number().int('Scores are whole numbers').min(0, 'Scores are from 0 to 100').max(100, 'Scores are from 0 to 100');
export const FlavorTag = plainText().trim().min(1).max(30, 'A flavor tag can be at most 30 characters');
export const NewReview = z.strictObject({
  cigarId: Id,
  drawScore: Score,
  burnScore: Score,
  flavorScore: Score,
  overallScore: Score,
  flavorTags: z.array(FlavorTag).max(REVIEW_FLAVOR_TAGS_MAX, `At most ${REVIEW_FLAVOR_TAGS_MAX} flavor tags`).default([]),
  notes: plainText('multiline').trim().max(REVIEW_NOTES_MAX_LENGTH, `Notes can be at most ${REVIEW_NOTES_MAX_LENGTH} characters`).default(''),
  /** Up to PHOTOS_MAX photos of the smoke: incoming paths from `POST /api/objects/upload`, registered with the review. */
  photos: NewPhotos.default([]),
});
export const Review = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  userImageUrl: z.string().nullable(),
  /** The reviewer has premium benefits now: the member badge by their name. */
  premium: z.boolean(),
  cigarId: z.string(),
  brandName: z.string(),
  cigarName: z.string(),
  cigarVitola: z.string().nullable(),
  drawScore: z.number().int(),
  burnScore: z.number().int(),
  flavorScore: z.number().int(),
  overallScore: z.number().int(),
  flavorTags: z.array(z.string()),
  notes: z.string(),
  /** The review's photos as the site serves them (uploadUrl), in the order the member added them. */
  photos: z.array(z.string()),
  createdAt: z.string(),
});
export type Review = z.infer<typeof Review>;
export const ReviewList = z.array(Review);
/** The member's smoking history (their reviews, newest first): what VitolAI learns their taste from. */
export const SmokingHistoryEntry = z.object({
  reviewId: z.string(),
  cigarId: z.string(),
  brandName: z.string(),
  cigarName: z.string(),
  cigarVitola: z.string().nullable(),
  rating: z.number().int(),
  flavorTags: z.array(z.string()),
  smokedAt: z.string(),
});
export const SmokingHistory = z.array(SmokingHistoryEntry);

/**
 * rsvp: to the host; event_*: to an event's attendees (the excerpt is the event's title); welcome: once to a new member
 * (its actor is the member), linking to the first run's steps.
 */
export const NotificationType = z.enum(['follow', 'like', 'comment', 'rsvp', 'event_promoted', 'event_changed', 'event_cancelled', 'welcome']);
export const Notification = z.object({
  id: z.string(),
  type: NotificationType,
  actorId: z.string(),
  actorName: z.string(),
  actorImageUrl: z.string().nullable(),
  /** The actor has premium benefits now: the member badge by their name. */
  actorPremium: z.boolean(),
  /** The post liked or commented on, or the event RSVPed to. */
  targetId: z.string().nullable(),
  /** A short excerpt of the comment or the event title. */
  excerpt: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof Notification>;
export const NotificationList = z.object({ items: z.array(Notification), unreadCount: z.number().int().nonnegative() });
export const MarkNotificationsRead = z.strictObject({ ids: z.array(z.string().min(1).max(200)).min(1).max(100).optional() });
export const MarkedRead = z.object({ unreadCount: z.number().int().nonnegative() });

export const SuggestedMember = z.object({
  id: z.string(),
  displayName: z.string(),
  profileImageUrl: z.string().nullable(),
  /** The member has premium benefits now: the member badge by their name. */
  premium: z.boolean(),
  bio: z.string().nullable(),
  /** The chosen tastes the member's reviews share (a strength, a wrapper family, a country), most reviewed first. */
  sharedTastes: z.array(z.string()),
  /** Why they are suggested, in a few words. */
  reason: z.string(),
});
export type SuggestedMember = z.infer<typeof SuggestedMember>;
export const SuggestedMembers = z.object({ items: z.array(SuggestedMember) });

export const ReportTargetType = z.enum(['post', 'comment', 'review', 'member', 'message']);
export const NewReport = z.strictObject({
  targetType: ReportTargetType,
  /** A comment is named `<postId>:<commentId>`; a message `<otherMemberId>:<messageId>` (the reporter's own thread). */
  targetId: z.string().min(1).max(140).regex(/^[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+)?$/, 'Invalid target id'),
  reason: plainText('multiline').trim().min(1, 'Please say what is wrong').max(REPORT_REASON_MAX_LENGTH, `A reason can be at most ${REPORT_REASON_MAX_LENGTH} characters`),
});
export const ReportStatus = z.enum(['open', 'hidden', 'dismissed']);
export const Report = z.object({
  id: z.string(),
  targetType: ReportTargetType,
  targetId: z.string(),
  reason: z.string(),
  reporterId: z.string(),
  reporterName: z.string(),
  /** What was reported, as it read when reported. */
  excerpt: z.string().nullable(),
  status: ReportStatus,
  createdAt: z.string(),
});
export const ReportList = z.array(Report);
export const ResolveReport = z.strictObject({ action: z.enum(['hide', 'dismiss']) });
