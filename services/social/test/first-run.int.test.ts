import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../kit/test/http-event.ts';
import { socialFixture, type Member } from './fixture.ts';

/**
 * The first run (docs/product.md, "First run"): the members suggested to follow (shared tastes first; never oneself, a
 * member already followed, blocked either way or not open to any member) and the welcome in a new member's bell, once.
 */

let social: Awaited<ReturnType<typeof socialFixture>>;
let http: Parameters<typeof call>[0];

beforeAll(async () => {
  social = await socialFixture();
  ({ http } = social);
});

const as = (m: Member) => ({ cookies: m.cookies });
const byId = (m: Member, method: string, path: string, id: string) => call(http, method, path, { ...as(m), pathParameters: { id } });
async function ok(r: Promise<{ status: number; body: any }>, status = 200) {
  const out = await r;
  expect(out.status).toBe(status);
  return out.body;
}
const post = (m: Member, content: string) => ok(call(http, 'POST', '/api/posts', { ...as(m), body: { content, postType: 'text' } }), 201);
const review = (m: Member, cigarId: string) => ok(call(http, 'POST', '/api/reviews', {
  ...as(m), body: { cigarId, drawScore: 88, burnScore: 90, flavorScore: 91, overallScore: 90 },
}), 201);

const suffix = randomUUID().slice(0, 8);
const details = (strength: string, wrapper: string, country: string) => ({
  brandId: 'testa', brandCountry: country, length: 5, ringGauge: 50, strength, wrapper, binder: 'Nicaraguan', filler: 'Nicaraguan', country,
  description: 'A test cigar.',
});
const maduro = { id: `fr-maduro-${suffix}`, name: 'Oscuro Robusto', brandName: 'Testa', vitola: 'Robusto', details: details('full', 'Nicaraguan Maduro', 'Nicaragua') };
const shade = { id: `fr-shade-${suffix}`, name: 'Shade Corona', brandName: 'Testa', vitola: 'Corona', details: details('mild', 'Connecticut Shade', 'Dominican Republic') };

describe('members to follow', () => {
  it('ranks the members whose reviews share the tastes first, and leaves out oneself, the followed, the blocked and the closed', async () => {
    await social.send('CatalogCigarsChanged', { catalogVersion: 1, cigars: [maduro, shade] }, 'torcedor.humidor');
    const [reader, twin, other, quiet, followed, blocker, blocked, hidden, closed] = await Promise.all([
      social.member('Reader'), social.member('Twin'), social.member('Other'), social.member('Quiet'), social.member('Followed'),
      social.member('Blocker'), social.member('Blocked'), social.member('Hidden', { visibility: 'private' }),
      social.member('Closed', { profile: { allowFollowRequests: false } }),
    ]);
    await review(twin, maduro.id);
    await review(other, shade.id);
    await ok(byId(reader, 'POST', `/api/follow/${followed.userId}`, followed.userId));
    await ok(byId(blocker, 'POST', `/api/members/${reader.userId}/block`, reader.userId));
    await ok(byId(reader, 'POST', `/api/members/${blocked.userId}/block`, blocked.userId));
    // Everyone is active in the club; the twin of the reader's tastes posted first, so only the tastes put them first.
    for (const m of [twin, other, reader, followed, blocker, blocked, hidden, closed, quiet]) await post(m, `First run ${m.name} ${suffix}`);

    const query = { strengths: 'full', wrappers: 'Maduro,Habano', countries: 'Nicaragua' };
    const body = await ok(call(http, 'GET', '/api/members/suggested', { ...as(reader), query }));
    const items = body.items as { id: string; sharedTastes: string[]; reason: string }[];
    const ids = items.map((i) => i.id);
    expect(ids[0]).toBe(twin.userId);
    expect(items[0]).toMatchObject({ sharedTastes: expect.arrayContaining(['Full', 'Maduro', 'Nicaragua']), reason: expect.stringContaining('Also likes') });
    expect(ids).toEqual(expect.arrayContaining([other.userId, quiet.userId]));
    // Without tastes, the most recently active come first.
    const plain = (await ok(call(http, 'GET', '/api/members/suggested', as(reader)))).items as { id: string }[];
    expect(plain.map((i) => i.id).indexOf(quiet.userId)).toBeLessThan(plain.map((i) => i.id).indexOf(twin.userId));
    for (const list of [ids, plain.map((i) => i.id)]) {
      for (const never of [reader, followed, blocker, blocked, hidden, closed]) expect(list).not.toContain(never.userId);
    }
    // Following a suggestion takes them off the list.
    await ok(byId(reader, 'POST', `/api/follow/${twin.userId}`, twin.userId));
    const after = (await ok(call(http, 'GET', '/api/members/suggested', { ...as(reader), query }))).items as { id: string }[];
    expect(after.map((i) => i.id)).not.toContain(twin.userId);
  });

  it('refuses a taste it does not know', async () => {
    const m = await social.member('Picky');
    const r = await call(http, 'GET', '/api/members/suggested', { ...as(m), query: { wrappers: 'Plastic' } });
    expect(r.status).toBe(400);
  });
});

describe('the welcome', () => {
  it('is written once in the new member\'s bell, even when UserRegistered arrives twice, and a read one stays read', async () => {
    const m = await social.member('Newcomer');
    const registered = { userId: m.userId, email: 'newcomer@example.com', firstName: 'New', lastName: 'Comer', kind: 'member', registeredAt: new Date().toISOString(), trialEndsAt: null };
    // Two deliveries under different event ids: the kit's once-per-event guard does not stop the second.
    await social.send('UserRegistered', registered);
    await social.send('UserRegistered', registered);
    const bell = await ok(call(http, 'GET', '/api/notifications', as(m)));
    const welcomes = (bell.items as { type: string; id: string; actorId: string }[]).filter((n) => n.type === 'welcome');
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0]!.actorId).toBe(m.userId);
    expect(bell.unreadCount).toBe(1);

    await ok(call(http, 'POST', '/api/notifications/read', { ...as(m), body: {} }));
    await social.send('UserRegistered', registered);
    const again = await ok(call(http, 'GET', '/api/notifications', as(m)));
    expect(again.unreadCount).toBe(0);
    expect((again.items as { type: string }[]).filter((n) => n.type === 'welcome')).toHaveLength(1);
  });

  it('shows whatever the notification settings say (no setting governs it)', async () => {
    const m = await social.member('Quiet Newcomer', { profile: { followNotifications: false, reviewNotifications: false, eventNotifications: false } });
    await social.send('UserRegistered', { userId: m.userId, email: null, firstName: null, lastName: null, kind: 'trial', registeredAt: new Date().toISOString(), trialEndsAt: new Date(Date.now() + 7 * 86_400_000).toISOString() });
    const bell = await ok(call(http, 'GET', '/api/notifications', as(m)));
    expect((bell.items as { type: string }[]).map((n) => n.type)).toEqual(['welcome']);
  });
});
