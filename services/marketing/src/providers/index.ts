import { memoUntilFailure } from '@torcedor/service-kit/memo';
import { loadOpenAi, openAiSettings } from '@torcedor/service-kit/openai';
import { localWriter } from './local.ts';
import type { MarketingWriter } from '../domain/writer.ts';

/**
 * The writer of this function instance, chosen by configuration once: OpenAI when a key is set, the local writer
 * otherwise. A failed choice (Secrets Manager unreachable) is not kept.
 */
export const marketingWriter: () => Promise<MarketingWriter> = memoUntilFailure(async () => {
  const settings = await openAiSettings();
  if (!settings) return localWriter;
  const [{ createOpenAiWriter }, OpenAi] = await Promise.all([import('./openai.ts'), loadOpenAi()]);
  return createOpenAiWriter(settings, OpenAi);
});
