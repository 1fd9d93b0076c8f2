import { describe, expect, it } from 'vitest';
import { COUNTRIES, FREE_AI_DAILY_LIMIT, FREE_HUMIDOR_CAP, PREMIUM_PRICE_USD_CENTS, TRIAL_DAYS } from '../src/constants.ts';
import { domainEvents, rateMs, schedules, servicesWithWorker, subscriptions } from '../src/events.ts';
import { openApiDocument } from '../src/openapi.ts';
import { fillPath } from '../src/route.ts';
import { routeKey, routeList } from '../src/routes.ts';
import { SERVICES, TABLES } from '../src/services.ts';

describe('business constants (docs/product.md, "Constants")', () => {
  it('has the five countries with 21 in the US and 18 elsewhere', () => {
    expect(COUNTRIES.map((c) => [c.name, c.minimumAge])).toEqual([
      ['United States', 21], ['United Kingdom', 18], ['Canada', 18], ['Germany', 18], ['Netherlands', 18],
    ]);
  });
  it('has the free-tier limits, trial length and price', () => {
    expect([FREE_HUMIDOR_CAP, FREE_AI_DAILY_LIMIT, TRIAL_DAYS, PREMIUM_PRICE_USD_CENTS]).toEqual([20, 3, 7, 999]);
  });
});

describe('routes manifest', () => {
  it('has unique operation ids and unique method+path keys under /api', () => {
    const keys = routeList.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of routeList) expect(r.path.startsWith('/api/')).toBe(true);
  });
  it('declares path params for every {placeholder} and only for those', () => {
    for (const r of routeList) {
      const placeholders = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = r.params ? Object.keys((r.params as unknown as { shape: object }).shape).sort() : [];
      expect(declared, r.id).toEqual(placeholders);
    }
  });
  it('gives every service at least one route', () => {
    for (const s of SERVICES) expect(routeList.some((r) => r.service === s), s).toBe(true);
  });
  it('fills path parameters URI-encoded and refuses missing ones', () => {
    expect(fillPath('/api/posts/{id}/like', { id: 'a b' })).toBe('/api/posts/a%20b/like');
    expect(() => fillPath('/api/posts/{id}', {})).toThrow('missing path parameter id');
  });
});

describe('events manifest', () => {
  it('subscribes only to declared events, and a service consumes its own events only where the row says so', () => {
    for (const s of subscriptions) {
      expect(domainEvents[s.event]).toBeDefined();
      const self = 'self' in s && s.self === true;
      expect(domainEvents[s.event].source === s.consumer).toBe(self);
    }
  });
  it('gives a worker to every consumer and schedule target', () => {
    const workers = servicesWithWorker();
    for (const s of subscriptions) expect(workers).toContain(s.consumer);
    for (const s of schedules) expect(workers).toContain(s.target);
  });
  it('parses rate expressions', () => {
    expect(rateMs('rate(1 day)')).toBe(86_400_000);
    expect(rateMs('rate(5 minutes)')).toBe(300_000);
    expect(rateMs('rate(2 hours)')).toBe(7_200_000);
    expect(() => rateMs('cron(0 12 * * ? *)')).toThrow();
  });
});

describe('tables', () => {
  it('defines one table per service with PK/SK and named GSIs', () => {
    expect(Object.keys(TABLES).sort()).toEqual([...SERVICES].sort());
    for (const t of Object.values(TABLES)) {
      expect([t.partitionKey, t.sortKey]).toEqual(['PK', 'SK']);
      for (const g of t.gsis) expect(g.partitionKey).toBe(`${g.name}PK`);
    }
  });
});

describe('OpenAPI document', () => {
  const doc = openApiDocument();
  it('is OpenAPI 3.1 with one operation per manifest route', () => {
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p)) as { operationId: string }[];
    expect(ops.map((o) => o.operationId).sort()).toEqual(routeList.map((r) => r.id).sort());
  });
  it('marks non-public operations as needing the session cookie, and public ones as needing nothing', () => {
    const user = doc.paths['/api/auth/user']?.get as { security?: unknown[] };
    expect(user.security).toEqual([{ session: [] }]);
    const health = doc.paths['/api/health']?.get as { security?: unknown[] };
    expect(health.security).toEqual([]);
  });
});

describe('member- and catalog-supplied links', () => {
  it('accept only http(s) web addresses', async () => {
    const { WebUrl } = await import('../src/schemas/common.ts');
    for (const ok of ['https://www.padron.com/lounges', 'http://example.org']) expect(WebUrl.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'ftp://example.org', 'https://', `https://a.com/${'x'.repeat(2100)}`]) {
      expect(WebUrl.safeParse(bad).success, bad).toBe(false);
    }
  });
});
