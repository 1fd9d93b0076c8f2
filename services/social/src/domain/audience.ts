import { toAuthor, type Author } from './author.ts';
import { canSee } from './visibility.ts';

/**
 * The members whose content a viewer is about to be shown: their copies, which of them the viewer follows, and the
 * members blocked by or blocking the viewer (docs/product.md, "Blocking").
 */
export interface Audience {
  viewer: Author;
  authors: Map<string, Author>;
  followed: Set<string>;
  blocked: ReadonlySet<string>;
}

/** A member's copy as read (the unknown-member defaults when it has not arrived). */
export const authorOf = (a: Audience, userId: string): Author => a.authors.get(userId) ?? toAuthor(undefined, userId);

/** Whether the viewer may see this member's content: the one rule, domain/visibility.ts. */
export const sees = (a: Audience, authorId: string): boolean =>
  canSee({ id: a.viewer.userId, follows: a.followed.has(authorId), blocked: a.blocked }, authorOf(a, authorId));
