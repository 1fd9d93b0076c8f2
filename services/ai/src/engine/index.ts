/**
 * The local VitolAI engine's entry (docs/decisions.md, "VitolAI"): what the rest of ai runs of it. The engine itself
 * is pure logic in domain/engine/ (its words in content/<language>/: knowledge, templates, lexicon). In AWS it is a module of ai's
 * layer, built from this file and loaded on first use (`loadEngine`), so the HTTP function's bundle carries none of
 * its knowledge base, nor the Learn library's content; locally and in tests it is this source.
 */
export { answer, refusal, whileCatalogLoads } from '../domain/engine/answer.ts';
export { quickPicks, smokeNext } from '../domain/engine/recommend.ts';
// The Learn library's words in five languages ride in the same layer module, out of the HTTP function's bundle.
export { learnLibrary } from '../domain/learn-library.ts';
