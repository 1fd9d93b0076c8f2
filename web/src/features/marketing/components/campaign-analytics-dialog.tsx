import { msg, plural, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Campaign, Lead } from '@torcedor/shared/schemas/marketing';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { errorDetail } from '@/lib/api-client';
import { formatNumber } from '@/lib/numbers';
import { toast } from '@/lib/toast';
import { useCampaignAnalytics } from '../api/get-campaign-analytics';
import { useUpdateCampaign } from '../api/update-campaign';
import { OBJECTIVE_LABELS, STATUS_ACTIONS, TYPE_LABELS } from './campaign-labels';
import { CampaignEmailSection } from './campaign-email-section';
import { CampaignStats, StatusBadge } from './campaign-parts';
import { leadName } from './format';
import { LeadStatusBadge, NotContactableBadge } from './lead-badges';
import type { Series } from './charts';
import { QueryState } from './query-state';

const DailyChart = lazy(() => import('./charts').then((m) => ({ default: m.DailyChart })));

/** The audience leads listed (the server sends the first ones by score; the size counts them all). */
const AUDIENCE_SHOWN = 5;

const SERIES: readonly Series[] = [
  { key: 'visits', name: msg`Visits`, color: '#6aa7e0' },
  { key: 'signups', name: msg`Sign-ups`, color: '#d4a640' },
  { key: 'conversions', name: msg`Conversions`, color: '#6fbf73' },
];

function LeadList({ leads, label }: { leads: readonly Lead[]; label: string }) {
  const { t } = useLingui();
  return (
    <ul className="divide-y divide-border rounded-md border border-border" aria-label={label}>
      {leads.map((l) => (
        <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 p-2 text-sm">
          <span className="min-w-0 break-words">
            <span className="font-medium">{leadName(l)}</span> <span className="text-muted">· {l.source}</span>
          </span>
          <span className="flex items-center gap-1">
            {l.contactable ? null : <NotContactableBadge />}
            <LeadStatusBadge status={l.status} />
            <span className="w-8 text-right font-bold" title={t`Engagement score`}>{formatNumber(l.engagementScore)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A campaign's View Analytics: its status (and the changes the owner may make to it), its numbers, its email
 * (written, previewed, tried and sent from here), its visits, sign-ups and conversions per day, the
 * audience it can reach and the leads it brought.
 */
export function CampaignAnalyticsDialog({ campaign: initial, onClose }: { campaign: Campaign; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const analytics = useCampaignAnalytics(initial.id, true);
  const update = useUpdateCampaign();
  const campaign = analytics.data?.campaign ?? initial;

  const setStatus = (status: Campaign['status']) => update.mutate({ id: campaign.id, body: { status } }, {
    onSuccess: (c) => {
      const name = c.name;
      const now = c.status;
      toast({
        title: t`Campaign updated`,
        description: t({ message: select(now, {
          draft: `${name} is now draft.`, active: `${name} is now active.`, paused: `${name} is now paused.`, other: `${name} is now completed.`,
        }) }),
        variant: 'success',
      });
    },
    onError: (err) => toast({ title: t`Failed to update campaign`, description: errorDetail(err), variant: 'error' }),
  });

  const type = i18n._(TYPE_LABELS[campaign.type]);
  const objective = i18n._(OBJECTIVE_LABELS[campaign.objective]);
  const campaignName = campaign.name;
  const lastDays = (days: number) => t({ message: plural(days, { one: 'Last # day', other: 'Last # days' }) });
  const audienceTitle = (leads: number) => t({ message: plural(leads, { one: 'Audience: # contactable lead', other: 'Audience: # contactable leads' }) });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={campaign.name} description={t`${type} campaign · ${objective}`} className="max-w-2xl">
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted"><Trans>Status:</Trans></span>
            <StatusBadge status={campaign.status} />
            <div className="ml-auto flex gap-2">
              {STATUS_ACTIONS[campaign.status].map((a) => (
                <Button key={a.to} size="sm" variant="outline" disabled={update.isPending} onClick={() => setStatus(a.to)}>{i18n._(a.label)}</Button>
              ))}
            </div>
          </div>
          <CampaignStats stats={campaign.stats} />
          <CampaignEmailSection campaign={campaign} />
          <QueryState query={analytics} failed={t`The campaign's analytics could not be loaded.`} skeleton="h-64">
            {(a) => (
              <>
                <section aria-labelledby="campaign-days">
                  <h3 id="campaign-days" className="mb-2 font-semibold">{lastDays(a.days.length)}</h3>
                  <Suspense fallback={<Skeleton className="h-44" />}>
                    <DailyChart days={a.days} series={SERIES} caption={t`${campaignName}: visits, sign-ups and conversions per day`} height="h-44" />
                  </Suspense>
                </section>
                <section aria-labelledby="campaign-audience">
                  <h3 id="campaign-audience" className="mb-2 font-semibold">
                    {audienceTitle(a.audience.size)}
                  </h3>
                  {a.audience.leads.length ? <LeadList leads={a.audience.leads.slice(0, AUDIENCE_SHOWN)} label={t`Audience`} /> : <p className="text-sm text-muted"><Trans>No lead it can reach yet.</Trans></p>}
                </section>
                <section aria-labelledby="campaign-leads">
                  <h3 id="campaign-leads" className="mb-2 font-semibold"><Trans>Leads it brought</Trans></h3>
                  {a.leads.length ? <LeadList leads={a.leads} label={t`Leads it brought`} /> : <p className="text-sm text-muted"><Trans>No sign-up through its link yet.</Trans></p>}
                </section>
              </>
            )}
          </QueryState>
        </div>
      </DialogContent>
    </Dialog>
  );
}
