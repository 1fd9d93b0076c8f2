import type { Cigar } from '@torcedor/shared/schemas/catalog';

type Strength = Cigar['strength'];

/** Strength labels and badge colours (docs/product.md, "Behaviour"), wherever a cigar's strength shows. */
export const STRENGTH_LABEL: Record<Strength, string> = {
  mild: 'Mild', 'mild-medium': 'Mild-Medium', medium: 'Medium', 'medium-full': 'Medium-Full', full: 'Full',
};
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
