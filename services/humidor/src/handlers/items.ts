import { notFound } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { keyedId } from '@torcedor/service-kit/idempotency';
import { countBusiness } from '@torcedor/service-kit/observability';
import type { Routes } from '@torcedor/shared/routes';
import { readCounts } from '../store/counts.ts';
import { addItem, deleteItem, listItems, updateItem } from '../store/items.ts';
import { capOf, cigarOr400, limitReached } from './common.ts';

/** The member's humidor, oldest first. */
export const getHumidor: RouteHandler<Routes['getHumidor']> = async ({ session }) => listItems(session.userId);

/** The member's totals and cap. */
export const getHumidorSummary: RouteHandler<Routes['getHumidorSummary']> = async ({ session }) => {
  const [c, cap] = await Promise.all([readCounts(session.userId), capOf(session.userId)]);
  return { totalSticks: c.sticks, items: c.items, wishlistCount: c.wishes, cap };
};

/** Adds a catalog cigar to the humidor within the cap (403 HUMIDOR_LIMIT beyond it). */
export const addHumidorItem: RouteHandler<Routes['addHumidorItem']> = async ({ session, body, idempotencyKey }) => {
  const [cigar, cap] = await Promise.all([cigarOr400(body.cigarId), capOf(session.userId)]);
  const { cigarId: _c, ...fields } = body;
  const id = idempotencyKey ? keyedId(session.userId, idempotencyKey, 'item') : undefined;
  const added = await addItem(session.userId, cigar, { ...fields, currentPrice: null, readyOn: null }, cap, id);
  if (!added.ok) throw limitReached();
  countBusiness('HumidorAdds');
  return added.item;
};

/** Edits an item; a quantity increase must fit the cap. */
export const updateHumidorItem: RouteHandler<Routes['updateHumidorItem']> = async ({ session, params, body }) => {
  const changed = await updateItem(session.userId, params.id, body, await capOf(session.userId));
  if (!changed) throw notFound('Humidor item not found');
  if (!changed.ok) throw limitReached();
  return changed.item;
};

/** Removes an item. */
export const deleteHumidorItem: RouteHandler<Routes['deleteHumidorItem']> = async ({ session, params }) => {
  if (!(await deleteItem(session.userId, params.id))) throw notFound('Humidor item not found');
  return { ok: true as const };
};
