import { memoUntilFailure } from '@torcedor/service-kit/memo';
import { loadOpenAi, openAiSettings } from '@torcedor/service-kit/openai';
import type { MarketingWriter } from '../domain/writer.ts';

/**
 * The local writer, imported on first use from its layer module (`@torcedor/marketing/local-writer`, see
 * shared/src/runtime.ts): a function instance with an OpenAI key, or that drafts nothing, never loads it.
 */
const loadLocalWriter: () => Promise<typeof import('../local-writer/index.ts')> = () => import('@torcedor/marketing/local-writer');

/**
 * The writer of this function instance, chosen by configuration once: OpenAI when a key is set, the local writer
 * otherwise. A failed choice (Secrets Manager unreachable) is not kept.
 */
export const marketingWriter: () => Promise<MarketingWriter> = memoUntilFailure(async () => {
  const settings = await openAiSettings();
  if (!settings) return (await loadLocalWriter()).localWriter;
  const [{ createOpenAiWriter }, OpenAi] = await Promise.all([import('./openai.ts'), loadOpenAi()]);
  return createOpenAiWriter(settings, OpenAi);
});
