import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorDetail, errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSendCampaignEmail } from '../api/send-campaign-email';
import { useTestCampaignEmail } from '../api/test-campaign-email';

const members = (n: number) => (n === 1 ? '1 member' : `${n} members`);

/**
 * Send test to me (the owner's own verified address), and Send to members behind a confirmation: the send goes out
 * once and cannot be taken back.
 */
export function CampaignEmailSendActions({ campaignId, subject, disabled, describedBy }: {
  campaignId: string; subject: string; disabled: boolean; describedBy: string;
}) {
  const test = useTestCampaignEmail();
  const send = useSendCampaignEmail();
  const [confirming, setConfirming] = useState(false);

  const onTest = () => test.mutate(campaignId, {
    onSuccess: () => toast({ title: 'Test sent to your address.', variant: 'success' }),
    onError: (err) => toast({ title: 'Test not sent', description: errorText(err, 'The test could not be sent. Try again.'), variant: 'error' }),
  });
  // Awaited rather than per-call callbacks: the answer turns the section read-only, which unmounts these buttons.
  const onSend = async () => {
    try {
      const { recipients } = await send.mutateAsync(campaignId);
      toast({ title: `Sending to ${members(recipients)}.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Failed to send email', description: errorDetail(err), variant: 'error' });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <Button size="sm" variant="outline" disabled={disabled || test.isPending} aria-describedby={describedBy} onClick={onTest}>
        {test.isPending ? 'Sending test...' : 'Send test to me'}
      </Button>
      <Button size="sm" variant="outline" disabled={disabled || send.isPending} aria-describedby={describedBy} onClick={() => setConfirming(true)}>
        <Send className="h-4 w-4" aria-hidden />Send to members
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Send to members?"
        text={`Send "${subject}" to every member who accepts marketing emails? This cannot be undone.`}
        confirmLabel={send.isPending ? 'Sending...' : 'Send'}
        onConfirm={() => void onSend()}
        pending={send.isPending}
      />
    </>
  );
}
