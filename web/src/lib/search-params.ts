/**
 * Readers of the URL's search parameters, for the routes' `validateSearch`. Each is total: a missing or unfit value
 * reads as its fallback (never an error screen), as the `.catch()` schemas they replaced did. They are plain functions,
 * not zod schemas, because every route's search validation ships in the first bundle and zod does not
 * (docs/decisions.md, "First screen").
 *
 * The router has already parsed each value as JSON where it could: `?q=1926` arrives as the number 1926, `?success=true`
 * as `true`.
 */

/** `value` when it is one of `values`, else `fallback`. */
export function oneOf<const T extends string | number, F = undefined>(value: unknown, values: readonly T[], fallback?: F): T | F {
  return (values as readonly unknown[]).includes(value) ? (value as T) : (fallback as F);
}

/**
 * Text of 1 to `max` characters, else undefined; a number (the router's reading of `?q=1926`) is its digits. Empty text is
 * undefined, so a cleared search field leaves the URL.
 */
export function text(value: unknown, max: number): string | undefined {
  const s = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  return typeof s === 'string' && s.length > 0 && s.length <= max ? s : undefined;
}

/** `true` for a true flag, else undefined. */
export const flag = (value: unknown): true | undefined => (value === true ? true : undefined);
