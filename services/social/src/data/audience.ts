import { notFound } from '@torcedor/service-kit/errors';
import { batchGetAll, type Item } from '@torcedor/service-kit/items';
import { canSee } from '../domain/visibility.ts';
import { toAuthor, type Author } from './authors.ts';
import { keys } from './keys.ts';
import { getPost, type PostItem } from './posts.ts';

/** The members whose content a viewer is about to be shown: their copies, and which of them the viewer follows. */
export interface Audience {
  viewer: Author;
  authors: Map<string, Author>;
  followed: Set<string>;
}

/** The viewer's follow edges to these members (never to themselves), to read beside their copies. */
export const followKeys = (viewerId: string, authorIds: Iterable<string>) =>
  [...new Set(authorIds)].filter((id) => id !== viewerId).map((id) => keys.follow(viewerId, id));

/** The members a batch read's follow edges point at (the edge's sort key names them: data/keys.ts). */
export const followedIn = (items: Item[]) => new Set(items.flatMap((i) => {
  const sk = String(i.SK);
  return String(i.PK).startsWith('FOLLOW#') && sk.startsWith('FOLLOWING#') ? [sk.slice('FOLLOWING#'.length)] : [];
}));

/**
 * AP: the viewer's own copy (their content filter), these members' copies and the viewer's follow edges to them,
 * in one consistent BatchGet, so a follow or an unfollow applies at once.
 */
export async function readAudience(viewerId: string, authorIds: Iterable<string>): Promise<Audience> {
  const ids = [...new Set([viewerId, ...authorIds])];
  const items = await batchGetAll([...ids.map(keys.author), ...followKeys(viewerId, ids)], { consistent: true });
  const copies = new Map(items.filter((i) => i.SK === 'AUTHOR').map((i) => [String(i.userId), i]));
  const authors = new Map(ids.map((id) => [id, toAuthor(copies.get(id), id)]));
  return { viewer: authors.get(viewerId)!, authors, followed: followedIn(items) };
}

/** A member's copy as read (the unknown-member defaults when it has not arrived). */
export const authorOf = (a: Audience, userId: string): Author => a.authors.get(userId) ?? toAuthor(undefined, userId);

/** Whether the viewer may see this member's content: the one rule, domain/visibility.ts. */
export const sees = (a: Audience, authorId: string): boolean =>
  canSee({ id: a.viewer.userId, follows: a.followed.has(authorId) }, authorOf(a, authorId));

/**
 * AP: a post the viewer may see, with the viewer's audience of its author: a post that does not exist,
 * was hidden by a moderator or whose author the viewer may not see is 404, the same answer for all three.
 */
export async function readVisiblePost(viewerId: string, postId: string): Promise<{ post: PostItem; audience: Audience }> {
  const post = await getPost(postId);
  if (!post) throw notFound('Post not found');
  const audience = await readAudience(viewerId, [post.userId]);
  if (!sees(audience, post.userId)) throw notFound('Post not found');
  return { post, audience };
}
