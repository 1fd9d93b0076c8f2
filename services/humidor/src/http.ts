import { readEntitlement } from '@torcedor/service-kit/entitlement';
import { badRequest, dependencyUnavailable, forbidden, notFound } from '@torcedor/service-kit/errors';
import { createHttpHandler } from '@torcedor/service-kit/http';
import { keyedId } from '@torcedor/service-kit/idempotency';
import { logger } from '@torcedor/service-kit/logger';
import { countBusiness } from '@torcedor/service-kit/observability';
import { BAND_MATCHES_SHOWN } from '@torcedor/shared/constants';
import { hasPremiumBenefits } from '@torcedor/shared/entitlement';
import { addReading, listReadings } from './data/conditions.ts';
import { getBrandWithCigars, getCigar, getLounge, loadCatalog } from './data/catalog.ts';
import { readCounts } from './data/counts.ts';
import { addItem, addItems, deleteItem, listItems, updateItem } from './data/items.ts';
import { exportMember } from './data/member.ts';
import { searchIndexes } from './data/search-index.ts';
import { addWish, deleteWish, listWishes, moveWish, updateWish } from './data/wishlist.ts';
import { ANALYTICS_PREMIUM_MESSAGE, humidorAnalytics } from './domain/analytics.ts';
import { humidorCap } from './domain/collection.ts';
import { HUMIDITY_TARGET, rechargeNeeded } from './domain/conditions.ts';
import { previewImport } from './domain/member-import.ts';
import { bandReader } from './vision/index.ts';

const SEARCH_LIMITS = { cigars: 60, brands: 20, lounges: 20 };
/** Matches of the vision model's reading taken before those of another brand than the one it read are dropped. */
const VISION_CANDIDATES = 30;

async function capOf(userId: string) {
  return humidorCap(await readEntitlement(userId), new Date());
}
/**
 * A catalog cigar for a new item: from this instance's catalog (search-index.ts, current within its version check),
 * else read (a cigar imported since); an unknown id is a 400.
 */
async function cigarOr400(id: string) {
  const c = (await searchIndexes()).cigarsById.get(id) ?? (await getCigar(id));
  if (!c) throw badRequest('Unknown cigar', [{ path: ['cigarId'], message: 'No cigar with this id in the catalog' }], 'UNKNOWN_CIGAR');
  return c;
}
async function conditionsLog(userId: string) {
  const readings = await listReadings(userId);
  return { readings, target: { ...HUMIDITY_TARGET }, rechargeNeeded: rechargeNeeded(readings) };
}

export const handler = createHttpHandler('humidor', {
  search: async ({ query }) => {
    const idx = await searchIndexes();
    return [
      { type: 'cigars' as const, items: idx.cigars.search(query.q, SEARCH_LIMITS.cigars) },
      { type: 'brands' as const, items: idx.brands.search(query.q, SEARCH_LIMITS.brands) },
      { type: 'lounges' as const, items: idx.lounges.search(query.q, SEARCH_LIMITS.lounges) },
    ];
  },
  identifyCigar: async ({ body }) => {
    const [idx, reader] = await Promise.all([searchIndexes(), bandReader()]);
    // A brand the member names weighs in for that brand's cigars, never matches alone (docs/band-scan.md).
    return { items: idx.bands.match(body.text, BAND_MATCHES_SHOWN, body.hints), visionAvailable: reader !== null };
  },
  identifyCigarImage: async ({ session, body }) => {
    // The uploads module (and its S3 client) loads only for this route.
    const uploads = await import('@torcedor/service-kit/uploads');
    try {
      const reader = await bandReader();
      if (!reader) throw dependencyUnavailable('The vision model', new Error('no OpenAI key is configured'));
      const seen = await reader.read(await uploads.readUpload(session.userId, body.objectPath));
      const text = [seen.brand, seen.line].filter(Boolean).join('\n');
      const found = text ? (await searchIndexes()).bands.match(text, VISION_CANDIDATES) : [];
      // The model named a brand: only that brand's cigars can be it (a line word shared with another brand is not).
      const items = (seen.brand ? found.filter((m) => m.matched.brand.length > 0) : found).slice(0, BAND_MATCHES_SHOWN);
      return { items, visionAvailable: true, seen };
    } finally {
      // The photo is not kept, whatever the answer (docs/band-scan.md, "Privacy").
      await uploads.deleteUpload(session.userId, body.objectPath).catch((err: unknown) => logger.warn('band photo not deleted', { error: err as Error }));
    }
  },
  getCigar: async ({ params }) => (await getCigar(params.id)) ?? Promise.reject(notFound('Cigar not found')),
  listBrands: async () => (await loadCatalog()).brands.sort((a, b) => a.name.localeCompare(b.name)),
  getBrand: async ({ params }) => (await getBrandWithCigars(params.id)) ?? Promise.reject(notFound('Brand not found')),
  listLounges: async () => (await loadCatalog()).lounges.sort((a, b) => a.country.localeCompare(b.country) || a.city.localeCompare(b.city)),
  getLounge: async ({ params }) => (await getLounge(params.id)) ?? Promise.reject(notFound('Lounge not found')),

  getHumidor: async ({ session }) => listItems(session.userId),
  getHumidorSummary: async ({ session }) => {
    const [c, cap] = await Promise.all([readCounts(session.userId), capOf(session.userId)]);
    return { totalSticks: c.sticks, items: c.items, wishlistCount: c.wishes, cap };
  },
  getHumidorAnalytics: async ({ session }) => {
    const [items, entitlement] = await Promise.all([listItems(session.userId), readEntitlement(session.userId)]);
    const now = new Date();
    if (!hasPremiumBenefits(entitlement, now)) throw forbidden(ANALYTICS_PREMIUM_MESSAGE, 'PREMIUM_REQUIRED');
    return humidorAnalytics(items, now);
  },
  addHumidorItem: async ({ session, body, idempotencyKey }) => {
    const [cigar, cap] = await Promise.all([cigarOr400(body.cigarId), capOf(session.userId)]);
    const { cigarId: _c, ...fields } = body;
    const id = idempotencyKey ? keyedId(session.userId, idempotencyKey, 'item') : undefined;
    const item = await addItem(session.userId, cigar, { ...fields, currentPrice: null, readyOn: null }, cap, id);
    countBusiness('HumidorAdds');
    return item;
  },
  updateHumidorItem: async ({ session, params, body }) => {
    const item = await updateItem(session.userId, params.id, body, await capOf(session.userId));
    return item;
  },
  deleteHumidorItem: async ({ session, params }) => {
    await deleteItem(session.userId, params.id);
    return { ok: true as const };
  },
  getConditions: async ({ session }) => conditionsLog(session.userId),
  addConditionReading: async ({ session, body, idempotencyKey }) => {
    const id = idempotencyKey ? keyedId(session.userId, idempotencyKey, 'reading') : undefined;
    const recordedAt = body.recordedAt ? new Date(body.recordedAt).toISOString() : new Date().toISOString();
    await addReading(session.userId, { humidity: body.humidity, temperatureC: body.temperatureC, note: body.note, recordedAt }, id);
    return conditionsLog(session.userId);
  },
  previewHumidorImport: async ({ body }) => ({ rows: previewImport(body.csv, (await searchIndexes()).cigars) }),
  importHumidor: async ({ session, body, idempotencyKey }) => {
    const rows = await Promise.all(body.rows.map(async (r, i) => ({
      id: idempotencyKey ? keyedId(session.userId, idempotencyKey, `row${i}`) : undefined,
      cigar: await cigarOr400(r.cigarId),
      fields: { quantity: r.quantity, pricePaid: r.pricePaid, location: r.location, boxDate: r.boxDate, status: 'owned' as const, notes: null, currentPrice: null, readyOn: null },
    })));
    const items = await addItems(session.userId, rows, await capOf(session.userId));
    countBusiness('HumidorImports');
    countBusiness('HumidorAdds', items.length);
    return items;
  },

  getWishlist: async ({ session }) => listWishes(session.userId),
  addWishlistItem: async ({ session, body, idempotencyKey }) => {
    const id = idempotencyKey ? keyedId(session.userId, idempotencyKey, 'wish') : undefined;
    const wish = await addWish(session.userId, await cigarOr400(body.cigarId), body.priority, body.notes, id);
    countBusiness('WishlistAdds');
    return wish;
  },
  updateWishlistItem: async ({ session, params, body }) => updateWish(session.userId, params.id, body.priority, body.notes),
  deleteWishlistItem: async ({ session, params }) => {
    await deleteWish(session.userId, params.id);
    return { ok: true as const };
  },
  moveWishlistItem: async ({ session, params, body, idempotencyKey }) => {
    const itemId = idempotencyKey ? keyedId(session.userId, idempotencyKey, 'item') : undefined;
    const item = await moveWish(session.userId, params.id, body.quantity, getCigar, await capOf(session.userId), itemId);
    return item;
  },
  exportHumidor: async ({ session }) => exportMember(session.userId),
});
