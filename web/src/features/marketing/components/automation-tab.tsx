import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { AUTOMATION_HISTORY_SHOWN, AUTOMATION_NAMES } from '@torcedor/shared/constants';
import type { Automation, AutomationName, AutomationRun } from '@torcedor/shared/schemas/marketing';
import { Loader2, Play } from 'lucide-react';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { errorDetail } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/date-time';
import { toast } from '@/lib/toast';
import { useAutomations } from '../api/list-automations';
import { useRunAutomation } from '../api/run-automation';
import { DraftsSection } from './drafts-section';
import { formatDuration, scheduleLabel } from './format';
import { QueryState } from './query-state';

type AutomationInfo = z.infer<typeof Automation>;

/**
 * The cards' titles, buttons and what each does (docs/product.md, "Screens"), by the automations' names: the server
 * sends the same English title and summary, these put them in the owner's language.
 */
export const AUTOMATION_CARDS: Record<AutomationName, { title: MessageDescriptor; button: MessageDescriptor; summary: MessageDescriptor }> = {
  daily_content_generation: {
    title: msg`Content Generation`,
    button: msg`Run Now`,
    summary: msg`Drafts this week's community post from the club's own activity (and campaign copy when no campaign is running) for you to edit and publish.`,
  },
  lead_scoring_update: {
    title: msg`Lead Scoring`,
    button: msg`Update Scores`,
    summary: msg`Recomputes every lead's engagement score from its sign-up, activity and recency.`,
  },
  campaign_optimization: {
    title: msg`Campaign Optimization`,
    button: msg`Optimize Campaigns`,
    summary: msg`Ranks running campaigns by attributed sign-ups and conversions and flags the weakest.`,
  },
};

/** A run's outcome, as the card writes it. */
const OUTCOME_LABELS: Record<AutomationRun['outcome'], MessageDescriptor> = {
  running: msg({ message: 'running', context: 'automation run outcome' }),
  succeeded: msg({ message: 'succeeded', context: 'automation run outcome' }),
  failed: msg({ message: 'failed', context: 'automation run outcome' }),
};

const OUTCOME_STYLES: Record<AutomationRun['outcome'], string> = {
  running: 'bg-primary/20 text-primary',
  succeeded: 'bg-success/20 text-success',
  failed: 'bg-danger/20 text-danger',
};

function Outcome({ run }: { run: AutomationRun }) {
  const { i18n } = useLingui();
  return <Badge className={OUTCOME_STYLES[run.outcome]}>{i18n._(OUTCOME_LABELS[run.outcome])}</Badge>;
}

/**
 * The Automation tab (docs/marketing.md, "Automations"): a card per scheduled automation with its state, last run
 * and recent runs, and a button to run it now; below, the content drafts the daily generation wrote.
 */
export function AutomationTab() {
  const { t } = useLingui();
  const automations = useAutomations();
  return (
    <div className="space-y-8">
      <section aria-labelledby="automations-title">
        <h2 id="automations-title" className="mb-4 text-xl font-semibold"><Trans>Automations</Trans></h2>
        <QueryState query={automations} failed={t`The automations could not be loaded.`}>
          {(items) => (
            <ul className="grid grid-cols-1 gap-4 lg:grid-cols-3" aria-label={t`Automations`}>
              {AUTOMATION_NAMES.map((name) => {
                const a = items.find((i) => i.name === name);
                return a ? <li key={name}><AutomationCard automation={a} /></li> : null;
              })}
            </ul>
          )}
        </QueryState>
      </section>
      <DraftsSection />
    </div>
  );
}

function AutomationCard({ automation: a }: { automation: AutomationInfo }) {
  const { t, i18n } = useLingui();
  const card = AUTOMATION_CARDS[a.name];
  const run = useRunAutomation();
  const busy = a.running || run.isPending;
  const last = a.lastRun;
  const headingId = `automation-${a.name}`;

  const name = a.name;
  const start = () => run.mutate(name, {
    onSuccess: () => toast({ title: t`Automation Started`, description: t`${name} automation is now running!`, variant: 'success' }),
    onError: (err) => toast({ title: t`Failed to start automation`, description: errorDetail(err), variant: 'error' }),
  });

  return (
    <Card className="flex h-full flex-col gap-3" role="region" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">{i18n._(card.title)}</h3>
        <Badge className={cn(a.running ? 'bg-primary/20 text-primary' : 'bg-surface-2 text-muted')}>
          {a.running ? <><Loader2 className="mr-1 h-3 w-3 animate-spin" aria-hidden /><Trans context="automation state">Running</Trans></> : <Trans context="automation state">Idle</Trans>}
        </Badge>
      </div>
      <p className="text-sm text-muted">{i18n._(card.summary)}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted"><Trans>Schedule</Trans></dt><dd>{scheduleLabel(a.schedule)}</dd>
        <dt className="text-muted"><Trans>Last run</Trans></dt>
        <dd>{last ? <time dateTime={last.startedAt}>{formatDateTime(last.startedAt)}</time> : <Trans context="last run">Never</Trans>}</dd>
        {last ? (
          <>
            <dt className="text-muted"><Trans>Duration</Trans></dt><dd>{last.durationMs === null ? '—' : formatDuration(last.durationMs)}</dd>
            <dt className="text-muted"><Trans>Outcome</Trans></dt><dd><Outcome run={last} /></dd>
          </>
        ) : null}
      </dl>
      {last?.summary ? <p className="rounded-md bg-surface-2 p-2 text-sm">{last.summary}</p> : null}
      {a.history.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted"><Trans>Recent runs</Trans></summary>
          <ol className="mt-2 space-y-1">
            {a.history.slice(0, AUTOMATION_HISTORY_SHOWN).map((h) => (
              <li key={h.id} className="flex flex-wrap items-center gap-2">
                <time dateTime={h.startedAt}>{formatDateTime(h.startedAt)}</time>
                <span className="text-muted">{h.trigger === 'owner' ? <Trans>by hand</Trans> : <Trans context="run trigger">scheduled</Trans>}</span>
                <Outcome run={h} />
                {h.durationMs === null ? null : <span className="text-muted">{formatDuration(h.durationMs)}</span>}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      <div className="mt-auto">
        <Button className="w-full" onClick={start} disabled={busy}><Play className="h-4 w-4" aria-hidden />{i18n._(card.button)}</Button>
      </div>
    </Card>
  );
}
