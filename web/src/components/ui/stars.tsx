import { Star, StarHalf } from 'lucide-react';

/** A row of stars: `full` filled, an optional half, the rest empty, out of five. */
export function Stars({ full, half = false, label }: { full: number; half?: boolean; label: string }) {
  const empty = 5 - full - (half ? 1 : 0);
  return (
    <span className="inline-flex items-center text-primary" role="img" aria-label={label}>
      {Array.from({ length: full }, (_, i) => <Star key={`f${i}`} className="h-4 w-4 fill-current" aria-hidden />)}
      {half ? <StarHalf className="h-4 w-4 fill-current" aria-hidden /> : null}
      {Array.from({ length: Math.max(0, empty) }, (_, i) => <Star key={`e${i}`} className="h-4 w-4 text-border" aria-hidden />)}
    </span>
  );
}
