import type OpenAI from 'openai';
import { dependencyUnavailable } from '@torcedor/service-kit/errors';
import type { OpenAiCtor, OpenAiSettings } from '@torcedor/service-kit/openai';
import { chatMessages, namedSuggestions } from '../domain/prompt.ts';
import type { Engine } from './engine.ts';
import type { AiProvider, AnswerInput } from './provider.ts';

/**
 * Deadlines: the HTTP function has 10 s, so the model gets OPENAI_TIMEOUT_MS (8 s) and no retry; a late or failing
 * model is the dependency error (503), and the member's reservation is given back by the caller.
 */
const MAX_TOKENS = 500;

/**
 * VitolAI on OpenAI's chat completions. The local engine first picks the catalog cigars that fit the question
 * (grounding, so the model can only name real ones); the model writes the answer from the fixed rules, the tagged
 * data and the chat's turns.
 */
export function createOpenAiProvider(settings: OpenAiSettings, OpenAiClass: OpenAiCtor, engine: Pick<Engine, 'answer'>): AiProvider {
  const client: OpenAI = new OpenAiClass({ apiKey: settings.apiKey, baseURL: settings.baseURL, timeout: settings.timeoutMs, maxRetries: 0 });
  /** The catalog cigars that fit the question (the local engine's picks), and the engine's reason for each. */
  function ground({ catalog, member, request }: AnswerInput) {
    const grounded = engine.answer(catalog, member, request);
    const byId = new Map(catalog.map((c) => [c.id, c]));
    const candidates = grounded.suggestions.map((s) => byId.get(s.cigarId)).filter((c): c is NonNullable<typeof c> => c !== undefined);
    return { candidates, reasons: new Map(grounded.suggestions.map((s) => [s.cigarId, s.reason])), messages: chatMessages(member, candidates, request) };
  }
  const finish = (text: string, g: ReturnType<typeof ground>) => {
    if (!text.trim()) throw dependencyUnavailable('OpenAI', new Error('empty answer'));
    return { text: text.trim(), suggestions: namedSuggestions(text, g.candidates, g.reasons) };
  };
  return {
    kind: 'openai',
    async answer(input) {
      const g = ground(input);
      let text: string;
      try {
        const completion = await client.chat.completions.create({ model: settings.model, messages: g.messages, max_tokens: MAX_TOKENS, temperature: 0.4 });
        text = completion.choices[0]?.message?.content ?? '';
      } catch (err) {
        throw dependencyUnavailable('OpenAI', err);
      }
      return finish(text, g);
    },
    async *stream(input) {
      const g = ground(input);
      let text = '';
      try {
        const chunks = await client.chat.completions.create({ model: settings.model, messages: g.messages, max_tokens: MAX_TOKENS, temperature: 0.4, stream: true });
        for await (const chunk of chunks) {
          const piece = chunk.choices[0]?.delta?.content ?? '';
          if (!piece) continue;
          text += piece;
          yield piece;
        }
      } catch (err) {
        throw dependencyUnavailable('OpenAI', err);
      }
      return finish(text, g);
    },
  };
}
