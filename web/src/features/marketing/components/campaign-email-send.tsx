import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorDetail, errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSendCampaignEmail } from '../api/send-campaign-email';
import { useTestCampaignEmail } from '../api/test-campaign-email';

/**
 * Send test to me (the owner's own verified address), and Send to members behind a confirmation: the send goes out
 * once and cannot be taken back.
 */
export function CampaignEmailSendActions({ campaignId, subject, disabled, describedBy }: {
  campaignId: string; subject: string; disabled: boolean; describedBy: string;
}) {
  const { t } = useLingui();
  const test = useTestCampaignEmail();
  const send = useSendCampaignEmail();
  const [confirming, setConfirming] = useState(false);

  const onTest = () => test.mutate(campaignId, {
    onSuccess: () => toast({ title: t`Test sent to your address.`, variant: 'success' }),
    onError: (err) => toast({ title: t`Test not sent`, description: errorText(err, t`The test could not be sent. Try again.`), variant: 'error' }),
  });
  // Awaited rather than per-call callbacks: the answer turns the section read-only, which unmounts these buttons.
  const onSend = async () => {
    try {
      const { recipients } = await send.mutateAsync(campaignId);
      toast({ title: t({ message: plural(recipients, { one: 'Sending to # member.', other: 'Sending to # members.' }) }), variant: 'success' });
    } catch (err) {
      toast({ title: t`Failed to send email`, description: errorDetail(err), variant: 'error' });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <Button size="sm" variant="outline" disabled={disabled || test.isPending} aria-describedby={describedBy} onClick={onTest}>
        {test.isPending ? t`Sending test...` : t`Send test to me`}
      </Button>
      <Button size="sm" variant="outline" disabled={disabled || send.isPending} aria-describedby={describedBy} onClick={() => setConfirming(true)}>
        <Send className="h-4 w-4" aria-hidden /><Trans>Send to members</Trans>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Send to members?`}
        text={t`Send "${subject}" to every member who accepts marketing emails? This cannot be undone.`}
        confirmLabel={send.isPending ? t`Sending...` : t({ message: 'Send', context: 'confirm sending' })}
        onConfirm={() => void onSend()}
        pending={send.isPending}
      />
    </>
  );
}
