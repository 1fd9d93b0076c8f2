import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { PenLine, Plus } from 'lucide-react';
import { CigarPicture } from '@/components/cigar-picture';
import { PhotoGallery } from '@/components/photo-gallery';
import { WishlistButton } from '@/components/wishlist-button';
import { Button, buttonClass } from '@/components/ui/button';
import { Badge, Card, EmptyState } from '@/components/ui/card';
import { useCurrentUser } from '@/lib/current-user';
import { useCigar } from '../api/get-cigar';
import { useCigarReviews } from '../api/get-cigar-reviews';
import { ReviewDialog } from './review-form';
import { ReviewList } from './review-list';
import { CigarRating } from './score-stars';
import { STRENGTH_CLASS, STRENGTH_LABELS } from '@/lib/strength';

/**
 * /cigars/{id}: the cigar (brand, make-up, rating and review count), its reviews newest first, and the
 * 'Write a Review' dialog, open while `reviewOpen` (the route keeps it in the URL, so the link can be shared).
 */
export function CigarPage({ id, reviewOpen, onReviewOpenChange }: { id: string; reviewOpen: boolean; onReviewOpenChange: (open: boolean) => void }) {
  const { i18n } = useLingui();
  const cigar = useCigar(id);
  const reviews = useCigarReviews(id);
  const me = useCurrentUser();
  return (
    <div className="space-y-8">
      <Card>
        <CigarPicture cigar={cigar} photos={cigar.photos} zoomable className="mb-5 max-h-80" />
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="text-muted">{cigar.brandName} <span aria-hidden>·</span> <span className="text-sm">{cigar.brandCountry}</span></p>
            <h1 className="text-3xl font-bold text-fg">{cigar.name}</h1>
            <p className="mt-1 text-muted">{cigar.country} · {cigar.vitola} · {cigar.length}" × {cigar.ringGauge}</p>
          </div>
          <Badge className={STRENGTH_CLASS[cigar.strength]}>{i18n._(STRENGTH_LABELS[cigar.strength])}</Badge>
        </div>
        <div className="mt-3"><CigarRating averageRating={cigar.averageRating} reviewCount={cigar.reviewCount} /></div>
        <p className="mt-4">{cigar.description}</p>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted"><Trans>Wrapper</Trans></dt><dd>{cigar.wrapper}</dd>
          <dt className="text-muted"><Trans>Binder</Trans></dt><dd>{cigar.binder}</dd>
          <dt className="text-muted"><Trans>Filler</Trans></dt><dd>{cigar.filler}</dd>
        </dl>
        <div className="mt-6 flex flex-wrap gap-2">
          <Button onClick={() => onReviewOpenChange(true)}><PenLine className="h-4 w-4" aria-hidden /><Trans>Write a Review</Trans></Button>
          <Link to="/humidor" search={{ add: cigar.id }} className={buttonClass('outline', 'md', 'no-underline')}>
            <Plus className="h-4 w-4" aria-hidden /><Trans>Add to Humidor</Trans>
          </Link>
          <WishlistButton cigar={cigar} className="h-10" />
        </div>
      </Card>
      {cigar.photos.length ? (
        <section aria-labelledby="photos-title">
          <h2 id="photos-title" className="mb-4 text-2xl font-semibold"><Trans>Community photos</Trans></h2>
          <PhotoGallery photos={cigar.photos} subject={`${cigar.brandName} ${cigar.name}`} />
        </section>
      ) : null}
      <section aria-labelledby="reviews-title">
        <h2 id="reviews-title" className="mb-4 text-2xl font-semibold"><Trans>Reviews</Trans></h2>
        <ReviewList reviews={reviews} meId={me?.id ?? ''} />
      </section>
      <ReviewDialog cigar={cigar} open={reviewOpen} onOpenChange={onReviewOpenChange} />
    </div>
  );
}

/** An unknown cigar (the route's not-found). */
export function CigarNotFound() {
  const { t } = useLingui();
  return (
    <EmptyState title={t`Cigar not found`} text={t`This cigar is not in the catalog, or the link is wrong.`}>
      <Link to="/search" search={{}} className={buttonClass('primary', 'md', 'no-underline')}><Trans>Search the catalog</Trans></Link>
    </EmptyState>
  );
}
