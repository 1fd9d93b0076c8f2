import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CATALOG_COPY_GRACE_SECONDS, CATALOG_LOADING_MESSAGE } from '@torcedor/shared/constants';
import { publishedEvents } from '@torcedor/local/src/testing/service-env.ts';
import { busEvent, deliver } from '../../kit/test/bus.ts';
import { serviceFixture, type Member, type ServiceFixture } from '../../kit/test/fixture.ts';
import { call } from '../../kit/test/http-event.ts';
import { ownTable } from '../../kit/test/own-table.ts';

/** VitolAI while its copy of the catalog is behind (kit catalog-copy.ts), on the local engine. */
let f: ServiceFixture;
let table: Awaited<ReturnType<typeof ownTable>>;

beforeAll(async () => {
  // A table of this file's own: whether ai's catalog copy is behind is one item for the whole table.
  table = await ownTable('ai', inject('localAws'));
  f = await serviceFixture('ai', {
    http: () => import('../src/http.ts'), worker: () => import('../src/worker.ts'), env: { OPENAI_API_KEY: undefined, TABLE_NAME: table.name },
  });
});
afterAll(async () => table?.drop());

const CATALOG = new URL('../../humidor/catalog/', import.meta.url);
const cigars = (JSON.parse(readFileSync(new URL('cigars.json', CATALOG), 'utf8')) as { cigars: Record<string, any>[] }).cigars;
const brands = new Map((JSON.parse(readFileSync(new URL('brands.json', CATALOG), 'utf8')) as { brands: Record<string, any>[] }).brands.map((b) => [b.id as string, b]));
/** The first 60 curated cigars as humidor announces them. */
const announced = cigars.slice(0, 60).map((c) => {
  const brand = brands.get(c.brandId)!;
  return {
    id: c.id, name: c.name, brandName: brand.name, vitola: c.vitola,
    details: { brandId: c.brandId, brandCountry: brand.country, length: c.length, ringGauge: c.ringGauge, strength: c.strength, wrapper: c.wrapper, binder: c.binder, filler: c.filler, country: c.country, description: c.description },
  };
});

/** Versions of this run (the bus's record of published events is the whole run's). */
const V = Date.now();
const HUMIDOR = 'torcedor.humidor';
const chunk = (catalogVersion: number, part: typeof announced) => f.send('CatalogCigarsChanged', { catalogVersion, cigars: part }, HUMIDOR);
const announce = (catalogVersion: number, chunks: number, ms: number) =>
  deliver(f.worker, { ...busEvent('CatalogPublished', { catalogVersion, cigarCount: chunks * 30, chunks }, randomUUID(), HUMIDOR), time: new Date(V + ms).toISOString() });
const recommend = (m: Member, headers: Record<string, string> = {}) => call(f.http, 'POST', '/api/chatbot/recommendations', {
  cookies: m.cookies, headers, body: { sessionId: `session-${randomUUID()}`, message: 'A medium robusto for this evening', userProfile: {}, smokingHistory: [] },
});

describe('VitolAI while its copy of the catalog is behind', () => {
  it('says the catalog is still loading (in the member\'s language, spending no free answer) instead of that it suggested everything', async () => {
    const m = await f.member();
    const en = await recommend(m);
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({ response: CATALOG_LOADING_MESSAGE, suggestions: [] });
    const es = await recommend(m, { 'accept-language': 'es' });
    expect(es.body.response).toBe('El catálogo todavía se está cargando, inténtalo de nuevo en un momento');
    expect(en.body.usage).toMatchObject({ used: 0, limit: 3 });
    const picks = await call(f.http, 'GET', '/api/recommendations/quick', { cookies: m.cookies });
    expect(picks.status).toBe(503);
    expect(picks.body).toEqual({ code: 'CATALOG_LOADING', message: CATALOG_LOADING_MESSAGE });
    // A question that names no catalog cigar is answered as ever.
    const hello = await call(f.http, 'POST', '/api/chatbot/conversation', { cookies: m.cookies, body: { sessionId: `session-${randomUUID()}`, message: 'Hello!', topic: 'general' } });
    expect(hello.body.response).not.toBe(CATALOG_LOADING_MESSAGE);
  });

  it('answers from the catalog once the copy is whole (read again at once), and asks humidor for a version it lacks after the grace', async () => {
    const m = await f.member();
    await chunk(V, announced.slice(0, 30));
    await chunk(V, announced.slice(0, 30));
    await announce(V, 2, 0);
    await chunk(V, announced.slice(30));
    const whole = await recommend(m);
    expect(whole.body.suggestions.length).toBeGreaterThan(0);
    expect(whole.body.usage).toMatchObject({ used: 1 });
    expect((await call(f.http, 'GET', '/api/recommendations/quick', { cookies: m.cookies })).body.items.length).toBeGreaterThan(0);

    await chunk(V + 1, announced.slice(0, 30));
    await announce(V + 1, 2, 0);
    await announce(V + 1, 2, CATALOG_COPY_GRACE_SECONDS * 1000 + 1000);
    const asked = (await publishedEvents(f.pool())).filter((e) => e.DetailType === 'AiCatalogCopyBehind' && JSON.parse(e.Detail!).catalogVersion === V + 1);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ Source: 'torcedor.ai' });
  });
});
