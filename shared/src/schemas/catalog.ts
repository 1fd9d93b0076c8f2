import * as z from 'zod';
import { Strength } from './humidor.ts';
import { WebUrl } from './common.ts';
import { plainText } from './text.ts';
import { IncomingPath } from './social.ts';
import { BAND_MATCHES_SHOWN, BAND_TEXT_MAX } from '../constants.ts';

const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'id must be a lowercase slug').max(80);
/** Curated text: single-line unless told (descriptions are multi-line). */
const Text = (max: number, kind: 'line' | 'multiline' = 'line') => plainText(kind).trim().min(1).max(max);

/** A cigar maker of the curated database. */
export const CatalogBrand = z.strictObject({
  id: Slug,
  name: Text(60),
  country: Text(40),
  description: Text(600, 'multiline'),
});
export type CatalogBrand = z.infer<typeof CatalogBrand>;

/** One cigar (a line in one vitola) of the curated database. */
export const CatalogCigar = z.strictObject({
  id: Slug,
  brandId: Slug,
  /** The line and size name as sold, e.g. "1964 Anniversary Series Exclusivo". */
  name: Text(100),
  /** The shape, e.g. Robusto, Toro, Churchill, Belicoso. */
  vitola: Text(40),
  /** Length in inches. */
  length: z.number().min(2).max(12),
  ringGauge: z.number().int().min(20).max(80),
  strength: Strength,
  wrapper: Text(80),
  binder: Text(80),
  filler: Text(120),
  /** Country where the cigar is made. */
  country: Text(40),
  description: Text(600, 'multiline'),
});
export type CatalogCigar = z.infer<typeof CatalogCigar>;

/** A cigar lounge. */
export const CatalogLounge = z.strictObject({
  id: Slug,
  name: Text(80),
  city: Text(60),
  country: Text(40),
  address: Text(160),
  website: WebUrl.optional(),
  hours: Text(160).optional(),
});
export type CatalogLounge = z.infer<typeof CatalogLounge>;

/** A cigar as the API shows it: with its brand, and ratings kept from review events. */
export const Cigar = CatalogCigar.omit({ brandId: true }).extend({
  brandId: z.string(),
  brandName: z.string(),
  brandCountry: z.string(),
  /** 0-100, null before the first review. */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  /**
   * The community's photos of this cigar as the site serves them: the latest CIGAR_PHOTOS_SHOWN, from reviews neither
   * hidden nor deleted; empty: the page draws the cigar from its catalog fields.
   */
  photos: z.array(z.string()),
});
export type Cigar = z.infer<typeof Cigar>;
export const Brand = CatalogBrand.extend({ cigarCount: z.number().int() });
export type Brand = z.infer<typeof Brand>;
export const Lounge = CatalogLounge;
export type Lounge = z.infer<typeof Lounge>;

export const SearchQuery = z.strictObject({
  q: plainText().trim().min(1, 'Enter something to search for').max(100),
});
export const SearchGroup = z.discriminatedUnion('type', [
  z.object({ type: z.literal('cigars'), items: z.array(Cigar) }),
  z.object({ type: z.literal('brands'), items: z.array(Brand) }),
  z.object({ type: z.literal('lounges'), items: z.array(Lounge) }),
]);
export const SearchResponse = z.array(SearchGroup);

/**
 * Band scan (docs/band-scan.md): the text read off a cigar band (OCR on the member's device, as it was read:
 * noisy, over several lines), matched against the catalog.
 */
export const IdentifyBody = z.strictObject({
  text: plainText('multiline').trim().min(1, 'No text was read from the band').max(BAND_TEXT_MAX, `At most ${BAND_TEXT_MAX} characters of band text`),
  /** What the member already knows, e.g. the brand they picked: weighs in, never required. */
  hints: z.strictObject({ brand: plainText().trim().min(1).max(60).optional() }).optional(),
});
/** Which catalog words the band's text matched, by part of the cigar's name. */
export const IdentifyMatched = z.object({ brand: z.array(z.string()), line: z.array(z.string()), vitola: z.array(z.string()) });
export const IdentifyMatch = z.object({
  cigar: Cigar,
  /** 0-1: how much of the cigar's brand and line the text holds, and how clearly it beats the next match. */
  confidence: z.number().min(0).max(1),
  matched: IdentifyMatched,
});
export const IdentifyResult = z.object({
  /** The best matches, at most BAND_MATCHES_SHOWN, best first (empty: nothing in the catalog fits). */
  items: z.array(IdentifyMatch).max(BAND_MATCHES_SHOWN),
  /** Whether the server can give a second opinion from the photo (a vision model is configured). */
  visionAvailable: z.boolean(),
});
/**
 * Band scan offline (docs/band-scan.md, "Offline"): what the device needs to match a band without the server, one
 * row per catalog cigar (id, brand, line, vitola, length, ring gauge, strength, wrapper, country), kept by the service
 * worker and matched with the same code as the server (shared/src/band-match.ts).
 */
export const BandCatalogRow = z.tuple([z.string(), z.string(), z.string(), z.string(), z.number(), z.number(), Strength, z.string(), z.string()]);
export type BandCatalogRow = z.infer<typeof BandCatalogRow>;
export const BandCatalog = z.object({
  /** The catalog's version these rows are of. */
  version: z.number().int().nonnegative(),
  cigars: z.array(BandCatalogRow),
});
export type BandCatalog = z.infer<typeof BandCatalog>;

/** The server's second opinion: a photo the member uploaded (the uploads flow) and chose to send. */
export const IdentifyImageBody = z.strictObject({ objectPath: IncomingPath });
export const IdentifyImageResult = IdentifyResult.extend({
  /** What the vision model read on the band; matched against the catalog like the text (never shown as a cigar itself). */
  seen: z.object({ brand: z.string().nullable(), line: z.string().nullable() }),
});
