import { randomUUID } from 'node:crypto';
import { notFound } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { keyedId } from '@torcedor/service-kit/idempotency';
import { logger } from '@torcedor/service-kit/logger';
import { countBusiness } from '@torcedor/service-kit/observability';
import { deleteUpload, registerUpload } from '@torcedor/service-kit/uploads';
import type { Routes } from '@torcedor/shared/routes';
import { uploadUrl } from '@torcedor/shared/schemas/social';
import { authorOf, sees } from '../domain/audience.ts';
import { mayContribute } from '../domain/author.ts';
import { commentCountOf, commentView, postView, type CommentItem, type PostItem } from '../domain/posts.ts';
import { readAudience, readVisiblePost } from '../store/audience.ts';
import { readAuthor } from '../store/authors.ts';
import * as likes from '../store/likes.ts';
import * as posts from '../store/posts.ts';
import { emailUnverified } from './errors.ts';

/**
 * Shares a post, when the author may contribute (domain/author.ts#mayContribute: 403 EMAIL_UNVERIFIED otherwise). Its
 * picture is registered (docs/architecture.md, "Uploads": checked, and copied to a path no upload link can write,
 * which the post keeps) beside the read of the author's copy; the copy goes again when the post is refused or cannot
 * be written.
 */
export const createPost: RouteHandler<Routes['createPost']> = async ({ session, body, idempotencyKey }) => {
  const userId = session.userId;
  const [me, picture] = await Promise.all([
    readAuthor(userId),
    body.imageUrl ? registerUpload(userId, body.imageUrl).then((r) => r.objectPath) : null,
  ]);
  const dropPicture = async () => {
    if (picture) await deleteUpload(userId, picture).catch((e: unknown) => logger.warn('unused post picture not deleted', { error: e as Error }));
  };
  if (!mayContribute(me)) {
    await dropPicture();
    throw emailUnverified();
  }
  const post: PostItem = {
    postId: idempotencyKey ? keyedId(userId, idempotencyKey, 'post') : randomUUID(), userId, postType: body.postType,
    content: body.content, imageUrl: picture ? uploadUrl(picture) : null, commentCount: 0,
    createdAt: new Date().toISOString(),
  };
  await posts.createPost(post).catch(async (err: unknown) => {
    await dropPicture();
    throw err;
  });
  countBusiness('PostsCreated');
  return postView(post, me, { byMe: false, count: 0 }, me.contentFilter);
};

export const deletePost: RouteHandler<Routes['deletePost']> = async ({ session, params }) => {
  if (!(await posts.deletePost(session.userId, params.id))) throw notFound('Post not found');
  return { ok: true as const };
};

/** A post the caller may not see is 404 for likes, comments and comment writes (domain/visibility.ts). */
export const toggleLike: RouteHandler<Routes['toggleLike']> = async ({ session, params }) => {
  const visible = await readVisiblePost(session.userId, params.id);
  if (!visible) throw notFound('Post not found');
  return likes.toggleLike(session.userId, visible.post);
};

export const listComments: RouteHandler<Routes['listComments']> = async ({ session, params }) => {
  const [post, comments] = await Promise.all([posts.getPost(params.id), posts.listComments(params.id)]);
  if (!post) throw notFound('Post not found');
  const audience = await readAudience(session.userId, [post.userId, ...comments.map((c) => c.userId)]);
  if (!sees(audience, post.userId)) throw notFound('Post not found');
  const visible = comments.filter((c) => sees(audience, c.userId));
  return {
    items: visible.map((c) => commentView(c, authorOf(audience, c.userId), audience.viewer.contentFilter)),
    commentCount: commentCountOf(post),
  };
};

export const addComment: RouteHandler<Routes['addComment']> = async ({ session, params, body, idempotencyKey }) => {
  const visible = await readVisiblePost(session.userId, params.id);
  if (!visible) throw notFound('Post not found');
  if (!mayContribute(visible.audience.viewer)) throw emailUnverified();
  const c: CommentItem = {
    commentId: idempotencyKey ? keyedId(session.userId, idempotencyKey, 'comment') : randomUUID(), postId: params.id, userId: session.userId,
    content: body.content, createdAt: new Date().toISOString(),
  };
  if (!(await posts.addComment(visible.post, c))) throw notFound('Post not found');
  return commentView(c, visible.audience.viewer, visible.audience.viewer.contentFilter);
};

export const deleteComment: RouteHandler<Routes['deleteComment']> = async ({ session, params }) => {
  if (!(await posts.deleteComment(session.userId, params.id, params.commentId))) throw notFound('Comment not found');
  return { ok: true as const };
};
