/**
 * The local VitolAI engine's entry (docs/decisions.md, "VitolAI"): what the rest of ai runs of it. In AWS it is a
 * module of ai's layer, built from this file and loaded on first use (`loadEngine`), so the HTTP function's bundle
 * carries none of its knowledge base; locally and in tests it is this source.
 */
export { answer } from './answer.ts';
export { quickPicks, smokeNext } from './recommend.ts';
