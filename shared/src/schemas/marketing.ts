import * as z from 'zod';
import {
  AUTOMATION_NAMES, CAMPAIGN_DESCRIPTION_MAX, CAMPAIGN_EMAIL_BODY_MAX, CAMPAIGN_EMAIL_SUBJECT_MAX, CAMPAIGN_NAME_MAX, DRAFT_BODY_MAX,
  DRAFT_TITLE_MAX,
} from '../constants.ts';
import { plainText } from './text.ts';

/**
 * The owner's marketing area (docs/marketing.md): where leads come from, campaigns with their own UTM links, the
 * scheduled automations and the numbers of the dashboard.
 */

export const CampaignObjective = z.enum(['acquisition', 'conversion', 'engagement', 'retention']);
export const CampaignType = z.enum(['social', 'email', 'content', 'referral', 'paid']);
export const CampaignStatus = z.enum(['draft', 'active', 'paused', 'completed']);

/** A campaign's own numbers: visits through its link, leads attributed to it by UTM, and what became of them. */
export const CampaignStats = z.object({
  visits: z.number().int().nonnegative(),
  signups: z.number().int().nonnegative(),
  trials: z.number().int().nonnegative(),
  conversions: z.number().int().nonnegative(),
  /** conversions / signups, in percent with one decimal (0 without sign-ups). */
  conversionRate: z.number(),
});

/**
 * A campaign's email (docs/marketing.md, "Campaign emails"): written, previewed, tried on the owner, then sent once to the
 * members who accept marketing emails at a verified address. `sent` counts the messages SES accepted; `delivered`,
 * `bounced` and `complained` what SES then reported of them; `unsubscribed` the recipients who turned marketing emails
 * off after receiving it.
 */
export const CampaignEmailStatus = z.enum(['draft', 'sending', 'sent']);
export const CampaignEmail = z.object({
  subject: z.string(),
  body: z.string(),
  status: CampaignEmailStatus,
  /** When the send was started, and when its last page went out. */
  sendStartedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  recipients: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  delivered: z.number().int().nonnegative(),
  bounced: z.number().int().nonnegative(),
  complained: z.number().int().nonnegative(),
  unsubscribed: z.number().int().nonnegative(),
});
export const CampaignEmailBody = z.strictObject({
  subject: plainText().trim().min(1, 'Subject is required').max(CAMPAIGN_EMAIL_SUBJECT_MAX, `At most ${CAMPAIGN_EMAIL_SUBJECT_MAX} characters`),
  body: plainText('multiline').trim().min(1, 'Write the email').max(CAMPAIGN_EMAIL_BODY_MAX, `At most ${CAMPAIGN_EMAIL_BODY_MAX} characters`),
});
/** The email as a member would receive it (the text and HTML parts, with the campaign's link and the footer). */
export const CampaignEmailPreview = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export const CampaignEmailSend = z.object({ ok: z.literal(true), recipients: z.number().int().nonnegative() });

/** What the last campaign_optimization run said of a campaign (null before the first run). */
export const CampaignRanking = z.object({
  rank: z.number().int().positive(),
  of: z.number().int().positive(),
  score: z.number(),
  weakest: z.boolean(),
  note: z.string(),
  rankedAt: z.string(),
});

export const Campaign = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  objective: CampaignObjective,
  type: CampaignType,
  status: CampaignStatus,
  /** The `utm_campaign` value of its link; leads arriving with it are attributed to the campaign. */
  utmCampaign: z.string(),
  /** The landing page link to share, with utm_source, utm_medium and utm_campaign set. */
  link: z.string(),
  /** Who wrote it: the owner, or the AI provider that drafted it. */
  generatedBy: z.enum(['owner', 'local', 'openai']),
  stats: CampaignStats,
  ranking: CampaignRanking.nullable(),
  /** Its email, once the owner wrote one. */
  email: CampaignEmail.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof Campaign>;

const campaignName = plainText().trim().min(1, 'Name is required').max(CAMPAIGN_NAME_MAX, `At most ${CAMPAIGN_NAME_MAX} characters`);
const campaignDescription = plainText('multiline').trim().max(CAMPAIGN_DESCRIPTION_MAX, `At most ${CAMPAIGN_DESCRIPTION_MAX} characters`);

/** A campaign the owner writes. */
export const NewCampaign = z.strictObject({
  name: campaignName,
  description: campaignDescription.default(''),
  objective: CampaignObjective.default('acquisition'),
  type: CampaignType.default('social'),
  status: CampaignStatus.default('active'),
});
/** A campaign the AI provider drafts from the club's own numbers (the page's generate button). */
export const GenerateCampaign = z.strictObject({
  generate: z.literal(true),
  objective: CampaignObjective.default('acquisition'),
});
export const CreateCampaignBody = z.union([GenerateCampaign, NewCampaign]);
export const UpdateCampaignBody = z.strictObject({
  name: campaignName.optional(),
  description: campaignDescription.optional(),
  objective: CampaignObjective.optional(),
  type: CampaignType.optional(),
  status: CampaignStatus.optional(),
}).refine((b) => Object.keys(b).length > 0, 'Nothing to change');

export const LeadStatus = z.enum(['new', 'engaged', 'converted']);
export const Lead = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** utm_source, else the referring site's host, else 'direct'. */
  source: z.string(),
  medium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  kind: z.enum(['member', 'trial']),
  engagementScore: z.number().int().min(0).max(100),
  status: LeadStatus,
  /** The member accepts marketing emails (Settings); a lead that does not is left out of every audience. */
  contactable: z.boolean(),
  activity: z.object({
    posts: z.number().int().nonnegative(),
    reviews: z.number().int().nonnegative(),
    humidorAdds: z.number().int().nonnegative(),
    rsvps: z.number().int().nonnegative(),
  }),
  lastActiveAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Lead = z.infer<typeof Lead>;

export const CampaignAnalytics = z.object({
  campaign: Campaign,
  /** The last 30 days, oldest first. */
  days: z.array(z.object({ date: z.string(), visits: z.number().int(), signups: z.number().int(), conversions: z.number().int() })),
  /** The contactable leads it can reach (converted ones left out of a conversion campaign), by score. */
  audience: z.object({ size: z.number().int().nonnegative(), leads: z.array(Lead) }),
  /** The leads it brought, best first. */
  leads: z.array(Lead),
});

export const AutomationName = z.enum(AUTOMATION_NAMES);
export type AutomationName = z.infer<typeof AutomationName>;
export const AutomationRun = z.object({
  id: z.string(),
  name: AutomationName,
  trigger: z.enum(['schedule', 'owner']),
  outcome: z.enum(['running', 'succeeded', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nonnegative().nullable(),
  /** What it did ('Rescored 42 leads, 3 changed') or why it failed. */
  summary: z.string().nullable(),
});
export type AutomationRun = z.infer<typeof AutomationRun>;
export const Automation = z.object({
  name: AutomationName,
  title: z.string(),
  summary: z.string(),
  /** The EventBridge rate of its schedule, e.g. 'rate(1 day)'. */
  schedule: z.string(),
  running: z.boolean(),
  lastRun: AutomationRun.nullable(),
  /** The last runs, newest first. */
  history: z.array(AutomationRun),
});
export const Automations = z.object({ items: z.array(Automation) });
export const RunAutomationBody = z.strictObject({ name: AutomationName });

export const DraftKind = z.enum(['post', 'campaign']);
export const ContentDraft = z.object({
  id: z.string(),
  kind: DraftKind,
  title: z.string(),
  body: z.string(),
  status: z.enum(['draft', 'published', 'discarded']),
  generatedBy: z.enum(['local', 'openai']),
  /** Campaign copy: the type of the campaign it proposes (null for a post). */
  campaignType: CampaignType.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  /** The post or campaign it became. */
  publishedAs: z.string().nullable(),
});
export type ContentDraft = z.infer<typeof ContentDraft>;
export const ContentDrafts = z.object({ items: z.array(ContentDraft) });
export const UpdateDraftBody = z.strictObject({
  title: plainText().trim().min(1, 'Title is required').max(DRAFT_TITLE_MAX, `At most ${DRAFT_TITLE_MAX} characters`),
  body: plainText('multiline').trim().min(1, 'Text is required').max(DRAFT_BODY_MAX, `At most ${DRAFT_BODY_MAX} characters`),
});

export const MarketingDashboard = z.object({
  totalCampaigns: z.number().int(),
  activeCampaigns: z.number().int(),
  totalLeads: z.number().int(),
  /** Leads who signed up in the last 7 days ("New This Week"). */
  recentLeads: z.number().int(),
  /** Converted leads / all leads, in percent with one decimal. */
  conversionRate: z.number(),
  campaigns: z.array(Campaign),
  topLeads: z.array(Lead),
});

/** The Analytics tab's charts of the club's own data. */
export const MarketingAnalytics = z.object({
  /** The last 30 days, oldest first (UTC dates). */
  days: z.array(z.object({ date: z.string(), visits: z.number().int(), signups: z.number().int(), trials: z.number().int(), conversions: z.number().int() })),
  funnel: z.object({ visitors: z.number().int(), signups: z.number().int(), trials: z.number().int(), premium: z.number().int() }),
  sources: z.array(z.object({ source: z.string(), leads: z.number().int() })),
});
