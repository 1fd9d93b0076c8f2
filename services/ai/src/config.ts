import * as z from 'zod';
import { loadConfig } from '@torcedor/service-kit/config';
import { readSecret } from '@torcedor/service-kit/secrets';

/** The ai service's own settings (.env.example); the OpenAI key is read with readSecret() (Secrets Manager in AWS). */
/** An empty variable is an unset one. */
const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v);

const AiEnv = z.object({
  /** The chat model (OpenAI's name). */
  OPENAI_MODEL: z.preprocess(unsetIfEmpty, z.string().min(1).default('gpt-4o-mini')),
  /** Another OpenAI-compatible base URL (tests point the real client at a local fake). */
  OPENAI_BASE_URL: z.preprocess(unsetIfEmpty, z.url().optional()),
  /** How long the model may take (the HTTP function has 10 s). */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(9_000).default(8_000),
});
export type AiEnv = z.infer<typeof AiEnv>;

let cached: AiEnv | undefined;
export const aiConfig = (): AiEnv => (cached ??= loadConfig(AiEnv));

export interface OpenAiSettings { apiKey: string; model: string; baseURL?: string; timeoutMs: number }

/** The OpenAI settings when a key is configured, else null (the local VitolAI engine answers). */
export async function openAiSettings(env: AiEnv = aiConfig()): Promise<OpenAiSettings | null> {
  const apiKey = await readSecret('OPENAI_API_KEY');
  return apiKey ? { apiKey, model: env.OPENAI_MODEL, baseURL: env.OPENAI_BASE_URL, timeoutMs: env.OPENAI_TIMEOUT_MS } : null;
}
