import { createHash } from 'node:crypto';
import { createLog } from '../log.ts';
import type { SeedContext, SeedStep } from './context.ts';
import { ensureDemoAccount, loginDemoAccount, type SeedSession } from './accounts.ts';
import { ageDemoClub } from './demo-club-times.ts';
import {
  DEMO_ACCOUNT_EVENT_ANSWERS, DEMO_ACCOUNT_FOLLOWS, DEMO_COMMENTS, DEMO_EVENTS, DEMO_FOLLOWS, DEMO_LIKES, DEMO_MEMBERS, type DemoHandle, type DemoMember, type DemoPostRef, type DemoReview,
} from './demo-club-content.ts';

/**
 * Seed step "demo club" (local only): six demo members (`*.demo@torcedor.test`, their addresses verified at sign-up
 * like the demo accounts': seed/accounts.ts) who post, review catalog cigars,
 * follow, like and comment on each other, host three events and answer them, and whom the two demo accounts follow, so a newcomer's first feed is
 * alive. Every write goes through the API as a member's browser would send it (session cookies, the app's
 * Origin, JSON), so the services publish and consume their events exactly as in production.
 *
 * Idempotent: each item is checked before it is written (posts and comments by their text, reviews by cigar,
 * likes by `likedByMe`, follows by the follow status), and the create calls carry an Idempotency-Key. The
 * profiles are completed last: once the last member's bio is in place the club is complete, and a restart only
 * checks that (one login). A failure is a warning: the club is a convenience, the stack starts without it.
 */

/**
 * How long a review waits while social's copy of the catalog is behind (503 CATALOG_LOADING): the stack is ready only
 * once the copies are whole, so only an import meanwhile makes one behind again.
 */
const CATALOG_WAIT_MS = 90_000;
const RETRY_MS = 2_000;
/** Writes of one kind in flight at once (DynamoDB Local is the bottleneck; the services retry conflicts). */
const PARALLEL = 2;

export interface DemoClubSummary {
  members: number;
  membersCreated: number;
  posts: number;
  reviews: number;
  follows: number;
  likes: number;
  comments: number;
  events: number;
  /** Items set back to the plan's moments (seed/demo-club-times.ts). */
  moved: number;
}

type Answer = Awaited<ReturnType<SeedContext['api']>>;

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `fn` over the items, at most `width` at a time (the services settle concurrent writes themselves). */
async function inParallel<T>(items: readonly T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}

/** A member's request through the gateway: their cookies; a state-changing one with the app's Origin and JSON. */
function call(ctx: SeedContext, who: SeedSession, method: string, path: string, init: { body?: unknown; key?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (method !== 'GET') {
    headers.origin = ctx.aws.appOrigin;
    headers['content-type'] = 'application/json';
  }
  if (init.key) headers['idempotency-key'] = init.key;
  return ctx.api(method, path, { ...(init.body === undefined ? {} : { body: init.body }), cookies: who.cookies, headers });
}

function expectStatus(r: Answer, ok: number[], what: string): Answer {
  if (!ok.includes(r.status)) throw new Error(`${what} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r;
}

interface PostView { id: string; userId: string; content: string; likedByMe: boolean }

/** A member's posts as `viewer` sees them (the plan's members have fewer than a page). */
async function postsOf(ctx: SeedContext, viewer: SeedSession, userId: string): Promise<PostView[]> {
  const r = expectStatus(await call(ctx, viewer, 'GET', `/api/users/${userId}/posts`), [200], `GET /api/users/${userId}/posts`);
  return (r.body as { items: PostView[] }).items;
}

/** The plan's last member's bio is written last: when it is there, the whole club is. */
const isComplete = (session: SeedSession, member: DemoMember) => session.user.bio === member.bio;

/** Asks the humidor outbox relay to run now (the schedule would, within a minute) and waits for the deliveries. */
async function nudgeCatalogEvents(ctx: SeedContext): Promise<void> {
  await fetch(`${ctx.aws.eventBridgeEndpoint}/__local/schedules/outbox-relay-humidor`, { method: 'POST', signal: AbortSignal.timeout(5_000) })
    .then((r) => r.body?.cancel())
    .catch(() => undefined);
  await ctx.busIdle();
}

/** Follows unless following already (so a resumed seed counts only its own, and a repeat notifies no one). */
async function ensureFollow(ctx: SeedContext, who: SeedSession, followee: SeedSession, what: string): Promise<boolean> {
  const status = expectStatus(await call(ctx, who, 'GET', `/api/follow-status/${followee.userId}`), [200], `follow status ${what}`);
  if ((status.body as { isFollowing?: boolean }).isFollowing) return false;
  const r = expectStatus(await call(ctx, who, 'POST', `/api/follow/${followee.userId}`), [200], `follow ${what}`);
  return (r.body as { isFollowing?: boolean }).isFollowing === true;
}

async function createReview(ctx: SeedContext, who: SeedSession, handle: DemoHandle, review: DemoReview): Promise<void> {
  const deadline = Date.now() + CATALOG_WAIT_MS;
  const post = () => call(ctx, who, 'POST', '/api/reviews', { body: review, key: `demo-club:review:${handle}:${review.cigarId}` });
  let r = await post();
  // social learns the catalog's names from CatalogCigarsChanged, published a few seconds after an import.
  while (r.status === 503 && (r.body as { code?: string } | undefined)?.code === 'CATALOG_LOADING' && Date.now() < deadline) {
    await sleep(RETRY_MS);
    await nudgeCatalogEvents(ctx);
    r = await post();
  }
  expectStatus(r, [201], `review of ${review.cigarId} by ${who.email}`);
}

/** Builds (or completes) the demo club; null when it was in place already. */
export async function buildDemoClub(ctx: SeedContext): Promise<DemoClubSummary | null> {
  // What this run writes is stamped from here on (the club's times are set from it: seed/demo-club-times.ts).
  const since = new Date().toISOString();
  let membersCreated = 0;
  for (const m of DEMO_MEMBERS) if (await ensureDemoAccount(ctx, m.account)) membersCreated += 1;
  const last = DEMO_MEMBERS.at(-1)!;
  if (membersCreated === 0 && isComplete(await loginDemoAccount(ctx, last.account.email), last)) return null;
  // The new members' profiles reach social (UserProfileChanged) before they act.
  await ctx.busIdle();

  const sessions = new Map<DemoHandle, SeedSession>();
  for (const m of DEMO_MEMBERS) sessions.set(m.handle, await loginDemoAccount(ctx, m.account.email));
  const session = (h: DemoHandle) => sessions.get(h)!;
  const summary: DemoClubSummary = { members: DEMO_MEMBERS.length, membersCreated, posts: 0, reviews: 0, follows: 0, likes: 0, comments: 0, events: 0, moved: 0 };

  // Reviews need social's copy of the catalog's names, which arrives some seconds after the import: they wait
  // for it while the posts, follows, likes and comments are written.
  const reviewsDone = (async () => {
    for (const m of DEMO_MEMBERS) {
      const who = session(m.handle);
      const r = expectStatus(await call(ctx, who, 'GET', `/api/users/${who.userId}/reviews`), [200], `reviews of ${m.handle}`);
      const reviewed = new Set((r.body as { cigarId: string }[]).map((x) => x.cigarId));
      for (const review of m.reviews) {
        if (reviewed.has(review.cigarId)) continue;
        await createReview(ctx, who, m.handle, review);
        summary.reviews += 1;
      }
    }
  })();
  // Both settle before a failure is reported, so that no request is left running behind it.
  const failed = (await Promise.allSettled([reviewsDone, buildSocial(ctx, session, summary)])).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;

  await buildEvents(ctx, session, summary);

  // The demo accounts follow part of the club: their first feed has posts (the follow back-fills it).
  for (const { email, follows } of DEMO_ACCOUNT_FOLLOWS) {
    const who = await loginDemoAccount(ctx, email);
    for (const h of follows) if (await ensureFollow(ctx, who, session(h), `${email} -> ${h}`)) summary.follows += 1;
  }
  await ctx.busIdle();

  // Everything is written and fanned out: the club's posts, comments and reviews move back over the past week.
  summary.moved = await ageDemoClub(ctx.dynamodb, new Map(DEMO_MEMBERS.map((m) => [session(m.handle).userId, m.handle])), since);

  // Profiles last: the last member's bio marks the club complete.
  for (const m of DEMO_MEMBERS) {
    const who = session(m.handle);
    if (who.user.displayName === m.displayName && who.user.location === m.location && who.user.bio === m.bio) continue;
    expectStatus(
      await call(ctx, who, 'PUT', '/api/user/profile', { body: { displayName: m.displayName, bio: m.bio, location: m.location } }),
      [200], `profile of ${m.handle}`,
    );
  }
  await ctx.busIdle();
  return summary;
}

/**
 * Events the club hosts, found again by host and title on a later start (never duplicated), and the members'
 * answers (an answer repeated is no change).
 */
async function buildEvents(ctx: SeedContext, session: (h: DemoHandle) => SeedSession, summary: DemoClubSummary): Promise<void> {
  const viewer = session(DEMO_EVENTS[0]!.host);
  const listed = expectStatus(await call(ctx, viewer, 'GET', '/api/events?limit=100'), [200], 'events list');
  const existing = (listed.body as { upcoming: { id: string; title: string; hostId: string }[] }).upcoming;
  const ids: string[] = [];
  for (const e of DEMO_EVENTS) {
    const host = session(e.host);
    let id = existing.find((x) => x.title === e.title && x.hostId === host.userId)?.id;
    if (!id) {
      const start = new Date();
      start.setUTCDate(start.getUTCDate() + e.inDays);
      start.setUTCHours(18, 30, 0, 0);
      const body = {
        title: e.title, description: e.description, eventType: e.eventType, venueName: e.venueName, address: e.address,
        startAt: start.toISOString(), endAt: new Date(start.getTime() + e.hours * 3_600_000).toISOString(), capacity: e.capacity, isAgeRestricted: true,
      };
      const r = expectStatus(await call(ctx, host, 'POST', '/api/events', { body, key: `demo-event-${digest(`${e.host}:${e.title}`)}` }), [201], `event ${e.title}`);
      id = (r.body as { id: string }).id;
      summary.events += 1;
    }
    ids.push(id);
    for (const [handles, status] of [[e.going, 'going'], [e.interested, 'interested']] as const) {
      for (const h of handles) {
        expectStatus(await call(ctx, session(h), 'POST', `/api/events/${id}/rsvp`, { body: { status } }), [200, 409], `RSVP of ${h} to ${e.title}`);
      }
    }
  }
  for (const a of DEMO_ACCOUNT_EVENT_ANSWERS) {
    const who = await loginDemoAccount(ctx, a.email);
    expectStatus(await call(ctx, who, 'POST', `/api/events/${ids[a.event]!}/rsvp`, { body: { status: a.status } }), [200, 409], `RSVP of ${a.email}`);
  }
}

/** Posts, follows among the members, likes and comments. */
async function buildSocial(ctx: SeedContext, session: (h: DemoHandle) => SeedSession, summary: DemoClubSummary): Promise<void> {
  // Posts, round by round (each member's first, then their second...), so that the feed reads mixed.
  const postIds = new Map<DemoPostRef, string>();
  const existing = new Map<DemoHandle, PostView[]>();
  for (const m of DEMO_MEMBERS) existing.set(m.handle, await postsOf(ctx, session(m.handle), session(m.handle).userId));
  const rounds = Math.max(...DEMO_MEMBERS.map((m) => m.posts.length));
  for (let i = 0; i < rounds; i++) {
    for (const m of DEMO_MEMBERS) {
      const p = m.posts[i];
      if (!p) continue;
      const ref: DemoPostRef = `${m.handle}:${p.key}`;
      const found = existing.get(m.handle)!.find((x) => x.content === p.content);
      if (found) {
        postIds.set(ref, found.id);
        continue;
      }
      const r = expectStatus(
        await call(ctx, session(m.handle), 'POST', '/api/posts', { body: { content: p.content, postType: 'text' }, key: `demo-club:post:${ref}` }),
        [201], `post ${ref}`,
      );
      postIds.set(ref, (r.body as PostView).id);
      summary.posts += 1;
    }
  }
  const postId = (ref: DemoPostRef) => {
    const id = postIds.get(ref);
    if (!id) throw new Error(`the demo club plan names an unknown post ${ref}`);
    return id;
  };

  // Follows among the members.
  await inParallel(DEMO_FOLLOWS, PARALLEL, async ([from, to]) => {
    if (await ensureFollow(ctx, session(from), session(to), `${from} -> ${to}`)) summary.follows += 1;
  });

  // Likes: a like is a toggle, so only a post the member does not like yet is liked.
  const seen = new Map<string, Promise<PostView[]>>();
  await inParallel(DEMO_LIKES, PARALLEL, async ({ by, post }) => {
    const author = post.slice(0, post.indexOf(':')) as DemoHandle;
    const cacheKey = `${by}>${author}`;
    if (!seen.has(cacheKey)) seen.set(cacheKey, postsOf(ctx, session(by), session(author).userId));
    const id = postId(post);
    if ((await seen.get(cacheKey)!).find((p) => p.id === id)?.likedByMe) return;
    const r = expectStatus(await call(ctx, session(by), 'POST', `/api/posts/${id}/like`), [200], `like of ${post} by ${by}`);
    if ((r.body as { liked?: boolean }).liked) summary.likes += 1;
  });

  // Comments in order (a reply comes after what it answers), each once (by the member and its text).
  for (const c of DEMO_COMMENTS) {
    const id = postId(c.post);
    const list = expectStatus(await call(ctx, session(c.by), 'GET', `/api/posts/${id}/comments`), [200], `comments of ${c.post}`);
    const mine = (list.body as { items: { userId: string; content: string }[] }).items;
    if (mine.some((x) => x.userId === session(c.by).userId && x.content === c.content)) continue;
    expectStatus(
      await call(ctx, session(c.by), 'POST', `/api/posts/${id}/comments`, { body: { content: c.content }, key: `demo-club:comment:${c.post}:${c.by}:${digest(c.content)}` }),
      [201], `comment on ${c.post} by ${c.by}`,
    );
    summary.comments += 1;
  }
}

/**
 * LOCAL_DEMO_CLUB=0 leaves the club out, =1 builds it always. By default throwaway stacks (tests under vitest,
 * LOCAL_EPHEMERAL end-to-end runs) start without it: it costs about a minute on a fresh data dir.
 */
function wanted(): boolean {
  const setting = process.env.LOCAL_DEMO_CLUB;
  if (setting === '0' || setting === '1') return setting === '1';
  return !process.env.VITEST && process.env.LOCAL_EPHEMERAL !== '1';
}

export const demoClubStep: SeedStep = {
  name: 'demo club',
  async run(ctx) {
    if (!wanted()) return;
    try {
      const s = await buildDemoClub(ctx);
      if (!s) return;
      ctx.log(`demo club: ${s.members} members (${s.membersCreated} created), ${s.posts} posts, ${s.reviews} reviews, `
        + `${s.follows} follows, ${s.likes} likes, ${s.comments} comments, ${s.events} events, ${s.moved} items dated back`);
    } catch (err) {
      // The club is a convenience: the stack starts without it, and the next start completes it.
      createLog().warn(`demo club not (fully) seeded: ${(err as Error).message}; the next start completes it (LOCAL_DEMO_CLUB=0 skips it)`);
    }
  },
};
