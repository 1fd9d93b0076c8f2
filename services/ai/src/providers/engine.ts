import { memoUntilFailure } from '@torcedor/service-kit/memo';

export type Engine = typeof import('../engine/index.ts');

/**
 * The local engine, imported once on first use from its layer module (`@torcedor/ai/engine`, see
 * shared/src/runtime.ts): the answers without a model, the grounding of the model's answers and the picks all
 * run on it, and a function instance that serves none of them never loads it.
 */
export const loadEngine: () => Promise<Engine> = memoUntilFailure(() => import('@torcedor/ai/engine'));
