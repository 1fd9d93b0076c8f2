import { randomBytes } from 'node:crypto';
import { baseConfig } from '@torcedor/service-kit/config';
import type { Campaign } from '@torcedor/shared/schemas/marketing';

/** A campaign as stored: its fields, its counters (moved by leads and visits), its last ranking. */
export type StoredCampaign = Omit<Campaign, 'utmCampaign' | 'link' | 'stats'> & {
  visits: number; signups: number; trials: number; conversions: number;
};

/** The utm_source of a campaign's link by its type (the lead's source when it arrives through it). */
export const UTM_SOURCE_BY_TYPE: Record<Campaign['type'], string> = {
  social: 'social', email: 'newsletter', content: 'blog', referral: 'referral', paid: 'ads',
};

/**
 * A campaign's id, which is also its `utm_campaign` value: the name's words in lower case joined by '-', at most
 * 40 characters, and 6 random characters so that two campaigns of one name never share attribution.
 */
export function newCampaignId(name: string): string {
  const slug = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40)
    .replace(/-+$/, '');
  return `${slug || 'campaign'}-${randomBytes(4).toString('hex').slice(0, 6)}`;
}

/** The landing page link of a campaign, on this deployment's origin. */
export function campaignLink(c: Pick<StoredCampaign, 'id' | 'type'>, origin = baseConfig().APP_ORIGIN): string {
  const url = new URL('/', origin);
  url.searchParams.set('utm_source', UTM_SOURCE_BY_TYPE[c.type]);
  url.searchParams.set('utm_medium', c.type);
  url.searchParams.set('utm_campaign', c.id);
  return url.toString();
}

export const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

export function campaignView(c: StoredCampaign): Campaign {
  return {
    id: c.id, name: c.name, description: c.description, objective: c.objective, type: c.type, status: c.status,
    utmCampaign: c.id, link: campaignLink(c), generatedBy: c.generatedBy,
    stats: { visits: c.visits, signups: c.signups, trials: c.trials, conversions: c.conversions, conversionRate: rate(c.conversions, c.signups) },
    ranking: c.ranking, createdAt: c.createdAt, updatedAt: c.updatedAt,
  };
}

/** How campaign_optimization weighs a campaign: a conversion is worth three sign-ups (docs/marketing.md). */
export const campaignScore = (c: Pick<StoredCampaign, 'signups' | 'conversions'>) => c.signups + 3 * c.conversions;

/**
 * campaign_optimization's ranking of the campaigns that are running (active or paused): by score, then by
 * conversion rate, then the older first. With two or more, the last is flagged weakest with what to do about it.
 */
export function rankCampaigns(campaigns: StoredCampaign[], rankedAt: string): { id: string; ranking: NonNullable<Campaign['ranking']> }[] {
  const running = campaigns.filter((c) => c.status === 'active' || c.status === 'paused');
  const sorted = [...running].sort((a, b) => campaignScore(b) - campaignScore(a)
    || rate(b.conversions, b.signups) - rate(a.conversions, a.signups) || a.createdAt.localeCompare(b.createdAt));
  return sorted.map((c, i) => {
    const weakest = sorted.length >= 2 && i === sorted.length - 1;
    const numbers = `${c.signups} sign-up${c.signups === 1 ? '' : 's'}, ${c.conversions} conversion${c.conversions === 1 ? '' : 's'} from ${c.visits} visit${c.visits === 1 ? '' : 's'}`;
    const advice = !weakest ? '' : c.visits === 0
      ? ' Nobody has opened its link yet: share it where members gather.'
      : c.signups === 0 ? ' Visitors arrive but do not sign up: rework the message.' : ' It converts least: pause it or try another offer.';
    return { id: c.id, ranking: { rank: i + 1, of: sorted.length, score: campaignScore(c), weakest, note: `Rank ${i + 1} of ${sorted.length}: ${numbers}.${advice}`, rankedAt } };
  });
}
