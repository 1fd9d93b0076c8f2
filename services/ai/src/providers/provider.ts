import type { AnswerInput } from '../domain/chat.ts';
import type { EngineAnswer } from '../domain/engine/types.ts';

export type { AnswerInput };

/**
 * VitolAI's provider (docs/decisions.md, "VitolAI"): OpenAI through the `openai` package when a key is configured,
 * the local engine otherwise. Both get the same grounding: the curated catalog and the member's own copies.
 */
export interface AiProvider {
  readonly kind: 'openai' | 'local';
  answer(input: AnswerInput): Promise<EngineAnswer>;
  /** The answer as it is written: yields pieces of text, returns the whole answer with its suggestions. */
  stream(input: AnswerInput): AsyncGenerator<string, EngineAnswer>;
}
