/**
 * The `openai` package, loaded on first use: a Lambda layer in AWS (shared/src/runtime.ts SERVICE_LAYER_MODULES),
 * so no bundle carries it and a cold start that never asks the model never pays for its import.
 */
type OpenAiModule = typeof import('openai');
export type OpenAiCtor = OpenAiModule['default'];

let loading: Promise<OpenAiCtor> | undefined;
export const loadOpenAi = (): Promise<OpenAiCtor> => (loading ??= import('openai').then((m: OpenAiModule) => m.default));
