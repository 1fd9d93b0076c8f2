import type { Cigar } from '@torcedor/shared/schemas/catalog';

type Strength = Cigar['strength'];

/** Strength labels and badge colours (docs/product.md, "Behaviour"), wherever a cigar's strength shows. */
export const STRENGTH_LABEL: Record<Strength, string> = {
  mild: 'Mild', 'mild-medium': 'Mild-Medium', medium: 'Medium', 'medium-full': 'Medium-Full', full: 'Full',
};
export const STRENGTH_CLASS: Record<Strength, string> = {
  mild: 'bg-success/20 text-success', 'mild-medium': 'bg-info/20 text-info', medium: 'bg-primary/20 text-primary',
  'medium-full': 'bg-warning/20 text-warning', full: 'bg-danger/20 text-danger',
};
