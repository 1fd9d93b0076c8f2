import type { BandCatalog } from '@torcedor/shared/schemas/catalog';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVED_AT_HEADER } from '@/lib/offline-cache';
import { BAND_CATALOG_FRESH_MS, cigarOfRow, matchOffline, needsBandCatalog } from './offline-match';

const catalog: BandCatalog = {
  version: 3,
  cigars: [
    ['padron-1926-serie-no-2', 'Padrón', '1926 Serie No. 2', 'Belicoso', 5.5, 52, 'full', 'Nicaraguan Maduro', 'Nicaragua'],
    ['opus-x-robusto', 'Arturo Fuente', 'Opus X Robusto', 'Robusto', 5.25, 50, 'full', 'Dominican Rosado', 'Dominican Republic'],
    ['montecristo-no-2', 'Montecristo', 'No. 2', 'Torpedo', 6.1, 52, 'medium', 'Cuban', 'Cuba'],
  ],
};

describe('band scan offline: matching on the device', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("turns a row into the cigar a card reads, claiming no community it cannot know", () => {
    expect(cigarOfRow(catalog.cigars[1]!)).toMatchObject({
      id: 'opus-x-robusto', brandName: 'Arturo Fuente', name: 'Opus X Robusto', vitola: 'Robusto', length: 5.25, ringGauge: 50,
      strength: 'full', wrapper: 'Dominican Rosado', country: 'Dominican Republic', averageRating: null, reviewCount: 0, photos: [],
    });
  });

  it("ranks the rows' cigars from a noisy band text with the server's matcher", () => {
    const [best] = matchOffline('ARTURO FUENTE\nOPUSX', catalog);
    expect(best?.cigar.id).toBe('opus-x-robusto');
    expect(best?.matched.brand.length).toBeGreaterThan(0);
    expect(matchOffline('PAD RON 1926', catalog)[0]?.cigar.id).toBe('padron-1926-serie-no-2');
    expect(matchOffline('HECHO A MANO', catalog)).toEqual([]);
  });

  it('reads the rows again only online and when none were kept in the last week', async () => {
    const kept = (at: Date | null) => ({
      open: async () => ({ match: async () => (at ? new Response('{}', { headers: { [SAVED_AT_HEADER]: at.toISOString() } }) : undefined) }),
    });
    const now = Date.parse('2026-11-27T12:00:00Z');
    vi.stubGlobal('caches', kept(null));
    expect(await needsBandCatalog('/api/band-catalog', now)).toBe(true);
    vi.stubGlobal('caches', kept(new Date(now - 60_000)));
    expect(await needsBandCatalog('/api/band-catalog', now)).toBe(false);
    vi.stubGlobal('caches', kept(new Date(now - BAND_CATALOG_FRESH_MS - 1)));
    expect(await needsBandCatalog('/api/band-catalog', now)).toBe(true);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('caches', kept(null));
    expect(await needsBandCatalog('/api/band-catalog', now)).toBe(false);
  });
});
