import { useSuspenseQuery } from '@tanstack/react-query';
import { TOP_LEADS_SHOWN } from '@torcedor/shared/constants';
import { Badge, Card, EmptyState, PageTitle } from '@/components/ui/card';
import { marketingDashboardQuery } from '../api/get-marketing-dashboard';

/** The owner's marketing dashboard (docs/product.md, "Screens"). */
export function MarketingPage() {
  const { data: d } = useSuspenseQuery(marketingDashboardQuery);
  const stats = [
    ['Total Campaigns', d.totalCampaigns], ['Active Campaigns', d.activeCampaigns], ['Total Leads', d.totalLeads],
    ['New This Week', d.recentLeads], ['Conversion Rate', `${d.conversionRate.toFixed(1)}%`],
  ] as const;
  return (
    <>
      <PageTitle title="Marketing" subtitle="Campaigns and leads of the club." />
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {stats.map(([label, value]) => <Card key={label}><dt className="text-sm text-muted">{label}</dt><dd className="mt-1 text-2xl font-bold">{value}</dd></Card>)}
      </dl>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section>
          <h2 className="mb-3 text-xl font-semibold">Campaigns</h2>
          {d.campaigns.length ? (
            <ul className="space-y-3">{d.campaigns.map((c) => (
              <li key={c.id}><Card><div className="flex justify-between gap-2"><p className="font-semibold">{c.name}</p><Badge className={c.status === 'active' ? 'bg-success/20 text-success' : 'bg-surface-2 text-muted'}>{c.status}</Badge></div><p className="text-sm text-muted">{c.description}</p><p className="mt-1 text-xs text-muted">{c.type}</p></Card></li>
            ))}</ul>
          ) : <EmptyState title="No campaigns yet" />}
        </section>
        <section>
          <h2 className="mb-3 text-xl font-semibold">Top Leads</h2>
          {d.topLeads.length ? (
            <ul className="space-y-2">{d.topLeads.slice(0, TOP_LEADS_SHOWN).map((l) => (
              <li key={l.id}><Card className="flex items-center justify-between p-3"><div><p className="font-medium">{l.name ?? l.email}</p><p className="text-xs text-muted">{l.source}</p></div><div className="text-right"><p className="font-bold">{l.engagementScore}</p><p className="text-xs text-muted">{l.status === 'converted' ? 'converted' : l.status}</p></div></Card></li>
            ))}</ul>
          ) : <EmptyState title="No leads yet" />}
        </section>
      </div>
    </>
  );
}
