import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Tastes } from '@torcedor/shared/schemas/identity';
import type { SuggestedMember } from '@torcedor/shared/schemas/social';
import { Camera, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { MemberBadge } from '@/components/member-badge';
import { TastePicker } from '@/components/taste-picker';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useAddHumidorItem } from '@/lib/api/add-humidor-item';
import { searchCatalogQuery } from '@/lib/api/search-catalog';
import { useUpdateTastes } from '@/lib/api/update-tastes';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/lib/current-user';
import { formatNumber } from '@/lib/numbers';
import { toast } from '@/lib/toast';
import { useCompleteFirstRun } from '../api/complete-first-run';
import { useFollowMember } from '../api/follow-member';
import { useSuggestedMembers } from '../api/get-suggested-members';
import { waitForFeed } from '../api/wait-for-feed';

const STEPS: readonly MessageDescriptor[] = [msg`Your tastes`, msg`Members to follow`, msg`Your first cigar`];

/** The strength labels the suggestions' shared tastes carry (services/social's), in the app's language. */
const STRENGTH_TASTES: Record<string, MessageDescriptor> = {
  Mild: msg({ message: 'Mild', context: 'cigar strength' }),
  'Mild-medium': msg({ message: 'Mild-medium', context: 'cigar strength' }),
  Medium: msg({ message: 'Medium', context: 'cigar strength' }),
  'Medium-full': msg({ message: 'Medium-full', context: 'cigar strength' }),
  Full: msg({ message: 'Full', context: 'cigar strength' }),
};

/** A shared taste as the language says it: strengths are translated; wrapper families and countries are names. */
function tasteLabel(i18n: I18n, taste: string): string {
  const strength = Object.hasOwn(STRENGTH_TASTES, taste) ? STRENGTH_TASTES[taste] : undefined;
  return strength ? i18n._(strength) : taste;
}

const ACTIVE_REASON = /^Active in the club: (\d+) posts? this week$/;

/**
 * Why a member is suggested, in the app's language. The server words it in English from what the suggestion carries
 * (services/social/src/domain/suggestions.ts): the shared tastes, else the week's posts, else membership; a reason
 * worded otherwise is shown as the server wrote it.
 */
function reasonText(i18n: I18n, m: SuggestedMember): string {
  if (m.reason.startsWith('Also likes ') && m.sharedTastes.length) {
    const tastes = m.sharedTastes.slice(0, 3).map((x) => tasteLabel(i18n, x)).join(', ');
    return i18n._(msg`Also likes ${tastes}`);
  }
  const active = ACTIVE_REASON.exec(m.reason);
  if (active) {
    const posts = Number(active[1]);
    return i18n._(msg({ message: plural(posts, { one: 'Active in the club: # post this week', other: 'Active in the club: # posts this week' }) }));
  }
  if (m.reason === 'A member of the club') return i18n._(msg`A member of the club`);
  return m.reason;
}

/** Where the member is: "Step n of 3", and the three steps with the current one marked. */
function Progress({ step }: { step: number }) {
  const { t, i18n } = useLingui();
  const current = formatNumber(step + 1);
  const total = formatNumber(STEPS.length);
  return (
    <nav aria-label={t`First steps`} className="mb-6">
      <p className="mb-2 text-sm font-medium text-muted"><Trans>Step {current} of {total}</Trans></p>
      <ol className="grid grid-cols-3 gap-2">
        {STEPS.map((s, i) => (
          <li key={s.id} aria-current={i === step ? 'step' : undefined} className="min-w-0">
            <span aria-hidden className={cn('block h-1.5 rounded-full', i <= step ? 'bg-primary' : 'bg-surface-2')} />
            <span className={cn('mt-1 block truncate text-xs', i === step ? 'font-semibold text-fg' : 'text-muted')}>{i18n._(s)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function StepActions({ onSkip, children }: { onSkip: () => void; children: React.ReactNode }) {
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <Button variant="ghost" onClick={onSkip}><Trans>Skip this step</Trans></Button>
      <div className="flex gap-2">{children}</div>
    </div>
  );
}

function TastesStep({ initial, onDone }: { initial: Tastes; onDone: (next: Tastes) => void }) {
  const { t } = useLingui();
  const [tastes, setTastes] = useState(initial);
  const save = useUpdateTastes();
  const next = () => save.mutate(tastes, {
    onSuccess: (user) => onDone(user.tastes),
    onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Your tastes could not be saved. Please try again.`), variant: 'error' }),
  });
  return (
    <section aria-labelledby="first-run-tastes">
      <h2 id="first-run-tastes" className="text-xl font-semibold"><Trans>What do you like?</Trans></h2>
      <p className="mt-1 mb-4 text-sm text-muted"><Trans>Pick a few: we suggest members who smoke the same. You can change them later in Settings.</Trans></p>
      <TastePicker value={tastes} onChange={setTastes} />
      <StepActions onSkip={() => onDone(initial)}>
        <Button onClick={next} disabled={save.isPending}>{save.isPending ? t`Saving...` : t`Next`}</Button>
      </StepActions>
    </section>
  );
}

function SuggestionRow({ m, following, onToggle, pending }: { m: SuggestedMember; following: boolean; onToggle: () => void; pending: boolean }) {
  const { t, i18n } = useLingui();
  const name = m.displayName;
  return (
    <li className="flex items-start gap-3 rounded-lg border border-border bg-surface-2/40 p-3">
      {m.profileImageUrl
        ? <img src={m.profileImageUrl} alt="" className="h-11 w-11 shrink-0 rounded-full object-cover" />
        : <span aria-hidden className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-surface-2 text-lg font-semibold text-primary">{m.displayName.slice(0, 1).toUpperCase()}</span>}
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-fg">
          <Link to="/profile/{-$id}" params={{ id: m.id }} className="text-fg hover:text-primary">{m.displayName}</Link>
          <MemberBadge premium={m.premium} className="ml-1" />
        </p>
        <p className="text-sm text-muted">{reasonText(i18n, m)}</p>
        {m.sharedTastes.length ? (
          <ul aria-label={t`Tastes ${name} shares`} className="mt-1 flex flex-wrap gap-1">
            {m.sharedTastes.map((taste) => <li key={taste} className="rounded-full border border-primary/50 px-2 py-0.5 text-xs text-fg">{tasteLabel(i18n, taste)}</li>)}
          </ul>
        ) : null}
      </div>
      <Button size="sm" variant={following ? 'outline' : 'primary'} aria-pressed={following} onClick={onToggle} disabled={pending} className="shrink-0">
        {following ? t({ message: 'Following', context: 'follow button state' }) : t`Follow`}<span className="sr-only"> {m.displayName}</span>
      </Button>
    </li>
  );
}

function FollowStep({ tastes, followed, onFollowed, onDone }: {
  tastes: Tastes;
  followed: ReadonlySet<string>;
  onFollowed: (id: string, on: boolean) => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const suggestions = useSuggestedMembers(tastes);
  const follow = useFollowMember();
  const toggle = (m: SuggestedMember) => {
    const on = !followed.has(m.id);
    follow.mutate({ id: m.id, follow: on }, {
      onSuccess: (r) => {
        onFollowed(m.id, r.isFollowing);
        if (r.isFollowing) toast({ title: t`Followed successfully`, variant: 'success' });
      },
      onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to update follow status`), variant: 'error' }),
    });
  };
  const items = suggestions.data?.items ?? [];
  return (
    <section aria-labelledby="first-run-follow">
      <h2 id="first-run-follow" className="text-xl font-semibold"><Trans>Members to follow</Trans></h2>
      <p className="mt-1 mb-4 text-sm text-muted"><Trans>Their posts fill your feed. Those who smoke what you like come first.</Trans></p>
      {suggestions.isPending ? (
        <div role="status" aria-label={t`Loading members`} className="space-y-2"><Skeleton className="h-16" /><Skeleton className="h-16" /></div>
      ) : suggestions.isError ? (
        <p role="alert" className="text-sm text-danger"><Trans>Members could not be loaded. <button type="button" className="text-primary underline" onClick={() => void suggestions.refetch()}>Try again</button></Trans></p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted"><Trans>Nobody to suggest yet: the club is quiet this week. You can find members from Discover Community on your feed.</Trans></p>
      ) : (
        <ul aria-label={t`Suggested members`} className="space-y-2">
          {items.map((m) => (
            <SuggestionRow key={m.id} m={m} following={followed.has(m.id)} onToggle={() => toggle(m)} pending={follow.isPending && follow.variables?.id === m.id} />
          ))}
        </ul>
      )}
      <StepActions onSkip={onDone}>
        <Button onClick={onDone}><Trans>Next</Trans></Button>
      </StepActions>
    </section>
  );
}

function FirstCigarStep({ onDone, finishing }: { onDone: () => void; finishing: boolean }) {
  const { t } = useLingui();
  const inputId = useId();
  const [q, setQ] = useState('');
  const search = useQuery({ ...searchCatalogQuery(q), select: (groups) => groups.flatMap((g) => (g.type === 'cigars' ? g.items : [])).slice(0, 5) });
  const add = useAddHumidorItem();
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  const addCigar = (cigarId: string) => add.mutate({ cigarId, quantity: 1 }, {
    onSuccess: () => {
      setAdded((prev) => new Set([...prev, cigarId]));
      toast({ title: t`Item added to humidor`, variant: 'success' });
    },
    onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to add cigar`), variant: 'error' }),
  });
  const cigars = search.data ?? [];
  const query = q.trim();
  return (
    <section aria-labelledby="first-run-cigar">
      <h2 id="first-run-cigar" className="text-xl font-semibold"><Trans>Add your first cigar</Trans></h2>
      <p className="mt-1 mb-4 text-sm text-muted"><Trans>Start your humidor with a cigar you have, or scan its band.</Trans></p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-fg"><Trans>Search the catalog</Trans></label>
          <Search className="pointer-events-none absolute bottom-3 left-3 h-4 w-4 text-muted" aria-hidden />
          <Input id={inputId} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Padrón, Cohiba, Oliva…" className="pl-9" />
        </div>
        <Link to="/scan" className={buttonClass('outline', 'md', 'inline-flex items-center gap-2 no-underline')}>
          <Camera className="h-4 w-4" aria-hidden /><Trans>Scan a band</Trans>
        </Link>
      </div>
      {q.trim() ? (
        search.isPending ? (
          <div role="status" aria-label={t`Searching`} className="mt-3"><Skeleton className="h-14" /></div>
        ) : search.isError ? (
          <p role="alert" className="mt-3 text-sm text-danger"><Trans>The search failed. Please try again.</Trans></p>
        ) : cigars.length === 0 ? (
          <p className="mt-3 text-sm text-muted"><Trans>No cigars match “{query}”.</Trans></p>
        ) : (
          <ul aria-label={t`Catalog cigars`} className="mt-3 space-y-2">
            {cigars.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-3 rounded-lg border border-border p-3">
                <span className="min-w-0">
                  <span className="block font-semibold text-fg">{c.brandName} {c.name}</span>
                  <span className="block text-sm text-muted">{[c.vitola, c.country].filter(Boolean).join(' · ')}</span>
                </span>
                <Button size="sm" className="shrink-0" onClick={() => addCigar(c.id)} disabled={added.has(c.id) || (add.isPending && add.variables?.cigarId === c.id)}>
                  {added.has(c.id) ? t`In your humidor` : t`Add to Humidor`}<span className="sr-only"> {c.brandName} {c.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      <StepActions onSkip={onDone}>
        <Button onClick={onDone} disabled={finishing}>{finishing ? t`Setting up your feed...` : t`Go to my feed`}</Button>
      </StepActions>
    </section>
  );
}

/**
 * The first run (docs/product.md, "First run"): three short steps after sign-up, each skippable, with a progress
 * indicator: what the member likes, members to follow (suggested from those tastes), a first cigar (search and add, or
 * scan a band). It ends on the feed, once the follows' back-fill has put posts in it (api/wait-for-feed.ts); finishing
 * or skipping stamps it done. The welcome notification in the bell leads back here.
 */
export function FirstRun() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [tastes, setTastes] = useState<Tastes>(user?.tastes ?? { strengths: [], wrappers: [], countries: [] });
  const [followed, setFollowed] = useState<ReadonlySet<string>>(new Set());
  const [finishing, setFinishing] = useState(false);
  const complete = useCompleteFirstRun();
  const firstName = user?.firstName;

  const finish = async () => {
    setFinishing(true);
    // Stamped even when the feed is slow; a failed stamp only means the steps may be offered again.
    await complete.mutateAsync().catch(() => undefined);
    if (followed.size) await waitForFeed();
    void navigate({ to: '/', search: {} });
  };
  const onFollowed = (id: string, on: boolean) => setFollowed((prev) => {
    const next = new Set(prev);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  });

  return (
    <div className="mx-auto w-full max-w-2xl">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-fg">{firstName ? t`Welcome to Torcedor, ${firstName}` : t`Welcome to Torcedor`}</h1>
          <p className="mt-1 text-muted"><Trans>Three quick steps to a feed worth reading.</Trans></p>
        </div>
        <Button variant="outline" onClick={() => void finish()} disabled={finishing}><Trans>Skip setup</Trans></Button>
      </div>
      <Card>
        <Progress step={step} />
        {step === 0 ? <TastesStep initial={tastes} onDone={(next) => { setTastes(next); setStep(1); }} /> : null}
        {step === 1 ? <FollowStep tastes={tastes} followed={followed} onFollowed={onFollowed} onDone={() => setStep(2)} /> : null}
        {step === 2 ? <FirstCigarStep onDone={() => void finish()} finishing={finishing} /> : null}
      </Card>
    </div>
  );
}
