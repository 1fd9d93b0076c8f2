import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
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
import { formatDecimal, formatNumber } from '@/lib/numbers';
import { isUnauthorizedError } from '@/lib/unauthorized';
import { STRENGTH_CLASS, STRENGTH_LABEL } from '@/lib/strength';
import { useAiProfile } from '../api/get-ai-profile';
import { useQuickPicks } from '../api/get-quick-picks';
import { useSmokeNext } from '../api/get-smoke-next';

/** A side card with its heading, and its read's loading and failed states (with a retry). */
function ReadCard<T>({ title, query, children }: { title: string; query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const id = useId();
  const { t } = useLingui();
  let body: ReactNode;
  if (query.isSuccess) body = children(query.data);
  else if (query.isError) {
    // A lost session is the logged-out rule's (query-client.ts): no second message here.
    body = isUnauthorizedError(query.error) ? null : (
      <div className="text-sm text-muted">
        <p><Trans>We could not load this right now.</Trans></p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}><Trans>Try again</Trans></Button>
      </div>
    );
  } else body = <div className="space-y-2"><span className="sr-only">{t`Loading...`}</span><Skeleton className="h-5 w-3/4" /><Skeleton className="h-5 w-1/2" /></div>;
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
  const { t } = useLingui();
  if (usage.limit === null) return <Card className="mb-6"><p><Trans>Unlimited AI recommendations are included in your membership.</Trans></p></Card>;
  const used = formatNumber(usage.used);
  const limit = usage.limit;
  return (
    <Card className="mb-6 flex flex-wrap items-center justify-between gap-3 border-primary/40 bg-primary/10">
      <p>{t({ message: plural(limit, { one: `Free Tier: ${used}/# AI recommendation used today`, other: `Free Tier: ${used}/# AI recommendations used today` }) })}</p>
      <Link to="/subscription" className={buttonClass('primary', 'sm', 'no-underline')}><Trans>Upgrade Now</Trans></Link>
    </Card>
  );
}

/** Cigars tried, the average rating (0-100, one decimal) or N/A, and the preferred strength (Medium by default). */
export function ProfileCard() {
  const { t, i18n } = useLingui();
  const query = useAiProfile();
  return (
    <ReadCard title={t`Your Profile`} query={query}>
      {(profile) => (
        <dl className="space-y-2 text-sm">
          <div className="flex justify-between gap-2">
            <dt className="text-muted"><Trans>Cigars tried</Trans></dt><dd className="font-semibold">{formatNumber(profile.cigarsTried)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted"><Trans>Average rating</Trans></dt>
            <dd className="font-semibold">
              {profile.averageRating === null
                ? t({ message: 'N/A', context: 'no rating yet' })
                : <>{formatDecimal(profile.averageRating)}<span className="font-normal text-muted"> / 100</span></>}
            </dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted"><Trans>Preferred strength</Trans></dt>
            <dd className="font-semibold">{i18n._(STRENGTH_LABEL[profile.preferredStrength] ?? STRENGTH_LABEL.medium)}</dd>
          </div>
        </dl>
      )}
    </ReadCard>
  );
}

/** How well a quick pick matches the member's taste: '94% match'. */
function MatchScore({ score }: { score: number }) {
  const { t } = useLingui();
  const percent = formatNumber(score);
  return <span className="shrink-0 text-sm font-semibold text-primary">{t`${percent}% match`}</span>;
}

/** How long a cigar to smoke next has rested in the humidor. */
function Rested({ days }: { days: number }) {
  return <p className="mt-2 flex items-center gap-1 text-xs text-muted"><Clock className="h-3.5 w-3.5" aria-hidden /><Plural value={days} one="Rested # day" other="Rested # days" /></p>;
}

/** What to drink with a cigar to smoke next. */
function PairWith({ pairing }: { pairing: string }) {
  const { t } = useLingui();
  return <p className="mt-1 flex items-center gap-1 text-xs text-muted"><Wine className="h-3.5 w-3.5" aria-hidden />{t`Pair with: ${pairing}`}</p>;
}

/**
 * The first quick picks: the community's photo of the cigar or its illustration, brand, name, vitola, strength, its
 * community rating and the match percentage, each opening its cigar.
 */
export function QuickPicksCard() {
  const { t, i18n } = useLingui();
  const query = useQuickPicks();
  return (
    <ReadCard title={t`Quick Picks`} query={query}>
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
                <MatchScore score={p.matchScore} />
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
                <span className="text-muted">{p.vitola}</span>
                <Badge className={STRENGTH_CLASS[p.strength]}>{i18n._(STRENGTH_LABEL[p.strength])}</Badge>
              </div>
              <CommunityRating averageRating={p.averageRating} reviewCount={p.reviewCount} className="mt-2 text-xs" />
              <p className="mt-1 text-xs text-muted">{p.reason}</p>
            </li>
          ))}
        </ul>
      ) : <p className="text-sm text-muted"><Trans>Review a few cigars and VitolAI will pick some for you.</Trans></p>}
    </ReadCard>
  );
}


/** What to smoke next from the member's humidor: the reason, the rest and a pairing; an empty humidor points to it. */
export function SmokeNextCard() {
  const { t } = useLingui();
  const query = useSmokeNext();
  return (
    <ReadCard title={t`Smoke Next from Your Humidor`} query={query}>
      {({ items }) => items.length ? (
        <ul className="space-y-3">
          {items.map((p) => (
            <li key={p.itemId} className="rounded-md bg-surface-2 p-3 text-sm">
              <p className="text-xs uppercase tracking-wide text-muted">{p.brandName}</p>
              {p.cigarId ? (
                <Link to="/cigars/$id" params={{ id: p.cigarId }} className="font-medium text-fg no-underline hover:text-primary">{p.cigarName}</Link>
              ) : <p className="font-medium">{p.cigarName}</p>}
              <p className="mt-1 text-muted">{p.reason}</p>
              <Rested days={p.restDays} />
              <PairWith pairing={p.pairing} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="text-sm text-muted">
          <p><Trans>Your humidor is empty. Add the cigars you keep and VitolAI will suggest which to smoke next.</Trans></p>
          <Link to="/humidor" className={buttonClass('outline', 'sm', 'mt-3 no-underline')}><Trans>Go to My Humidor</Trans></Link>
        </div>
      )}
    </ReadCard>
  );
}
