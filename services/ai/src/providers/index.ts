import { memoUntilFailure } from '@torcedor/service-kit/memo';
import { loadOpenAi, openAiSettings } from '@torcedor/service-kit/openai';
import { loadEngine } from './engine.ts';
import { localProvider } from './local.ts';
import type { AiProvider } from './provider.ts';

/**
 * The provider of this function instance, chosen by configuration once (docs/decisions.md, "VitolAI"): OpenAI when a
 * key is set, the local engine otherwise. A failed choice (Secrets Manager unreachable) is not kept.
 */
export const aiProvider: () => Promise<AiProvider> = memoUntilFailure(choose);

async function choose(): Promise<AiProvider> {
  const settings = await openAiSettings();
  if (!settings) return localProvider;
  const [{ createOpenAiProvider }, OpenAi, engine] = await Promise.all([import('./openai.ts'), loadOpenAi(), loadEngine()]);
  return createOpenAiProvider(settings, OpenAi, engine);
}
