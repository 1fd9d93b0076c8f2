import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { HumidorItem } from '@torcedor/shared/schemas/humidor';

type Status = HumidorItem['status'];

/**
 * Status labels and colours (docs/product.md, "Behaviour": owned green, to-try blue, aged primary, smoked grey). The
 * label is a message (shown with `i18n._(label)`); the value sent to the API stays as it is.
 */
export const STATUSES: { value: Status; label: MessageDescriptor; className: string }[] = [
  { value: 'owned', label: msg`Owned`, className: 'bg-success/20 text-success' },
  { value: 'to-try', label: msg`To Try`, className: 'bg-info/20 text-info' },
  { value: 'aged', label: msg`Aged`, className: 'bg-primary/20 text-primary' },
  { value: 'smoked', label: msg`Smoked`, className: 'bg-muted/20 text-muted' },
];
export const statusOf = (s: Status) => STATUSES.find((x) => x.value === s)!;
