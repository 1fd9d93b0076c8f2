import { Link, useNavigate } from '@tanstack/react-router';
import type { RouteResponse } from '@torcedor/shared/route';
import type { routes } from '@torcedor/shared/routes';
import { Heart, PenLine, Plus, SearchX } from 'lucide-react';
import { Button, buttonClass } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { errorDetail } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAddHumidorItem } from '@/lib/api/add-humidor-item';
import { useAddWishlistItem } from '@/lib/api/add-wishlist-item';

type Match = RouteResponse<typeof routes.identifyCigar>['items'][number];

const PART_LABEL = { brand: 'Brand', line: 'Line', vitola: 'Vitola' } as const;

/** The search a member who says "not this cigar" lands on: the match's brand and the line words the band showed. */
export function notThisCigarQuery(match: Match): string {
  const line = match.matched.line.length ? match.matched.line.join(' ') : '';
  return `${match.cigar.brandName} ${line}`.trim().slice(0, 100);
}

/** Why a cigar matched: the catalog words the band's text held, by part of its name. */
function MatchedWords({ matched }: { matched: Match['matched'] }) {
  const chips = (['brand', 'line', 'vitola'] as const).flatMap((part) => matched[part].map((word) => ({ part, word })));
  if (!chips.length) return null;
  return (
    <div className="mt-3">
      <p className="text-xs font-medium uppercase tracking-wide text-muted">Matched on</p>
      <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Matched words">
        {chips.map(({ part, word }) => (
          <li key={`${part}-${word}`} className="rounded-full border border-border bg-surface-2 px-2.5 py-0.5 text-xs">
            <span className="text-muted">{PART_LABEL[part]}: </span>{word}
          </li>
        ))}
      </ul>
    </div>
  );
}

function MatchCard({ match, rank }: { match: Match; rank: number }) {
  const { cigar } = match;
  const navigate = useNavigate();
  const addHumidor = useAddHumidorItem();
  const addWishlist = useAddWishlistItem();
  const title = `${cigar.brandName} ${cigar.name}`;
  const percent = Math.round(match.confidence * 100);
  const toHumidor = () => addHumidor.mutate({ cigarId: cigar.id, quantity: 1 }, {
    onSuccess: () => toast({ title: 'Item added to humidor', variant: 'success' }),
    onError: (err) => toast({ title: 'Failed to add item to humidor', description: errorDetail(err), variant: 'error' }),
  });
  const toWishlist = () => addWishlist.mutate({ cigarId: cigar.id, priority: 3, notes: null }, {
    onSuccess: () => toast({ title: 'Item added to wishlist', variant: 'success' }),
    onError: (err) => toast({ title: 'Failed to add item to wishlist', description: errorDetail(err), variant: 'error' }),
  });
  return (
    <Card className="flex h-full flex-col" aria-label={title} role="article">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-sm text-muted">{rank === 1 ? 'Best match · ' : ''}{cigar.brandName}</p>
          <h3 className="text-lg font-semibold">{cigar.name}</h3>
          <p className="text-sm text-muted">{cigar.vitola} · {cigar.length}" × {cigar.ringGauge} · {cigar.country}</p>
        </div>
        <Badge className="shrink-0 bg-primary/15 text-primary">{percent}% match</Badge>
      </div>
      <MatchedWords matched={match.matched} />
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <Button size="sm" onClick={toHumidor} disabled={addHumidor.isPending} aria-label={`Add ${title} to humidor`}>
          <Plus className="h-4 w-4" aria-hidden />{addHumidor.isPending ? 'Adding...' : 'Add to Humidor'}
        </Button>
        <Button size="sm" variant="outline" onClick={toWishlist} disabled={addWishlist.isPending} aria-label={`Add ${title} to wishlist`}>
          <Heart className="h-4 w-4" aria-hidden />Add to Wishlist
        </Button>
        <Link
          to="/cigars/$id" params={{ id: cigar.id }} search={{ review: 1 }}
          className={buttonClass('outline', 'sm', 'no-underline')} aria-label={`Write a review of ${title}`}
        >
          <PenLine className="h-4 w-4" aria-hidden />Write a Review
        </Link>
        <Button size="sm" variant="ghost" onClick={() => void navigate({ to: '/search', search: { q: notThisCigarQuery(match) } })} aria-label={`Not ${title}: search instead`}>
          <SearchX className="h-4 w-4" aria-hidden />Not this cigar
        </Button>
      </div>
    </Card>
  );
}

/** The band's matches, best first, each with its confidence, why it matched, and what to do with it. */
export function MatchList({ items }: { items: readonly Match[] }) {
  return (
    <ol className="grid gap-4 lg:grid-cols-3" aria-label="Matching cigars">
      {items.map((m, i) => <li key={m.cigar.id}><MatchCard match={m} rank={i + 1} /></li>)}
    </ol>
  );
}
