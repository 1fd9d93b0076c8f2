import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serviceFixture, type ServiceFixture } from '../../kit/test/fixture.ts';
import { call } from '../../kit/test/http-event.ts';
import { startOpenAiFake } from '../../kit/test/openai-fake.ts';
import { parseCatalogFile } from '../src/domain/catalog-file.ts';

let f: ServiceFixture;
let http: ServiceFixture['http'];
let fake: Awaited<ReturnType<typeof startOpenAiFake>>;
let uploads: typeof import('@torcedor/service-kit/uploads');
const pool = () => f.pool();
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  fake = await startOpenAiFake();
  // The vision model is the real `openai` client against the fake (the choice is made once per process).
  f = await serviceFixture('humidor', { http: () => import('../src/http.ts'), env: { OPENAI_API_KEY: 'sk-test-fake', OPENAI_BASE_URL: fake.url } });
  http = f.http;
  uploads = await import('@torcedor/service-kit/uploads');
  const read = (name: string) => readFileSync(new URL(`../catalog/${name}.json`, import.meta.url), 'utf8');
  const brands = parseCatalogFile(read('brands'), 'json', { kind: 'brands' }).rows.brands;
  const cigars = parseCatalogFile(read('cigars'), 'json', { existingBrandIds: new Set(brands.map((b) => b.id)) }).rows.cigars;
  const { writeCatalog } = await import('../src/store/catalog.ts');
  await writeCatalog({ brands, cigars, lounges: [] });
});
afterAll(async () => fake?.close());

const identify = (cookies: string[], body: unknown) => call(http, 'POST', '/api/cigars/identify', { cookies, body });
const named = (m: { cigar: { brandName: string; name: string } }) => `${m.cigar.brandName} ${m.cigar.name}`;
async function upload(userId: string, body: Buffer = PNG, contentType = 'image/png') {
  // Where a presigned POST puts the photo: the band photo is read once and never registered.
  const objectPath = `incoming/${userId}/${randomBytes(24).toString('base64url')}`;
  await (await uploads.s3Client()).send(new PutObjectCommand({ Bucket: pool().uploadsBucket, Key: objectPath, Body: body, ContentType: contentType }));
  return objectPath;
}
const exists = async (objectPath: string) => (await uploads.s3Client()).send(new HeadObjectCommand({ Bucket: pool().uploadsBucket, Key: objectPath })).then(() => true, () => false);

describe('POST /api/cigars/identify', () => {
  it('is for members, and refuses empty or oversized text with a clear message', async () => {
    expect((await call(http, 'POST', '/api/cigars/identify', { body: { text: 'PADRON' } })).status).toBe(401);
    const m = await f.member();
    const empty = await identify(m.cookies, { text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0].message).toBe('No text was read from the band');
    expect((await identify(m.cookies, { text: 'x'.repeat(2001) })).status).toBe(400);
    expect((await identify(m.cookies, { text: 'PADRON', extra: 1 })).status).toBe(400);
  });

  it('ranks catalog cigars from noisy band text, with confidence and why', async () => {
    const m = await f.member();
    const r = await identify(m.cookies, { text: 'PADR0N\n1926 SER1E\nNo. 9' });
    expect(r.status).toBe(200);
    expect(r.body.visionAvailable).toBe(true);
    expect(r.body.items).toHaveLength(3);
    expect(named(r.body.items[0])).toBe('Padrón 1926 Serie No. 9');
    expect(r.body.items[0].matched).toEqual({ brand: ['Padrón'], line: ['1926', 'Serie'], vitola: ['No', '9'] });
    expect(r.body.items[0].confidence).toBeGreaterThan(r.body.items[2].confidence);
    // Other test files import their own rows into the same table ("Fuente Eventos OpusX Perfecxion"): texts here
    // name the curated cigars fully enough to tell them apart.
    const opus = await identify(m.cookies, { text: 'ARTURO FUENTE\nOPUS X' });
    expect(named(opus.body.items[0])).toMatch(/^Arturo Fuente Opus X /);
    const hinted = await identify(m.cookies, { text: 'SERIE', hints: { brand: 'Oliva' } });
    expect(named(hinted.body.items[0])).toMatch(/^Oliva Serie /);
    expect(hinted.body.items[0].matched.brand).toEqual([]);
    expect((await identify(m.cookies, { text: 'HECHO A MANO\nHABANA' })).body.items).toEqual([]);
    expect((await identify(m.cookies, { text: 'HECHO A MANO', hints: { brand: 'Padrón' } })).body.items).toEqual([]);
  });

  it.each([
    ['HECHO A MANO\nARTURO FUENTE\nOPUS X\nDOUBLE CORONA', /^Arturo Fuente Opus X Double Corona$/],
    ['Rocky Pate1', /^Rocky Patel /],
    ['ROCKYPATEL\nDECADE TORO', /^Rocky Patel Decade Toro$/],
    ['PAD RON\n1964 ANNIVERSARY\nSERIES', /^Padrón 1964 Anniversary Series /],
    ['HECHO A MANO\nPARTAGAS\nSERIE D No. 4\nHABANA CUBA', /^Partagás Serie D Serie D No\. 4$/],
    ['~%# lll\nCOHIBA\nBEHIKE 56\nHABANA', /^Cohiba Behike BHK 56$/],
  ])('finds %j through the handler', async (text, want) => {
    const m = await f.member();
    const r = await identify(m.cookies, { text });
    expect(r.status).toBe(200);
    expect(named(r.body.items[0])).toMatch(want);
    expect(r.body.items.length).toBeLessThanOrEqual(3);
  });
});

describe('POST /api/cigars/identify/image (the second opinion)', () => {
  it("asks the vision model for brand and line, matches them in the catalog, and deletes the photo", async () => {
    const m = await f.member();
    fake.behave({ reply: () => JSON.stringify({ brand: 'Arturo Fuente', line: 'Hemingway Short Story' }) });
    const objectPath = await upload(m.userId);
    const r = await call(http, 'POST', '/api/cigars/identify/image', { cookies: m.cookies, body: { objectPath } });
    expect(r.status).toBe(200);
    expect(r.body.seen).toEqual({ brand: 'Arturo Fuente', line: 'Hemingway Short Story' });
    expect(named(r.body.items[0])).toBe('Arturo Fuente Hemingway Short Story');
    const sent = fake.requests.at(-1) as unknown as { messages: { content: unknown }[] };
    expect(JSON.stringify(sent.messages[1]!.content)).toContain('data:image/png;base64,');
    expect(await exists(objectPath)).toBe(false);
  });

  it('never invents a cigar the catalog does not hold', async () => {
    const m = await f.member();
    fake.behave({ reply: () => JSON.stringify({ brand: 'Imaginario', line: 'Gran Fantasia Reserva' }) });
    const r = await call(http, 'POST', '/api/cigars/identify/image', { cookies: m.cookies, body: { objectPath: await upload(m.userId) } });
    expect(r.status).toBe(200);
    expect(r.body.seen).toEqual({ brand: 'Imaginario', line: 'Gran Fantasia Reserva' });
    expect(r.body.items).toEqual([]);
    // A brand the catalog does not hold with a real line: the line's cigars are another maker's, so none of them.
    fake.behave({ reply: () => JSON.stringify({ brand: 'Imaginario', line: 'Opus X' }) });
    const mixed = await call(http, 'POST', '/api/cigars/identify/image', { cookies: m.cookies, body: { objectPath: await upload(m.userId) } });
    expect(mixed.body.items).toEqual([]);
    // A real brand with a made-up line: that brand's cigars, from the catalog.
    fake.behave({ reply: () => JSON.stringify({ brand: 'Padrón', line: 'Serie Fantasia' }) });
    const real = await call(http, 'POST', '/api/cigars/identify/image', { cookies: m.cookies, body: { objectPath: await upload(m.userId) } });
    expect(real.body.items.length).toBeGreaterThan(0);
    expect(real.body.items.every((i: { cigar: { brandId: string } }) => i.cigar.brandId === 'padron')).toBe(true);
  });

  it("refuses another member's photo without touching it, and a file that is not an image", async () => {
    const [a, b] = await Promise.all([f.member(), f.member()]);
    const theirs = await upload(b.userId);
    const r = await call(http, 'POST', '/api/cigars/identify/image', { cookies: a.cookies, body: { objectPath: theirs } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('INVALID_UPLOAD');
    expect(await exists(theirs)).toBe(true);
    const text = await upload(a.userId, Buffer.from('not an image at all'), 'image/png');
    expect((await call(http, 'POST', '/api/cigars/identify/image', { cookies: a.cookies, body: { objectPath: text } })).status).toBe(400);
    expect(await exists(text)).toBe(false);
  });

  it('an unavailable model is a 503 and the photo is still deleted', async () => {
    const m = await f.member();
    fake.behave({ status: 500 });
    const objectPath = await upload(m.userId);
    const r = await call(http, 'POST', '/api/cigars/identify/image', { cookies: m.cookies, body: { objectPath } });
    expect(r.status).toBe(503);
    expect(await exists(objectPath)).toBe(false);
  });
});

describe('without an OpenAI key', () => {
  it('offers no second opinion: visionAvailable is false, the image route answers 503 and still deletes the photo', async () => {
    // The vision provider is chosen once per process: a fresh set of modules, without the key.
    for (const k of ['OPENAI_API_KEY', 'OPENAI_BASE_URL']) delete process.env[k];
    vi.resetModules();
    const bare = (await import('../src/http.ts')).handler as typeof http;
    const m = await f.member();
    const r = await call(bare, 'POST', '/api/cigars/identify', { cookies: m.cookies, body: { text: 'PADRON 1926 SERIE' } });
    expect(r.status).toBe(200);
    expect(r.body.visionAvailable).toBe(false);
    expect(named(r.body.items[0])).toMatch(/^Padrón 1926 Serie /);
    const objectPath = await upload(m.userId);
    const before = fake.requests.length;
    const image = await call(bare, 'POST', '/api/cigars/identify/image', { cookies: m.cookies, body: { objectPath } });
    expect(image.status).toBe(503);
    expect(image.body.code).toBe('UNAVAILABLE');
    expect(fake.requests.length).toBe(before);
    expect(await exists(objectPath)).toBe(false);
  });
});

describe('GET /api/band-catalog (band scan offline)', () => {
  it("is for members, carries every catalog cigar's row, and the device's matcher over it answers as the server does", async () => {
    expect((await call(http, 'GET', '/api/band-catalog')).status).toBe(401);
    const m = await f.member();
    const r = await call(http, 'GET', '/api/band-catalog', { cookies: m.cookies });
    expect(r.status).toBe(200);
    const { BandCatalog } = await import('@torcedor/shared/schemas/catalog');
    const { Strength } = await import('@torcedor/shared/schemas/humidor');
    const snapshot = BandCatalog.parse(r.body);
    expect(snapshot.version).toBeGreaterThan(0);
    const padron = snapshot.cigars.find(([, brand, name]) => brand === 'Padrón' && /1926/.test(name));
    expect(padron, 'a Padrón 1926 is in the rows').toBeTruthy();
    const [, , , , length, ring, strength] = padron!;
    expect(length).toBeGreaterThan(2);
    expect(ring).toBeGreaterThanOrEqual(20);
    expect(Strength.options).toContain(strength);

    // The same text, matched on the server and by the device's matcher built from the rows: the same cigars, in order.
    const { BandMatcher } = await import('@torcedor/shared/band-match');
    const device = new BandMatcher(snapshot.cigars.map(([id, brandName, name, vitola]) => ({ id, brandName, name, vitola })));
    for (const text of ['PADRON\n1926 SERIE\nHECHO A MANO', 'OPUSX FUENTE', 'MONTECRISTO No 2 HABANA']) {
      const server = (await identify(m.cookies, { text })).body.items as { cigar: { id: string }; confidence: number }[];
      const local = device.match(text, 3);
      expect(local.map((x) => x.cigar.id), text).toEqual(server.map((x) => x.cigar.id));
      expect(local.map((x) => x.confidence)).toEqual(server.map((x) => x.confidence));
    }
  });
});
