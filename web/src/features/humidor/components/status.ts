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

// Made on first use and kept: `toLocaleString` with options makes a new formatter on every call (once per card).
let usd: Intl.NumberFormat | undefined;
/** An amount in US dollars, in the member's locale. */
export const money = (n: number) => (usd ??= new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' })).format(n);
