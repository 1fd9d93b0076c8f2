import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { starRating } from '@torcedor/shared/formatters';
import { Stars } from '@/components/ui/stars';
import { formatDecimal } from '@/lib/numbers';

/** A 0-100 score as stars (the shared starRating rule), optionally with its value out of 5 beside them. */
export function ScoreStars({ score, showValue = false }: { score: number; showValue?: boolean }) {
  const { t } = useLingui();
  const s = starRating(score);
  const value = formatDecimal(Number(s.value));
  return (
    <span className="inline-flex items-center gap-1.5">
      <Stars full={s.full} half={s.half} label={t`Rated ${value} out of 5`} />
      {showValue ? <span className="font-semibold">{value}</span> : null}
    </span>
  );
}

/** A cigar's average rating with its review count beside it; 'No reviews yet' before the first one. */
export function CigarRating({ averageRating, reviewCount }: { averageRating: number | null; reviewCount: number }) {
  if (averageRating === null || reviewCount === 0) return <p className="text-sm text-muted"><Trans>No reviews yet</Trans></p>;
  return (
    <p className="flex items-center gap-2">
      <ScoreStars score={averageRating} showValue />
      <span className="text-sm text-muted"><Plural value={reviewCount} one="(# review)" other="(# reviews)" /></span>
    </p>
  );
}
