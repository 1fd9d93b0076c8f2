import { notFound } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { keyedId } from '@torcedor/service-kit/idempotency';
import { countBusiness } from '@torcedor/service-kit/observability';
import type { Routes } from '@torcedor/shared/routes';
import { wishWithCard } from '../domain/collection.ts';
import { cigarCardsOf } from '../store/catalog.ts';
import { addWish, deleteWish, listWishes, moveWish, updateWish } from '../store/wishlist.ts';
import { capOf, cigarOr400, limitReached } from './common.ts';

const wishNotFound = () => notFound('Wishlist entry not found');

/**
 * The member's wishlist, highest priority first, each entry with its cigar's rating and the catalog fields its
 * illustration is drawn from (store/catalog.ts#cigarCardsOf: one BatchGet).
 */
export const getWishlist: RouteHandler<Routes['getWishlist']> = async ({ session }) => {
  const wishes = await listWishes(session.userId);
  const cards = await cigarCardsOf(wishes.map((w) => w.cigarId));
  return wishes.map((w) => wishWithCard(w, cards.get(w.cigarId)));
};

/** Adds a catalog cigar to the wishlist. */
export const addWishlistItem: RouteHandler<Routes['addWishlistItem']> = async ({ session, body, idempotencyKey }) => {
  const id = idempotencyKey ? keyedId(session.userId, idempotencyKey, 'wish') : undefined;
  const cigar = await cigarOr400(body.cigarId);
  const wish = await addWish(session.userId, cigar, body.priority, body.notes, id);
  countBusiness('WishlistAdds');
  return wishWithCard(wish, cigar);
};

/** Changes an entry's priority and notes. */
export const updateWishlistItem: RouteHandler<Routes['updateWishlistItem']> = async ({ session, params, body }) =>
  (await updateWish(session.userId, params.id, body.priority, body.notes)) ?? Promise.reject(wishNotFound());

/** Removes an entry. */
export const deleteWishlistItem: RouteHandler<Routes['deleteWishlistItem']> = async ({ session, params }) => {
  if (!(await deleteWish(session.userId, params.id))) throw wishNotFound();
  return { ok: true as const };
};

/** Moves an entry into the humidor, within the cap. */
export const moveWishlistItem: RouteHandler<Routes['moveWishlistItem']> = async ({ session, params, body, idempotencyKey }) => {
  const itemId = idempotencyKey ? keyedId(session.userId, idempotencyKey, 'item') : undefined;
  const moved = await moveWish(session.userId, params.id, body.quantity, await capOf(session.userId), itemId);
  if (moved.ok) return moved.item;
  if (moved.reason === 'not-found') throw wishNotFound();
  if (moved.reason === 'cigar-gone') throw notFound('That cigar is no longer in the catalog');
  throw limitReached();
};
