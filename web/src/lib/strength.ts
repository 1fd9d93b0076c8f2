import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Cigar } from '@torcedor/shared/schemas/catalog';
import { i18n } from './i18n';

type Strength = Cigar['strength'];

/**
 * Strength labels (docs/product.md, "Behaviour"), wherever a cigar's strength shows: the API's value (which stays
 * English) and its label in each language (docs/i18n.md). A component shows one with `i18n._(STRENGTH_LABELS[s])`
 * (`useLingui()` from '@lingui/react'), or with `strengthLabel(s)` while it renders.
 */
export const STRENGTH_LABELS: Record<Strength, MessageDescriptor> = {
  mild: msg({ message: 'Mild', context: 'cigar strength' }),
  'mild-medium': msg({ message: 'Mild-Medium', context: 'cigar strength' }),
  medium: msg({ message: 'Medium', context: 'cigar strength' }),
  'medium-full': msg({ message: 'Medium-Full', context: 'cigar strength' }),
  full: msg({ message: 'Full', context: 'cigar strength' }),
};

/** A strength's label in the app's language now (call it while rendering). */
export const strengthLabel = (s: Strength): string => i18n._(STRENGTH_LABELS[s]);

/**
 * The labels as plain strings, each read in the app's language at the moment it is read (a getter per value), so the
 * pages that index it while rendering (`STRENGTH_LABEL[cigar.strength]`) show it translated.
 */
export const STRENGTH_LABEL: Readonly<Record<Strength, string>> = Object.defineProperties(
  {} as Record<Strength, string>,
  Object.fromEntries(
    (Object.keys(STRENGTH_LABELS) as Strength[]).map((s) => [s, { get: () => strengthLabel(s), enumerable: true }]),
  ),
);

/**
 * The badges run from a pale claro wrapper to a dark maduro one, so a stronger cigar reads darker, never red like an
 * error. Each is a solid fill whose text passes WCAG AA (at least 4.5:1) on any of the theme's backgrounds.
 */
export const STRENGTH_CLASS: Record<Strength, string> = {
  mild: 'bg-[#efe3c8] text-[#2a1d12]',
  'mild-medium': 'bg-[#d9bb85] text-[#2a1d12]',
  medium: 'bg-primary text-primary-fg',
  'medium-full': 'bg-[#94582a] text-[#fff4e6]',
  full: 'bg-[#4a2a17] text-fg ring-1 ring-inset ring-[#a0734e]',
};
