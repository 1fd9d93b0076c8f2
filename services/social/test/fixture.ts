import { inject } from 'vitest';
import { publishedEvents, serviceEnv } from '@torcedor/local/src/testing/service-env.ts';
import { busEvent, deliver } from '../../kit/test/bus.ts';
import type { call } from '../../kit/test/http-event.ts';
import { memberSession } from '../../kit/test/sessions.ts';

/**
 * Social's integration fixture: its HTTP function and worker on the local stand-ins, members with their profile copy,
 * and the delivery of the events social consumes itself. One per test file (each file runs in its own module scope).
 */
export type Visibility = 'public' | 'followers' | 'private';
export interface Member { userId: string; cookies: string[]; name: string }
type Http = Parameters<typeof call>[0];
type Worker = (e: unknown, c: unknown) => Promise<unknown>;

export async function socialFixture(env: Record<string, string> = {}) {
  const pool = () => inject('localAws');
  Object.assign(process.env, serviceEnv('social', pool()), { LOG_LEVEL: process.env.DEBUG_LOG ?? 'SILENT' }, env);
  const http = (await import('../src/http.ts')).handler as Http;
  const worker = (await import('../src/worker.ts')).handler as unknown as Worker;
  let profileVersion = 1;
  const delivered = new Set<string>();

  /** identity's profile event for a member, as the worker receives it. */
  async function profile(m: { userId: string; name: string }, changes: Record<string, unknown> = {}) {
    await deliver(worker, busEvent('UserProfileChanged', {
      userId: m.userId, version: profileVersion++, displayName: m.name, location: 'Havana', profileImageUrl: null, bio: 'Loves maduros',
      profileVisibility: 'public', allowFollowRequests: true, showLocationInProfile: true, followNotifications: true,
      reviewNotifications: true, eventNotifications: true, marketingEmails: false, contentFilter: 'standard', ...changes,
    }));
  }

  /** A signed-in member whose profile copy social holds (public unless told). */
  async function member(name = `M${Math.random().toString(36).slice(2, 7)}`, opts: { owner?: boolean; visibility?: Visibility } = {}): Promise<Member> {
    const m = { ...(await memberSession(pool(), opts.owner ? { owner: true } : {})), name };
    await profile(m, opts.visibility ? { profileVisibility: opts.visibility } : {});
    return m;
  }

  /** Delivers every event social published and consumes itself (fan-out, back-fill, clean-up) that was not delivered yet. */
  async function drain() {
    const own = new Set(['PostPublished', 'PostDeleted', 'FollowChanged']);
    for (const e of await publishedEvents(pool())) {
      if (e.Source !== 'torcedor.social' || !own.has(e.DetailType!) || delivered.has(e.EventId)) continue;
      delivered.add(e.EventId);
      await deliver(worker, busEvent(e.DetailType!, JSON.parse(e.Detail!), e.EventId, e.Source));
    }
  }

  return { http, worker, pool, profile, member, drain, as: (m: Member) => ({ cookies: m.cookies }) };
}
