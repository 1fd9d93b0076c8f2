
import { route, type RouteDef } from './route.ts';
import type { ServiceName } from './services.ts';
import { Health, OpenApiDocument } from './schemas/common.ts';
import { User } from './schemas/identity.ts';
import { PostList } from './schemas/social.ts';
import { HumidorList } from './schemas/humidor.ts';
import { EventList } from './schemas/events.ts';
import { AiUsage } from './schemas/ai.ts';
import { SubscriptionStatus } from './schemas/billing.ts';
import { MarketingDashboard } from './schemas/marketing.ts';

/**
 * The routes manifest: every API route of Torcedor, once. CDK creates the HTTP API routes from it, the
 * local gateway mounts it, each service builds its router from its own entries, the web client calls
 * through it, and the OpenAPI document is generated from it. The key is the operation id.
 */
export const routes = {
  getHealth: route({
    method: 'GET', path: '/api/health', service: 'identity', access: 'public',
    summary: 'Liveness of the API', response: Health,
  }),
  getOpenApi: route({
    method: 'GET', path: '/api/openapi.json', service: 'identity', access: 'public',
    summary: 'The OpenAPI 3.1 document generated from the routes manifest', response: OpenApiDocument,
  }),
  getCurrentUser: route({
    method: 'GET', path: '/api/auth/user', service: 'identity', access: 'member',
    summary: 'The signed-in member', response: User,
  }),
  getFeed: route({
    method: 'GET', path: '/api/feed', service: 'social', access: 'member',
    summary: 'Posts of the member and the members they follow, newest first', response: PostList,
  }),
  getHumidor: route({
    method: 'GET', path: '/api/humidor', service: 'humidor', access: 'member',
    summary: "The member's humidor items", response: HumidorList,
  }),
  getEvents: route({
    method: 'GET', path: '/api/events', service: 'events', access: 'member',
    summary: 'Upcoming events (start in the future) and the count of past ones', response: EventList,
  }),
  getAiUsage: route({
    method: 'GET', path: '/api/ai/usage', service: 'ai', access: 'member',
    summary: "Today's VitolAI answers used against the member's daily limit", response: AiUsage,
  }),
  getSubscriptionStatus: route({
    method: 'GET', path: '/api/subscription/status', service: 'billing', access: 'member',
    summary: "The member's plan and entitlement", response: SubscriptionStatus,
  }),
  getMarketingDashboard: route({
    method: 'GET', path: '/api/marketing/dashboard', service: 'marketing', access: 'owner',
    summary: 'Campaign and lead statistics for the owner', response: MarketingDashboard,
  }),
} satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type OperationId = keyof Routes;
export type OperationsOf<S extends ServiceName> = {
  [K in OperationId]: Routes[K]['service'] extends S ? K : never;
}[OperationId];

export const routeList = (Object.entries(routes) as [OperationId, RouteDef][]).map(([id, r]) => ({ id, ...r }));
export function routesOf(service: ServiceName) {
  return routeList.filter((r) => r.service === service);
}
/** API Gateway route key, e.g. "GET /api/posts/{id}" */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;
