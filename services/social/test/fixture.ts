import { busEvent, deliver } from '../../kit/test/bus.ts';
import { serviceFixture, type Member } from '../../kit/test/fixture.ts';

/**
 * Social's integration fixture: the kit's one fixture (services/kit/test/fixture.ts: social's HTTP function and worker
 * on the local stand-ins, members, the events other services send) with what is social's own: members whose profile
 * copy social holds, with a visibility, and the delivery of the events social publishes and consumes itself. One per
 * test file (each file runs in its own module scope).
 */
export type { Member };
export type Visibility = 'public' | 'followers' | 'private';

/** The events social publishes and consumes itself: fan-out, back-fill, a deleted post's clean-up. */
const OWN_EVENTS = ['PostPublished', 'PostDeleted', 'FollowChanged'] as const;

export async function socialFixture(env: Record<string, string> = {}) {
  const f = await serviceFixture('social', { http: () => import('../src/http.ts'), worker: () => import('../src/worker.ts'), env });

  /**
   * A signed-in member whose profile copy social holds (public unless told); `profile` holds more of the profile's
   * changes from the default (e.g. `{ emailVerified: false }`), or is false for a member whose profile has not arrived.
   */
  const member = (name?: string, opts: { owner?: boolean; visibility?: Visibility; profile?: Record<string, unknown> | false } = {}): Promise<Member> =>
    f.member({
      name, owner: opts.owner,
      profile: opts.profile === false ? false : { ...(opts.visibility ? { profileVisibility: opts.visibility } : {}), ...opts.profile },
    });

  /** Delivers every event social published and consumes itself (fan-out, back-fill, clean-up) that was not delivered yet. */
  const drain = () => f.drain(OWN_EVENTS);

  /** A tick of one of social's schedules, as the bus delivers it (e.g. `notification_digests`). */
  const tick = (schedule: string) => deliver(f.worker, { ...busEvent('Scheduled', { schedule }), source: 'aws.events' });

  /** identity's MemberEmailChanged for a member: their address (null: none) and whether it is verified, at `version`. */
  const mailTo = (m: { userId: string }, version: number, email: string | null, verified = true) =>
    f.send('MemberEmailChanged', { userId: m.userId, version, email, verified });

  return { ...f, member, drain, tick, mailTo };
}
