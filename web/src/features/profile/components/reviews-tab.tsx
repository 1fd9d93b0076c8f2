import { useLingui } from '@lingui/react/macro';
import { starRating } from '@torcedor/shared/formatters';
import type { Review } from '@torcedor/shared/schemas/social';
import { PhotoGallery } from '@/components/photo-gallery';
import { ReportButton } from '@/components/report-button';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState, Skeleton } from '@/components/ui/card';
import { Stars } from '@/components/ui/stars';
import { formatRelative } from '@/lib/date-time';
import { formatDecimal, formatNumber } from '@/lib/numbers';
import { useUserReviews } from '../api/get-user-reviews';

/** A member's reviews, newest first; another member's each carry a Report button. */
export function ReviewsTab({ memberId, emptyText, own }: { memberId: string; emptyText: string; own: boolean }) {
  const { t } = useLingui();
  const { data, isPending, isError, refetch } = useUserReviews(memberId);
  if (isPending) return <div className="space-y-4" aria-busy="true"><Skeleton className="h-40" /><Skeleton className="h-40" /></div>;
  if (isError) {
    return (
      <EmptyState title={t`Could not load reviews`} text={t`Check your connection and try again.`}>
        <Button variant="outline" onClick={() => void refetch()}>{t`Try again`}</Button>
      </EmptyState>
    );
  }
  if (data.length === 0) return <EmptyState title={t`No Reviews Yet`} text={emptyText} />;
  return (
    <ul className="space-y-4" aria-label={t`Reviews`}>
      {data.map((r) => <li key={r.id}><ReviewCard review={r} own={own} /></li>)}
    </ul>
  );
}

function ReviewCard({ review: r, own }: { review: Review; own: boolean }) {
  const { t } = useLingui();
  const stars = starRating(r.overallScore);
  const rating = formatDecimal(Number(stars.value));
  const { brandName, cigarName, userName } = r;
  const scores = [
    [t({ message: 'Draw', context: 'review score' }), r.drawScore],
    [t({ message: 'Burn', context: 'review score' }), r.burnScore],
    [t({ message: 'Flavor', context: 'review score' }), r.flavorScore],
    [t({ message: 'Overall', context: 'review score' }), r.overallScore],
  ] as const;
  return (
    <Card>
      <article aria-label={t`Review of ${brandName} ${cigarName}`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <p className="text-sm text-muted">{r.brandName}</p>
            <h3 className="text-lg font-semibold">{r.cigarName}</h3>
            {r.cigarVitola ? <p className="text-sm text-muted">{r.cigarVitola}</p> : null}
          </div>
          <div className="flex items-center gap-2">
            <Stars full={stars.full} half={stars.half} label={t`Rated ${rating} out of 5`} />
            <span className="text-sm font-semibold">{rating}</span>
            {own ? null : <ReportButton targetType="review" targetId={r.id} />}
          </div>
        </div>
        <dl className="mt-3 grid grid-cols-4 gap-2 text-center">
          {scores.map(([label, n]) => (
            <div key={label} className="flex flex-col-reverse rounded-md bg-surface-2 p-2">
              <dt className="text-xs text-muted">{label}</dt>
              <dd className="font-bold">{formatNumber(n)}</dd>
            </div>
          ))}
        </dl>
        {r.flavorTags.length > 0 ? (
          <ul className="mt-3 flex flex-wrap gap-1" aria-label={t`Flavor tags`}>
            {r.flavorTags.map((tag) => <li key={tag}><Badge className="bg-surface-2 text-fg">{tag}</Badge></li>)}
          </ul>
        ) : null}
        {r.notes ? <p className="mt-3 whitespace-pre-wrap break-words">{r.notes}</p> : null}
        {r.photos.length ? <PhotoGallery photos={r.photos} subject={t`${brandName} ${cigarName}, reviewed by ${userName}`} className="mt-3" /> : null}
        <p className="mt-3 text-xs text-muted"><time dateTime={r.createdAt}>{formatRelative(r.createdAt, new Date())}</time></p>
      </article>
    </Card>
  );
}
