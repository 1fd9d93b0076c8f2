import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Review } from '@torcedor/shared/schemas/social';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { MemberBadge } from '@/components/member-badge';
import { PhotoGallery } from '@/components/photo-gallery';
import { ReportButton } from '@/components/report-button';
import { Button } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorText } from '@/lib/api-client';
import { formatRelative } from '@/lib/date-time';
import { formatNumber } from '@/lib/numbers';
import { toast } from '@/lib/toast';
import { useDeleteReview } from '../api/delete-review';
import { ScoreStars } from './score-stars';

const SCORE_ROWS = [
  { key: 'drawScore', label: msg({ message: 'Draw', context: 'review score' }) },
  { key: 'burnScore', label: msg({ message: 'Burn', context: 'review score' }) },
  { key: 'flavorScore', label: msg({ message: 'Flavor', context: 'review score' }) },
  { key: 'overallScore', label: msg({ message: 'Overall', context: 'review score' }) },
] as const satisfies readonly { key: keyof Review; label: MessageDescriptor }[];

function Avatar({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  if (imageUrl) return <img src={imageUrl} alt="" className="h-10 w-10 shrink-0 rounded-full object-cover" loading="lazy" />;
  return (
    <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-fg" aria-hidden>
      {name.trim().slice(0, 1).toUpperCase() || '?'}
    </span>
  );
}

function DeleteReviewButton({ review }: { review: Review }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const remove = useDeleteReview(review.cigarId);
  const confirm = () => remove.mutate(review.id, {
    onSuccess: () => { toast({ title: t`Review deleted`, variant: 'success' }); setOpen(false); },
    onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to delete review`), variant: 'error' }),
  });
  return (
    <>
      <Button variant="ghost" size="sm" className="text-muted" onClick={() => setOpen(true)} aria-label={t`Delete your review`}>
        <Trash2 className="h-4 w-4" aria-hidden /><Trans>Delete</Trans>
      </Button>
      <ConfirmDialog
        open={open} onOpenChange={setOpen} title={t`Delete this review?`} text={t`It will be removed from this cigar and your profile. This cannot be undone.`}
        confirmLabel={remove.isPending ? t`Deleting...` : t`Delete`} onConfirm={confirm} pending={remove.isPending}
      />
    </>
  );
}

function ReviewCard({ review: r, own }: { review: Review; own: boolean }) {
  const { t, i18n } = useLingui();
  const cigar = `${r.brandName} ${r.cigarName}`;
  const member = r.userName;
  return (
    <Card>
      <div className="flex items-start gap-3">
        <Avatar name={r.userName} imageUrl={r.userImageUrl} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="flex items-center gap-1">
              <Link to="/profile/{-$id}" params={{ id: r.userId }} className="font-semibold">{r.userName}</Link>
              <MemberBadge premium={r.premium} />
            </span>
            <time className="text-xs text-muted" dateTime={r.createdAt}>{formatRelative(r.createdAt, new Date())}</time>
          </div>
          <ScoreStars score={r.overallScore} showValue />
        </div>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {SCORE_ROWS.map(({ key, label }) => (
          // Each group holds only its <dt> and <dd> (a definition list's allowed content); the bar, drawn under the
          // row, is inside the <dd> and hidden from assistive tools, which read the score itself.
          <div key={key} className="relative flex justify-between pb-2.5 text-sm">
            <dt className="text-muted">{i18n._(label)}</dt>
            <dd className="font-medium">
              {formatNumber(r[key])}/100
              <span className="absolute inset-x-0 bottom-0 h-1.5 overflow-hidden rounded-full bg-surface-2" aria-hidden>
                <span className="block h-full rounded-full bg-primary" style={{ width: `${Math.max(0, Math.min(100, r[key]))}%` }} />
              </span>
            </dd>
          </div>
        ))}
      </dl>
      {r.flavorTags.length ? (
        <ul className="mt-4 flex flex-wrap gap-1.5" aria-label={t`Flavor tags`}>
          {r.flavorTags.map((tag) => <li key={tag} className="rounded-full bg-primary/20 px-2.5 py-0.5 text-xs font-medium text-primary">{tag}</li>)}
        </ul>
      ) : null}
      {r.notes ? <p className="mt-4 whitespace-pre-wrap break-words">{r.notes}</p> : null}
      {r.photos.length ? <PhotoGallery photos={r.photos} subject={t`${cigar}, reviewed by ${member}`} className="mt-4" /> : null}
      <div className="mt-3 flex justify-end">
        {own ? <DeleteReviewButton review={r} /> : <ReportButton targetType="review" targetId={r.id} />}
      </div>
    </Card>
  );
}

/** A cigar's reviews as given (newest first); the member's own can be deleted, anyone else's reported. */
export function ReviewList({ reviews, meId }: { reviews: Review[]; meId: string }) {
  const { t } = useLingui();
  if (!reviews.length) return <EmptyState title={t`No reviews yet`} text={t`Be the first to share how this one smokes.`} />;
  return (
    <ul className="space-y-4" aria-label={t`Reviews`}>
      {reviews.map((r) => <li key={r.id}><ReviewCard review={r} own={r.userId === meId} /></li>)}
    </ul>
  );
}
