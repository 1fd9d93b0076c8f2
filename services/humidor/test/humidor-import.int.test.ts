import { beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceEnv } from '@torcedor/local/src/testing/service-env.ts';
import { call } from '../../kit/test/http-event.ts';
import { memberSession } from '../../kit/test/sessions.ts';

let http: Parameters<typeof call>[0];
const pool = () => inject('localAws');

// Its own brand and cigars, so that the other files' catalog rows do not match these CSV rows.
const brand = { id: 'imp-oliva', name: 'Oliva', country: 'Nicaragua', description: 'Family maker in Estelí.' };
const cigar = (id: string, name: string) => ({
  id, brandId: 'imp-oliva', name, vitola: 'Figurado', length: 6.5, ringGauge: 52, strength: 'full' as const,
  wrapper: 'Ecuador Sumatra', binder: 'Nicaraguan', filler: 'Nicaraguan', country: 'Nicaragua', description: 'Oily and dark.',
});

beforeAll(async () => {
  Object.assign(process.env, serviceEnv('humidor', pool()), { LOG_LEVEL: 'SILENT' });
  http = (await import('../src/http.ts')).handler as typeof http;
  const { writeCatalog } = await import('../src/data/catalog.ts');
  await writeCatalog({ brands: [brand], cigars: [cigar('imp-oliva-melanio', 'Serie V Melanio'), cigar('imp-oliva-serie-o', 'Serie O Robusto')], lounges: [] });
});

const list = async (cookies: string[]) => (await call(http, 'GET', '/api/humidor', { cookies })).body as { cigarId: string; quantity: number; pricePaid: number | null; boxDate: string | null }[];
const importRows = (cookies: string[], rows: Record<string, unknown>[]) => call(http, 'POST', '/api/humidor/import', { cookies, body: { rows } });
const row = { cigarId: 'imp-oliva-melanio', quantity: 1, pricePaid: null, location: null, boxDate: null };

describe('CSV import: the preview and the import apply one row rule', () => {
  it('shows 2024-02-30 and 18.505 as error rows, and the import refuses them with 400 and stores nothing', async () => {
    const m = await memberSession(pool());
    const csv = [
      'name,brand,quantity,price,location,date',
      'Serie V Melanio,Oliva,2,18.50,Drawer 1,2024-02-29',
      'Serie V Melanio,Oliva,1,,,2024-02-30',
      'Serie O Robusto,Oliva,1,18.505,,',
    ].join('\n');
    const p = await call(http, 'POST', '/api/humidor/import/preview', { cookies: m.cookies, body: { csv } });
    expect(p.status).toBe(200);
    const [good, badDate, badPrice] = p.body.rows;
    expect(good).toMatchObject({ line: 2, errors: [], row: { cigarId: 'imp-oliva-melanio', quantity: 2, pricePaid: 18.5, location: 'Drawer 1', boxDate: '2024-02-29' } });
    expect(badDate).toMatchObject({ line: 3, match: { cigarId: 'imp-oliva-melanio' }, errors: ['Date must be an existing date (YYYY-MM-DD)'], row: null });
    expect(badPrice).toMatchObject({ line: 4, match: { cigarId: 'imp-oliva-serie-o' }, errors: ['Price has at most 2 decimals'], row: null });

    // The same values sent to the import: refused as a whole, nothing stored.
    for (const rows of [[{ ...row, boxDate: '2024-02-30' }], [{ ...row, cigarId: 'imp-oliva-serie-o', pricePaid: 18.505 }], [good.row, { ...row, boxDate: '2024-02-30' }]]) {
      const r = await importRows(m.cookies, rows);
      expect(r.status).toBe(400);
      expect(r.body.issues.map((i: { message: string }) => i.message)).toEqual([expect.stringMatching(/existing date|2 decimals/)]);
    }
    expect(await list(m.cookies)).toEqual([]);

    // What the preview marks importable, the import takes as it is.
    const ok = await importRows(m.cookies, [good.row]);
    expect(ok.status).toBe(201);
    expect(await list(m.cookies)).toEqual([expect.objectContaining({ cigarId: 'imp-oliva-melanio', quantity: 2, pricePaid: 18.5, boxDate: '2024-02-29' })]);
  });

  it('takes at most 90 rows a call', async () => {
    const m = await memberSession(pool());
    const r = await importRows(m.cookies, Array.from({ length: 91 }, () => row));
    expect(r.status).toBe(400);
    expect(await list(m.cookies)).toEqual([]);
  });
});
