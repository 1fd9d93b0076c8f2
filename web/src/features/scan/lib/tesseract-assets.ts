/**
 * Where the band scan's OCR engine is served from: our own origin, never a CDN (docs/band-scan.md, "On the device").
 * web/vite.config.ts copies these files out of node_modules into the build (and serves them in dev); the OCR module
 * points tesseract.js at the same paths. One list, so the two cannot drift apart.
 */
export const TESSERACT_BASE = '/tesseract';

/**
 * Each served path (under TESSERACT_BASE) and the package file it is copied from. The core comes in the LSTM-only
 * builds (the band reader runs the LSTM engine alone): tesseract.js picks relaxed SIMD, SIMD or plain by what the
 * browser supports, from the core directory. The language data is the English "best_int" LSTM model, gzipped
 * (tesseract.js inflates it in its worker).
 */
export const TESSERACT_FILES = {
  'worker.min.js': 'tesseract.js/dist/worker.min.js',
  'core/tesseract-core-relaxedsimd-lstm.wasm.js': 'tesseract.js-core/tesseract-core-relaxedsimd-lstm.wasm.js',
  'core/tesseract-core-simd-lstm.wasm.js': 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js',
  'core/tesseract-core-lstm.wasm.js': 'tesseract.js-core/tesseract-core-lstm.wasm.js',
  'lang/eng.traineddata.gz': '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
} as const;

/** The language data's version: the key it is kept under in the browser's cache (IndexedDB), so an upgrade reloads it. */
export const TESSERACT_LANG_VERSION = 'eng-4.0.0_best_int';
