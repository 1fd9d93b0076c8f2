import { randomBytes } from 'node:crypto';
import { baseConfig } from '@torcedor/service-kit/config';
import { CAMPAIGN_DESCRIPTION_MAX, CAMPAIGN_NAME_MAX } from '@torcedor/shared/constants';
import type { Campaign, ContentDraft } from '@torcedor/shared/schemas/marketing';

/** A campaign as stored: its fields, its counters (moved by leads and visits), its last ranking, its email (domain/campaign-email.ts). */
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

/** `part` of `whole` in percent, one decimal (0 when there is no whole). */
export const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** The campaign as the owner sees it: its link, its stats and conversion rate. */
export function campaignView(c: StoredCampaign): Campaign {
  return {
    id: c.id, name: c.name, description: c.description, objective: c.objective, type: c.type, status: c.status,
    utmCampaign: c.id, link: campaignLink(c), generatedBy: c.generatedBy,
    stats: { visits: c.visits, signups: c.signups, trials: c.trials, conversions: c.conversions, conversionRate: rate(c.conversions, c.signups) },
    ranking: c.ranking, email: c.email && withMailCounts(c.email), createdAt: c.createdAt, updatedAt: c.updatedAt,
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

/** The owner's (or the writer's) fields of a campaign. */
export type CampaignFields = Pick<StoredCampaign, 'name' | 'description' | 'objective' | 'type' | 'status' | 'generatedBy'>;

/** An email stored before SES's counts were kept has none: they start at 0. */
const withMailCounts = (e: Partial<NonNullable<Campaign['email']>> & Omit<NonNullable<Campaign['email']>, 'delivered' | 'bounced' | 'complained'>): NonNullable<Campaign['email']> =>
  ({ ...e, delivered: e.delivered ?? 0, bounced: e.bounced ?? 0, complained: e.complained ?? 0 });

/** A new campaign of these fields: a new id from its name, no counts yet, not ranked, no email. */
export function newCampaign(fields: CampaignFields, now: string): StoredCampaign {
  return {
    id: newCampaignId(fields.name), ...fields, visits: 0, signups: 0, trials: 0, conversions: 0, ranking: null, email: null, createdAt: now, updatedAt: now,
  };
}

/**
 * Why a campaign draft cannot be published as it is (a field past the campaign's limit), with the field to shorten;
 * null when it can.
 */
export function draftTooLong(draft: ContentDraft): { field: 'title' | 'body'; message: string } | null {
  const tooLong = draft.title.length > CAMPAIGN_NAME_MAX ? ['title', CAMPAIGN_NAME_MAX] as const
    : draft.body.length > CAMPAIGN_DESCRIPTION_MAX ? ['body', CAMPAIGN_DESCRIPTION_MAX] as const : null;
  if (!tooLong) return null;
  return { field: tooLong[0], message: `A campaign's ${tooLong[0] === 'title' ? 'name' : 'description'} is at most ${tooLong[1]} characters: shorten the draft first.` };
}

/** The active campaign a published campaign draft becomes. */
export const campaignFromDraft = (draft: ContentDraft, now: string): StoredCampaign => newCampaign({
  name: draft.title, description: draft.body, objective: 'acquisition', type: draft.campaignType ?? 'social', status: 'active', generatedBy: draft.generatedBy,
}, now);
