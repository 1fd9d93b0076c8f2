/** The seven domain services (docs/api.md). */
export const SERVICES = ['identity', 'social', 'humidor', 'events', 'ai', 'billing', 'marketing'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** What each service owns, in a sentence (the OpenAPI document's tags, docs). */
export const SERVICE_DESCRIPTIONS: Record<ServiceName, string> = {
  identity: 'Accounts, sign-in and sessions, the age rule, profiles, settings, data export and account deletion',
  social: 'The feed, posts, likes, comments, follows, reviews and notifications',
  humidor: 'The curated catalog (cigars, brands, lounges), search, the humidor, the wishlist and humidor conditions',
  events: 'Cigar events: creating, discovering and RSVPs',
  ai: 'VitolAI, the assistant, and its daily quota',
  billing: 'The premium plan: trials, subscriptions and entitlement',
  marketing: "The owner's marketing dashboard: campaigns and leads",
};

/**
 * Each service's single-table store: key attribute names and GSIs. CDK and the local stack both create
 * the tables from this one definition. Every table has string keys PK/SK and a TTL attribute `ttl`.
 */
export interface TableDefinition {
  partitionKey: 'PK';
  sortKey: 'SK';
  ttlAttribute: 'ttl';
  gsis: readonly { name: string; partitionKey: string; sortKey: string }[];
}
const gsi = (n: number) => ({ name: `GSI${n}`, partitionKey: `GSI${n}PK`, sortKey: `GSI${n}SK` });
const base = { partitionKey: 'PK', sortKey: 'SK', ttlAttribute: 'ttl' } as const;

export const TABLES: Record<ServiceName, TableDefinition> = {
  identity: { ...base, gsis: [gsi(1)] },
  social: { ...base, gsis: [gsi(1), gsi(2)] },
  humidor: { ...base, gsis: [gsi(1), gsi(2)] },
  events: { ...base, gsis: [gsi(1), gsi(2)] },
  ai: { ...base, gsis: [] },
  billing: { ...base, gsis: [gsi(1)] },
  marketing: { ...base, gsis: [gsi(1), gsi(2)] },
};

/** Which services run a worker (event consumers and/or schedules) is derived from the events manifest. */
