import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { EMAIL_CODES } from '@torcedor/shared/constants';
import { MailCheck } from 'lucide-react';
import { useId } from 'react';
import { VerifyEmailForm } from '@/components/verify-email-form';
import { currentUserQuery } from '@/lib/current-user';
import { toast } from '@/lib/toast';

/**
 * Across the signed-in app while the member's address is not verified (`emailVerified === false`; a trial account,
 * null, has no address to verify): what waits on it, and the emailed code. Verifying updates the current user, so
 * the banner goes at once.
 */
export function VerifyEmailBanner() {
  const { t } = useLingui();
  const { data: user } = useQuery(currentUserQuery);
  const titleId = useId();
  if (!user || user.emailVerified !== false) return null;
  const sentTo = user.pendingEmail ?? user.email ?? '';
  const email = user.email;
  const digits = EMAIL_CODES.digits;
  return (
    <section aria-labelledby={titleId} className="border-b border-primary/40 bg-gradient-to-r from-primary/15 via-surface to-surface">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex gap-3">
          <MailCheck className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
          <div>
            <h2 id={titleId} className="font-semibold text-fg"><Trans>Please verify your email address</Trans></h2>
            <p className="mt-1 max-w-xl text-sm text-muted">
              <Trans>
                Your address <strong className="font-medium text-fg">{email}</strong> is not verified yet. Posting, commenting,
                reviewing, hosting and RSVPs open once it is: enter the {digits}-digit code we sent to {sentTo}.
              </Trans>
            </p>
          </div>
        </div>
        <VerifyEmailForm
          sentTo={sentTo}
          className="lg:max-w-md"
          onVerified={() => toast({
            title: t`Email verified`,
            description: t`Thank you. Posting, commenting, reviewing, hosting and RSVPs are now open to you.`,
            variant: 'success',
          })}
        />
      </div>
    </section>
  );
}
