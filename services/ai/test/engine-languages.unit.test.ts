import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answer, refusal } from '../src/domain/engine/answer.ts';
import { quickPicks, smokeNext } from '../src/domain/engine/recommend.ts';
import type { EngineCigar, MemberContext } from '../src/domain/engine/types.ts';
import { learnLibrary } from '../src/domain/learn-library.ts';

// The real curated catalog, mapped to what the engine reads.
const read = (file: string) => JSON.parse(readFileSync(new URL(`../../humidor/catalog/${file}`, import.meta.url), 'utf8'));
const brands = new Map<string, { name: string; country: string }>((read('brands.json').brands as { id: string; name: string; country: string }[]).map((b) => [b.id, b]));
const catalog: EngineCigar[] = (read('cigars.json').cigars as Omit<EngineCigar, 'brandName' | 'brandCountry'>[]).map((c) => ({
  ...c, brandName: brands.get(c.brandId)!.name, brandCountry: brands.get(c.brandId)!.country,
}));
const byId = new Map(catalog.map((c) => [c.id, c]));
const NOW = new Date('2026-06-01T12:00:00.000Z');
const newcomer: MemberContext = { humidor: [], wishlist: [], reviews: [], preferredStrength: null };
const owner: MemberContext = {
  ...newcomer,
  humidor: [{
    itemId: 'h1', cigarId: 'padron-1964-anniversary-series-exclusivo', brandName: 'Padrón', cigarName: byId.get('padron-1964-anniversary-series-exclusivo')!.name,
    cigarVitola: 'Robusto', cigarStrength: 'full', quantity: 4, status: 'owned', boxDate: '2025-08-15', pricePaid: null, createdAt: '2025-09-01T10:00:00.000Z',
  }],
};

const ask = (message: string, language: 'en' | 'es' | 'fr' | 'de' | 'it', m = newcomer, history: { role: 'user' | 'assistant'; content: string }[] = []) =>
  answer(catalog, m, { message, history, topic: 'general', now: NOW, language });

describe('the local engine answers in the request\'s language', () => {
  it('reads a Spanish question and answers it in Spanish, with catalog cigars', () => {
    const a = ask('¿Me recomiendas un robusto suave con capa Connecticut?', 'es');
    expect(a.suggestions).toHaveLength(3);
    for (const s of a.suggestions) {
      const c = byId.get(s.cigarId)!;
      expect(c.vitola).toMatch(/Robusto/);
      expect(['mild', 'mild-medium']).toContain(c.strength);
      expect(s.reason).toMatch(/capa .+ sobre tripa|tabaco 100 %/);
      expect(s.reason).toMatch(/fortaleza (suave|suave-media)/);
    }
    expect(a.text).toMatch(/^Tres robustos, de fortaleza suave a suave-media, con capa Connecticut del catálogo/);
    expect(a.text).toMatch(/unos \d+ minutos/);
    expect(a.text).not.toMatch(/\b(wrapper|filler|from the catalog|minutes)\b/);
  });

  it('reads a German question and answers it in German; a follow-up in German refines it', () => {
    const first = ask('Ich hätte gern eine milde Zigarre mit Connecticut-Deckblatt', 'de');
    expect(first.suggestions).toHaveLength(3);
    for (const s of first.suggestions) expect(['mild', 'mild-medium']).toContain(byId.get(s.cigarId)!.strength);
    expect(first.text).toMatch(/^Drei Zigarren, Stärke mild bis mild-mittel, mit Deckblatt Connecticut aus dem Katalog/);
    expect(first.suggestions[0]!.reason).toMatch(/Deckblatt .+ über Einlage .+, Stärke mild/);
    expect(first.text).toMatch(/etwa \d+ Minuten/);
    const next = ask('etwas Kräftigeres', 'de', newcomer, [{ role: 'user', content: 'Ich hätte gern eine milde Zigarre mit Connecticut-Deckblatt' }, { role: 'assistant', content: first.text }]);
    expect(next.text).toMatch(/^Eine Stufe kräftiger als die letzten Vorschläge/);
    const before = Math.max(...first.suggestions.map((s) => ['mild', 'mild-medium', 'medium', 'medium-full', 'full'].indexOf(byId.get(s.cigarId)!.strength)));
    for (const s of next.suggestions) expect(['mild', 'mild-medium', 'medium', 'medium-full', 'full'].indexOf(byId.get(s.cigarId)!.strength)).toBeGreaterThan(before);
  });

  it('answers education questions from the language\'s knowledge base (French, Spanish)', () => {
    expect(ask('Comment couper un cigare ?', 'fr').text).toMatch(/guillotine/i);
    expect(ask('Comment couper un cigare ?', 'fr').text).toMatch(/Emporte-pièce/);
    const rest = ask('¿Cuánto tiempo debo dejar reposar los puros después de comprarlos?', 'es');
    expect(rest.text).toMatch(/dos o tres semanas/);
  });

  it('refuses sales and minors in the language, whichever the question\'s words', () => {
    expect(refusal('¿Dónde puedo comprar Cohibas baratos?', 'es')?.text).toMatch(/No puedo ayudarte a comprar/);
    expect(refusal('Où puis-je acheter des Cohiba en ligne ?', 'fr')?.text).toMatch(/Je ne peux pas vous aider à acheter/);
    expect(refusal('Tengo 16 años, ¿qué puro me recomiendas?', 'es')?.text).toMatch(/edad legal para fumar: 21 años en Estados Unidos/);
    expect(refusal('¿Cuánto tiempo reposo los puros después de comprarlos?', 'es')).toBeNull();
    expect(refusal('Wo kann ich Cohibas kaufen?', 'de')).not.toBeNull();
    // English reads English (and the default is English).
    expect(refusal('where can I buy Cohibas online')?.text).toMatch(/can't help with buying/);
  });

  it('greets and thanks in each language', () => {
    expect(ask('hola', 'es').text).toMatch(/^¡Hola! Soy VitolAI \(beta\)/);
    expect(ask('bonjour', 'fr').text).toMatch(/^Bonjour ! Je suis VitolAI/);
    expect(ask('hallo', 'de').text).toMatch(/^Hallo! Ich bin VitolAI/);
    expect(ask('ciao', 'it').text).toMatch(/^Ciao! Sono VitolAI/);
    expect(ask('grazie mille', 'it').text).toMatch(/^Figurati/);
  });

  it('writes quick picks, smoke-next reasons and pairings in the language', () => {
    expect(quickPicks(catalog, newcomer, 3, NOW, 'es')[0]!.reason).toMatch(/fortaleza/);
    const [pick] = smokeNext(owner, byId, NOW, 'de');
    expect(pick!.reason).toMatch(/Monate Ruhezeit seit dem Kistendatum/);
    expect(pick!.pairing).toMatch(/^Kräftig, probieren Sie dazu /);
    expect(smokeNext(owner, byId, NOW)[0]!.reason).toMatch(/^Rested 10 months since its box date/);
  });

  it('answers the same question in English exactly as before when no language is named', () => {
    const a = answer(catalog, newcomer, { message: 'a mild Connecticut-wrapped robusto', history: [], topic: 'general', now: NOW });
    expect(answer(catalog, newcomer, { message: 'a mild Connecticut-wrapped robusto', history: [], topic: 'general', now: NOW, language: 'en' })).toEqual(a);
    expect(a.text).toMatch(/^Three mild to mild-medium, Connecticut-wrapped robustos from the catalog:/);
  });
});

describe('the Learn library follows the language', () => {
  it('writes the reading time in the language', () => {
    const premium = { tier: 'premium' as const, until: '2030-01-01T00:00:00.000Z' };
    const fr = learnLibrary(premium, NOW, 'fr').filter((i) => i.premium);
    expect(fr[0]!.duration).toMatch(/^\d+ min de lecture$/);
    expect(learnLibrary(premium, NOW).filter((i) => i.premium)[0]!.duration).toMatch(/^\d+ min read$/);
  });
});
