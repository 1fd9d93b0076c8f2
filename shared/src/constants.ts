/**
 * Business constants of the product (docs/product.md, "Constants"). Every limit, price, age and timing the code
 * enforces or displays is read from here; nothing else in the repo hard-codes these numbers.
 */
export const COUNTRIES = [
  { code: 'US', name: 'United States', minimumAge: 21 },
  { code: 'GB', name: 'United Kingdom', minimumAge: 18 },
  { code: 'CA', name: 'Canada', minimumAge: 18 },
  { code: 'DE', name: 'Germany', minimumAge: 18 },
  { code: 'NL', name: 'Netherlands', minimumAge: 18 },
] as const;
export type CountryCode = (typeof COUNTRIES)[number]['code'];
export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];
/** The answer to text with a control character in it (schemas/text.ts). */
export const CONTROL_CHARACTERS_MESSAGE = 'Remove control characters from this text';
/** Password policy of the user pool (CDK sets the same): its minimum length (schemas/identity.ts). */
export const PASSWORD_MIN_LENGTH = 8;
/** Deleting the account needs the member to type this word (schemas/identity.ts). */
export const DELETE_CONFIRMATION = 'DELETE';
/** CSV import rows per call: one TransactWrite holds the member's counts item and one Put a row (DynamoDB takes 100). */
export const IMPORT_MAX_ROWS = 90;

/** The languages the club speaks (docs/i18n.md): a member's `language` setting, the web's catalogs, emails, VitolAI. */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'it'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];

/** The legal text's global floor ("18 globally"); the US raises it to 21. */
export const GLOBAL_MINIMUM_AGE = 18;

export const TRIAL_DAYS = 7;
export const FREE_HUMIDOR_CAP = 20;
export const FREE_AI_DAILY_LIMIT = 3;
export const PREMIUM_PRICE_USD_CENTS = 999;
/** Billing: a webhook's signature timestamp may be this old at most (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Billing: each processed webhook event id is remembered this long, so a redelivery is a no-op (Stripe retries for 3 days). */
export const WEBHOOK_EVENT_TTL_DAYS = 7;
/** Events: a free member hosts at most this many upcoming events at once; premium and trial members host freely (docs/decisions.md). */
export const FREE_HOSTED_EVENTS_LIMIT = 2;
/** Priority support: the subject and message limits of a support request. */
export const SUPPORT_SUBJECT_MAX_LENGTH = 120;
export const SUPPORT_MESSAGE_MAX_LENGTH = 4_000;
export const FREE_PRICE_USD_CENTS = 0;

export const BIO_MAX_LENGTH = 500;
export const EVENT_CAPACITY_MIN = 1;

export const FEED_UPCOMING_EVENTS = 3;
export const QUICK_PICKS_SHOWN = 3;
export const SUGGESTED_PROMPTS = 6;
export const FEED_CHAT_PROMPTS = 3;
export const AI_SMOKING_HISTORY_ENTRIES = 10;
/** VitolAI: a chat message is 1 to 2,000 characters once trimmed. */
export const AI_MESSAGE_MAX_LENGTH = 2_000;
/**
 * VitolAI abuse limits (docs/decisions.md, "VitolAI"): every member's answers (chat and recommendations, premium
 * included) per rolling hour and per UTC day; the free daily quota of recommendations comes on top.
 */
export const AI_ABUSE_LIMITS = { perHour: 60, perDay: 300 } as const;
/** VitolAI keeps this many earlier turns of a chat for context, and a chat this many days. */
export const AI_CONTEXT_TURNS = 12;
export const AI_CHAT_TTL_DAYS = 30;
/** Band scan (docs/band-scan.md): the matches shown, and the most text read off a band the server takes. */
export const BAND_MATCHES_SHOWN = 3;
export const BAND_TEXT_MAX = 2_000;
/** The message when the text read off a band matches nothing, or nothing could be read. */
export const BAND_UNREADABLE_MESSAGE = 'Hold the band flat and fill the frame';
export const TOP_LEADS_SHOWN = 5;

/** Marketing (docs/marketing.md). The scheduled automations, by the names the schedules and the page use. */
export const AUTOMATION_NAMES = ['daily_content_generation', 'lead_scoring_update', 'campaign_optimization'] as const;
/**
 * How long an automation run holds its lease: twice the worker's 60 s timeout, so a live run is never taken over
 * and a run that died frees its automation after this.
 */
export const AUTOMATION_LEASE_MS = 2 * 60_000;
/** Runs of each automation shown on the Automation tab. */
export const AUTOMATION_HISTORY_SHOWN = 5;
export const UTM_VALUE_MAX = 100;
/** A campaign email (docs/marketing.md, "Campaign emails"): its subject and body, written by the owner. */
export const CAMPAIGN_EMAIL_SUBJECT_MAX = 150;
export const CAMPAIGN_EMAIL_BODY_MAX = 5_000;
/**
 * How fast a campaign is sent: SES's default sending rate of a new production account (14 a second), unless the stage
 * says otherwise (MAIL_SEND_PER_SECOND); a campaign is sent in pages of this many recipients.
 */
export const DEFAULT_MAIL_SEND_PER_SECOND = 14;
export const CAMPAIGN_SEND_PAGE = 100;
export const CAMPAIGN_NAME_MAX = 80;
export const CAMPAIGN_DESCRIPTION_MAX = 500;
export const DRAFT_TITLE_MAX = 120;
/** A draft may become a community post: at most a post's length. */
export const DRAFT_BODY_MAX = 2_000;
/** Days of the dashboard's and a campaign's daily charts. */
export const MARKETING_CHART_DAYS = 30;
/** Leads listed in a campaign's analytics (its audience and the leads it brought). */
export const CAMPAIGN_LEADS_SHOWN = 10;
/**
 * The engagement score (docs/marketing.md, "Engagement score"), 0-100: a converted lead (a premium subscription)
 * is 100; otherwise the sum below, at most 99. Each activity counts once per thing (a post, a review, an item
 * added to the humidor, an event the member is going to) up to its cap; recency halves every `recencyHalfLifeDays`
 * after the last activity (or the sign-up), counted in whole days of the run's UTC date, so one day's runs agree.
 */
export const LEAD_SCORE = {
  signup: { member: 20, trial: 10 },
  hasName: 5,
  hasEmail: 5,
  startedTrial: 5,
  perPost: 4, postsCap: 20,
  perReview: 6, reviewsCap: 24,
  perHumidorAdd: 2, humidorAddsCap: 10,
  perRsvp: 5, rsvpsCap: 15,
  recency: 15, recencyHalfLifeDays: 14,
  converted: 100,
  max: 99,
} as const;
export const LEARN_VIDEOS = 9;

export const LOGIN_REDIRECT_DELAY_MS = 500;
export const DASHBOARD_POLL_MS = 30_000;
export const TOAST_DURATION_MS = 5_000;
export const TOASTS_VISIBLE = 1;

/** Relative post time thresholds (docs/product.md, "Behaviour"). */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const RELATIVE_TIME_DAYS_LIMIT = 7;

export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PICTURE_MAX_FILES = 1;
/** Profile pictures and post images: JPEG, PNG and WebP (verified by magic bytes on the server). */
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Aging stat: items with at least this many years since their box date. */
export const AGING_STAT_YEARS = 2;

/** Legal text facts (docs/product.md, "Constants"). */
export const LIABILITY_CAP_USD = 100;
export const GOVERNING_LAW = 'Delaware';

/** Request limits enforced by every service (docs/api.md). */
export const MAX_BODY_BYTES = 64 * 1024;

/** Where the web build serves the API reference page's script and styles (Swagger UI), on our own origin. */
export const API_DOCS_ASSETS = '/api-docs';

/** What the page says when the service or one of its dependencies does not answer (503 or no answer at all). */
export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Please try again.';
/** The page with the Log out button (logging out is a POST; a GET of /api/logout lands here). */
export const LOGOUT_PAGE = '/logout';
/** What a member reads when the deployment has no payment provider configured (code PAYMENTS_UNAVAILABLE). */
export const PAYMENTS_UNAVAILABLE_MESSAGE = 'Premium is not available yet. Please try again later.';
/** When to ask again after PAYMENTS_UNAVAILABLE: an operator has to act, so not soon. */
export const PAYMENTS_UNAVAILABLE_RETRY_AFTER_SECONDS = 3600;
/** The request header that makes a creating request idempotent, and how long its answer is kept. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** The user pool group whose members are owners (isOwner); only an operator adds members to it. */
export const OWNERS_GROUP = 'owners';

/**
 * Abuse limits of identity (docs/decisions.md, "Sessions"), each overridable by the environment variable named
 * beside it. Sign-in attempts are counted per (email, address) and per address, never per email alone, so a
 * stranger's wrong passwords cannot lock a member out of their own device. Sign-ups and trials share one
 * count per address, and a sign-up for an email that exists counts too (no fast enumeration).
 */
export const ABUSE_LIMITS = {
  /** LOGIN_LIMIT_PER_ACCOUNT_ADDRESS */
  loginPerAccountAndAddress: 5,
  /** LOGIN_LIMIT_PER_ADDRESS */
  loginPerAddress: 20,
  loginWindowSeconds: 15 * 60,
  /** SIGNUP_LIMIT_PER_ADDRESS */
  signupsPerAddress: 10,
  signupWindowSeconds: 60 * 60,
  /** Upload links (POST /api/objects/upload) per member in a fixed window (docs/architecture.md, "Uploads"). */
  uploadsPerMember: 30,
  uploadWindowSeconds: 60 * 60,
  /** Password-reset codes asked for one address (email) and from one client address, per hour (docs/product.md, "Email"). */
  resetsPerEmail: 5,
  resetsPerAddress: 20,
  resetWindowSeconds: 60 * 60,
} as const;

/**
 * Emailed codes (docs/product.md, "Email"): 6 digits; a verification code lives 24 hours, a password-reset code 1 hour;
 * 5 wrong tries end a code; a member may have a new verification code sent 5 times an hour.
 */
export const EMAIL_CODES = {
  digits: 6,
  verifyTtlSeconds: 24 * 60 * 60,
  resetTtlSeconds: 60 * 60,
  maxTries: 5,
  resendsPerHour: 5,
} as const;
/**
 * What a one-click unsubscribe turns off (docs/product.md, "Email"): each kind names the member setting it clears.
 * `notifications` is the master switch of notification emails; `marketing` the 'Marketing emails' setting.
 */
export const UNSUBSCRIBE_KINDS = {
  notifications: 'emailNotifications',
  follows: 'followNotifications',
  activity: 'reviewNotifications',
  events: 'eventNotifications',
  messages: 'messageNotifications',
  marketing: 'marketingEmails',
} as const;
export type UnsubscribeKind = keyof typeof UNSUBSCRIBE_KINDS;
/** A changed, truncated or foreign unsubscribe link. */
export const INVALID_UNSUBSCRIBE_MESSAGE = 'This unsubscribe link is not valid. You can change your email settings in Settings.';
/**
 * Notification emails (docs/product.md, "Email"): at most one per member per hour, a digest of what happened since the
 * last one, listing at most DIGEST_ITEMS_SHOWN lines; members waiting for a digest are spread over DIGEST_SHARDS
 * partitions.
 */
export const DIGEST_INTERVAL_SECONDS = 60 * 60;
export const DIGEST_ITEMS_SHOWN = 10;
export const DIGEST_SHARDS = 16;

/** What a member who has not verified their address is told when they try to post, comment, review, host or RSVP. */
export const EMAIL_UNVERIFIED_MESSAGE = 'Please verify your email address first: we sent you a code.';
/** Every wrong, used-up or expired code gets the same answer (it tells nothing about which). */
export const INVALID_CODE_MESSAGE = 'That code is not valid. Check the latest email we sent, or ask for a new code.';

/**
 * Direct messages (docs/product.md, "Direct messages"): 1-2,000 characters; a sender sends at most `perHour` messages an hour and
 * starts at most `newConversationsPerDay` conversations a day (premium benefits lift the free number); a page of
 * conversations or of a thread holds `pageSize`.
 */
export const MESSAGE_MAX_LENGTH = 2_000;
export const MESSAGE_LIMITS = {
  perHour: 60,
  newConversationsPerDay: { free: 20, premium: 100 },
  pageSize: 30,
} as const;
/** What both members see in place of a message its author removed. */
export const MESSAGE_REMOVED_TEXT = 'Message removed';
/** The name shown for the other member of a conversation whose account was deleted. */
export const DELETED_MEMBER_NAME = 'Deleted member';
/** Refused by the recipient's 'Direct messages from' setting, or by a block (which is never revealed). */
export const MESSAGES_CLOSED_MESSAGE = 'This member is not accepting messages.';

/** Social (docs/product.md, "Social"). */
export const POST_MAX_LENGTH = 2_000;
export const COMMENT_MAX_LENGTH = 1_000;
export const REVIEW_NOTES_MAX_LENGTH = 2_000;
export const REVIEW_FLAVOR_TAGS_MAX = 12;
export const REPORT_REASON_MAX_LENGTH = 500;
/** Photos a member may add to one review or one humidor item (each registered like any upload: docs/architecture.md, "Uploads"). */
export const PHOTOS_MAX = 4;
/** A cigar shows at most this many of the community's photos: the latest, from its visible reviews. */
export const CIGAR_PHOTOS_SHOWN = 8;
/** Posts per feed page, profile page or comments page. */
export const FEED_PAGE_SIZE = 20;
/**
 * Authors with more followers than this are not fanned out on write: their posts are merged into their
 * followers' feeds when read (docs/architecture.md, "Feed"). SOCIAL_FANOUT_THRESHOLD overrides it.
 */
export const FANOUT_FOLLOWER_THRESHOLD = 10_000;
/** Following someone copies this many of their latest posts into the follower's feed. */
export const FOLLOW_BACKFILL_POSTS = 20;
/** Discover Community: popular posts of public profiles from the last this many days. */
export const DISCOVER_DAYS = 7;
/** The bell shows at most this many notifications; older ones expire after NOTIFICATION_TTL_DAYS. */
export const NOTIFICATIONS_SHOWN = 30;
export const NOTIFICATION_TTL_DAYS = 90;
/** Presigned upload URLs live this long. */
export const UPLOAD_URL_TTL_SECONDS = 300;
/** Content types a member may upload (checked again by magic bytes when the upload is registered). */
export const UPLOAD_CONTENT_TYPES = PROFILE_PICTURE_TYPES;
/** Where registered uploads live in the bucket and under which path the site serves them (no upload link writes there). */
export const UPLOADS_PREFIX = 'uploads';
/**
 * Where presigned uploads land, `incoming/<memberId>/<name>`: never served, copied under UPLOADS_PREFIX when
 * registered, and expired by the bucket after INCOMING_TTL_DAYS when they are not (docs/architecture.md, "Uploads").
 */
export const INCOMING_PREFIX = 'incoming';
export const INCOMING_TTL_DAYS = 1;

/** Events (docs/product.md, "Events"). */
export const EVENT_TITLE_MAX_LENGTH = 120;
export const EVENT_DESCRIPTION_MAX_LENGTH = 2_000;
export const EVENTS_PAGE_SIZE = 24;
export const EVENTS_PAGE_MAX = 100;
/** At most this many recipients per EventNotice event (a bigger audience is split). */
export const EVENT_NOTICE_RECIPIENTS_MAX = 100;

/**
 * A cookie the page may read, set beside the HttpOnly session cookies and cleared with them: it only says "a
 * session may exist here" (value '1', no secret), so a visitor's page asks for the current user only when there
 * is one to ask about and an anonymous visit makes no failing request (docs/decisions.md, "Sessions").
 */
export const SIGNED_IN_HINT_COOKIE = 'torcedor_signed_in';

/** A humidor item's status (the humidor's filter and the item forms offer these). */
export const HUMIDOR_STATUSES = ['owned', 'to-try', 'aged', 'smoked'] as const;

/** The Learn library's categories and levels. */
export const LEARN_CATEGORIES = ['Manufacturing', 'Geography', 'Technique', 'Storage', 'Tasting', 'Pairing', 'Education', 'Etiquette', 'Vintage'] as const;
export const LEARN_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;

/** A club event's type. */
export const EVENT_TYPES = ['tasting', 'meetup', 'festival', 'masterclass'] as const;

/**
 * The signed-in member's read (`routes.getCurrentUser`): a constant, because the page starts it before the manifest
 * has loaded (docs/decisions.md, "First screen").
 */
export const CURRENT_USER_PATH = '/api/auth/user';

/** The landing page's visit beacon (`routes.recordVisit`): a constant, because the landing page sends it without the manifest. */
export const VISITS_PATH = '/api/marketing/visits';
/**
 * The visit beacon's limits (docs/marketing.md, "Visits"): a browser counts once a UTC day (a cookie naming the day it
 * was counted), and one address's visits a day are capped, in all and per campaign, so a script cannot move the numbers.
 */
export const VISIT_LIMITS = { perAddressPerDay: 50, perCampaignAndAddressPerDay: 10 } as const;
export const VISIT_COOKIE = 'torcedor_visited';

/** Humidor items drawn at once; 'Show more' draws the next as many (a big humidor stays quick to open on a phone). */
export const HUMIDOR_PAGE_SIZE = 24;

/**
 * What a service whose copy of the catalog is behind the published version answers instead of a wrong one ('Unknown
 * cigar', no suggestion): the member tries again in a moment (services/kit/src/catalog-copy.ts).
 */
export const CATALOG_LOADING_MESSAGE = 'The catalog is still loading, try again in a moment';
/** How long a copy may lack chunks of a published version before it asks humidor to announce it again (deliveries in flight settle well within it). */
export const CATALOG_COPY_GRACE_SECONDS = 120;
/** The item where each copy of the catalog keeps its state (the same in social's and ai's tables; local readiness reads it). */
export const CATALOG_COPY_STATE_KEY = { PK: 'COPY#CATALOG', SK: 'STATE' } as const;
/** The item where humidor keeps the catalog's current version (`version`); local readiness compares the copies with it. */
export const CATALOG_VERSION_KEY = { PK: 'CATALOG', SK: 'VERSION' } as const;
