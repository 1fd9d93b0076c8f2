import { TOP_LEADS_SHOWN } from '@torcedor/shared/constants';
import type { Lead } from '@torcedor/shared/schemas/marketing';
import { EmptyState } from '@/components/ui/card';
import { leadName } from './format';
import { LeadStatusBadge, NotContactableBadge } from './lead-badges';

/**
 * The Leads tab: the top 5 leads by engagement score (docs/marketing.md, "Engagement score"), from the dashboard,
 * each with where it came from, its score and status, and whether it may be contacted.
 */
export function LeadsTab({ leads }: { leads: readonly Lead[] }) {
  const top = leads.slice(0, TOP_LEADS_SHOWN);
  return (
    <section aria-labelledby="leads-title">
      <h2 id="leads-title" className="mb-4 text-xl font-semibold">Top Leads</h2>
      {top.length ? (
        <>
          {/* Below 768 px a card per lead (the table would scroll sideways); the table from there up. */}
          <ul className="space-y-3 md:hidden" aria-label="Top leads, by engagement score">
            {top.map((l) => (
              <li key={l.id} className="rounded-xl border border-border bg-surface p-4">
                <div className="flex items-start justify-between gap-3">
                  <p className="min-w-0 break-words font-medium">
                    {leadName(l)}
                    {l.kind === 'trial' ? <span className="ml-2 text-xs text-muted">(trial)</span> : null}
                  </p>
                  <p className="shrink-0 text-right text-xs text-muted">Score <span className="block text-lg font-bold text-fg">{l.engagementScore}</span></p>
                </div>
                <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted">Source</dt>
                  <dd className="break-words">{l.source}{l.utmCampaign ? <span className="block text-xs text-muted">{l.utmCampaign}</span> : null}</dd>
                  <dt className="text-muted">Status</dt>
                  <dd className="flex flex-wrap gap-2"><LeadStatusBadge status={l.status} />{l.contactable ? null : <NotContactableBadge />}</dd>
                </dl>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-xl border border-border bg-surface md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Top leads, by engagement score</caption>
              <thead className="border-b border-border text-muted">
                <tr>
                  <th scope="col" className="p-3 font-medium">Lead</th>
                  <th scope="col" className="p-3 font-medium">Source</th>
                  <th scope="col" className="p-3 text-right font-medium">Score</th>
                  <th scope="col" className="p-3 font-medium">Status</th>
                </tr>
              </thead>
              <tbody>
                {top.map((l) => (
                  <tr key={l.id} className="border-b border-border last:border-0">
                    <th scope="row" className="p-3 font-medium">
                      <span className="break-words">{leadName(l)}</span>
                      {l.kind === 'trial' ? <span className="ml-2 text-xs text-muted">(trial)</span> : null}
                      {l.contactable ? null : <span className="ml-2"><NotContactableBadge /></span>}
                    </th>
                    <td className="p-3">{l.source}{l.utmCampaign ? <span className="block text-xs text-muted">{l.utmCampaign}</span> : null}</td>
                    <td className="p-3 text-right text-lg font-bold">{l.engagementScore}</td>
                    <td className="p-3"><LeadStatusBadge status={l.status} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <EmptyState title="No leads yet" text="Members and trials appear here as they sign up." />
      )}
    </section>
  );
}
