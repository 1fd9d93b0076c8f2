import { Trans, useLingui } from '@lingui/react/macro';
import { TOP_LEADS_SHOWN } from '@torcedor/shared/constants';
import type { Lead } from '@torcedor/shared/schemas/marketing';
import { EmptyState } from '@/components/ui/card';
import { formatNumber } from '@/lib/numbers';
import { leadName } from './format';
import { LeadStatusBadge, NotContactableBadge } from './lead-badges';

/**
 * The Leads tab: the top 5 leads by engagement score (docs/marketing.md, "Engagement score"), from the dashboard,
 * each with where it came from, its score and status, and whether it may be contacted.
 */
export function LeadsTab({ leads }: { leads: readonly Lead[] }) {
  const { t } = useLingui();
  const top = leads.slice(0, TOP_LEADS_SHOWN);
  return (
    <section aria-labelledby="leads-title">
      <h2 id="leads-title" className="mb-4 text-xl font-semibold"><Trans>Top Leads</Trans></h2>
      {top.length ? (
        <>
          {/* Below 768 px a card per lead (the table would scroll sideways); the table from there up. */}
          <ul className="space-y-3 md:hidden" aria-label={t`Top leads, by engagement score`}>
            {top.map((l) => (
              <li key={l.id} className="rounded-xl border border-border bg-surface p-4">
                <div className="flex items-start justify-between gap-3">
                  <p className="min-w-0 break-words font-medium">
                    {leadName(l)}
                    {l.kind === 'trial' ? <span className="ml-2 text-xs text-muted"><Trans>(trial)</Trans></span> : null}
                  </p>
                  <p className="shrink-0 text-right text-xs text-muted">{t({ message: 'Score', context: 'engagement score' })} <span className="block text-lg font-bold text-fg">{formatNumber(l.engagementScore)}</span></p>
                </div>
                <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted"><Trans context="lead source">Source</Trans></dt>
                  <dd className="break-words">{l.source}{l.utmCampaign ? <span className="block text-xs text-muted">{l.utmCampaign}</span> : null}</dd>
                  <dt className="text-muted"><Trans context="lead status">Status</Trans></dt>
                  <dd className="flex flex-wrap gap-2"><LeadStatusBadge status={l.status} />{l.contactable ? null : <NotContactableBadge />}</dd>
                </dl>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-xl border border-border bg-surface md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only"><Trans>Top leads, by engagement score</Trans></caption>
              <thead className="border-b border-border text-muted">
                <tr>
                  <th scope="col" className="p-3 font-medium"><Trans>Lead</Trans></th>
                  <th scope="col" className="p-3 font-medium"><Trans context="lead source">Source</Trans></th>
                  <th scope="col" className="p-3 text-right font-medium">{t({ message: 'Score', context: 'engagement score' })}</th>
                  <th scope="col" className="p-3 font-medium"><Trans context="lead status">Status</Trans></th>
                </tr>
              </thead>
              <tbody>
                {top.map((l) => (
                  <tr key={l.id} className="border-b border-border last:border-0">
                    <th scope="row" className="p-3 font-medium">
                      <span className="break-words">{leadName(l)}</span>
                      {l.kind === 'trial' ? <span className="ml-2 text-xs text-muted"><Trans>(trial)</Trans></span> : null}
                      {l.contactable ? null : <span className="ml-2"><NotContactableBadge /></span>}
                    </th>
                    <td className="p-3">{l.source}{l.utmCampaign ? <span className="block text-xs text-muted">{l.utmCampaign}</span> : null}</td>
                    <td className="p-3 text-right text-lg font-bold">{formatNumber(l.engagementScore)}</td>
                    <td className="p-3"><LeadStatusBadge status={l.status} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <EmptyState title={t`No leads yet`} text={t`Members and trials appear here as they sign up.`} />
      )}
    </section>
  );
}
