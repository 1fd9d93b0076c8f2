import { memoUntilFailure } from '@torcedor/service-kit/memo';
import { loadOpenAi, openAiSettings } from '@torcedor/service-kit/openai';
import type { BandReader } from '../domain/band-reader.ts';

/**
 * Band scan's second opinion (docs/band-scan.md): a vision model reads the band off the member's photo when an
 * OpenAI key is configured; without one there is no second opinion (the page does not offer it). Chosen once per
 * function instance; a failed choice (Secrets Manager unreachable) is not kept.
 */
export const bandReader: () => Promise<BandReader | null> = memoUntilFailure(async () => {
  const settings = await openAiSettings();
  if (!settings) return null;
  const [{ createOpenAiBandReader }, OpenAi] = await Promise.all([import('./openai-band-reader.ts'), loadOpenAi()]);
  return createOpenAiBandReader(settings, OpenAi);
});
