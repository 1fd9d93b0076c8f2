import type { Campaign } from '@torcedor/shared/schemas/marketing';
import { Badge } from '@/components/ui/card';
import { formatDateTime } from '@/lib/date-time';
import { Figures } from './campaign-parts';

type Email = NonNullable<Campaign['email']>;

const EMAIL_STATUS_LABELS: Record<Email['status'], string> = { draft: 'Draft', sending: 'Sending', sent: 'Sent' };
const EMAIL_STATUS_STYLES: Record<Email['status'], string> = {
  draft: 'bg-surface-2 text-muted',
  sending: 'bg-warning/20 text-warning',
  sent: 'bg-success/20 text-success',
};

export function CampaignEmailStatusBadge({ status }: { status: Email['status'] }) {
  return <Badge className={EMAIL_STATUS_STYLES[status]}>{EMAIL_STATUS_LABELS[status]}</Badge>;
}

/**
 * A sending or sent email's numbers: the members it goes to, the messages accepted so far, what SES reported of them and who unsubscribed
 * after receiving it, with when it went out. The line above them is announced when the send finishes.
 */
export function CampaignEmailNumbers({ email }: { email: Email }) {
  const figures = [
    ['Recipients', email.recipients], ['Sent', email.sent], ['Delivered', email.delivered], ['Bounced', email.bounced],
    ['Complaints', email.complained], ['Unsubscribed', email.unsubscribed],
  ] as const;
  return (
    <div className="space-y-2">
      <p role="status" className="text-sm">
        {email.status === 'sent' && email.sentAt ? <>Sent <time dateTime={email.sentAt}>{formatDateTime(email.sentAt)}</time></> : null}
        {email.status === 'sending' ? (
          <>Sending{email.sendStartedAt ? <> since <time dateTime={email.sendStartedAt}>{formatDateTime(email.sendStartedAt)}</time></> : null}: the numbers refresh every few seconds.</>
        ) : null}
      </p>
      <Figures figures={figures} className="grid-cols-3" label="Email numbers" />
    </div>
  );
}
