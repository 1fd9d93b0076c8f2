import type { RouteDef } from './route.ts';
import type { ServiceName } from './services.ts';
import { aiRoutes } from './routes/ai.ts';
import { billingRoutes } from './routes/billing.ts';
import { eventsRoutes } from './routes/events.ts';
import { humidorRoutes } from './routes/humidor.ts';
import { identityRoutes } from './routes/identity.ts';
import { marketingRoutes } from './routes/marketing.ts';
import { socialRoutes } from './routes/social.ts';

/**
 * Each service's table of the routes manifest (shared/src/routes/<service>.ts), each route defined there once and owned
 * by that service. A service's HTTP function is built from its own table alone, so its bundle carries only its routes
 * and their schemas.
 */
const tables = {
  identity: identityRoutes,
  social: socialRoutes,
  humidor: humidorRoutes,
  events: eventsRoutes,
  ai: aiRoutes,
  billing: billingRoutes,
  marketing: marketingRoutes,
} satisfies { [S in ServiceName]: Record<string, RouteDef & { service: S }> };
type Tables = typeof tables;

/** Operation ids two services' tables both define (none: the aggregate below would silently keep only one). */
type SharedIds = { [S in ServiceName]: { [T in Exclude<ServiceName, S>]: keyof Tables[S] & keyof Tables[T] }[Exclude<ServiceName, S>] }[ServiceName];
const noSharedIds: [SharedIds] extends [never] ? true : { duplicateOperationIds: SharedIds } = true;
void noSharedIds;

/**
 * The routes manifest: every API route of Torcedor, once. CDK creates the HTTP API routes from it, the
 * local gateway mounts it, each service builds its router from its own table, the web client calls
 * through it, and the OpenAPI document is generated from it. The key is the operation id.
 */
export const routes = {
  ...tables.identity,
  ...tables.social,
  ...tables.humidor,
  ...tables.events,
  ...tables.ai,
  ...tables.billing,
  ...tables.marketing,
} satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type OperationId = keyof Routes;
export type OperationsOf<S extends ServiceName> = {
  [K in OperationId]: Routes[K]['service'] extends S ? K : never;
}[OperationId];

export const routeList = (Object.entries(routes) as [OperationId, RouteDef][]).map(([id, r]) => ({ id, ...r }));
/** Services with streamed routes: they have a stream function (services/<name>/src/stream.ts) beside the HTTP one. */
export function servicesWithStream(): ServiceName[] {
  return [...new Set(Object.values(routes as Record<string, RouteDef>).filter((r) => r.stream).map((r) => r.service))];
}

export function routesOf(service: ServiceName) {
  return routeList.filter((r) => r.service === service);
}
/** API Gateway route key, e.g. "GET /api/posts/{id}" */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;
