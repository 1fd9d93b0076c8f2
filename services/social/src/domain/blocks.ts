import type { BlockedMember } from '@torcedor/shared/schemas/messages';
import type * as z from 'zod';
import type { Author } from './author.ts';

/**
 * A block (docs/product.md, "Blocking"): `blockerId` blocked `blockedId` at `blockedAt`. The same fields are kept on
 * the blocker's item and on its mirror in the blocked member's partition.
 */
export type BlockItem = { blockerId: string; blockedId: string; blockedAt: string };

/** The blocks between a viewer and one member, each direction. */
export interface BlockState {
  /** The viewer blocked the member. */
  blockedByMe: boolean;
  /** The member blocked the viewer. */
  blockedMe: boolean;
}

export const NO_BLOCK: BlockState = { blockedByMe: false, blockedMe: false };

/** Whether either member blocked the other: then neither sees, follows, comments on or messages the other. */
export const blockedEitherWay = (s: BlockState): boolean => s.blockedByMe || s.blockedMe;

/** The members the viewer blocked, the most recent first, by name and picture. */
export function blockedList(items: BlockItem[], authors: Map<string, Author>): z.infer<typeof BlockedMember>[] {
  return [...items]
    .sort((a, b) => (a.blockedAt === b.blockedAt ? a.blockedId.localeCompare(b.blockedId) : b.blockedAt.localeCompare(a.blockedAt)))
    .map((b) => {
      const a = authors.get(b.blockedId);
      return { id: b.blockedId, displayName: a?.displayName ?? 'Member', profileImageUrl: a?.profileImageUrl ?? null, blockedAt: b.blockedAt };
    });
}
