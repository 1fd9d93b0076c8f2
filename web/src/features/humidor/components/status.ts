import type { HumidorItem } from '@torcedor/shared/schemas/humidor';

type Status = HumidorItem['status'];

/** Status labels and colours (docs/product.md, "Behaviour": owned green, to-try blue, aged primary, smoked grey). */
export const STATUSES: { value: Status; label: string; className: string }[] = [
  { value: 'owned', label: 'Owned', className: 'bg-success/20 text-success' },
  { value: 'to-try', label: 'To Try', className: 'bg-info/20 text-info' },
  { value: 'aged', label: 'Aged', className: 'bg-primary/20 text-primary' },
  { value: 'smoked', label: 'Smoked', className: 'bg-muted/20 text-muted' },
];
export const statusOf = (s: Status) => STATUSES.find((x) => x.value === s)!;

export const money = (n: number) => n.toLocaleString(undefined, { style: 'currency', currency: 'USD' });
