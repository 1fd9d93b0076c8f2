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
/** The legal text's global floor ("18 globally"); the US raises it to 21. */
export const GLOBAL_MINIMUM_AGE = 18;

export const TRIAL_DAYS = 7;
export const FREE_HUMIDOR_CAP = 20;
export const FREE_AI_DAILY_LIMIT = 3;
export const PREMIUM_PRICE_USD_CENTS = 999;
export const FREE_PRICE_USD_CENTS = 0;

export const BIO_MAX_LENGTH = 500;
export const EVENT_CAPACITY_MIN = 1;

export const FEED_UPCOMING_EVENTS = 3;
export const QUICK_PICKS_SHOWN = 3;
export const SUGGESTED_PROMPTS = 6;
export const FEED_CHAT_PROMPTS = 3;
export const AI_SMOKING_HISTORY_ENTRIES = 10;
export const TOP_LEADS_SHOWN = 5;
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
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
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
} as const;
