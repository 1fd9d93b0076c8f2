import type { Campaign } from '@torcedor/shared/schemas/marketing';

type Status = Campaign['status'];

/** The words and colours of a campaign's fields on the page. */
export const OBJECTIVE_LABELS: Record<Campaign['objective'], string> = {
  acquisition: 'Acquisition', conversion: 'Conversion', engagement: 'Engagement', retention: 'Retention',
};
export const TYPE_LABELS: Record<Campaign['type'], string> = {
  social: 'Social', email: 'Email', content: 'Content', referral: 'Referral', paid: 'Paid',
};
export const STATUS_LABELS: Record<Status, string> = { draft: 'Draft', active: 'Active', paused: 'Paused', completed: 'Completed' };
export const STATUS_STYLES: Record<Status, string> = {
  draft: 'bg-surface-2 text-muted',
  active: 'bg-success/20 text-success',
  paused: 'bg-warning/20 text-warning',
  completed: 'bg-primary/20 text-primary',
};

/** The status changes the owner may make from each status, with the button's word. */
export const STATUS_ACTIONS: Record<Status, readonly { to: Status; label: string }[]> = {
  draft: [{ to: 'active', label: 'Activate' }],
  active: [{ to: 'paused', label: 'Pause' }, { to: 'completed', label: 'Complete' }],
  paused: [{ to: 'active', label: 'Activate' }, { to: 'completed', label: 'Complete' }],
  completed: [],
};
