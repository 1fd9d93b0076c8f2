import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { LEARN_VIDEOS } from '@torcedor/shared/constants';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceEnv } from '@torcedor/local/src/testing/service-env.ts';
import { busEvent, deliver } from '../../kit/test/bus.ts';
import { call } from '../../kit/test/http-event.ts';
import { memberSession } from '../../kit/test/sessions.ts';

let http: Parameters<typeof call>[0];
let worker: (e: unknown, c: unknown) => Promise<unknown>;
let ddb: typeof import('@torcedor/service-kit/ddb');

beforeAll(async () => {
  Object.assign(process.env, serviceEnv('ai', inject('localAws')), { LOG_LEVEL: 'SILENT' });
  http = (await import('../src/http.ts')).handler as typeof http;
  worker = (await import('../src/worker.ts')).handler as unknown as typeof worker;
  ddb = await import('@torcedor/service-kit/ddb');
});

interface Item { id: string; premium: boolean; url: string | null; body: string | null; title: string; description: string }
const library = async (cookies: string[]) => {
  const r = await call(http, 'GET', '/api/learn', { cookies });
  expect(r.status).toBe(200);
  const items = r.body.items as Item[];
  return { videos: items.filter((i) => !i.premium), masterclasses: items.filter((i) => i.premium) };
};
const entitlementChanged = (userId: string, version: number, tier: 'free' | 'trial' | 'premium', until: string | null) =>
  deliver(worker, busEvent('EntitlementChanged', { userId, version, tier, until }, randomUUID(), 'torcedor.billing'));
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

describe('the Learn library', () => {
  it('gives a free member the 9 videos with their links, and the masterclasses locked: no link, no lesson', async () => {
    const m = await memberSession(inject('localAws'));
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
    const m = await memberSession(inject('localAws'));
    await entitlementChanged(m.userId, 1, 'premium', inDays(30));
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
    const m = await memberSession(inject('localAws'));
    await entitlementChanged(m.userId, 1, 'trial', inDays(7));
    expect((await library(m.cookies)).masterclasses.every((c) => c.body !== null)).toBe(true);
    await entitlementChanged(m.userId, 2, 'free', null);
    expect((await library(m.cookies)).masterclasses.every((c) => c.body === null && c.url === null)).toBe(true);
  });

  it('is for members only', async () => {
    expect((await call(http, 'GET', '/api/learn')).status).toBe(401);
  });
});
