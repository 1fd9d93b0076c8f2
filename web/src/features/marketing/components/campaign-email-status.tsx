import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Campaign } from '@torcedor/shared/schemas/marketing';
import { Badge } from '@/components/ui/card';
import { formatDateTime } from '@/lib/date-time';
import { formatNumber } from '@/lib/numbers';
import { Figures } from './campaign-parts';

type Email = NonNullable<Campaign['email']>;

const EMAIL_STATUS_LABELS: Record<Email['status'], MessageDescriptor> = {
  draft: msg({ message: 'Draft', context: 'email status' }),
  sending: msg({ message: 'Sending', context: 'email status' }),
  sent: msg({ message: 'Sent', context: 'email status' }),
};
const EMAIL_STATUS_STYLES: Record<Email['status'], string> = {
  draft: 'bg-surface-2 text-muted',
  sending: 'bg-warning/20 text-warning',
  sent: 'bg-success/20 text-success',
};

export function CampaignEmailStatusBadge({ status }: { status: Email['status'] }) {
  const { i18n } = useLingui();
  return <Badge className={EMAIL_STATUS_STYLES[status]}>{i18n._(EMAIL_STATUS_LABELS[status])}</Badge>;
}

/**
 * A sending or sent email's numbers: the members it goes to, the messages accepted so far, what SES reported of them and who unsubscribed
 * after receiving it, with when it went out. The line above them is announced when the send finishes.
 */
export function CampaignEmailNumbers({ email }: { email: Email }) {
  const { t } = useLingui();
  const figures = [
    [t`Recipients`, formatNumber(email.recipients)], [t({ message: 'Sent', context: 'email figure' }), formatNumber(email.sent)],
    [t`Delivered`, formatNumber(email.delivered)], [t`Bounced`, formatNumber(email.bounced)],
    [t`Complaints`, formatNumber(email.complained)], [t({ message: 'Unsubscribed', context: 'email figure' }), formatNumber(email.unsubscribed)],
  ] as const;
  const sentAt = email.sentAt ? formatDateTime(email.sentAt) : '';
  const since = email.sendStartedAt ? formatDateTime(email.sendStartedAt) : '';
  return (
    <div className="space-y-2">
      <p role="status" className="text-sm">
        {email.status === 'sent' && email.sentAt ? <Trans>Sent <time dateTime={email.sentAt}>{sentAt}</time></Trans> : null}
        {email.status === 'sending' ? (email.sendStartedAt
          ? <Trans>Sending since <time dateTime={email.sendStartedAt}>{since}</time>: the numbers refresh every few seconds.</Trans>
          : <Trans>Sending: the numbers refresh every few seconds.</Trans>
        ) : null}
      </p>
      <Figures figures={figures} className="grid-cols-3" label={t`Email numbers`} />
    </div>
  );
}
