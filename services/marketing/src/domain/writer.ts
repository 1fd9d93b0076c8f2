import type { Campaign } from '@torcedor/shared/schemas/marketing';

/** What the club did lately, from marketing's own records: the grounding of every draft (docs/marketing.md). */
export interface ClubFacts {
  /** The UTC date the facts are as of. */
  date: string;
  totalLeads: number;
  weekSignups: number;
  weekTrials: number;
  weekConversions: number;
  weekPosts: number;
  weekReviews: number;
  weekRsvps: number;
  weekHumidorAdds: number;
  /** Converted leads / all leads, percent. */
  conversionRate: number;
  topSources: { source: string; leads: number }[];
  /** The cigars reviewed most this week (overall scores 0-100). */
  topCigars: { brandName: string; cigarName: string; reviews: number; averageOverall: number }[];
}

export interface PostDraft { title: string; body: string }
export interface CampaignDraft { name: string; description: string; type: Campaign['type'] }

/**
 * Marketing's writer (docs/marketing.md, "Drafts"): OpenAI through the `openai` package when a key is configured,
 * the local writer otherwise. Both write from the same facts and never invent numbers or cigars beyond them.
 */
export interface MarketingWriter {
  readonly kind: 'openai' | 'local';
  draftPost(facts: ClubFacts): Promise<PostDraft>;
  draftCampaign(objective: Campaign['objective'], facts: ClubFacts): Promise<CampaignDraft>;
}
