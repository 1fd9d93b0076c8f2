import { useQuery } from '@tanstack/react-query';
import type { Campaign } from '@torcedor/shared/schemas/marketing';
import { BarChart3, Copy, Plus, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState } from '@/components/ui/card';
import { errorDetail } from '@/lib/api-client';
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
  const campaigns = useQuery(campaignsQuery);
  const generate = useCreateCampaign();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<Campaign | null>(null);

  const onGenerate = () => generate.mutate(GENERATE, {
    onSuccess: () => toast({ title: 'Campaign Created', description: 'AI marketing campaign generated successfully!', variant: 'success' }),
    onError: (err) => toast({ title: 'Failed to create campaign', description: errorDetail(err), variant: 'error' }),
  });

  return (
    <section aria-labelledby="campaigns-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="campaigns-title" className="text-xl font-semibold">Campaigns</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onGenerate} disabled={generate.isPending}>
            <Sparkles className="h-4 w-4" aria-hidden />{generate.isPending ? 'Generating...' : 'Generate with AI'}
          </Button>
          <Button onClick={() => setCreating(true)}><Plus className="h-4 w-4" aria-hidden />New Campaign</Button>
        </div>
      </div>
      <QueryState query={campaigns} what="Campaigns">
        {(items) => (items.length ? (
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label="Campaigns">
            {items.map((c) => <li key={c.id} className="min-w-0"><CampaignCard campaign={c} onView={() => setViewing(c)} /></li>)}
          </ul>
        ) : (
          <EmptyState title="No campaigns yet" text="Write one, or let the AI draft one from the club's numbers." />
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

/** Copies a campaign's link, and says whether it worked. */
async function copyLink(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: 'Link copied', description: 'Share it: the visits and sign-ups through it count for the campaign.', variant: 'success' });
  } catch {
    toast({ title: 'Could not copy the link', description: 'Select it and copy it by hand.', variant: 'error' });
  }
}

function CampaignCard({ campaign: c, onView }: { campaign: Campaign; onView: () => void }) {
  return (
    <Card className="flex h-full flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-semibold">{c.name}</h3>
        <div className="flex gap-1">
          {c.ranking?.weakest ? <Badge className="bg-danger/20 text-danger">Weakest</Badge> : null}
          <StatusBadge status={c.status} />
        </div>
      </div>
      {c.description ? <p className="whitespace-pre-wrap break-words text-sm text-muted">{c.description}</p> : null}
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <div className="flex gap-1"><dt className="text-muted">Type:</dt><dd>{TYPE_LABELS[c.type]}</dd></div>
        <div className="flex gap-1"><dt className="text-muted">Objective:</dt><dd>{OBJECTIVE_LABELS[c.objective]}</dd></div>
        {c.generatedBy !== 'owner' ? <div className="flex gap-1"><dt className="text-muted">Written by:</dt><dd>AI</dd></div> : null}
        {c.email ? <div className="flex items-center gap-1"><dt className="text-muted">Email:</dt><dd><CampaignEmailStatusBadge status={c.email.status} /></dd></div> : null}
      </dl>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded bg-surface-2 px-2 py-1 text-xs" title={c.link}>{c.link}</code>
        <Button size="sm" variant="ghost" aria-label={`Copy the link of ${c.name}`} onClick={() => void copyLink(c.link)}>
          <Copy className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <CampaignStats stats={c.stats} />
      {c.ranking ? (
        <p className="text-sm"><span className="font-semibold">Rank {c.ranking.rank} of {c.ranking.of}:</span> {c.ranking.note}</p>
      ) : null}
      <div className="mt-auto flex justify-end">
        <Button size="sm" variant="outline" onClick={onView}><BarChart3 className="h-4 w-4" aria-hidden />View Analytics</Button>
      </div>
    </Card>
  );
}
