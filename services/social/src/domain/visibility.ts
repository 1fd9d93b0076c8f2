/** What the rule needs of a member: social's copy of them (their settings and moderation state). */
export interface AuthorVisibility {
  userId: string;
  profileVisibility: 'public' | 'followers' | 'private';
  /** Hidden by a moderator. */
  isHidden?: boolean;
}

/**
 * Who looks: their id (null for "any member", as Discover Community shows), whether they follow the author and the
 * members blocked by or blocking them (store/blocks.ts#blockedIdsOf; none when absent).
 */
export interface Viewer {
  id: string | null;
  follows: boolean;
  blocked?: ReadonlySet<string>;
}

/** Discover Community shows what any member may see: as a member who follows no one. */
export const ANY_MEMBER: Viewer = { id: null, follows: false };

/**
 * The one visibility rule (docs/product.md, "Privacy" and "Moderation"): whether the viewer may see a member's
 * profile details and content (posts, reviews, comments, likes). A member always sees their own; a member hidden
 * by a moderator is seen by no one else; a block either way (docs/product.md, "Blocking") hides each member from the
 * other; a public profile is seen by every member; a followers-only or a private one by their followers only. Name
 * and picture are shown to all whatever this says. Content a moderator hid
 * (a post, comment or review with `isHidden`) is shown to no one, the author included, and is left out before
 * this rule is asked.
 */
export function canSee(viewer: Viewer, author: AuthorVisibility): boolean {
  if (viewer.id !== null && viewer.id === author.userId) return true;
  if (author.isHidden === true) return false;
  if (viewer.blocked?.has(author.userId) === true) return false;
  return author.profileVisibility === 'public' || viewer.follows;
}

/**
 * Whether following the author changes what the viewer may see of them: a reader that already holds the author's
 * copy needs the viewer's follow edge only then.
 */
export const followMatters = (viewerId: string, author: AuthorVisibility): boolean =>
  canSee({ id: viewerId, follows: true }, author) !== canSee({ id: viewerId, follows: false }, author);
