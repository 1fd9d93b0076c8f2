import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicProfile } from '@torcedor/shared/schemas/social';
import { UserCheck, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorDetail } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useToggleFollow } from '../api/toggle-follow';

/**
 * Follow / Unfollow on another member's profile: shown when the member is followed (to unfollow) or may be
 * followed now (`canFollow`); nothing otherwise (the member accepts no follows).
 */
export function FollowButton({ profile }: { profile: Pick<PublicProfile, 'id' | 'isFollowing' | 'canFollow'> }) {
  const { t } = useLingui();
  const toggle = useToggleFollow(profile.id);
  const following = profile.isFollowing;
  if (!following && !profile.canFollow) return null;
  const onClick = () =>
    toggle.mutate({ follow: !following }, {
      onSuccess: (r) => toast({ title: r.isFollowing ? t`Followed successfully` : t`Unfollowed successfully`, variant: 'success' }),
      onError: (err) => toast({ title: t`Failed to update follow status`, description: errorDetail(err), variant: 'error' }),
    });
  return (
    <Button variant={following ? 'outline' : 'primary'} size="sm" aria-pressed={following} disabled={toggle.isPending} onClick={onClick}>
      {following ? <UserCheck className="h-4 w-4" aria-hidden /> : <UserPlus className="h-4 w-4" aria-hidden />}
      {following ? <Trans>Unfollow</Trans> : <Trans>Follow</Trans>}
    </Button>
  );
}
