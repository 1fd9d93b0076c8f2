import * as z from 'zod';
import { route, type RouteDef } from '../route.ts';
import { IdParams, Ok } from '../schemas/common.ts';
import {
  AddConditionReading, AddHumidorItem, AddWishlistItem, ConditionsLog, HumidorAnalytics, HumidorItem, HumidorList, HumidorSummary, ImportBody,
  ImportPreview, ImportPreviewBody, MoveWishlistItem, UpdateHumidorItem, UpdateWishlistItem, WishlistItem, WishlistList,
} from '../schemas/humidor.ts';
import {
  BandCatalog, Brand, Cigar, IdentifyBody, IdentifyImageBody, IdentifyImageResult, IdentifyResult, Lounge, SearchQuery, SearchResponse,
} from '../schemas/catalog.ts';
import { exportPart } from './export-part.ts';

/** The humidor service: the member's humidor and wishlist, the curated catalog, band scan. */
export const humidorRoutes = {
  getHumidor: route({
    method: 'GET', path: '/api/humidor', service: 'humidor', access: 'member',
    summary: "The member's humidor items", response: HumidorList,
  }),
  search: route({
    method: 'GET', path: '/api/search', service: 'humidor', access: 'member',
    summary: 'Search the curated catalog: cigars, brands and lounges, grouped and ranked', query: SearchQuery, response: SearchResponse,
  }),
  getCigar: route({
    method: 'GET', path: '/api/cigars/{id}', service: 'humidor', access: 'member',
    summary: 'A cigar with its brand, average rating and review count', params: IdParams, response: Cigar,
  }),
  identifyCigar: route({
    method: 'POST', path: '/api/cigars/identify', service: 'humidor', access: 'member',
    summary: 'Band scan: rank catalog cigars from the noisy text read off a cigar band (typo-, accent- and spacing-tolerant)',
    body: IdentifyBody, response: IdentifyResult,
  }),
  identifyCigarImage: route({
    method: 'POST', path: '/api/cigars/identify/image', service: 'humidor', access: 'member',
    summary: "Band scan's second opinion: a vision model reads the brand and line off the member's uploaded photo (deleted after), matched against the catalog",
    body: IdentifyImageBody, response: IdentifyImageResult, errors: ['INVALID_UPLOAD'],
  }),
  getBandCatalog: route({
    method: 'GET', path: '/api/band-catalog', service: 'humidor', access: 'member',
    summary: "Band scan offline: every catalog cigar's name parts and shape, for the device to match a band without the server",
    response: BandCatalog,
  }),
  listBrands: route({
    method: 'GET', path: '/api/brands', service: 'humidor', access: 'member', summary: 'All brands', response: z.array(Brand),
  }),
  getBrand: route({
    method: 'GET', path: '/api/brands/{id}', service: 'humidor', access: 'member',
    summary: 'A brand and its cigars', params: IdParams, response: z.object({ brand: Brand, cigars: z.array(Cigar) }),
  }),
  listLounges: route({
    method: 'GET', path: '/api/lounges', service: 'humidor', access: 'member', summary: 'All lounges', response: z.array(Lounge),
  }),
  getLounge: route({
    method: 'GET', path: '/api/lounges/{id}', service: 'humidor', access: 'member', summary: 'A lounge', params: IdParams, response: Lounge,
  }),
  getHumidorSummary: route({
    method: 'GET', path: '/api/humidor/summary', service: 'humidor', access: 'member',
    summary: "The member's totals and humidor cap", response: HumidorSummary,
  }),
  getHumidorAnalytics: route({
    method: 'GET', path: '/api/humidor/analytics', service: 'humidor', access: 'member',
    summary: "Advanced analytics of the member's humidor: origins, strengths, vitolas, spend by month, aging (premium and trial)",
    response: HumidorAnalytics, errors: ['PREMIUM_REQUIRED'],
  }),
  addHumidorItem: route({
    method: 'POST', path: '/api/humidor', service: 'humidor', access: 'member', status: 201, idempotent: true,
    summary: 'Add a cigar to the humidor (free members: 20 cigars at most), with up to 4 uploaded photos', body: AddHumidorItem, response: HumidorItem,
    errors: ['UNKNOWN_CIGAR', 'HUMIDOR_LIMIT', 'INVALID_UPLOAD'],
  }),
  updateHumidorItem: route({
    method: 'PUT', path: '/api/humidor/{id}', service: 'humidor', access: 'member',
    summary: 'Edit a humidor item (its photos: kept ones by path, new uploads registered, the rest deleted)', params: IdParams, body: UpdateHumidorItem, response: HumidorItem,
    errors: ['HUMIDOR_LIMIT', 'INVALID_UPLOAD'],
  }),
  deleteHumidorItem: route({
    method: 'DELETE', path: '/api/humidor/{id}', service: 'humidor', access: 'member',
    summary: 'Remove a humidor item', params: IdParams, response: Ok,
  }),
  getConditions: route({
    method: 'GET', path: '/api/humidor/conditions', service: 'humidor', access: 'member',
    summary: 'The humidor conditions log', response: ConditionsLog,
  }),
  addConditionReading: route({
    method: 'POST', path: '/api/humidor/conditions', service: 'humidor', access: 'member', status: 201, idempotent: true,
    summary: 'Log a humidity and temperature reading', body: AddConditionReading, response: ConditionsLog,
  }),
  previewHumidorImport: route({
    method: 'POST', path: '/api/humidor/import/preview', service: 'humidor', access: 'member',
    summary: 'Match the rows of a CSV against the catalog, without importing', body: ImportPreviewBody, response: ImportPreview,
  }),
  importHumidor: route({
    method: 'POST', path: '/api/humidor/import', service: 'humidor', access: 'member', status: 201, idempotent: true,
    summary: 'Add matched rows to the humidor, all or nothing', body: ImportBody, response: HumidorList,
    errors: ['UNKNOWN_CIGAR', 'HUMIDOR_LIMIT'],
  }),
  getWishlist: route({
    method: 'GET', path: '/api/wishlist', service: 'humidor', access: 'member', summary: "The member's wishlist", response: WishlistList,
  }),
  addWishlistItem: route({
    method: 'POST', path: '/api/wishlist', service: 'humidor', access: 'member', status: 201, idempotent: true,
    summary: 'Add a cigar to the wishlist', body: AddWishlistItem, response: WishlistItem,
    errors: ['UNKNOWN_CIGAR'],
  }),
  updateWishlistItem: route({
    method: 'PUT', path: '/api/wishlist/{id}', service: 'humidor', access: 'member',
    summary: "Change a wishlist entry's priority or notes", params: IdParams, body: UpdateWishlistItem, response: WishlistItem,
  }),
  deleteWishlistItem: route({
    method: 'DELETE', path: '/api/wishlist/{id}', service: 'humidor', access: 'member',
    summary: 'Remove a wishlist entry', params: IdParams, response: Ok,
  }),
  moveWishlistItem: route({
    method: 'POST', path: '/api/wishlist/{id}/move', service: 'humidor', access: 'member', status: 201, idempotent: true,
    summary: 'Move a wishlist entry into the humidor', params: IdParams, body: MoveWishlistItem, response: HumidorItem,
    errors: ['HUMIDOR_LIMIT'],
  }),
  exportHumidor: exportPart('humidor', '/api/export/humidor'),
} satisfies Record<string, RouteDef>;
