import { batchGetAll, type Item } from '@torcedor/service-kit/items';
import { sees, type Audience } from '../domain/audience.ts';
import { toAuthor } from '../domain/author.ts';
import type { PostItem } from '../domain/posts.ts';
import { blockedIdsOf } from './blocks.ts';
import { authors, follows } from './entities.ts';
import { getPost } from './posts.ts';

/** The viewer's follow edges to these members (never to themselves), to read beside their copies. */
export const followKeys = (viewerId: string, authorIds: Iterable<string>) =>
  [...new Set(authorIds)].filter((id) => id !== viewerId).map((id) => follows.key({ followerId: viewerId, followeeId: id }));

/** The members a batch read's follow edges point at (the edge's sort key names them: store/keys.ts). */
export const followedIn = (items: Item[]) => new Set(items.flatMap((i) => {
  const sk = String(i.SK);
  return String(i.PK).startsWith('FOLLOW#') && sk.startsWith('FOLLOWING#') ? [sk.slice('FOLLOWING#'.length)] : [];
}));

/**
 * AP: the viewer's own copy (their content filter), these members' copies and the viewer's follow edges to them,
 * in one consistent BatchGet, so a follow or an unfollow applies at once; beside it, one Query of the viewer's blocks
 * both ways (store/blocks.ts#blockedIdsOf).
 */
export async function readAudience(viewerId: string, authorIds: Iterable<string>): Promise<Audience> {
  const ids = [...new Set([viewerId, ...authorIds])];
  const [items, blocked] = await Promise.all([
    batchGetAll([...ids.map(authors.key), ...followKeys(viewerId, ids)], { consistent: true }), blockedIdsOf(viewerId),
  ]);
  const copies = new Map(items.filter((i) => i.SK === 'AUTHOR').map((i) => [String(i.userId), i]));
  const byId = new Map(ids.map((id) => [id, toAuthor(copies.get(id), id)]));
  return { viewer: byId.get(viewerId)!, authors: byId, followed: followedIn(items), blocked };
}

/**
 * AP: a post the viewer may see, with the viewer's audience of its author; undefined for a post that does not exist,
 * was hidden by a moderator or whose author the viewer may not see (domain/visibility.ts), the same for all three.
 */
export async function readVisiblePost(viewerId: string, postId: string): Promise<{ post: PostItem; audience: Audience } | undefined> {
  const post = await getPost(postId);
  if (!post) return undefined;
  const audience = await readAudience(viewerId, [post.userId]);
  return sees(audience, post.userId) ? { post, audience } : undefined;
}
