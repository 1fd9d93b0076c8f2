import * as z from 'zod';
import { loadConfig } from './config.ts';
import { readSecret } from './secrets.ts';

/**
 * OpenAI for the services that write with a model (VitolAI, marketing's drafts; docs/decisions.md, "VitolAI"):
 * the settings a function reads, and the `openai` package loaded on first use. The package is a Lambda layer in
 * AWS (shared/src/runtime.ts SERVICE_LAYER_MODULES), so no bundle carries it and a cold start that never asks the
 * model never pays for its import. The key is read with readSecret() (Secrets Manager in AWS); without one the
 * service's local provider answers.
 */

/** An empty variable is an unset one. */
const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v);

export const OpenAiEnv = z.object({
  /** The chat model (OpenAI's name). */
  OPENAI_MODEL: z.preprocess(unsetIfEmpty, z.string().min(1).default('gpt-4o-mini')),
  /** Another OpenAI-compatible base URL (tests point the real client at a local fake). */
  OPENAI_BASE_URL: z.preprocess(unsetIfEmpty, z.url().optional()),
  /** How long the model may take (the HTTP function has 10 s). */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(9_000).default(8_000),
});
export type OpenAiEnv = z.infer<typeof OpenAiEnv>;

let cached: OpenAiEnv | undefined;
export const openAiConfig = (): OpenAiEnv => (cached ??= loadConfig(OpenAiEnv));

export interface OpenAiSettings { apiKey: string; model: string; baseURL?: string; timeoutMs: number }

/** The OpenAI settings when a key is configured, else null (the service's local provider answers). */
export async function openAiSettings(env: OpenAiEnv = openAiConfig()): Promise<OpenAiSettings | null> {
  const apiKey = await readSecret('OPENAI_API_KEY');
  return apiKey ? { apiKey, model: env.OPENAI_MODEL, baseURL: env.OPENAI_BASE_URL, timeoutMs: env.OPENAI_TIMEOUT_MS } : null;
}

type OpenAiModule = typeof import('openai');
export type OpenAiCtor = OpenAiModule['default'];

let loading: Promise<OpenAiCtor> | undefined;
/** The `openai` package's client class, imported once on first use. */
export const loadOpenAi = (): Promise<OpenAiCtor> => (loading ??= import('openai').then((m: OpenAiModule) => m.default));
