import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, skipping falsy ones, then resolves Tailwind conflicts: of two classes for the same
 * property (`p-5` and `p-3`, `max-w-lg` and `max-w-2xl`), the later one wins. Primitives pass the
 * caller's `className` last, so a caller can override their defaults.
 */
export const cn = (...values: ClassValue[]) => twMerge(clsx(values));
