import * as z from 'zod';
import { Strength } from './schemas/humidor.ts';
import type { ServiceName } from './services.ts';
import { ContentFilter, DirectMessages, Language, ProfileVisibility } from './schemas/identity.ts';
import { LivePush } from './live.ts';
import { AUTOMATION_NAMES, CIGAR_PHOTOS_SHOWN, EVENT_NOTICE_RECIPIENTS_MAX, PHOTOS_MAX } from './constants.ts';
import { Attribution } from './schemas/attribution.ts';

/**
 * Domain events (docs/architecture.md). Each event carries the new state of what changed and a version
 * that only grows, so consumers keep read copies that duplicates and reordering cannot corrupt.
 */
export interface EventDef<S extends z.ZodType = z.ZodType> {
  source: ServiceName;
  summary: string;
  detail: S;
}
const event = <S extends z.ZodType>(def: EventDef<S>) => def;

export const domainEvents = {
  UserRegistered: event({
    source: 'identity',
    summary: 'A member account was created (sign-up or trial)',
    detail: z.object({
      userId: z.string(),
      email: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      kind: z.enum(['member', 'trial']),
      registeredAt: z.string(),
      /** End of the 7-day trial for trial members; null for members. */
      trialEndsAt: z.string().nullable(),
      /** Where the visitor came from, as the sign-up or trial page sent it (absent: not known). */
      attribution: Attribution.optional(),
    }),
  }),
  UserProfileChanged: event({
    source: 'identity',
    summary: "A member's public profile (name, location, bio, picture) or a setting other services honour changed; carries the whole new state",
    detail: z.object({
      userId: z.string(),
      version: z.number().int().nonnegative(),
      displayName: z.string(),
      location: z.string().nullable(),
      profileImageUrl: z.string().nullable(),
      bio: z.string().nullable(),
      profileVisibility: ProfileVisibility,
      allowFollowRequests: z.boolean(),
      showLocationInProfile: z.boolean(),
      followNotifications: z.boolean(),
      reviewNotifications: z.boolean(),
      eventNotifications: z.boolean(),
      marketingEmails: z.boolean(),
      contentFilter: ContentFilter,
      /**
       * Whether the member's address is verified (null: a trial account, which has none). Services that take
       * contributions refuse them while it is false (EMAIL_UNVERIFIED). Events from before verification existed lack
       * it: those members count as verified.
       */
      emailVerified: z.boolean().nullable().default(true),
      /** The master switch of notification emails (absent in events from before it travelled: on). */
      emailNotifications: z.boolean().default(true),
      /** Who may send the member direct messages (absent in events from before messages: everyone). */
      allowDirectMessages: DirectMessages.default('everyone'),
      /** Unread direct messages in the notification email (absent in events from before messages: on). */
      messageNotifications: z.boolean().default(true),
      /**
       * The member's language (docs/i18n.md): what the emails sent later are written in, by the services that keep a
       * copy of the member (absent in events from before it travelled: English).
       */
      language: Language.default('en'),
    }),
  }),
  MemberEmailChanged: event({
    source: 'identity',
    summary: "A member's address, or whether it is verified, changed: the services that email members keep it (the whole new state, versioned)",
    detail: z.object({
      userId: z.string(),
      /** Grows with every change of the member's address or its verification. */
      version: z.number().int().nonnegative(),
      /** null: a trial account, which has none. */
      email: z.string().nullable(),
      verified: z.boolean(),
      /** SES reported a permanent bounce or a complaint for this address: nothing is sent to it until it changes. */
      suppressed: z.boolean().default(false),
    }),
  }),
  SessionRevoked: event({
    source: 'identity',
    summary: "A session was ended on the server (logout): its login's tokens are refused until expiresAt, and with notBeforeMs every token and login of the member from before that time",
    detail: z.object({ sessionId: z.string(), userId: z.string(), expiresAt: z.number().int(), notBeforeMs: z.number().int().optional() }),
  }),
  UserDeleted: event({
    source: 'identity',
    summary: 'A member deleted their account; every service deletes what it holds of them',
    detail: z.object({ userId: z.string(), deletedAt: z.string() }),
  }),
  EntitlementChanged: event({
    source: 'billing',
    summary: "A member's plan changed (free, trial until a date, premium until a date); carries the whole entitlement",
    detail: z.object({
      userId: z.string(),
      version: z.number().int().nonnegative(),
      tier: z.enum(['free', 'trial', 'premium']),
      until: z.string().nullable(),
    }),
  }),
  CollectionCountsChanged: event({
    source: 'humidor',
    summary: "A member's humidor or wishlist changed; carries the new totals",
    detail: z.object({
      userId: z.string(),
      version: z.number().int().nonnegative(),
      /** Cigars held: the sum of the humidor items' quantities. */
      humidorCount: z.number().int().nonnegative(),
      humidorItems: z.number().int().nonnegative(),
      wishlistCount: z.number().int().nonnegative(),
    }),
  }),
  CatalogCigarsChanged: event({
    source: 'humidor',
    summary: 'Curated catalog cigars were imported or changed; carries each whole cigar with its brand (in chunks of at most 150)',
    detail: z.object({
      catalogVersion: z.number().int().nonnegative(),
      cigars: z.array(z.object({
        id: z.string(), name: z.string(), brandName: z.string(), vitola: z.string().nullable(),
        /** The curated details (VitolAI grounds its answers in them); absent only for a row without them. */
        details: z.object({
          brandId: z.string(), brandCountry: z.string(), length: z.number(), ringGauge: z.number(), strength: Strength, wrapper: z.string(),
          binder: z.string(), filler: z.string(), country: z.string(), description: z.string(),
        }).optional(),
      })).max(150),
    }),
  }),
  CatalogPublished: event({
    source: 'humidor',
    summary: "The catalog's current version is announced whole: how many cigars and CatalogCigarsChanged chunks it has. Sent when an announcement ends, and every hour, so a copy that missed chunks knows it is behind",
    detail: z.object({
      catalogVersion: z.number().int().nonnegative(),
      cigarCount: z.number().int().nonnegative(),
      /** CatalogCigarsChanged events of this version: a copy holding this many distinct chunks is whole. */
      chunks: z.number().int().nonnegative(),
    }),
  }),
  SocialCatalogCopyBehind: event({
    source: 'social',
    summary: "Social's copy of the catalog lacks chunks of the published version (a delivery was dead-lettered); humidor announces that version again",
    detail: z.object({ catalogVersion: z.number().int().nonnegative() }),
  }),
  AiCatalogCopyBehind: event({
    source: 'ai',
    summary: "VitolAI's copy of the catalog lacks chunks of the published version (a delivery was dead-lettered); humidor announces that version again",
    detail: z.object({ catalogVersion: z.number().int().nonnegative() }),
  }),
  CigarCommunityChanged: event({
    source: 'humidor',
    summary: "A catalog cigar's community rating, review count or photos changed (from social's review events); carries the new state and its version",
    detail: z.object({
      cigarId: z.string(),
      /** Grows with every change of the cigar's reviews or photos. */
      version: z.number().int().nonnegative(),
      /** 0-100, null with no review. */
      averageRating: z.number().nullable(),
      reviewCount: z.number().int().nonnegative(),
      /** The community's latest photos as the site serves them, newest first. */
      photos: z.array(z.string()).max(CIGAR_PHOTOS_SHOWN),
    }),
  }),
  CollectionItemChanged: event({
    source: 'humidor',
    summary: "One item of a member's humidor or wishlist was added, changed or removed; carries the whole item (or its removal) and the item's version",
    detail: z.object({
      userId: z.string(),
      itemId: z.string(),
      list: z.enum(['humidor', 'wishlist']),
      /** Grows with each change of this item; a removal carries the next version too. */
      version: z.number().int().nonnegative(),
      removed: z.boolean(),
      cigarId: z.string(),
      brandName: z.string(),
      cigarName: z.string(),
      cigarVitola: z.string().nullable(),
      cigarStrength: Strength.nullable(),
      /** Humidor: sticks, status, box date, price paid; wishlist: priority. */
      quantity: z.number().int().nullable(),
      status: z.string().nullable(),
      boxDate: z.string().nullable(),
      pricePaid: z.number().nullable(),
      priority: z.number().int().nullable(),
      createdAt: z.string(),
    }),
  }),
  PostPublished: event({
    source: 'social',
    summary: 'A member shared a post (the fan-out worker delivers it to their followers)',
    detail: z.object({ postId: z.string(), userId: z.string(), createdAt: z.string() }),
  }),
  PostDeleted: event({
    source: 'social',
    summary: 'A post was deleted by its author or with their account',
    detail: z.object({
      postId: z.string(),
      userId: z.string(),
      /** The post's picture as the site serves it (`/uploads/...`), deleted with the post; absent or null: none. */
      imageUrl: z.string().nullable().optional(),
    }),
  }),
  FollowChanged: event({
    source: 'social',
    summary: 'A member followed or unfollowed another (following back-fills the follower\'s feed)',
    detail: z.object({ followerId: z.string(), followeeId: z.string(), following: z.boolean() }),
  }),
  SocialCountsChanged: event({
    source: 'social',
    summary: "A member's follower, following or review totals changed; carries the new totals",
    detail: z.object({
      userId: z.string(),
      version: z.number().int().nonnegative(),
      followersCount: z.number().int().nonnegative(),
      followingCount: z.number().int().nonnegative(),
      reviewsCount: z.number().int().nonnegative(),
    }),
  }),
  ReviewPublished: event({
    source: 'social',
    summary: 'A member reviewed a catalog cigar; carries the whole review',
    detail: z.object({
      reviewId: z.string(),
      userId: z.string(),
      cigarId: z.string(),
      brandName: z.string(),
      cigarName: z.string(),
      drawScore: z.number().int(),
      burnScore: z.number().int(),
      flavorScore: z.number().int(),
      overallScore: z.number().int(),
      flavorTags: z.array(z.string()),
      /** The review's photos, registered object paths (`uploads/...`), so the cigar's copies can show them. */
      photos: z.array(z.string()).max(PHOTOS_MAX).default([]),
      createdAt: z.string(),
    }),
  }),
  ReviewDeleted: event({
    source: 'social',
    summary: 'A review was deleted (by its author, a moderator, or with the account)',
    detail: z.object({
      reviewId: z.string(),
      userId: z.string(),
      cigarId: z.string(),
      /**
       * The review's photos (object paths), which social's worker deletes: a deleted review's. A review a moderator hid
       * carries none: it keeps them, shown nowhere, like a hidden post its picture.
       */
      photos: z.array(z.string()).max(PHOTOS_MAX).default([]),
    }),
  }),
  EventNotice: event({
    source: 'events',
    summary: "Something members should hear about an event: a new RSVP (to its host), a waitlisted member's promotion, a change or a cancellation (to its attendees)",
    detail: z.object({
      noticeId: z.string(),
      kind: z.enum(['rsvp', 'promoted', 'changed', 'cancelled']),
      eventId: z.string(),
      eventTitle: z.string(),
      actorId: z.string(),
      recipientIds: z.array(z.string()).max(EVENT_NOTICE_RECIPIENTS_MAX),
      createdAt: z.string(),
    }),
  }),
  LiveUpdate: event({
    source: 'social',
    summary: "Something a member should see at once in their open tabs (a message, an unread count, the bell, an event's news): the push worker delivers it to their live connections (docs/architecture.md, \"Live delivery\")",
    detail: z.object({ pushId: z.string(), userId: z.string(), push: LivePush, createdAt: z.string() }),
  }),
  AutomationRequested: event({
    source: 'marketing',
    summary: 'The owner started an automation; its run already holds the lease and is recorded as running (docs/marketing.md)',
    detail: z.object({ runId: z.string(), name: z.enum(AUTOMATION_NAMES), requestedBy: z.string() }),
  }),
  MarketingPostApproved: event({
    source: 'marketing',
    summary: "The owner published a content draft as a community post: social posts it in the owner's name, once per draft",
    detail: z.object({ draftId: z.string(), postId: z.string(), userId: z.string(), content: z.string(), createdAt: z.string() }),
  }),
} satisfies Record<string, EventDef>;

export type DomainEvents = typeof domainEvents;
export type EventName = keyof DomainEvents;
export type EventDetail<N extends EventName> = z.output<DomainEvents[N]['detail']>;

/** Which service consumes which event. CDK creates one rule per row; the local bus dispatches from it. */
export const subscriptions = [
  { event: 'UserRegistered', consumer: 'marketing' },
  // Leads: activity feeds the engagement score, a subscription converts, the marketing-emails setting decides
  // whether a lead can be contacted (docs/marketing.md).
  { event: 'PostPublished', consumer: 'marketing' },
  { event: 'ReviewPublished', consumer: 'marketing' },
  { event: 'CollectionItemChanged', consumer: 'marketing' },
  { event: 'EventNotice', consumer: 'marketing' },
  { event: 'EntitlementChanged', consumer: 'marketing' },
  { event: 'UserProfileChanged', consumer: 'marketing' },
  // An automation the owner starts runs in marketing's worker, off the request path.
  { event: 'AutomationRequested', consumer: 'marketing', self: true },
  { event: 'MarketingPostApproved', consumer: 'social' },
  { event: 'UserRegistered', consumer: 'billing' },
  // A new member's welcome in the bell, linking to the first run's steps (docs/product.md, "First run").
  { event: 'UserRegistered', consumer: 'social' },
  { event: 'EntitlementChanged', consumer: 'humidor' },
  { event: 'EntitlementChanged', consumer: 'ai' },
  { event: 'EntitlementChanged', consumer: 'identity' },
  // Premium members are promoted from a waitlist first.
  { event: 'EntitlementChanged', consumer: 'events' },
  // The member badge next to authors' names (posts, comments, profiles, discover).
  { event: 'EntitlementChanged', consumer: 'social' },
  { event: 'UserProfileChanged', consumer: 'events' },
  { event: 'EventNotice', consumer: 'social' },
  { event: 'CollectionCountsChanged', consumer: 'identity' },
  { event: 'UserProfileChanged', consumer: 'social' },
  { event: 'MemberEmailChanged', consumer: 'social' },
  { event: 'MemberEmailChanged', consumer: 'marketing' },
  { event: 'CollectionCountsChanged', consumer: 'social' },
  { event: 'CatalogCigarsChanged', consumer: 'social' },
  // Copies of the catalog know when they are whole, and ask for what they missed (services/kit/src/catalog-copy.ts).
  { event: 'CatalogPublished', consumer: 'social' },
  { event: 'CatalogPublished', consumer: 'ai' },
  { event: 'SocialCatalogCopyBehind', consumer: 'humidor' },
  { event: 'AiCatalogCopyBehind', consumer: 'humidor' },
  // Social delivers its own posts (fan-out on write) and back-fills feeds from its own events, off the request path.
  { event: 'PostPublished', consumer: 'social', self: true },
  { event: 'PostDeleted', consumer: 'social', self: true },
  { event: 'FollowChanged', consumer: 'social', self: true },
  // Live delivery: social's worker pushes to each member's open WebSockets what its own writes published.
  { event: 'LiveUpdate', consumer: 'social', self: true },
  { event: 'SocialCountsChanged', consumer: 'identity' },
  { event: 'ReviewPublished', consumer: 'humidor' },
  // VitolAI grounds its answers in its own copies of the catalog and of each member's collection and reviews.
  { event: 'CatalogCigarsChanged', consumer: 'ai' },
  { event: 'CollectionItemChanged', consumer: 'ai' },
  { event: 'ReviewPublished', consumer: 'ai' },
  { event: 'ReviewDeleted', consumer: 'ai' },
  // Quick Picks show each cigar's community rating and latest photo.
  { event: 'CigarCommunityChanged', consumer: 'ai' },
  { event: 'ReviewDeleted', consumer: 'humidor' },
  // A deleted review's photos are deleted off the request path, like a deleted post's picture.
  { event: 'ReviewDeleted', consumer: 'social', self: true },
  // Every service that verifies sessions keeps its own copy of ended sessions (identity writes its own directly).
  { event: 'SessionRevoked', consumer: 'social' },
  { event: 'SessionRevoked', consumer: 'humidor' },
  { event: 'SessionRevoked', consumer: 'events' },
  { event: 'SessionRevoked', consumer: 'ai' },
  { event: 'SessionRevoked', consumer: 'billing' },
  { event: 'SessionRevoked', consumer: 'marketing' },
  { event: 'UserDeleted', consumer: 'social' },
  { event: 'UserDeleted', consumer: 'humidor' },
  { event: 'UserDeleted', consumer: 'events' },
  { event: 'UserDeleted', consumer: 'ai' },
  { event: 'UserDeleted', consumer: 'billing' },
  { event: 'UserDeleted', consumer: 'marketing' },
] as const satisfies readonly {
  event: EventName;
  consumer: ServiceName;
  /** A service's own event, consumed to do work off the request path (fan-out, back-fill); declared, never by accident. */
  self?: true;
}[];

/** Scheduled jobs. Expressions are EventBridge `rate(...)` expressions. */
export const schedules = [
  // Marketing's automations (docs/marketing.md); the owner can also start each from the Automation tab.
  { name: 'lead_scoring_update', expression: 'rate(1 day)', target: 'marketing', summary: "Recomputes every lead's engagement score from its recorded activity" },
  { name: 'daily_content_generation', expression: 'rate(1 day)', target: 'marketing', summary: 'Drafts a community post from the week in the club with the AI provider' },
  { name: 'campaign_optimization', expression: 'rate(1 day)', target: 'marketing', summary: 'Ranks campaigns by attributed sign-ups and conversions and flags the weakest' },
  // The events service's past-events count (services/events/README.md, "Past events").
  { name: 'past_events_update', expression: 'rate(5 minutes)', target: 'events', summary: 'Counts the events that have started since the last run as past (each once)' },
  // Notification emails (services/social/README.md, "Notification emails"): each member waiting for one gets one digest.
  { name: 'notification_digests', expression: 'rate(15 minutes)', target: 'social', summary: 'Emails each member a digest of their notifications, at most once an hour' },
  // The catalog's version, again every hour: a copy that missed chunks of it asks for them (services/humidor/README.md).
  { name: 'catalog-heartbeat', expression: 'rate(1 hour)', target: 'humidor', summary: "Announces the catalog's current version (CatalogPublished), so behind copies catch up" },
  // Every publisher's outbox (services/kit/src/outbox.ts): events its relay could not publish at once.
  { name: 'outbox-relay-identity', expression: 'rate(1 minute)', target: 'identity', summary: "Publishes identity's outbox events left unpublished" },
  { name: 'outbox-relay-humidor', expression: 'rate(1 minute)', target: 'humidor', summary: "Publishes humidor's outbox events left unpublished" },
  { name: 'outbox-relay-social', expression: 'rate(1 minute)', target: 'social', summary: "Publishes social's outbox events left unpublished" },
  { name: 'outbox-relay-events', expression: 'rate(1 minute)', target: 'events', summary: "Publishes events' outbox events left unpublished" },
  { name: 'outbox-relay-billing', expression: 'rate(1 minute)', target: 'billing', summary: "Publishes billing's outbox events left unpublished" },
  { name: 'outbox-relay-marketing', expression: 'rate(1 minute)', target: 'marketing', summary: "Publishes marketing's outbox events left unpublished, and continues its unfinished jobs" },
] as const satisfies readonly { name: string; expression: `rate(${string})`; target: ServiceName; summary: string }[];
export type ScheduleName = (typeof schedules)[number]['name'];

/** Source attribute of events on the bus: `torcedor.<service>`. */
export const eventSource = (service: ServiceName) => `torcedor.${service}`;
/** Detail type of scheduled events delivered to workers. */
export const SCHEDULE_DETAIL_TYPE = 'Scheduled';

/** Services that need a worker function: they consume an event or run a schedule. */
export function servicesWithWorker(): ServiceName[] {
  const set = new Set<ServiceName>([...subscriptions.map((s) => s.consumer), ...schedules.map((s) => s.target)]);
  return [...set];
}

/** Milliseconds of a `rate(N unit)` expression. */
export function rateMs(expression: string): number {
  const m = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression);
  if (!m) throw new Error(`unsupported schedule expression ${expression}`);
  const unit = m[2]!.replace(/s$/, '');
  return Number(m[1]) * (unit === 'minute' ? 60_000 : unit === 'hour' ? 3_600_000 : 86_400_000);
}

/**
 * Amazon SES's events about the club's emails (infra/README.md, "Email"): the configuration set sends them to the
 * account's default bus, where a rule per consumer below forwards them to its worker. Each names the outcome a
 * service records: identity keeps its suppression list from bounces and complaints, marketing counts a campaign's
 * deliveries, bounces and complaints (by the message's `campaign` tag). Not on the domain bus, never published by us.
 */
export const MAIL_EVENT_SOURCE = 'aws.ses';
export const MAIL_EVENT_TYPES = { 'Email Delivered': 'delivered', 'Email Bounced': 'bounced', 'Email Complaint Received': 'complained' } as const;
export type MailOutcome = (typeof MAIL_EVENT_TYPES)[keyof typeof MAIL_EVENT_TYPES];
const recipients = z.array(z.object({ emailAddress: z.string() }));
/** The part of SES's event detail the services read (its event publishing format). */
export const MailEventDetail = z.object({
  eventType: z.string(),
  mail: z.object({
    messageId: z.string(),
    destination: z.array(z.string()),
    /** The tags the message was sent with (`kind`, `campaign`), each a list of values. */
    tags: z.record(z.string(), z.array(z.string())).default({}),
  }),
  bounce: z.object({ bounceType: z.string(), bouncedRecipients: recipients }).optional(),
  complaint: z.object({ complainedRecipients: recipients }).optional(),
});
export type MailEventDetail = z.infer<typeof MailEventDetail>;
export const mailSubscriptions = [
  { consumer: 'identity', outcomes: ['bounced', 'complained'] },
  { consumer: 'marketing', outcomes: ['delivered', 'bounced', 'complained'] },
] as const satisfies readonly { consumer: ServiceName; outcomes: readonly MailOutcome[] }[];
