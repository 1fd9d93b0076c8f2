import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { Card, PageTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/lib/current-user';
import { formatNumber, formatPercent } from '@/lib/numbers';
import { marketingDashboardQuery } from '../api/get-marketing-dashboard';
import { AnalyticsTab } from './analytics-tab';
import { AutomationTab } from './automation-tab';
import { CampaignsTab } from './campaigns-tab';
import { LeadsTab } from './leads-tab';
import { MARKETING_TABS, TAB_LABELS, type MarketingTab } from './marketing-tabs';

/**
 * What a non-owner sees instead of the marketing area (docs/marketing.md, "Access"): heading, then text, as the spec
 * writes them in English (AccessRestricted shows the two parts in the member's language).
 */
export const RESTRICTED_TEXT = 'Access Restricted - This area is restricted to platform administrators.';

/** The page a non-owner gets at /marketing: nothing is read for them (the API answers them 403 anyway). */
export function AccessRestricted() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <ShieldAlert className="mx-auto h-10 w-10 text-muted" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold"><Trans>Access Restricted</Trans></h1>
      <p className="mt-2 text-muted"><Trans>This area is restricted to platform administrators.</Trans></p>
    </div>
  );
}

/**
 * /marketing, the owner's marketing area (docs/marketing.md): five stat cards, then the Campaigns, Automation,
 * Leads and Analytics tabs. `tab` is the open tab (kept in the URL by the route); `onTabChange` stores a new one.
 */
export function MarketingPage({ tab, onTabChange }: { tab: MarketingTab; onTabChange: (tab: MarketingTab) => void }) {
  const user = useCurrentUser();
  if (!user?.isOwner) return <AccessRestricted />;
  return <MarketingDashboard tab={tab} onTabChange={onTabChange} />;
}

function MarketingDashboard({ tab, onTabChange }: { tab: MarketingTab; onTabChange: (tab: MarketingTab) => void }) {
  const { t, i18n } = useLingui();
  const { data: d } = useSuspenseQuery(marketingDashboardQuery);
  const stats = [
    [t`Total Campaigns`, formatNumber(d.totalCampaigns)], [t`Active Campaigns`, formatNumber(d.activeCampaigns)],
    [t`Total Leads`, formatNumber(d.totalLeads)], [t`New This Week`, formatNumber(d.recentLeads)],
    [t`Conversion Rate`, formatPercent(d.conversionRate)],
  ] as const;
  return (
    <>
      <PageTitle title={t`Marketing`} subtitle={t`Campaigns, leads and the automations that work on them.`} />
      <h2 className="sr-only"><Trans>Key figures</Trans></h2>
      {/* Two a row on a phone (the fifth across both), so the tabs are not five screens down. */}
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        {stats.map(([label, value]) => (
          <Card key={label} className="min-w-0 p-4 last:col-span-2 sm:p-5 lg:last:col-span-1">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="mt-1 text-2xl font-bold">{value}</dd>
          </Card>
        ))}
      </dl>
      <Tabs value={tab} onValueChange={(v) => onTabChange(v as MarketingTab)} className="mt-8">
        <TabsList className="grid grid-cols-2 sm:inline-flex">
          {MARKETING_TABS.map((v) => <TabsTrigger key={v} value={v}>{i18n._(TAB_LABELS[v])}</TabsTrigger>)}
        </TabsList>
        <TabsContent value="campaigns"><CampaignsTab /></TabsContent>
        <TabsContent value="automation"><AutomationTab /></TabsContent>
        <TabsContent value="leads"><LeadsTab leads={d.topLeads} /></TabsContent>
        <TabsContent value="analytics"><AnalyticsTab /></TabsContent>
      </Tabs>
    </>
  );
}
