import { describe, expect, it } from 'vitest';
import { DEMO_COMMENTS, DEMO_MEMBERS } from './demo-club-content.ts';
import { commentKey, demoClubTimes, movedItem, reviewKey } from './demo-club-times.ts';

const now = new Date('2026-12-09T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (iso: string) => now.getTime() - Date.parse(iso);

describe('demoClubTimes', () => {
  const times = demoClubTimes(now);

  it('dates every post of the plan in the past week, some hours and some days back, none within the hour', () => {
    const postCount = DEMO_MEMBERS.reduce((n, m) => n + m.posts.length, 0);
    expect(times.posts.size).toBe(postCount);
    const ages = [...times.posts.values()].map(ago);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(HOUR);
    expect(Math.max(...ages)).toBeLessThan(7 * DAY);
    expect(ages.some((a) => a < DAY)).toBe(true);
    expect(ages.some((a) => a >= 2 * DAY)).toBe(true);
    expect(new Set(times.posts.values()).size).toBe(postCount);
  });

  it('writes posts in the order the seed does: a member first post before their second', () => {
    for (const m of DEMO_MEMBERS) {
      const mine = m.posts.map((p) => Date.parse(times.posts.get(`${m.handle}:${p.key}`)!));
      expect(mine).toEqual([...mine].sort((a, b) => a - b));
    }
  });

  it('puts each comment after its post and after the comment before it, never in the future', () => {
    const last = new Map<string, number>();
    for (const c of DEMO_COMMENTS) {
      const t = Date.parse(times.comments.get(commentKey(c.post, c.by, c.content))!);
      expect(t).toBeGreaterThan(last.get(c.post) ?? Date.parse(times.posts.get(c.post)!));
      expect(t).toBeLessThan(now.getTime());
      last.set(c.post, t);
    }
  });

  it('dates every review between one and seven days back', () => {
    for (const m of DEMO_MEMBERS) for (const r of m.reviews) {
      const age = ago(times.reviews.get(reviewKey(m.handle, r.cigarId))!);
      expect(age).toBeGreaterThanOrEqual(HOUR * 20);
      expect(age).toBeLessThan(7 * DAY);
    }
  });
});

describe('movedItem', () => {
  const from = '2026-12-09T11:59:58.123Z';
  const to = '2026-12-04T08:30:00.000Z';

  it("moves the moment in the item's keys and indexes, Discover's day partition included", () => {
    const post = {
      PK: { S: 'POST#p1' }, SK: { S: 'POST' }, postId: { S: 'p1' }, createdAt: { S: from },
      GSI1PK: { S: 'POSTS#u1' }, GSI1SK: { S: `${from}#p1` }, GSI2PK: { S: 'DAYPOSTS#2026-12-09#2' }, GSI2SK: { S: `${from}#p1` },
      commentCount: { N: '2' }, content: { S: `Posted at ${from}` },
    };
    expect(movedItem(post, from, to)).toEqual({
      ...post, createdAt: { S: to }, GSI1SK: { S: `${to}#p1` }, GSI2PK: { S: 'DAYPOSTS#2026-12-04#2' }, GSI2SK: { S: `${to}#p1` },
    });
  });

  it("moves a timeline entry's sort key and leaves what members wrote alone", () => {
    const entry = { PK: { S: 'TIMELINE#u2' }, SK: { S: `${from}#p1` }, postId: { S: 'p1' }, createdAt: { S: from }, content: { S: from } };
    expect(movedItem(entry, from, to)).toEqual({ ...entry, SK: { S: `${to}#p1` }, createdAt: { S: to } });
  });
});
