import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { starRating } from '@torcedor/shared/formatters';
import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatDecimal } from '@/lib/numbers';

/**
 * A cigar's community rating wherever the cigar appears, compact for cards: a star, the value out of 5 (the shared
 * starRating rule) and the review count; 'No ratings yet' only while it has no review.
 */
export function CommunityRating({ averageRating, reviewCount, className }: { averageRating: number | null; reviewCount: number; className?: string }) {
  const { t } = useLingui();
  const count = t({ message: plural(reviewCount, { one: '# review', other: '# reviews' }) });
  if (reviewCount === 0) return <span className={cn('text-sm text-muted', className)}><Trans>No ratings yet</Trans></span>;
  if (averageRating === null) return <span className={cn('text-sm text-muted', className)}>{count}</span>;
  const value = formatDecimal(Number(starRating(averageRating).value));
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1 text-sm', className)}>
      <span role="img" aria-label={t`Rated ${value} out of 5`} className="inline-flex items-center gap-1">
        <Star className="h-4 w-4 fill-current text-primary" aria-hidden />
        <span className="font-semibold text-fg" aria-hidden>{value}</span>
      </span>
      <span className="text-muted">({count})</span>
    </span>
  );
}
