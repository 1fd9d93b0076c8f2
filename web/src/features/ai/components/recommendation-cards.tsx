import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { QUICK_PICKS_SHOWN } from '@torcedor/shared/constants';
import type { AiUsage } from '@torcedor/shared/schemas/ai';
import { Clock, Wine } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type * as z from 'zod';
import { CigarPicture } from '@/components/cigar-picture';
import { CommunityRating } from '@/components/community-rating';
import { Button, buttonClass } from '@/components/ui/button';
import { Badge, Card, Skeleton } from '@/components/ui/card';
import { isUnauthorizedError } from '@/lib/unauthorized';
import { STRENGTH_CLASS, STRENGTH_LABEL } from '@/lib/strength';
import { useAiProfile } from '../api/get-ai-profile';
import { useQuickPicks } from '../api/get-quick-picks';
import { useSmokeNext } from '../api/get-smoke-next';

/** A side card with its heading, and its read's loading and failed states (with a retry). */
function ReadCard<T>({ title, query, children }: { title: string; query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const id = useId();
  let body: ReactNode;
  if (query.isSuccess) body = children(query.data);
  else if (query.isError) {
    // A lost session is the logged-out rule's (query-client.ts): no second message here.
    body = isUnauthorizedError(query.error) ? null : (
      <div className="text-sm text-muted">
        <p>We could not load this right now.</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>Try again</Button>
      </div>
    );
  } else body = <div className="space-y-2"><span className="sr-only">Loading...</span><Skeleton className="h-5 w-3/4" /><Skeleton className="h-5 w-1/2" /></div>;
  return (
    <Card>
      <section aria-labelledby={id}>
        <h2 id={id} className="mb-3 text-lg font-semibold">{title}</h2>
        {body}
      </section>
    </Card>
  );
}

/** The free-tier banner (n of the daily limit used, from the server) or, unlimited, a line saying so. */
export function UsageBanner({ usage }: { usage: z.infer<typeof AiUsage> }) {
  if (usage.limit === null) return <Card className="mb-6"><p>Unlimited AI recommendations are included in your membership.</p></Card>;
  return (
    <Card className="mb-6 flex flex-wrap items-center justify-between gap-3 border-primary/40 bg-primary/10">
      <p>Free Tier: {usage.used}/{usage.limit} AI recommendations used today</p>
      <Link to="/subscription" className={buttonClass('primary', 'sm', 'no-underline')}>Upgrade Now</Link>
    </Card>
  );
}

/** Cigars tried, the average rating (0-100, one decimal) or N/A, and the preferred strength (Medium by default). */
export function ProfileCard() {
  const query = useAiProfile();
  return (
    <ReadCard title="Your Profile" query={query}>
      {(profile) => (
        <dl className="space-y-2 text-sm">
          <div className="flex justify-between gap-2"><dt className="text-muted">Cigars tried</dt><dd className="font-semibold">{profile.cigarsTried}</dd></div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted">Average rating</dt>
            <dd className="font-semibold">
              {profile.averageRating === null ? 'N/A' : <>{profile.averageRating.toFixed(1)}<span className="font-normal text-muted"> / 100</span></>}
            </dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted">Preferred strength</dt>
            <dd className="font-semibold">{STRENGTH_LABEL[profile.preferredStrength] ?? STRENGTH_LABEL.medium}</dd>
          </div>
        </dl>
      )}
    </ReadCard>
  );
}

/**
 * The first quick picks: the community's photo of the cigar or its illustration, brand, name, vitola, strength, its
 * community rating and the match percentage, each opening its cigar.
 */
export function QuickPicksCard() {
  const query = useQuickPicks();
  return (
    <ReadCard title="Quick Picks" query={query}>
      {({ items }) => items.length ? (
        <ul className="space-y-3">
          {items.slice(0, QUICK_PICKS_SHOWN).map((p) => (
            <li key={p.cigarId} className="rounded-md bg-surface-2 p-3">
              <CigarPicture
                cigar={{ brandName: p.brand, name: p.name, vitola: p.vitola, length: p.length, ringGauge: p.ringGauge, wrapper: p.wrapper }}
                photos={[p.photoUrl]} className="mb-2"
              />
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="text-xs uppercase tracking-wide text-muted">{p.brand}</p>
                  <Link to="/cigars/$id" params={{ id: p.cigarId }} className="font-medium text-fg no-underline hover:text-primary">{p.name}</Link>
                </div>
                <span className="shrink-0 text-sm font-semibold text-primary">{p.matchScore}% match</span>
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
                <span className="text-muted">{p.vitola}</span>
                <Badge className={STRENGTH_CLASS[p.strength]}>{STRENGTH_LABEL[p.strength]}</Badge>
              </div>
              <CommunityRating averageRating={p.averageRating} reviewCount={p.reviewCount} className="mt-2 text-xs" />
              <p className="mt-1 text-xs text-muted">{p.reason}</p>
            </li>
          ))}
        </ul>
      ) : <p className="text-sm text-muted">Review a few cigars and VitolAI will pick some for you.</p>}
    </ReadCard>
  );
}

const restLabel = (days: number) => `Rested ${days} ${days === 1 ? 'day' : 'days'}`;

/** What to smoke next from the member's humidor: the reason, the rest and a pairing; an empty humidor points to it. */
export function SmokeNextCard() {
  const query = useSmokeNext();
  return (
    <ReadCard title="Smoke Next from Your Humidor" query={query}>
      {({ items }) => items.length ? (
        <ul className="space-y-3">
          {items.map((p) => (
            <li key={p.itemId} className="rounded-md bg-surface-2 p-3 text-sm">
              <p className="text-xs uppercase tracking-wide text-muted">{p.brandName}</p>
              {p.cigarId ? (
                <Link to="/cigars/$id" params={{ id: p.cigarId }} className="font-medium text-fg no-underline hover:text-primary">{p.cigarName}</Link>
              ) : <p className="font-medium">{p.cigarName}</p>}
              <p className="mt-1 text-muted">{p.reason}</p>
              <p className="mt-2 flex items-center gap-1 text-xs text-muted"><Clock className="h-3.5 w-3.5" aria-hidden />{restLabel(p.restDays)}</p>
              <p className="mt-1 flex items-center gap-1 text-xs text-muted"><Wine className="h-3.5 w-3.5" aria-hidden />Pair with: {p.pairing}</p>
            </li>
          ))}
        </ul>
      ) : (
        <div className="text-sm text-muted">
          <p>Your humidor is empty. Add the cigars you keep and VitolAI will suggest which to smoke next.</p>
          <Link to="/humidor" className={buttonClass('outline', 'sm', 'mt-3 no-underline')}>Go to My Humidor</Link>
        </div>
      )}
    </ReadCard>
  );
}
