import { useLingui } from '@lingui/react/macro';
import { Crown } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * The premium member badge, next to a member's name wherever it shows: a small gold crown for members with
 * premium benefits (a paid plan or a running trial, which grants the same). The server works it out at each read
 * (`premium`, `hostPremium`, `actorPremium`), so an ended plan shows none. Nothing for a free member.
 */
export function MemberBadge({ premium, className }: { premium: boolean; className?: string }) {
  const { t } = useLingui();
  if (!premium) return null;
  return (
    <span role="img" aria-label={t`Premium member`} title={t`Premium member`} className={cn('inline-flex shrink-0 items-center align-middle text-primary', className)}>
      <Crown className="h-3.5 w-3.5 fill-current" aria-hidden />
    </span>
  );
}
