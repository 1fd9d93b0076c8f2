/**
 * The local writer (drafts from the club's facts without a model): the entry of a module of marketing's layer
 * (shared/src/runtime.ts, SERVICE_LAYER_BUILDS), loaded on the first draft of a function instance that has no OpenAI
 * key (`marketingWriter`, providers/index.ts), so the HTTP function's bundle carries none of its phrases; locally and in
 * tests it is this source.
 */
export { localWriter } from '../providers/local.ts';
