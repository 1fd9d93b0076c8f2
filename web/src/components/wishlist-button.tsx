import { Trans, useLingui } from '@lingui/react/macro';
import { Heart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAddWishlistItem } from '@/lib/api/add-wishlist-item';
import { useRemoveWishlistItem, useWishlistEntry } from '@/lib/api/get-wishlist';
import { errorDetail } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';

/** The priority a cigar gets when it is added with one tap (the humidor's Wishlist tab changes it). */
const DEFAULT_PRIORITY = 3;

/**
 * A cigar's wishlist button wherever the cigar is shown (search, the cigar page, a band scan), from the member's
 * wishlist query: 'Add to Wishlist' while the cigar is not on it, then 'In Wishlist' with a Remove button. `onAdd`
 * replaces the one-tap add (search asks for a priority and notes first). Each name starts with what the button shows
 * (WCAG 2.5.3), the cigar after it.
 */
export function WishlistButton({ cigar, onAdd, className }: {
  cigar: { id: string; brandName: string; name: string };
  onAdd?: () => void;
  className?: string;
}) {
  const { t } = useLingui();
  const { entry, loading } = useWishlistEntry(cigar.id);
  const add = useAddWishlistItem();
  const remove = useRemoveWishlistItem();
  const title = `${cigar.brandName} ${cigar.name}`;

  if (entry) {
    const removeEntry = () => remove.mutate(entry.id, {
      onSuccess: () => toast({ title: t`Item removed from wishlist`, variant: 'success' }),
      onError: (err) => toast({ title: t`Failed to remove item from wishlist`, description: errorDetail(err), variant: 'error' }),
    });
    return (
      <span className={cn('inline-flex items-center gap-1', className)} data-wishlist="in">
        <span className="inline-flex h-8 items-center gap-1.5 rounded-md bg-primary/15 px-3 text-sm font-medium text-primary">
          <Heart className="h-4 w-4 fill-current" aria-hidden /><Trans>In Wishlist<span className="sr-only">: {title}</span></Trans>
        </span>
        <Button variant="ghost" size="sm" onClick={removeEntry} disabled={remove.isPending} aria-label={t`Remove ${title} from the wishlist`}>
          {remove.isPending ? t`Removing...` : t`Remove`}
        </Button>
      </span>
    );
  }

  const addEntry = onAdd ?? (() => add.mutate({ cigarId: cigar.id, priority: DEFAULT_PRIORITY, notes: null }, {
    onSuccess: () => toast({ title: t`Item added to wishlist`, variant: 'success' }),
    onError: (err) => toast({ title: t`Failed to add item to wishlist`, description: errorDetail(err), variant: 'error' }),
  }));
  const shown = add.isPending ? t`Adding...` : t`Add to Wishlist`;
  return (
    <Button
      variant="outline" size="sm" className={className} onClick={addEntry} disabled={loading || add.isPending} data-wishlist="out"
      aria-label={t({ message: `${shown}: ${title}`, comment: 'The button\'s text, then the cigar' })}
    >
      <Heart className="h-4 w-4" aria-hidden />{shown}
    </Button>
  );
}
