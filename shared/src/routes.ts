
import { route, type RouteDef } from './route.ts';
import type { ServiceName } from './services.ts';
import { ExportPart, Health, Ok, OpenApiDocument } from './schemas/common.ts';
import {
  DeleteAccountBody, LoginBody, NotificationSettings, Preferences, PrivacySettings, ProfileUpdate, SignupBody, SignupResult, TrialBody, User,
} from './schemas/identity.ts';
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
  signup: route({
    method: 'POST', path: '/api/auth/signup', service: 'identity', access: 'public', status: 201,
    summary: 'Create a member account (age rule enforced)', body: SignupBody, response: SignupResult,
  }),
  login: route({
    method: 'POST', path: '/api/auth/login', service: 'identity', access: 'public',
    summary: 'Sign in with email and password; sets the session cookies', body: LoginBody, response: User,
  }),
  startTrial: route({
    method: 'POST', path: '/api/auth/trial', service: 'identity', access: 'public', status: 201,
    summary: 'Start a 7-day trial without card or email; sets the session cookies', body: TrialBody, response: User,
  }),
  refreshSession: route({
    method: 'POST', path: '/api/auth/refresh', service: 'identity', access: 'public',
    summary: 'Renew the session from the refresh cookie', response: Ok,
  }),
  loginPage: route({
    method: 'GET', path: '/api/login', service: 'identity', access: 'public', status: 302, navigation: true,
    summary: "Browser navigation to the landing page's login tab", response: Ok,
  }),
  logout: route({
    method: 'GET', path: '/api/logout', service: 'identity', access: 'public', status: 302, navigation: true,
    summary: 'Revoke the session on the server, clear the cookies, back to /', response: Ok,
  }),
  getCurrentUser: route({
    method: 'GET', path: '/api/auth/user', service: 'identity', access: 'member',
    summary: 'The signed-in member', response: User,
  }),
  getProfile: route({
    method: 'GET', path: '/api/user/profile', service: 'identity', access: 'member',
    summary: "The member's own profile and settings", response: User,
  }),
  updateProfile: route({
    method: 'PUT', path: '/api/user/profile', service: 'identity', access: 'member',
    summary: 'Update display name, bio and location', body: ProfileUpdate, response: User,
  }),
  updatePrivacy: route({
    method: 'PUT', path: '/api/user/privacy', service: 'identity', access: 'member',
    summary: 'Update privacy settings', body: PrivacySettings, response: User,
  }),
  updateNotifications: route({
    method: 'PUT', path: '/api/user/notifications', service: 'identity', access: 'member',
    summary: 'Update notification settings', body: NotificationSettings, response: User,
  }),
  updatePreferences: route({
    method: 'PUT', path: '/api/user/preferences', service: 'identity', access: 'member',
    summary: 'Update language and content preferences', body: Preferences, response: User,
  }),
  deleteAccount: route({
    method: 'DELETE', path: '/api/user', service: 'identity', access: 'member',
    summary: 'Delete the account and all its data (every service deletes its part)', body: DeleteAccountBody, response: Ok,
  }),
  ...exportRoutes(),
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

/**
 * The member's data export: each service answers for what it holds, the web joins the parts into one
 * JSON download. identity's part is at the contract path /api/user/export.
 */
function exportRoutes() {
  const part = <S extends ServiceName>(service: S, path: `/api/${string}`) =>
    route({ method: 'GET', path, service, access: 'member', summary: `The member's data held by ${service}`, response: ExportPart });
  return {
    exportIdentity: part('identity', '/api/user/export'),
    exportSocial: part('social', '/api/export/social'),
    exportHumidor: part('humidor', '/api/export/humidor'),
    exportEvents: part('events', '/api/export/events'),
    exportAi: part('ai', '/api/export/ai'),
    exportBilling: part('billing', '/api/export/billing'),
    exportMarketing: part('marketing', '/api/export/marketing'),
  };
}
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
