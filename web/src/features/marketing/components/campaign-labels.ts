import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Campaign } from '@torcedor/shared/schemas/marketing';

type Status = Campaign['status'];

/**
 * The words and colours of a campaign's fields on the page (docs/i18n.md): each API value's label, shown with
 * `i18n._(…)`; the value sent to the API stays as it is.
 */
export const OBJECTIVE_LABELS: Record<Campaign['objective'], MessageDescriptor> = {
  acquisition: msg({ message: 'Acquisition', context: 'campaign objective' }),
  conversion: msg({ message: 'Conversion', context: 'campaign objective' }),
  engagement: msg({ message: 'Engagement', context: 'campaign objective' }),
  retention: msg({ message: 'Retention', context: 'campaign objective' }),
};
export const TYPE_LABELS: Record<Campaign['type'], MessageDescriptor> = {
  social: msg({ message: 'Social', context: 'campaign type' }),
  email: msg({ message: 'Email', context: 'campaign type' }),
  content: msg({ message: 'Content', context: 'campaign type' }),
  referral: msg({ message: 'Referral', context: 'campaign type' }),
  paid: msg({ message: 'Paid', context: 'campaign type' }),
};
export const STATUS_LABELS: Record<Status, MessageDescriptor> = {
  draft: msg({ message: 'Draft', context: 'campaign status' }),
  active: msg({ message: 'Active', context: 'campaign status' }),
  paused: msg({ message: 'Paused', context: 'campaign status' }),
  completed: msg({ message: 'Completed', context: 'campaign status' }),
};
export const STATUS_STYLES: Record<Status, string> = {
  draft: 'bg-surface-2 text-muted',
  active: 'bg-success/20 text-success',
  paused: 'bg-warning/20 text-warning',
  completed: 'bg-primary/20 text-primary',
};

const ACTIVATE = msg({ message: 'Activate', context: 'campaign action' });
const PAUSE = msg({ message: 'Pause', context: 'campaign action' });
const COMPLETE = msg({ message: 'Complete', context: 'campaign action' });

/** The status changes the owner may make from each status, with the button's word. */
export const STATUS_ACTIONS: Record<Status, readonly { to: Status; label: MessageDescriptor }[]> = {
  draft: [{ to: 'active', label: ACTIVATE }],
  active: [{ to: 'paused', label: PAUSE }, { to: 'completed', label: COMPLETE }],
  paused: [{ to: 'active', label: ACTIVATE }, { to: 'completed', label: COMPLETE }],
  completed: [],
};
