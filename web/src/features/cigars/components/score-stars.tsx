import { starRating } from '@torcedor/shared/formatters';
import { Stars } from '@/components/ui/stars';

/** A 0-100 score as stars (the shared starRating rule), optionally with its value out of 5 beside them. */
export function ScoreStars({ score, showValue = false }: { score: number; showValue?: boolean }) {
  const s = starRating(score);
  return (
    <span className="inline-flex items-center gap-1.5">
      <Stars full={s.full} half={s.half} label={`Rated ${s.value} out of 5`} />
      {showValue ? <span className="font-semibold">{s.value}</span> : null}
    </span>
  );
}

/** A cigar's average rating with its review count beside it; 'No reviews yet' before the first one. */
export function CigarRating({ averageRating, reviewCount }: { averageRating: number | null; reviewCount: number }) {
  if (averageRating === null || reviewCount === 0) return <p className="text-sm text-muted">No reviews yet</p>;
  return (
    <p className="flex items-center gap-2">
      <ScoreStars score={averageRating} showValue />
      <span className="text-sm text-muted">({reviewCount} {reviewCount === 1 ? 'review' : 'reviews'})</span>
    </p>
  );
}
