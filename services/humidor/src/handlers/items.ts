import { badRequest, notFound } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { keyedId } from '@torcedor/service-kit/idempotency';
import { countBusiness } from '@torcedor/service-kit/observability';
import type { Routes } from '@torcedor/shared/routes';
import { IncomingPath, objectPathOf, uploadUrl } from '@torcedor/shared/schemas/social';
import { itemWithCard, type Item } from '../domain/collection.ts';
import { cigarCardsOf } from '../store/catalog.ts';
import { readCounts } from '../store/counts.ts';
import { addItem, deleteItem, listItems, updateItem } from '../store/items.ts';
import { capOf, cigarOr400, limitReached } from './common.ts';
import { dropUploads, registerUploads } from '@torcedor/service-kit/uploads';

/** Items with their cigars' ratings as they are now (store/catalog.ts#cigarCardsOf: one BatchGet). */
async function withCards(items: Item[]): Promise<Item[]> {
  const cards = await cigarCardsOf(items.map((i) => i.cigarId));
  return items.map((i) => itemWithCard(i, cards.get(i.cigarId)));
}

/** The member's humidor, oldest first, each item with its cigar's rating. */
export const getHumidor: RouteHandler<Routes['getHumidor']> = async ({ session }) => withCards(await listItems(session.userId));

/** The member's totals and cap. */
export const getHumidorSummary: RouteHandler<Routes['getHumidorSummary']> = async ({ session }) => {
  const [c, cap] = await Promise.all([readCounts(session.userId), capOf(session.userId)]);
  return { totalSticks: c.sticks, items: c.items, wishlistCount: c.wishes, cap };
};

/**
 * Adds a catalog cigar to the humidor within the cap (403 HUMIDOR_LIMIT beyond it). Its photos are registered like a
 * post's picture (docs/architecture.md, "Uploads"): one refused upload refuses the item with nothing saved, and the
 * copies go again when the cap refuses it or the item was added before (an idempotent retry keeps its own).
 */
export const addHumidorItem: RouteHandler<Routes['addHumidorItem']> = async ({ session, body, idempotencyKey }) => {
  const userId = session.userId;
  const registering = registerUploads(userId, body.photos);
  registering.catch(() => undefined); // awaited below; its refusal is the answer then
  const [cigar, cap] = await Promise.all([cigarOr400(body.cigarId), capOf(userId)]).catch(async (err: unknown) => {
    await registering.then((paths) => dropUploads(userId, paths), () => undefined);
    throw err;
  });
  const registered = await registering;
  const { cigarId: _c, photos: _p, ...fields } = body;
  const photos = registered.map(uploadUrl);
  const id = idempotencyKey ? keyedId(userId, idempotencyKey, 'item') : undefined;
  const added = await addItem(userId, cigar, { ...fields, photos, currentPrice: null, readyOn: null }, cap, id)
    .catch(async (err: unknown) => {
      await dropUploads(userId, registered);
      throw err;
    });
  if (!added.ok) {
    await dropUploads(userId, registered);
    throw limitReached();
  }
  const kept = added.item.photos;
  await dropUploads(userId, registered.filter((p) => !kept.includes(uploadUrl(p))));
  countBusiness('HumidorAdds');
  return itemWithCard(added.item, cigar);
};

/**
 * Edits an item; a quantity increase must fit the cap. With `photos`, the item's photos become that list: kept ones by
 * path, new ones registered now (a refused upload refuses the edit with nothing saved); those left out are deleted
 * once the edit is written.
 */
export const updateHumidorItem: RouteHandler<Routes['updateHumidorItem']> = async ({ session, params, body }) => {
  const userId = session.userId;
  const incoming = (body.photos ?? []).filter((p) => IncomingPath.safeParse(p).success);
  const [cap, registered] = await Promise.all([capOf(userId), registerUploads(userId, incoming)]);
  const added = registered.map(uploadUrl);
  const byIncoming = new Map(incoming.map((p, i) => [p, added[i]!]));
  const photos = body.photos?.map((p) => byIncoming.get(p) ?? uploadUrl(p));
  const changed = await updateItem(userId, params.id, { ...body, photos }, cap, added).catch(async (err: unknown) => {
    await dropUploads(userId, registered);
    throw err;
  });
  if (!changed?.ok) await dropUploads(userId, registered);
  if (!changed) throw notFound('Humidor item not found');
  if (!changed.ok && changed.reason === 'unknown-photo') {
    throw badRequest('This photo is not one of the item\'s: upload it again', [{ path: ['photos'], message: 'Unknown photo' }], 'INVALID_UPLOAD');
  }
  if (!changed.ok) throw limitReached();
  await dropUploads(userId, changed.removedPhotos.map(objectPathOf));
  return (await withCards([changed.item]))[0]!;
};

/** Removes an item; its photos are deleted once it is gone. */
export const deleteHumidorItem: RouteHandler<Routes['deleteHumidorItem']> = async ({ session, params }) => {
  const removed = await deleteItem(session.userId, params.id);
  if (!removed) throw notFound('Humidor item not found');
  await dropUploads(session.userId, removed.photos.map(objectPathOf));
  return { ok: true as const };
};
