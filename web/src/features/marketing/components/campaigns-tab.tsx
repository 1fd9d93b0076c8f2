import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Campaign } from '@torcedor/shared/schemas/marketing';
import { BarChart3, Copy, Plus, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState } from '@/components/ui/card';
import { errorDetail } from '@/lib/api-client';
import { formatNumber } from '@/lib/numbers';
import { toast } from '@/lib/toast';
import { useCreateCampaign } from '../api/create-campaign';
import { campaignsQuery } from '../api/list-campaigns';
import { CampaignAnalyticsDialog } from './campaign-analytics-dialog';
import { CampaignEmailStatusBadge } from './campaign-email-status';
import { OBJECTIVE_LABELS, TYPE_LABELS } from './campaign-labels';
import { CampaignStats, StatusBadge } from './campaign-parts';
import { NewCampaignDialog } from './new-campaign-dialog';
import { QueryState } from './query-state';

/** The generate button's campaign: the AI provider drafts an acquisition campaign from the club's numbers. */
const GENERATE = { generate: true, objective: 'acquisition' } as const;

/**
 * The Campaigns tab: Generate with AI, New Campaign, and a card per campaign with its link to share, its numbers,
 * its last ranking and its analytics (docs/marketing.md, "Campaigns").
 */
export function CampaignsTab() {
  const { t } = useLingui();
  const campaigns = useQuery(campaignsQuery);
  const generate = useCreateCampaign();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<Campaign | null>(null);

  const onGenerate = () => generate.mutate(GENERATE, {
    onSuccess: () => toast({ title: t`Campaign Created`, description: t`AI marketing campaign generated successfully!`, variant: 'success' }),
    onError: (err) => toast({ title: t`Failed to create campaign`, description: errorDetail(err), variant: 'error' }),
  });

  return (
    <section aria-labelledby="campaigns-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="campaigns-title" className="text-xl font-semibold"><Trans>Campaigns</Trans></h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onGenerate} disabled={generate.isPending}>
            <Sparkles className="h-4 w-4" aria-hidden />{generate.isPending ? t`Generating...` : t`Generate with AI`}
          </Button>
          <Button onClick={() => setCreating(true)}><Plus className="h-4 w-4" aria-hidden /><Trans>New Campaign</Trans></Button>
        </div>
      </div>
      <QueryState query={campaigns} failed={t`Campaigns could not be loaded.`}>
        {(items) => (items.length ? (
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label={t`Campaigns`}>
            {items.map((c) => <li key={c.id} className="min-w-0"><CampaignCard campaign={c} onView={() => setViewing(c)} /></li>)}
          </ul>
        ) : (
          <EmptyState title={t`No campaigns yet`} text={t`Write one, or let the AI draft one from the club's numbers.`} />
        ))}
      </QueryState>
      <NewCampaignDialog open={creating} onOpenChange={setCreating} />
      {viewing ? (
        // The card's campaign as the list now holds it (a saved or sent email changes it there too).
        <CampaignAnalyticsDialog campaign={campaigns.data?.find((c) => c.id === viewing.id) ?? viewing} onClose={() => setViewing(null)} />
      ) : null}
    </section>
  );
}

function CampaignCard({ campaign: c, onView }: { campaign: Campaign; onView: () => void }) {
  const { t, i18n } = useLingui();
  const name = c.name;
  const rank = formatNumber(c.ranking?.rank ?? 0);
  const of = formatNumber(c.ranking?.of ?? 0);
  /** Copies the campaign's link, and says whether it worked. */
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(c.link);
      toast({ title: t`Link copied`, description: t`Share it: the visits and sign-ups through it count for the campaign.`, variant: 'success' });
    } catch {
      toast({ title: t`Could not copy the link`, description: t`Select it and copy it by hand.`, variant: 'error' });
    }
  };
  return (
    <Card className="flex h-full flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-semibold">{c.name}</h3>
        <div className="flex gap-1">
          {c.ranking?.weakest ? <Badge className="bg-danger/20 text-danger"><Trans>Weakest</Trans></Badge> : null}
          <StatusBadge status={c.status} />
        </div>
      </div>
      {c.description ? <p className="whitespace-pre-wrap break-words text-sm text-muted">{c.description}</p> : null}
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <div className="flex gap-1"><dt className="text-muted"><Trans>Type:</Trans></dt><dd>{i18n._(TYPE_LABELS[c.type])}</dd></div>
        <div className="flex gap-1"><dt className="text-muted"><Trans>Objective:</Trans></dt><dd>{i18n._(OBJECTIVE_LABELS[c.objective])}</dd></div>
        {c.generatedBy !== 'owner' ? <div className="flex gap-1"><dt className="text-muted"><Trans>Written by:</Trans></dt><dd><Trans context="campaign author">AI</Trans></dd></div> : null}
        {c.email ? <div className="flex items-center gap-1"><dt className="text-muted"><Trans context="campaign email">Email:</Trans></dt><dd><CampaignEmailStatusBadge status={c.email.status} /></dd></div> : null}
      </dl>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded bg-surface-2 px-2 py-1 text-xs" title={c.link}>{c.link}</code>
        <Button size="sm" variant="ghost" aria-label={t`Copy the link of ${name}`} onClick={() => void copyLink()}>
          <Copy className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <CampaignStats stats={c.stats} />
      {c.ranking ? (
        <p className="text-sm"><span className="font-semibold">{t`Rank ${rank} of ${of}:`}</span> {c.ranking.note}</p>
      ) : null}
      <div className="mt-auto flex justify-end">
        <Button size="sm" variant="outline" onClick={onView}><BarChart3 className="h-4 w-4" aria-hidden /><Trans>View Analytics</Trans></Button>
      </div>
    </Card>
  );
}
