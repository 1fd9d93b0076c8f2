import { loadEngine } from './engine.ts';
import type { AiProvider } from './provider.ts';

/** The local engine answers at once; its text is streamed a few words at a time, like a model's. */
const WORDS_PER_PIECE = 4;

/** The local VitolAI engine: deterministic and grounded, used when no OpenAI key is set (services/ai/src/domain/engine). */
export const localProvider: AiProvider = {
  kind: 'local',
  answer: async ({ catalog, member, request }) => (await loadEngine()).answer(catalog, member, request),
  async *stream({ catalog, member, request }) {
    const whole = (await loadEngine()).answer(catalog, member, request);
    const pieces = whole.text.split(/(?<=\s)/);
    for (let i = 0; i < pieces.length; i += WORDS_PER_PIECE) yield pieces.slice(i, i + WORDS_PER_PIECE).join('');
    return whole;
  },
};
