import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import type { RouteResponse } from '@torcedor/shared/route';
import type { routes } from '@torcedor/shared/routes';
import { PenLine, Plus, SearchX } from 'lucide-react';
import { CigarPicture } from '@/components/cigar-picture';
import { CommunityRating } from '@/components/community-rating';
import { WishlistButton } from '@/components/wishlist-button';
import { Button, buttonClass } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { errorDetail } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAddHumidorItem } from '@/lib/api/add-humidor-item';

type Match = RouteResponse<typeof routes.identifyCigar>['items'][number];

const PART_LABEL: Record<'brand' | 'line' | 'vitola', MessageDescriptor> = {
  brand: msg({ message: 'Brand', context: 'matched word' }),
  line: msg({ message: 'Line', context: 'matched word' }),
  vitola: msg({ message: 'Vitola', context: 'matched word' }),
};

/** The search a member who says "not this cigar" lands on: the match's brand and the line words the band showed. */
export function notThisCigarQuery(match: Match): string {
  const line = match.matched.line.length ? match.matched.line.join(' ') : '';
  return `${match.cigar.brandName} ${line}`.trim().slice(0, 100);
}

/** Why a cigar matched: the catalog words the band's text held, by part of its name. */
function MatchedWords({ matched }: { matched: Match['matched'] }) {
  const { t, i18n } = useLingui();
  const chips = (['brand', 'line', 'vitola'] as const).flatMap((part) => matched[part].map((word) => ({ part, word })));
  if (!chips.length) return null;
  return (
    <div className="mt-3">
      <p className="text-xs font-medium uppercase tracking-wide text-muted"><Trans>Matched on</Trans></p>
      <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={t`Matched words`}>
        {chips.map(({ part, word }) => {
          const label = i18n._(PART_LABEL[part]);
          return (
            <li key={`${part}-${word}`} className="rounded-full border border-border bg-surface-2 px-2.5 py-0.5 text-xs">
              <span className="text-muted">{t`${label}: `}</span>{word}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A match's confidence as the card shows it: a whole percentage. */
const percentOf = (m: Match) => Math.round(m.confidence * 100);

/** The labels as the member reads them. */
const MATCH_LABEL: Record<'Best match' | 'Equal match', MessageDescriptor> = { 'Best match': msg`Best match`, 'Equal match': msg`Equal match` };

/**
 * The label before each match's brand: 'Best match' for the first only when it stands above the second as shown
 * (equal percentages are equals: the band did not tell them apart, often the sizes of one line), else 'Equal match'
 * for each of the matches that share the top percentage, nothing for the rest.
 */
export function matchLabels(items: readonly Match[]): ('Best match' | 'Equal match' | null)[] {
  const top = items[0] ? percentOf(items[0]) : 0;
  const tied = items.filter((m) => percentOf(m) === top).length;
  return items.map((m, i) => (tied > 1 ? (percentOf(m) === top ? 'Equal match' : null) : i === 0 ? 'Best match' : null));
}

function MatchCard({ match, label, offline }: { match: Match; label: 'Best match' | 'Equal match' | null; offline: boolean }) {
  const { t, i18n } = useLingui();
  const { cigar } = match;
  const navigate = useNavigate();
  const addHumidor = useAddHumidorItem();
  const title = `${cigar.brandName} ${cigar.name}`;
  const percent = percentOf(match);
  const adding = addHumidor.isPending ? t`Adding...` : t`Add to Humidor`;
  const toHumidor = () => addHumidor.mutate({ cigarId: cigar.id, quantity: 1 }, {
    onSuccess: () => toast({ title: t`Item added to humidor`, variant: 'success' }),
    onError: (err) => toast({ title: t`Failed to add item to humidor`, description: errorDetail(err), variant: 'error' }),
  });
  return (
    <Card className="flex h-full flex-col" aria-label={title} role="article">
      <CigarPicture cigar={cigar} photos={cigar.photos} className="mb-4" />
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-sm text-muted">{label ? `${i18n._(MATCH_LABEL[label])} · ` : ''}{cigar.brandName}</p>
          <h3 className="text-lg font-semibold">{cigar.name}</h3>
          <p className="text-sm text-muted">{cigar.vitola} · {cigar.length}" × {cigar.ringGauge} · {cigar.country}</p>
        </div>
        <Badge className="shrink-0 bg-primary/15 text-primary">{t`${percent}% match`}</Badge>
      </div>
      {offline ? null : <CommunityRating averageRating={cigar.averageRating} reviewCount={cigar.reviewCount} className="mt-2" />}
      <MatchedWords matched={match.matched} />
      {offline ? null : (
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          {/* Each name starts with what the button shows (WCAG 2.5.3), the cigar after it. */}
          <Button size="sm" onClick={toHumidor} disabled={addHumidor.isPending} aria-label={`${adding}: ${title}`}>
            <Plus className="h-4 w-4" aria-hidden />{adding}
          </Button>
          <WishlistButton cigar={cigar} />
          <Link
            to="/cigars/$id" params={{ id: cigar.id }} search={{ review: 1 }}
            className={buttonClass('outline', 'sm', 'no-underline')} aria-label={t`Write a review of ${title}`}
          >
            <PenLine className="h-4 w-4" aria-hidden /><Trans>Write a Review</Trans>
          </Link>
          <Button
            size="sm" variant="ghost" onClick={() => void navigate({ to: '/search', search: { q: notThisCigarQuery(match) } })}
            aria-label={t`Not this cigar: ${title}, search instead`}
          >
            <SearchX className="h-4 w-4" aria-hidden /><Trans>Not this cigar</Trans>
          </Button>
        </div>
      )}
    </Card>
  );
}

/**
 * The band's matches, best first, each with its confidence, why it matched, and what to do with it. `offline`: matched
 * on the device against the saved catalog (docs/band-scan.md, "Offline"): said so, with no community figures and no
 * actions, which need the server.
 */
export function MatchList({ items, offline = false }: { items: readonly Match[]; offline?: boolean }) {
  const { t } = useLingui();
  const labels = matchLabels(items);
  const equals = labels.filter((l) => l === 'Equal match').length;
  return (
    <div>
      {offline ? (
        <p role="status" className="mb-3 rounded-md border border-border bg-surface-2 p-3 text-sm">
          <Trans>You are offline: these matches come from the catalog saved on this device. Reconnect to add one to your humidor or review it.</Trans>
        </p>
      ) : null}
      {equals > 1 ? (
        <p className="mb-3 text-sm text-muted">
          {equals === items.length
            ? t`These ${equals} match the band equally well: check the size on the band or the box.`
            : t`The first ${equals} match the band equally well: check the size on the band or the box.`}
        </p>
      ) : null}
      <ol className="grid gap-4 lg:grid-cols-3" aria-label={t`Matching cigars`}>
        {items.map((m, i) => <li key={m.cigar.id}><MatchCard match={m} label={labels[i] ?? null} offline={offline} /></li>)}
      </ol>
    </div>
  );
}
