/**
 * Band scan's matcher (docs/band-scan.md): the catalog's cigars ranked from the text read off a band. The entry of a
 * module of humidor's layer (shared/src/runtime.ts, SERVICE_LAYER_BUILDS), loaded on the first band scan of a function
 * instance (`loadBandMatch`, store/search-index.ts), so the HTTP function's bundle carries none of it and an instance
 * that only searches never builds it; locally and in tests it is this source.
 */
export { BandMatcher } from '@torcedor/shared/band-match';
