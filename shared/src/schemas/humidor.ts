import * as z from 'zod';
import { HUMIDOR_STATUSES, IMPORT_MAX_ROWS, PHOTOS_MAX } from '../constants.ts';
import { IsoDate } from './common.ts';
import { IncomingPath, NewPhotos, ObjectPath } from './social.ts';
import { plainText } from './text.ts';

export const HumidorStatus = z.enum(HUMIDOR_STATUSES);
export const Strength = z.enum(['mild', 'mild-medium', 'medium', 'medium-full', 'full']);

export const HumidorItem = z.object({
  id: z.string(),
  cigarId: z.string(),
  /** Member-entered current price per stick, for the collection's valuation. */
  currentPrice: z.number().nullable().default(null),
  /** The date the member wants to be reminded that the cigar is ready to smoke. */
  readyOn: z.string().nullable().default(null),
  quantity: z.number().int(),
  location: z.string().nullable(),
  status: HumidorStatus,
  notes: z.string().nullable(),
  pricePaid: z.number().nullable(),
  boxDate: z.string().nullable(),
  cigarImageUrl: z.string().nullable(),
  brandName: z.string(),
  cigarName: z.string(),
  brandCountry: z.string().nullable(),
  cigarVitola: z.string().nullable(),
  cigarLength: z.number().nullable(),
  cigarRingGauge: z.number().nullable(),
  /** The cigar's strength when added (null for items stored before it was kept). */
  cigarStrength: Strength.nullable().default(null),
  /** The cigar's wrapper leaf (its shade draws the illustration), null when the catalog has none. */
  cigarWrapper: z.string().nullable().default(null),
  /** The member's own photos of this item as the site serves them (uploadUrl), at most PHOTOS_MAX. */
  photos: z.array(z.string()).default([]),
  /** The cigar's community rating (0-100, null before its first review) and review count. */
  averageRating: z.number().nullable().default(null),
  reviewCount: z.number().int().default(0),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type HumidorItem = z.infer<typeof HumidorItem>;
export const HumidorList = z.array(HumidorItem);

const Money = z.number({ message: 'Price must be a number' }).min(0, 'Price cannot be negative').max(1_000_000).multipleOf(0.01, 'Price has at most 2 decimals');
const optional = (text: z.ZodString, max: number, message?: string) => text.trim().max(max, message).nullable().optional().transform((v) => (v ? v : null));
/** A single-line text (a location), null when empty. */
const OptionalText = (max: number, message?: string) => optional(plainText(), max, message);
/** A multi-line text (notes), null when empty. */
const OptionalNotes = (max: number) => optional(plainText('multiline'), max);
const Quantity = z.number({ message: 'Quantity must be a whole number' }).int('Quantity must be a whole number');
const BoxDate = z.iso.date({ message: 'Box date must be a valid date (YYYY-MM-DD)' });

/** POST /api/humidor */
export const AddHumidorItem = z.strictObject({
  cigarId: z.string().min(1).max(80),
  quantity: Quantity.min(1, 'Quantity must be at least 1').max(10_000),
  location: OptionalText(80),
  boxDate: BoxDate.nullable().optional().transform((v) => v ?? null),
  notes: OptionalNotes(2000),
  pricePaid: Money.nullable().optional().transform((v) => v ?? null),
  status: HumidorStatus.default('owned'),
  /** Up to PHOTOS_MAX photos: incoming paths from `POST /api/objects/upload`, registered with the item. */
  photos: NewPhotos.default([]),
});
/** PUT /api/humidor/{id}: the edit dialog's fields (docs/product.md, "Validation") and the beyond-spec ones. */
export const UpdateHumidorItem = z.strictObject({
  quantity: Quantity.min(0, 'Quantity cannot be negative').max(10_000),
  location: OptionalText(80),
  status: HumidorStatus,
  notes: OptionalNotes(2000),
  pricePaid: Money.nullable(),
  boxDate: BoxDate.nullable().optional(),
  currentPrice: Money.nullable().optional(),
  readyOn: BoxDate.nullable().optional(),
  /**
   * The item's photos after the edit, in order: a kept one by its object path (`uploads/...`, the served URL without
   * its leading '/'), a new one by its incoming path (registered now). Absent: unchanged; a photo left out is deleted.
   */
  photos: z
    .array(z.union([ObjectPath, IncomingPath]))
    .max(PHOTOS_MAX, `At most ${PHOTOS_MAX} photos`)
    .refine((paths) => new Set(paths).size === paths.length, 'The same photo was sent twice')
    .optional(),
});

export const WishlistItem = z.object({
  id: z.string(),
  cigarId: z.string(),
  brandName: z.string(),
  cigarName: z.string(),
  cigarVitola: z.string().nullable(),
  /** What the illustration is drawn from (null for a row the catalog does not hold any more). */
  cigarLength: z.number().nullable().default(null),
  cigarRingGauge: z.number().nullable().default(null),
  cigarWrapper: z.string().nullable().default(null),
  /** The cigar's community rating (0-100, null before its first review) and review count. */
  averageRating: z.number().nullable().default(null),
  reviewCount: z.number().int().default(0),
  notes: z.string().nullable(),
  priority: z.number().int().min(1).max(5),
  createdAt: z.string(),
});
export const WishlistList = z.array(WishlistItem);
const Priority = z.number({ message: 'Priority must be a number from 1 to 5' }).int().min(1, 'Priority must be from 1 to 5').max(5, 'Priority must be from 1 to 5');
export const AddWishlistItem = z.strictObject({ cigarId: z.string().min(1).max(80), priority: Priority, notes: OptionalNotes(2000) });
export const UpdateWishlistItem = z.strictObject({ priority: Priority, notes: OptionalNotes(2000) });
export const MoveWishlistItem = z.strictObject({ quantity: Quantity.min(1, 'Quantity must be at least 1').max(10_000).default(1) });

/** The cap the page displays (display only: the server enforces it). */
export const HumidorSummary = z.object({
  totalSticks: z.number().int(),
  items: z.number().int(),
  wishlistCount: z.number().int(),
  /** null when the member has no cap (premium or trial). */
  cap: z.number().int().nullable(),
});

const Slice = z.object({ name: z.string(), value: z.number() });
/** Advanced analytics (premium and trial members): computed by the server from the member's humidor. */
export const HumidorAnalytics = z.object({
  origins: z.array(Slice),
  strengths: z.array(Slice),
  vitolas: z.array(Slice),
  /** Spend per month ('YYYY-MM'), in dollars. */
  spendByMonth: z.array(z.object({ month: z.string(), value: z.number() })),
  aging: z.array(Slice),
  totals: z.object({
    sticks: z.number().int(),
    /** Current price per stick (else the price paid) × quantity, to the cent; unpriced items count 0. */
    valueUsd: z.number(),
    /** Mean age in whole days of the items with a box date (each item once); null when none has one. */
    averageAgeDays: z.number().int().nullable(),
  }),
});
export type HumidorAnalytics = z.infer<typeof HumidorAnalytics>;

/** Humidor conditions log (beyond the spec): readings of relative humidity and temperature. */
export const ConditionReading = z.object({
  id: z.string(),
  humidity: z.number(),
  temperatureC: z.number(),
  recordedAt: z.string(),
  note: z.string().nullable(),
});
export const AddConditionReading = z.strictObject({
  humidity: z.number({ message: 'Humidity must be a number' }).min(0, 'Humidity is a percentage from 0 to 100').max(100, 'Humidity is a percentage from 0 to 100'),
  temperatureC: z.number({ message: 'Temperature must be a number' }).min(-10, 'Temperature looks wrong').max(50, 'Temperature looks wrong'),
  recordedAt: z.iso.datetime({ offset: true }).optional(),
  note: OptionalNotes(280),
});
export const ConditionsLog = z.object({
  readings: z.array(ConditionReading),
  /** Relative humidity band the member keeps (Boveda-style packs are 62-72%). */
  target: z.object({ min: z.number(), max: z.number() }),
  /** When humidity fell under the band in the latest reading: recharge the humidification. */
  rechargeNeeded: z.boolean(),
});

/** CSV import (Cigar Scanner-style columns: name, brand, quantity, price, location, date). */
export const ImportPreviewBody = z.strictObject({ csv: z.string().min(1, 'The file is empty').max(60_000, 'The file is too large (60 KB at most)') });
/** Rows per import call: one TransactWrite holds the member's counts item and one Put a row (DynamoDB takes 100). */
export { IMPORT_MAX_ROWS };
/**
 * One imported row: the one rule for the preview (each CSV row is checked with it, and only a row it accepts is
 * shown as importable) and for the import body. A date must exist (2024-02-30 does not), a price has cents at most.
 */
export const ImportRow = z.strictObject({
  cigarId: z.string().min(1).max(80),
  quantity: Quantity.min(1, 'Quantity must be at least 1').max(10_000, 'Quantity is at most 10,000'),
  pricePaid: Money.nullable(),
  location: OptionalText(80, 'Location is at most 80 characters'),
  boxDate: z.string({ message: 'Date must be YYYY-MM-DD' })
    .refine((v) => IsoDate.safeParse(v).success, 'Date must be an existing date (YYYY-MM-DD)')
    .nullable(),
});
export type ImportRow = z.output<typeof ImportRow>;
export const ImportPreviewRow = z.object({
  line: z.number().int(),
  input: z.object({ name: z.string(), brand: z.string(), quantity: z.string(), price: z.string(), location: z.string(), date: z.string() }),
  match: z.object({ cigarId: z.string(), brandName: z.string(), cigarName: z.string() }).nullable(),
  errors: z.array(z.string()),
  /** The row as the import takes it (ImportRow's output), present exactly when `errors` is empty. */
  row: ImportRow.nullable(),
});
export const ImportPreview = z.object({ rows: z.array(ImportPreviewRow) });
export const ImportBody = z.strictObject({
  rows: z.array(ImportRow).min(1, 'Nothing to import').max(IMPORT_MAX_ROWS, `Import at most ${IMPORT_MAX_ROWS} rows at a time`),
});
