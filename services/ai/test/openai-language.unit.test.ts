import { describe, expect, it } from 'vitest';
import type { OpenAiCtor } from '@torcedor/service-kit/openai';
import { chatMessages, SYSTEM_PROMPT, systemPrompt } from '../src/domain/prompt.ts';
import { createOpenAiProvider } from '../src/providers/openai.ts';
import type { EngineRequest, MemberContext } from '../src/domain/engine/types.ts';

const member: MemberContext = { humidor: [], wishlist: [], reviews: [], preferredStrength: null };
const request = (language?: EngineRequest['language']): EngineRequest => ({ message: 'un robusto suave', history: [], topic: 'general', now: new Date('2026-06-01T12:00:00Z'), language });

/** A stand-in for the `openai` client: keeps each request's body and answers with a fixed text. */
function fakeOpenAi() {
  const sent: { messages: { role: string; content: string }[] }[] = [];
  class Fake {
    chat = {
      completions: {
        create: async (body: { messages: { role: string; content: string }[] }) => {
          sent.push(body);
          return { choices: [{ message: { content: 'Prueba el Ashton Classic Magnum.' } }] };
        },
      },
    };
  }
  return { sent, OpenAi: Fake as unknown as OpenAiCtor };
}

describe('the OpenAI provider is told the member\'s language', () => {
  it('puts the language rule in the system prompt of the request it sends', async () => {
    const { sent, OpenAi } = fakeOpenAi();
    const provider = createOpenAiProvider({ apiKey: 'sk-test', model: 'gpt-test', timeoutMs: 1000 }, OpenAi, { answer: () => ({ text: '', suggestions: [] }) });
    await provider.answer({ catalog: [], member, request: request('es') });
    await provider.answer({ catalog: [], member, request: request('de') });
    expect(sent[0]!.messages[0]).toEqual({ role: 'system', content: systemPrompt('es') });
    expect(sent[0]!.messages[0]!.content).toMatch(/Always answer in Spanish \(español\), addressing the member as "tú"/);
    expect(sent[1]!.messages[0]!.content).toMatch(/Always answer in German \(Deutsch\), addressing the member as "Sie"/);
    expect(sent[1]!.messages[0]!.content).toMatch(/Keep cigar, brand, line and lounge names, and Torcedor and VitolAI, exactly as they are written/);
    // The member's words stay in the member's turn.
    expect(sent[0]!.messages.at(-1)).toEqual({ role: 'user', content: 'un robusto suave' });
  });

  it('asks for English when the request names no language, and keeps every other rule in each language\'s prompt', () => {
    expect(chatMessages(member, [], request())[0]!.content).toBe(SYSTEM_PROMPT);
    expect(SYSTEM_PROMPT).toMatch(/Always answer in English/);
    for (const language of ['en', 'es', 'fr', 'de', 'it'] as const) {
      const p = systemPrompt(language);
      expect(p).toMatch(/Never help anyone buy, sell/);
      expect(p.split('\n')).toHaveLength(SYSTEM_PROMPT.split('\n').length);
    }
  });
});
