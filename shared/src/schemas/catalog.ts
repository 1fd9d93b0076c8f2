import * as z from 'zod';
import { Strength } from './humidor.ts';
import { WebUrl } from './common.ts';

const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'id must be a lowercase slug').max(80);
const Text = (max: number) => z.string().trim().min(1).max(max);

/** A cigar maker of the curated database. */
export const CatalogBrand = z.strictObject({
  id: Slug,
  name: Text(60),
  country: Text(40),
  description: Text(600),
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
  description: Text(600),
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
});
export type Cigar = z.infer<typeof Cigar>;
export const Brand = CatalogBrand.extend({ cigarCount: z.number().int() });
export type Brand = z.infer<typeof Brand>;
export const Lounge = CatalogLounge;
export type Lounge = z.infer<typeof Lounge>;

export const SearchQuery = z.strictObject({
  q: z.string().trim().min(1, 'Enter something to search for').max(100),
});
export const SearchGroup = z.discriminatedUnion('type', [
  z.object({ type: z.literal('cigars'), items: z.array(Cigar) }),
  z.object({ type: z.literal('brands'), items: z.array(Brand) }),
  z.object({ type: z.literal('lounges'), items: z.array(Lounge) }),
]);
export const SearchResponse = z.array(SearchGroup);
