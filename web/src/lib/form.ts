import type { FieldErrors, FieldValues, Path } from 'react-hook-form';
import * as z from 'zod';
import { translateServerText } from './error-text';

/**
 * A field of a form schema: the input's string, converted, then checked by the shared body schema's
 * own field schema. So a form keeps the server's rules and messages while its inputs hold strings.
 *
 *   quantity: fromInput((v) => Number(v), AddHumidorItem.shape.quantity)
 */
export function fromInput<S extends z.ZodType>(convert: (v: string) => z.input<S>, schema: S): z.ZodPipe<z.ZodPipe<z.ZodString, z.ZodTransform<z.input<S>, string>>, S> {
  // The cast only restates what the signature promises: TypeScript cannot check pipe's constraint for a generic S.
  return z.string().transform(convert).pipe(schema as never) as never;
}

/** Converters for fromInput. */
export const blankToNull = (v: string) => v.trim() || null;
export const emptyToNull = (v: string) => v || null;

/** The first field error in the order the fields are shown (for the toast that sums up a failed submit), in the app's language. */
export function firstErrorMessage<T extends FieldValues>(errors: FieldErrors<T>, order: readonly Path<T>[]): string | undefined {
  for (const k of order) {
    const message = (errors as Record<string, { message?: unknown } | undefined>)[k]?.message;
    if (typeof message === 'string') return translateServerText(message);
  }
  const root = errors.root?.message;
  return typeof root === 'string' ? translateServerText(root) : undefined;
}
