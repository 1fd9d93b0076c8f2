/**
 * The request mix of one daily-active member's day (docs/cost.md, "The mix"): what the partition-heat simulation
 * (B12) runs and what the cost model (B13) prices. Members: 1M, 50% active in a month, 20% on a given day; the busiest
 * second of a day carries PEAK_FACTOR times the day's average rate.
 */
export const MEMBERS = 1_000_000;
export const MONTHLY_ACTIVE_SHARE = 0.5;
export const DAILY_ACTIVE_SHARE = 0.2;
export const PEAK_FACTOR = 4;
export const DAILY_ACTIVE = MEMBERS * DAILY_ACTIVE_SHARE;

/** An action of the mix: how many a daily-active member does a day. */
export const DAILY_MIX = {
  session: 3, // GET /api/auth/user: every page load
  feedPage: 4, // GET /api/feed
  search: 1, // GET /api/search
  eventsList: 0.5, // GET /api/events
  humidorView: 1, // GET /api/humidor
  like: 2, // POST /api/posts/{id}/like
  comment: 0.3, // POST /api/posts/{id}/comments
  post: 0.2, // POST /api/posts
  follow: 0.1, // POST /api/follow/{id}
  review: 0.05, // POST /api/reviews
  humidorAdd: 0.1, // POST /api/humidor
  rsvp: 0.05, // POST /api/events/{id}/rsvp
  visit: 1, // POST /api/marketing/visits (the landing page, members and visitors)
  login: 0.2, // POST /api/auth/login
  signup: 0.01, // POST /api/auth/signup (about 2,000 new members a day)
} as const;
export type Action = keyof typeof DAILY_MIX;

/** API requests a daily-active member makes a day (each action is one request). */
export const REQUESTS_PER_ACTIVE_DAY = Object.values(DAILY_MIX).reduce((a, b) => a + b, 0);
