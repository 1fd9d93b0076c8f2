import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicProfile } from '@torcedor/shared/schemas/social';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorDetail } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useToggleBlock } from '../api/toggle-block';

/** Block / Unblock on another member's profile, each asked once more before it is done. */
export function BlockButton({ profile }: { profile: Pick<PublicProfile, 'id' | 'displayName' | 'blockedByMe'> }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const name = profile.displayName;
  const toggle = useToggleBlock(profile.id);
  const blocked = profile.blockedByMe;
  const confirm = () =>
    toggle.mutate({ block: !blocked }, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: blocked ? t`${name} unblocked` : t`${name} blocked`, variant: 'success' });
      },
      onError: (err) => toast({ title: blocked ? t`Failed to unblock` : t`Failed to block`, description: errorDetail(err), variant: 'error' }),
    });
  return (
    <>
      <Button variant="ghost" size="sm" className="text-muted" onClick={() => setOpen(true)}>
        <Ban className="h-4 w-4" aria-hidden />
        {blocked ? <Trans>Unblock</Trans> : <Trans>Block</Trans>}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={blocked ? t`Unblock ${name}?` : t`Block ${name}?`}
        text={blocked
          ? t`You will see each other’s posts, reviews and profile again, and may message and follow each other as your settings allow.`
          : t`Neither of you will be able to message, follow, or comment on the other, or see each other’s posts, reviews and profile. Follows between you end. They are not told.`}
        confirmLabel={blocked ? t`Unblock` : t`Block`}
        onConfirm={confirm}
        pending={toggle.isPending}
      />
    </>
  );
}
