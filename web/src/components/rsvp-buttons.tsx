import { select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ClubEvent, RsvpStatus } from '@torcedor/shared/schemas/events';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/card';
import { errorDetail } from '@/lib/api-client';
import { isEventFull, useRsvpEvent } from '@/lib/api/rsvp-event';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/numbers';
import { toast } from '@/lib/toast';

/**
 * The member's answer to an event (docs/product.md, "Events"). The main button reads 'RSVP' (no answer, or not
 * going) or 'Going', and toggles going and not going; 'Maybe' answers interested and is hidden once interested,
 * which shows as a state. A waitlisted member reads as going, with their place on the waitlist. While an answer
 * is being sent both buttons are disabled and the main one reads 'Updating...'.
 */
export function RsvpButtons({ event, size = 'sm', className }: { event: ClubEvent; size?: 'sm' | 'md'; className?: string }) {
  const { t } = useLingui();
  const rsvp = useRsvpEvent();
  const going = event.rsvpStatus === 'going';
  const interested = event.rsvpStatus === 'interested';
  const pending = rsvp.isPending;
  const waitlistPosition = event.waitlistPosition === null ? null : formatNumber(event.waitlistPosition);

  const answer = (status: RsvpStatus) =>
    rsvp.mutate({ id: event.id, status }, {
      onSuccess: () => toast({
        title: t({
          message: select(status, {
            going: 'RSVP updated to going', interested: 'RSVP updated to interested', not_going: 'RSVP updated to not_going',
            other: 'RSVP updated',
          }),
        }),
        variant: 'success',
      }),
      onError: (err) => isEventFull(err)
        ? toast({ title: t`This event is full`, description: errorDetail(err), variant: 'default' })
        : toast({ title: t`Failed to update RSVP`, description: errorDetail(err), variant: 'error' }),
    });

  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <Button
        size={size}
        variant={going ? 'primary' : 'outline'}
        aria-pressed={going}
        disabled={pending}
        onClick={() => answer(going ? 'not_going' : 'going')}
      >
        {pending ? t`Updating...` : going ? t({ message: 'Going', context: 'RSVP answer' }) : t`RSVP`}
      </Button>
      {interested ? null : <Button size={size} variant="ghost" disabled={pending} onClick={() => answer('interested')}><Trans>Maybe</Trans></Button>}
      {interested ? <Badge className="bg-info/20 text-info"><Trans>Interested</Trans></Badge> : null}
      {waitlistPosition !== null ? <Badge className="bg-surface-2 text-fg">{t`On the waitlist (#${waitlistPosition})`}</Badge> : null}
    </div>
  );
}
