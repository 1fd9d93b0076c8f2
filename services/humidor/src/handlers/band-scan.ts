import { dependencyUnavailable } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { logger } from '@torcedor/service-kit/logger';
import { BAND_MATCHES_SHOWN } from '@torcedor/shared/constants';
import type { Routes } from '@torcedor/shared/routes';
import { bandReader } from '../providers/band-reader.ts';
import type { CigarView } from '../domain/catalog.ts';
import type { BandMatch } from '@torcedor/shared/band-match';
import { searchIndexes } from '../store/search-index.ts';
import { currentCommunity } from './community.ts';

/** Matches of the vision model's reading taken before those of another brand than the one it read are dropped. */
const VISION_CANDIDATES = 30;

/** The matches' cigars with their rating and photos as they are now when they come in time (handlers/community.ts). */
async function current<M extends BandMatch<CigarView>>(matches: M[]): Promise<M[]> {
  const community = await currentCommunity(matches.map((m) => m.cigar.id));
  return matches.map((m) => ({ ...m, cigar: { ...m.cigar, ...community.get(m.cigar.id) } }));
}

/** Band scan (docs/band-scan.md): catalog cigars ranked from the text read off a band. */
export const identifyCigar: RouteHandler<Routes['identifyCigar']> = async ({ body }) => {
  const [idx, reader] = await Promise.all([searchIndexes(), bandReader()]);
  // A brand the member names weighs in for that brand's cigars, never matches alone (docs/band-scan.md).
  return { items: await current((await idx.bands()).match(body.text, BAND_MATCHES_SHOWN, body.hints)), visionAvailable: reader !== null };
};

/**
 * Band scan offline (docs/band-scan.md, "Offline"): the catalog's cigars as rows for the device's matcher, from this
 * instance's index (no read of its own beyond the version check).
 */
export const getBandCatalog: RouteHandler<Routes['getBandCatalog']> = async () => {
  const idx = await searchIndexes();
  const cigars = [...idx.cigarsById.values()].map((c) => [c.id, c.brandName, c.name, c.vitola, c.length, c.ringGauge, c.strength, c.wrapper, c.country] as const);
  return { version: idx.version, cigars: cigars.map((row) => [...row]) };
};

/** Band scan's second opinion: the vision model reads the member's photo, the catalog matches what it read, the photo goes. */
export const identifyCigarImage: RouteHandler<Routes['identifyCigarImage']> = async ({ session, body }) => {
  // The uploads module (and its S3 client) loads only for this route.
  const uploads = await import('@torcedor/service-kit/uploads');
  try {
    const reader = await bandReader();
    if (!reader) throw dependencyUnavailable('The vision model', new Error('no OpenAI key is configured'));
    const seen = await reader.read(await uploads.readUpload(session.userId, body.objectPath));
    const text = [seen.brand, seen.line].filter(Boolean).join('\n');
    const found = text ? (await (await searchIndexes()).bands()).match(text, VISION_CANDIDATES) : [];
    // The model named a brand: only that brand's cigars can be it (a line word shared with another brand is not).
    const items = (seen.brand ? found.filter((m) => m.matched.brand.length > 0) : found).slice(0, BAND_MATCHES_SHOWN);
    return { items: await current(items), visionAvailable: true, seen };
  } finally {
    // The photo is not kept, whatever the answer (docs/band-scan.md, "Privacy").
    await uploads.deleteUpload(session.userId, body.objectPath).catch((err: unknown) => logger.warn('band photo not deleted', { error: err as Error }));
  }
};
