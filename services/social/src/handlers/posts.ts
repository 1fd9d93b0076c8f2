import { randomUUID } from 'node:crypto';
import { notFound } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { keyedId } from '@torcedor/service-kit/idempotency';
import { countBusiness } from '@torcedor/service-kit/observability';
import { verifyUpload } from '@torcedor/service-kit/uploads';
import type { Routes } from '@torcedor/shared/routes';
import { uploadUrl } from '@torcedor/shared/schemas/social';
import { decodeCursor } from '@torcedor/service-kit/cursor';
import { readAuthors } from '../data/authors.ts';
import { discover, readFeed } from '../data/feed.ts';
import * as posts from '../data/posts.ts';

export const getFeed: RouteHandler<Routes['getFeed']> = async ({ session, query }) => readFeed(session.userId, decodeCursor(query.cursor));

export const getDiscover: RouteHandler<Routes['getDiscover']> = async ({ session }) => discover(session.userId);

export const createPost: RouteHandler<Routes['createPost']> = async ({ session, body, idempotencyKey }) => {
  const userId = session.userId;
  if (body.imageUrl) await verifyUpload(userId, body.imageUrl);
  const post: posts.PostItem = {
    postId: idempotencyKey ? keyedId(userId, idempotencyKey, 'post') : randomUUID(), userId, postType: body.postType,
    content: body.content, imageUrl: body.imageUrl ? uploadUrl(body.imageUrl) : null, likeCount: 0, commentCount: 0,
    createdAt: new Date().toISOString(),
  };
  const [, authors] = await Promise.all([posts.createPost(post), readAuthors([userId])]);
  countBusiness('PostsCreated');
  const me = authors.get(userId)!;
  return posts.postView(post, me, false, me.contentFilter);
};

export const deletePost: RouteHandler<Routes['deletePost']> = async ({ session, params }) => {
  await posts.deletePost(session.userId, params.id);
  return { ok: true as const };
};

export const toggleLike: RouteHandler<Routes['toggleLike']> = async ({ session, params }) => posts.toggleLike(session.userId, params.id);

export const listComments: RouteHandler<Routes['listComments']> = async ({ session, params }) => {
  const [post, comments] = await Promise.all([posts.getPost(params.id), posts.listComments(params.id)]);
  if (!post) throw notFound('Post not found');
  const authors = await readAuthors([session.userId, ...comments.map((c) => c.userId)]);
  const filter = authors.get(session.userId)!.contentFilter;
  const visible = comments.filter((c) => c.userId === session.userId || !authors.get(c.userId)?.isHidden);
  return { items: visible.map((c) => posts.commentView(c, authors.get(c.userId)!, filter)), commentCount: Math.max(0, Number(post.commentCount ?? 0)) };
};

export const addComment: RouteHandler<Routes['addComment']> = async ({ session, params, body, idempotencyKey }) => {
  const post = await posts.getPost(params.id);
  if (!post) throw notFound('Post not found');
  const c: posts.CommentItem = {
    commentId: idempotencyKey ? keyedId(session.userId, idempotencyKey, 'comment') : randomUUID(), postId: params.id, userId: session.userId,
    content: body.content, createdAt: new Date().toISOString(),
  };
  const [, authors] = await Promise.all([posts.addComment(post, c), readAuthors([session.userId])]);
  const me = authors.get(session.userId)!;
  return posts.commentView(c, me, me.contentFilter);
};

export const deleteComment: RouteHandler<Routes['deleteComment']> = async ({ session, params }) => {
  await posts.deleteComment(session.userId, params.id, params.commentId);
  return { ok: true as const };
};
