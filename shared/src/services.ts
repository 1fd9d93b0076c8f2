/** The seven domain services (DESIGN.md section 1). */
export const SERVICES = ['identity', 'social', 'humidor', 'events', 'ai', 'billing', 'marketing'] as const;
export type ServiceName = (typeof SERVICES)[number];

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
