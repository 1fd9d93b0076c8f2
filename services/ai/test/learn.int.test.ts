import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { LEARN_VIDEOS } from '@torcedor/shared/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceFixture, type ServiceFixture } from '../../kit/test/fixture.ts';
import { call } from '../../kit/test/http-event.ts';

let f: ServiceFixture;
let http: ServiceFixture['http'];
let ddb: ServiceFixture['ddb'];

beforeAll(async () => {
  f = await serviceFixture('ai', { http: () => import('../src/http.ts'), worker: () => import('../src/worker.ts') });
  ({ http, ddb } = f);
});

interface Item { id: string; premium: boolean; url: string | null; body: string | null; title: string; description: string }
const library = async (cookies: string[]) => {
  const r = await call(http, 'GET', '/api/learn', { cookies });
  expect(r.status).toBe(200);
  const items = r.body.items as Item[];
  return { videos: items.filter((i) => !i.premium), masterclasses: items.filter((i) => i.premium) };
};
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

describe('the Learn library', () => {
  it('is read in the language the request asks for (Accept-Language), English without one', async () => {
    const m = await f.member();
    const get = async (language?: string) => (await call(http, 'GET', '/api/learn', { cookies: m.cookies, headers: language ? { 'accept-language': language } : {} })).body.items as (Item & { duration: string })[];
    const [en, it] = [await get(), await get('it-IT')];
    expect(it.map((i) => i.id)).toEqual(en.map((i) => i.id));
    expect(it.find((i) => i.premium)!.duration).toMatch(/^\d+ min di lettura$/);
    expect(en.find((i) => i.premium)!.duration).toMatch(/^\d+ min read$/);
    expect(it.find((i) => i.premium)!.title).not.toBe(en.find((i) => i.premium)!.title);
  });

  it('gives a free member the 9 videos with their links, and the masterclasses locked: no link, no lesson', async () => {
    const m = await f.member();
    const { videos, masterclasses } = await library(m.cookies);
    expect(videos).toHaveLength(LEARN_VIDEOS);
    for (const v of videos) {
      expect(v.url).toMatch(/^https:\/\/www\.youtube\.com\/results\?search_query=/);
      expect(v.body).toBeNull();
    }
    expect(masterclasses.length).toBeGreaterThanOrEqual(6);
    for (const c of masterclasses) {
      expect(c).toMatchObject({ url: null, body: null });
      expect(c.title).not.toBe('');
      expect(c.description).not.toBe('');
    }
  });

  it('opens the lessons once the entitlement copy says premium (from billing\u2019s event), and locks them again when it has ended', async () => {
    const m = await f.member();
    await f.plan(m, 'premium', inDays(30));
    const premium = await library(m.cookies);
    expect(premium.videos).toHaveLength(LEARN_VIDEOS);
    for (const c of premium.masterclasses) {
      expect(c.body!.length).toBeGreaterThan(1000);
      expect(c.url).toBe(`/learn?lesson=${c.id}`);
    }

    // The plan's end date has passed, whether or not an event has said so yet.
    await ddb.ddb.send(new PutCommand({ TableName: ddb.TABLE, Item: { PK: `MEMBER#${m.userId}`, SK: 'ENTITLEMENT', tier: 'premium', until: new Date(Date.now() - 1000).toISOString(), version: 2 } }));
    const expired = await library(m.cookies);
    expect(expired.videos).toHaveLength(LEARN_VIDEOS);
    for (const c of expired.masterclasses) expect(c).toMatchObject({ url: null, body: null });
  });

  it('opens them during a running trial, and not once billing has moved the member back to free', async () => {
    const m = await f.member();
    await f.plan(m, 'trial', inDays(7));
    expect((await library(m.cookies)).masterclasses.every((c) => c.body !== null)).toBe(true);
    await f.plan(m, 'free', null);
    expect((await library(m.cookies)).masterclasses.every((c) => c.body === null && c.url === null)).toBe(true);
  });

  it('is for members only', async () => {
    expect((await call(http, 'GET', '/api/learn')).status).toBe(401);
  });
});
