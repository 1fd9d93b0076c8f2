import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRightLeft, Trash2 } from 'lucide-react';
import { CigarPicture } from '@/components/cigar-picture';
import { CommunityRating } from '@/components/community-rating';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/card';
import { Select } from '@/components/ui/input';
import { Stars } from '@/components/ui/stars';
import { errorDetail } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { wishlistQuery } from '../api/get-wishlist';
import { useDeleteWishlistItem, useMoveWishlistItem, useUpdateWishlistItem } from '../api/wishlist-mutations';

export function WishlistTab({ canAdd }: { canAdd: boolean }) {
  const { t } = useLingui();
  const { data: wishes } = useSuspenseQuery(wishlistQuery);
  const update = useUpdateWishlistItem();
  const del = useDeleteWishlistItem();
  const move = useMoveWishlistItem();
  if (!wishes.length) {
    return (
      <EmptyState title={t`Your Wishlist is Empty`} text={t`Find cigars you want to try and add them from search.`}>
        <Link to="/search" search={{}} className={buttonClass('primary', 'md', 'no-underline')}><Trans>Search cigars</Trans></Link>
      </EmptyState>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {[...wishes].sort((a, b) => b.priority - a.priority).map((w) => {
        const cigar = `${w.brandName} ${w.cigarName}`;
        const priority = w.priority;
        return (
          <li key={w.id}>
            <Card>
              <CigarPicture
                cigar={{ brandName: w.brandName, name: w.cigarName, vitola: w.cigarVitola, length: w.cigarLength, ringGauge: w.cigarRingGauge, wrapper: w.cigarWrapper }}
                className="mb-4"
              />
              <p className="text-sm text-muted">{w.brandName}</p>
              <h3 className="text-lg font-semibold">{w.cigarName}</h3>
              {w.cigarVitola ? <p className="text-sm text-muted">{w.cigarVitola}</p> : null}
              <CommunityRating averageRating={w.averageRating} reviewCount={w.reviewCount} className="mt-1" />
              <div className="mt-2 flex items-center gap-3">
                <Stars full={w.priority} label={t`Priority ${priority} of 5`} />
                <div className="w-32">
                  <Select
                    aria-label={t`Priority of ${cigar}`} className="h-8 py-0 text-sm" value={w.priority}
                    onChange={(e) => update.mutate({ id: w.id, body: { priority: Number(e.target.value), notes: w.notes } }, {
                      onError: (err) => toast({ title: t`Failed to update item`, description: errorDetail(err), variant: 'error' }),
                    })}
                  >
                    {[1, 2, 3, 4, 5].map((p) => <option key={p} value={p}>{t`Priority ${p}`}</option>)}
                  </Select>
                </div>
              </div>
              {w.notes ? <p className="mt-2 text-sm italic text-muted">{w.notes}</p> : null}
              <div className="mt-4 flex justify-end gap-2">
                <Button
                  variant="outline" size="sm" disabled={!canAdd || move.isPending}
                  onClick={() => move.mutate({ id: w.id, quantity: 1 }, {
                    onSuccess: () => toast({ title: t`Item added to humidor`, variant: 'success' }),
                    onError: (err) => toast({ title: t`Failed to add item to humidor`, description: errorDetail(err), variant: 'error' }),
                  })}
                >
                  <ArrowRightLeft className="h-4 w-4" aria-hidden /><Trans>Move to humidor</Trans>
                </Button>
                <Button
                  variant="ghost" size="sm" disabled={del.isPending} aria-label={t`Remove ${cigar} from wishlist`}
                  onClick={() => del.mutate(w.id, {
                    onSuccess: () => toast({ title: t`Item removed from wishlist`, variant: 'success' }),
                    onError: (err) => toast({ title: t`Failed to remove item from wishlist`, description: errorDetail(err), variant: 'error' }),
                  })}
                >
                  <Trash2 className="h-4 w-4" aria-hidden /><Trans>Remove</Trans>
                </Button>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
