import { Trans } from '@lingui/react/macro';
import type { Campaign } from '@torcedor/shared/schemas/marketing';
import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CampaignEmailForm } from './campaign-email-form';
import { CampaignEmailNumbers, CampaignEmailStatusBadge } from './campaign-email-status';

/**
 * A campaign's Email (docs/marketing.md, "Campaign emails"): Write email while it has none; then the form to write,
 * preview, try and send it; once it is sending or sent, its status and numbers (read every 5 s while it sends) above
 * the email, read-only.
 */
export function CampaignEmailSection({ campaign }: { campaign: Campaign }) {
  const [writing, setWriting] = useState(false);
  const titleId = useId();
  const { email } = campaign;
  const sending = email && email.status !== 'draft' ? email : null;
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="font-semibold"><Trans context="campaign email">Email</Trans></h3>
        {email ? <CampaignEmailStatusBadge status={email.status} /> : null}
      </div>
      {sending ? <CampaignEmailNumbers email={sending} /> : null}
      {email || writing ? (
        // A new form once the email goes out: it shows what was sent, read-only.
        <CampaignEmailForm key={sending ? 'read-only' : 'open'} campaign={campaign} focusOnMount={writing} />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted"><Trans>No email yet: write one to send this campaign to the members who accept marketing emails.</Trans></p>
          <Button size="sm" onClick={() => setWriting(true)}><Mail className="h-4 w-4" aria-hidden /><Trans>Write email</Trans></Button>
        </div>
      )}
    </section>
  );
}
