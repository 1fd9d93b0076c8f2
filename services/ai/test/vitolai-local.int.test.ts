import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventDetail, EventName } from '@torcedor/shared/events';
import { serviceFixture, type ServiceFixture } from '../../kit/test/fixture.ts';
import { call, httpEvent } from '../../kit/test/http-event.ts';

/** VitolAI on the local engine (no OpenAI key): grounded answers, picks, the profile, and streamed answers. */
let f: ServiceFixture;
let http: ServiceFixture['http'];
let kitHttp: typeof import('@torcedor/service-kit/http');

const CATALOG = new URL('../../humidor/catalog/', import.meta.url);
const cigars = (JSON.parse(readFileSync(new URL('cigars.json', CATALOG), 'utf8')) as { cigars: Record<string, any>[] }).cigars;
const brands = new Map((JSON.parse(readFileSync(new URL('brands.json', CATALOG), 'utf8')) as { brands: Record<string, any>[] }).brands.map((b) => [b.id as string, b]));
const byId = new Map(cigars.map((c) => [c.id as string, c]));

const SOURCES: Partial<Record<EventName, string>> = { CatalogCigarsChanged: 'torcedor.humidor', CollectionItemChanged: 'torcedor.humidor', ReviewPublished: 'torcedor.social' };
const send = <N extends EventName>(type: N, detail: EventDetail<N>) => f.send(type, detail, SOURCES[type]);

beforeAll(async () => {
  f = await serviceFixture('ai', { http: () => import('../src/http.ts'), worker: () => import('../src/worker.ts'), env: { OPENAI_API_KEY: undefined } });
  http = f.http;
  kitHttp = await import('@torcedor/service-kit/http');
  // The curated catalog, announced as humidor announces it.
  const announced = cigars.map((c) => {
    const brand = brands.get(c.brandId)!;
    return {
      id: c.id, name: c.name, brandName: brand.name, vitola: c.vitola,
      details: { brandId: c.brandId, brandCountry: brand.country, length: c.length, ringGauge: c.ringGauge, strength: c.strength, wrapper: c.wrapper, binder: c.binder, filler: c.filler, country: c.country, description: c.description },
    };
  });
  for (let i = 0; i < announced.length; i += 150) await send('CatalogCigarsChanged', { catalogVersion: 1_000_000, cigars: announced.slice(i, i + 150) });
}, 120_000);

const member = () => f.member();
type Member = Awaited<ReturnType<typeof member>>;
const session = () => `session-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

/** A member who loves full Nicaraguans (rated 94 and 92) and did not enjoy a mild Connecticut (61), with two humidor items. */
async function seasonedMember() {
  const m = await member();
  const full = cigars.filter((c) => c.strength === 'full' && c.country === 'Nicaragua').slice(0, 2);
  const mild = cigars.find((c) => c.strength === 'mild' && /connecticut/i.test(c.wrapper))!;
  const review = (c: Record<string, any>, overall: number) => send('ReviewPublished', {
    reviewId: randomUUID(), userId: m.userId, cigarId: c.id, brandName: brands.get(c.brandId)!.name, cigarName: c.name,
    drawScore: overall, burnScore: overall, flavorScore: overall, overallScore: overall, flavorTags: ['pepper', 'cocoa'], photos: [], createdAt: new Date().toISOString(),
  });
  await review(full[0]!, 94);
  await review(full[1]!, 92);
  await review(mild, 61);
  const item = (c: Record<string, any>, boxDate: string | null, createdAt: string) => send('CollectionItemChanged', {
    userId: m.userId, itemId: randomUUID(), list: 'humidor', version: 1, removed: false, cigarId: c.id, brandName: brands.get(c.brandId)!.name,
    cigarName: c.name, cigarVitola: c.vitola, cigarStrength: c.strength, quantity: 5, status: 'aging', boxDate, pricePaid: 12, priority: null, createdAt,
  });
  await item(full[0]!, '2024-01-15', '2024-02-01T10:00:00.000Z');
  await item(mild, null, new Date(Date.now() - 86_400_000).toISOString());
  return { m, full, mild };
}

describe('VitolAI on the local engine', () => {
  it('answers a recommendation with real catalog cigars, each with a reason, and counts it', async () => {
    const m = await member();
    const res = await call(http, 'POST', '/api/chatbot/recommendations', {
      cookies: m.cookies, body: { sessionId: session(), message: 'A full-bodied cigar from Nicaragua for after dinner', userProfile: {}, smokingHistory: [] },
    });
    expect(res.status).toBe(200);
    expect(res.body.suggestions.length).toBeGreaterThan(0);
    for (const s of res.body.suggestions) {
      const c = byId.get(s.cigarId)!;
      expect(c, s.cigarId).toBeTruthy();
      expect(['full', 'medium-full']).toContain(c.strength);
      expect(c.country).toBe('Nicaragua');
      expect(s.reason.length).toBeGreaterThan(10);
      expect(res.body.response).toContain(c.name);
    }
    expect(res.body.usage).toMatchObject({ used: 1, limit: 3 });
  });

  it('spends no free answer on a refused question, answers a storage question that mentions buying, and keeps both in the chat', async () => {
    const m = await member();
    const sessionId = session();
    const ask = (message: string) => call(http, 'POST', '/api/chatbot/recommendations', { cookies: m.cookies, body: { sessionId, message, userProfile: {}, smokingHistory: [] } });
    const refused = await ask('Where can I buy a box of Cohibas online?');
    expect(refused.status).toBe(200);
    expect(refused.body.response).toMatch(/can't help with buying/);
    expect(refused.body.suggestions).toEqual([]);
    expect(refused.body.usage).toMatchObject({ used: 0, limit: 3 });
    const storage = await ask('How long should I rest cigars after buying them?');
    expect(storage.status).toBe(200);
    expect(storage.body.response).not.toMatch(/can't help with buying/);
    expect(storage.body.response).toMatch(/weeks/);
    expect(storage.body.usage).toMatchObject({ used: 1, limit: 3 });
    expect((await call(http, 'GET', '/api/ai/usage', { cookies: m.cookies })).body).toMatchObject({ used: 1 });
    // Refused while the day's free answers are spent: still the refusal, not the daily-limit error.
    for (let i = 0; i < 2; i++) expect((await ask('Something mild for the morning')).body.usage.used).toBe(2 + i);
    const whenSpent = await ask('I want to buy some Padróns');
    expect(whenSpent.status).toBe(200);
    expect(whenSpent.body.usage).toMatchObject({ used: 3, limit: 3 });
    const history = await call(http, 'GET', `/api/chatbot/sessions/${sessionId}`, { cookies: m.cookies });
    expect(history.body.messages.filter((t: { role: string }) => t.role === 'user').map((t: { content: string }) => t.content)).toEqual([
      'Where can I buy a box of Cohibas online?', 'How long should I rest cigars after buying them?', 'Something mild for the morning',
      'Something mild for the morning', 'I want to buy some Padróns',
    ]);
  });

  it("ranks quick picks by the member's own reviews, and profiles them from the server's copies", async () => {
    const { m } = await seasonedMember();
    const picks = (await call(http, 'GET', '/api/recommendations/quick', { cookies: m.cookies })).body.items as { cigarId: string; matchScore: number; strength: string; reason: string }[];
    expect(picks.length).toBeGreaterThanOrEqual(3);
    const scores = picks.map((p) => p.matchScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const s of scores) expect(Number.isInteger(s) && s >= 0 && s <= 100).toBe(true);
    expect(['full', 'medium-full']).toContain(picks[0]!.strength);
    for (const p of picks) expect(p.reason).not.toBe('');

    const profile = (await call(http, 'GET', '/api/recommendations/profile', { cookies: m.cookies })).body;
    expect(profile).toEqual({ cigarsTried: 3, averageRating: 82.3, preferredStrength: 'full' });
    const fresh = await member();
    expect((await call(http, 'GET', '/api/recommendations/profile', { cookies: fresh.cookies })).body).toEqual({ cigarsTried: 0, averageRating: null, preferredStrength: 'medium' });
  });

  it('picks what to smoke next from the humidor: the rested, well-rated cigar before the one added yesterday', async () => {
    const { m, full } = await seasonedMember();
    const next = (await call(http, 'GET', '/api/recommendations/smoke-next', { cookies: m.cookies })).body.items as { cigarId: string; restDays: number; reason: string; pairing: string }[];
    expect(next.length).toBeGreaterThan(0);
    expect(next[0]!.cigarId).toBe(full[0]!.id);
    expect(next[0]!.restDays).toBeGreaterThan(300);
    expect(next[0]!.pairing).not.toBe('');
  });
});

describe("the member's language (Accept-Language)", () => {
  it('answers, refuses and picks in the language the request asks for', async () => {
    const { m } = await seasonedMember();
    const es = { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' };
    const rec = await call(http, 'POST', '/api/chatbot/recommendations', {
      cookies: m.cookies, headers: es, body: { sessionId: session(), message: 'Un puro con cuerpo de Nicaragua para después de cenar', userProfile: {}, smokingHistory: [] },
    });
    expect(rec.status).toBe(200);
    expect(rec.body.suggestions.length).toBeGreaterThan(0);
    for (const s of rec.body.suggestions) expect(byId.get(s.cigarId)!.country).toBe('Nicaragua');
    expect(rec.body.response).toMatch(/^Para una velada larga, /);
    expect(rec.body.suggestions[0].reason).toMatch(/fortaleza/);
    const refused = await call(http, 'POST', '/api/chatbot/conversation', {
      cookies: m.cookies, headers: { 'accept-language': 'fr' }, body: { sessionId: session(), message: 'Où acheter des Cohiba en ligne ?', topic: 'general' },
    });
    expect(refused.body.response).toMatch(/^Je ne peux pas vous aider à acheter/);
    const de = { 'accept-language': 'de-AT' };
    const picks = (await call(http, 'GET', '/api/recommendations/quick', { cookies: m.cookies, headers: de })).body.items as { reason: string }[];
    expect(picks[0]!.reason).toMatch(/Stärke/);
    const next = (await call(http, 'GET', '/api/recommendations/smoke-next', { cookies: m.cookies, headers: de })).body.items as { reason: string; pairing: string }[];
    expect(next[0]!.reason).toMatch(/Ruhezeit|hinzugefügt/);
    // No header: English, as before.
    const plain = (await call(http, 'GET', '/api/recommendations/smoke-next', { cookies: m.cookies })).body.items as { reason: string }[];
    expect(plain[0]!.reason).toMatch(/^(Rested|Added)/);
  });
});

describe('streamed answers', () => {
  async function consume(events: AsyncIterable<{ event: string; data: any }>) {
    const out: { event: string; data: any }[] = [];
    for await (const e of events) out.push(e);
    return out;
  }
  const streamCall = (m: Member, body: unknown) =>
    http(httpEvent('POST', '/api/chatbot/recommendations/stream', { cookies: m.cookies, body }), {}) as Promise<import('@torcedor/service-kit/http').StreamingResult>;

  it('writes the answer as delta events, then done with the whole answer; refusals come before the first byte as JSON', async () => {
    const m = await member();
    const body = () => ({ sessionId: session(), message: 'Something mild with a Connecticut wrapper for the morning', userProfile: {}, smokingHistory: [] });
    for (let i = 1; i <= 3; i++) {
      const res = await streamCall(m, body());
      expect(res.statusCode).toBe(200);
      expect(res.headers?.['content-type']).toMatch(/^text\/event-stream/);
      const events = await consume(res[kitHttp.STREAM_EVENTS]!);
      const deltas = events.filter((e) => e.event === 'delta');
      expect(deltas.length).toBeGreaterThan(1);
      const done = events.at(-1)!;
      expect(done.event).toBe('done');
      expect(done.data.response).toBe(deltas.map((d) => d.data.text).join(''));
      expect(done.data.usage).toMatchObject({ used: i, limit: 3 });
    }
    const refused = await streamCall(m, body());
    expect(refused.statusCode).toBe(429);
    expect(refused[kitHttp.STREAM_EVENTS]).toBeUndefined();
    expect(JSON.parse(refused.body as string)).toMatchObject({ code: 'AI_DAILY_LIMIT' });
    const invalid = await streamCall(m, { sessionId: session(), message: '  ', userProfile: {}, smokingHistory: [] });
    expect(invalid.statusCode).toBe(400);
  });

  it('streams a refused question as its refusal and spends no free answer on it', async () => {
    const m = await member();
    const res = await streamCall(m, { sessionId: session(), message: 'Can you sell me a box of Padróns?', userProfile: {}, smokingHistory: [] });
    expect(res.statusCode).toBe(200);
    const events = await consume(res[kitHttp.STREAM_EVENTS]!);
    expect(events.map((e) => e.event)).toEqual(['delta', 'done']);
    expect(events[1]!.data.response).toBe(events[0]!.data.text);
    expect(events[1]!.data.response).toMatch(/can't help with buying/);
    expect(events[1]!.data.usage).toMatchObject({ used: 0, limit: 3 });
  });

  it("the stream function writes the prelude, then each event as server-sent text (Lambda's response streaming)", async () => {
    const written: string[] = [];
    const preludes: unknown[] = [];
    let ended = false;
    Object.assign(globalThis, {
      awslambda: {
        streamifyResponse: (fn: unknown) => fn,
        HttpResponseStream: { from: (s: Writable, prelude: unknown) => { preludes.push(prelude); return s; } },
      },
    });
    const { createStreamHandler } = await import('@torcedor/service-kit/stream');
    const fn = createStreamHandler(http as never) as unknown as (e: unknown, s: Writable, c: unknown) => Promise<void>;
    const sink = new Writable({ write(chunk, _e, cb) { written.push(String(chunk)); cb(); }, final(cb) { ended = true; cb(); } });
    const m = await member();
    await fn(httpEvent('POST', '/api/chatbot/conversation/stream', { cookies: m.cookies, body: { sessionId: session(), message: 'How do I cut a cigar?', topic: 'general' } }), sink, {});
    await new Promise((r) => setImmediate(r));
    expect(preludes[0]).toMatchObject({ statusCode: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
    const text = written.join('');
    expect(text.startsWith('event: delta\ndata: {"text":')).toBe(true);
    expect(text).toMatch(/event: done\ndata: \{"response":/);
    expect(text).toMatch(/guillotine|punch|v-cut/i);
    expect(ended).toBe(true);
  });
});
