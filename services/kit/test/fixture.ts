import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { ServiceName } from '@torcedor/shared/services';
import { publishedEvents, serviceEnv } from '@torcedor/local/src/testing/service-env.ts';
import { busEvent, deliver } from './bus.ts';
import { call, type TestRequest } from './http-event.ts';
import { memberSession } from './sessions.ts';

/**
 * The services' one integration fixture (services/kit/README.md): a service's HTTP function and worker on the local
 * stand-ins (DynamoDB Local, cognito-local, the local bus), signed-in members, the events other services would
 * send it, and the delivery of the events it publishes to itself. One per test file: each file runs in its own
 * module scope, so `process.env` and the imported functions are that service's.
 *
 *   const f = await serviceFixture('events', { http: () => import('../src/http.ts'), worker: () => import('../src/worker.ts') });
 *   const ana = await f.member({ name: 'Ana' });
 *   expect((await f.as(ana)('GET', '/api/events')).status).toBe(200);
 */
export interface Member { userId: string; cookies: string[]; name: string }
type Http = Parameters<typeof call>[0];
type Worker = (e: unknown, c: unknown) => Promise<unknown>;
type Module = { handler: unknown };

export interface FixtureOptions {
  http?: () => Promise<Module>;
  worker?: () => Promise<Module>;
  /** Environment the service reads at import, beside the local stack's (e.g. a provider's address). */
  env?: Record<string, string | undefined>;
}

/** identity's profile event as every consumer receives it: a public member who accepts everything unless told. */
export const profileDetail = (userId: string, version: number, displayName: string, changes: Record<string, unknown> = {}) => ({
  userId, version, displayName, location: 'Havana', profileImageUrl: null, bio: 'Loves maduros',
  profileVisibility: 'public', allowFollowRequests: true, showLocationInProfile: true, followNotifications: true,
  reviewNotifications: true, eventNotifications: true, marketingEmails: false, contentFilter: 'standard', ...changes,
});

export async function serviceFixture(service: ServiceName, o: FixtureOptions = {}) {
  const pool = () => inject('localAws');
  Object.assign(process.env, serviceEnv(service, pool()), { LOG_LEVEL: process.env.DEBUG_LOG ?? 'SILENT' });
  for (const [k, v] of Object.entries(o.env ?? {})) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  const http = (o.http ? (await o.http()).handler : undefined) as Http;
  const worker = (o.worker ? (await o.worker()).handler : undefined) as Worker;
  const ddb = await import('@torcedor/service-kit/ddb');
  let version = 1;
  const delivered = new Set<string>();

  /** Delivers an event to the service's worker as the bus does (retried like the bus when a delivery fails). */
  const send = (type: string, detail: unknown, source = 'torcedor.identity', id: string = randomUUID()) =>
    deliver(worker, busEvent(type, detail, id, source));

  /** identity's UserProfileChanged for a member (each call a newer version). */
  const profile = (m: { userId: string; name: string }, changes: Record<string, unknown> = {}) =>
    send('UserProfileChanged', profileDetail(m.userId, version++, m.name, changes));

  /** billing's EntitlementChanged for a member: premium for 30 days unless told otherwise. */
  const plan = (m: { userId: string }, tier: 'free' | 'trial' | 'premium', until: string | null = new Date(Date.now() + 30 * 86_400_000).toISOString()) =>
    send('EntitlementChanged', { userId: m.userId, version: version++, tier, until }, 'torcedor.billing');

  /**
   * A signed-in member of the local user pool. With `profile`, the service also receives their profile (the services
   * that keep a copy of it); `profile` holds the profile's changes from the default.
   */
  async function member(m: { name?: string; owner?: boolean; profile?: Record<string, unknown> | boolean } = {}): Promise<Member> {
    const signedIn = { ...(await memberSession(pool(), m.owner ? { owner: true } : {})), name: m.name ?? `M${Math.random().toString(36).slice(2, 7)}` };
    if (m.profile) await profile(signedIn, m.profile === true ? {} : m.profile);
    return signedIn;
  }

  /** Delivers every event of these types the service published to itself and that was not delivered yet. */
  async function drain(types: readonly string[]) {
    const own = new Set(types);
    for (const e of await publishedEvents(pool())) {
      if (e.Source !== `torcedor.${service}` || !own.has(e.DetailType!) || delivered.has(e.EventId)) continue;
      delivered.add(e.EventId);
      await deliver(worker, busEvent(e.DetailType!, JSON.parse(e.Detail!), e.EventId, e.Source));
    }
  }

  /** Calls the HTTP function as this member (or signed out), checked against the OpenAPI document by `call`. */
  const as = (m?: { cookies: string[] }) => (method: string, path: string, r: TestRequest = {}) =>
    call(http, method, path, { ...(m ? { cookies: m.cookies } : {}), ...r });

  return { service, http, worker, ddb, pool, send, profile, plan, member, drain, as };
}
export type ServiceFixture = Awaited<ReturnType<typeof serviceFixture>>;
