import type { Worker } from 'tesseract.js';
import type { BandPhoto } from './capture';
import { recognizeBand, toPgm, type BandReading, type GreyImage, type OcrResult } from './pipeline';
import { TESSERACT_BASE, TESSERACT_LANG_VERSION } from './tesseract-assets';

/**
 * The band scan's OCR engine in the browser (docs/band-scan.md, "On the device"): tesseract.js in its own web
 * worker, everything loaded from our origin (TESSERACT_BASE). tesseract.js itself is imported here, dynamically, so
 * only a started scan downloads it; the language data (about 3 MB) is fetched by the first scan and kept in the
 * browser's cache (IndexedDB) for the next ones.
 */

/** Where a scan is: the engine loading, or reading (`progress` 0-1 of the current image). */
export type OcrStage = 'loading' | 'reading';
export interface OcrProgress {
  stage: OcrStage;
  progress: number;
}

/** The longest the engine may take to load (a slow phone network fetching some 7 MB) before the scan gives up. */
export const OCR_LOAD_TIMEOUT_MS = 120_000;

let engine: Promise<Worker> | null = null;
let listener: ((p: OcrProgress) => void) | null = null;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The band reader could not be loaded.')), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** The smallest WebAssembly module: the magic number and version. */
const EMPTY_WASM = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

/**
 * Fails at once where WebAssembly cannot run: no WebAssembly, or a Content-Security-Policy without
 * 'wasm-unsafe-eval' (the worker gets the page's policy). tesseract's core would otherwise abort inside its worker
 * and the start would only end at OCR_LOAD_TIMEOUT_MS.
 */
async function assertWasmAllowed(): Promise<void> {
  try {
    await WebAssembly.compile(EMPTY_WASM);
  } catch {
    throw new Error('This browser cannot run the band reader.');
  }
}

/** tesseract's status lines, as the page's two stages. */
function stageOf(status: string): OcrStage {
  return status === 'recognizing text' ? 'reading' : 'loading';
}

/**
 * The engine, started once (the first call downloads it); a failed start is forgotten, so a retry starts again.
 * tesseract.js does not notice a worker script that fails to load, so a start that takes too long is a failure.
 */
function start(): Promise<Worker> {
  if (engine) return engine;
  const loading = (async () => {
    await assertWasmAllowed();
    const { default: { createWorker, OEM, PSM } } = await import('tesseract.js/dist/tesseract.esm.min.js');
    const origin = globalThis.location.origin;
    const worker = await createWorker('eng', OEM.LSTM_ONLY, {
      // A same-origin worker script (not tesseract's blob: URL default), so the CSP needs no blob: for workers.
      workerBlobURL: false,
      workerPath: `${origin}${TESSERACT_BASE}/worker.min.js`,
      // A directory: tesseract.js picks the LSTM core build (relaxed SIMD, SIMD or plain) the browser can run.
      corePath: `${origin}${TESSERACT_BASE}/core`,
      langPath: `${origin}${TESSERACT_BASE}/lang`,
      gzip: true,
      cachePath: TESSERACT_LANG_VERSION,
      logger: (m) => listener?.({ stage: stageOf(m.status), progress: typeof m.progress === 'number' ? m.progress : 0 }),
      errorHandler: () => {},
    });
    // Bands hold a few short lines in separate blocks (brand, line, a motto): full automatic page layout. Tesseract's
    // diagnostics ("Estimating resolution as ...", on every image: a PGM has no DPI) go nowhere, not to the console.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO, debug_file: '/dev/null' });
    return worker;
  })();
  const current = withTimeout(loading, OCR_LOAD_TIMEOUT_MS);
  engine = current;
  current.catch(() => {
    if (engine === current) engine = null;
    // A worker that comes up after the time ran out is not left running.
    loading.then((w) => w.terminate(), () => undefined);
  });
  return current;
}

/** Starts loading the engine (worker, core and language data), reporting progress. */
export async function loadOcr(onProgress?: (p: OcrProgress) => void): Promise<void> {
  listener = onProgress ?? null;
  onProgress?.({ stage: 'loading', progress: 0 });
  await start();
}

/**
 * Reads one prepared image (recognizeBand's `ocr`): sent to the worker as a PGM file, which tesseract reads with
 * no decoding on our side. Progress goes to `onProgress` (the last one given wins).
 */
export async function readImage(image: GreyImage, onProgress?: (p: OcrProgress) => void): Promise<OcrResult> {
  if (onProgress) listener = onProgress;
  const worker = await start();
  const pgm = toPgm(image);
  const { data } = await worker.recognize(new Blob([pgm], { type: 'image/x-portable-graymap' }));
  return { text: data.text, confidence: data.confidence };
}

/** Stops the engine and frees its memory (the scan page does this when it closes). */
export async function stopOcr(): Promise<void> {
  const running = engine;
  engine = null;
  listener = null;
  if (running) await running.then((w) => w.terminate(), () => undefined);
}

/** Where a band scan is: a stage with its progress (0-1), and which of the candidate images is being read. */
export interface ScanProgress extends OcrProgress {
  attempt: number;
  attempts: number;
}

/** Reads a band photo on the device: loads the engine, then recognizeBand over the pipeline's candidates. */
export async function readBand(photo: BandPhoto, onProgress: (p: ScanProgress) => void): Promise<BandReading> {
  let attempt = 1;
  let attempts = 1;
  const report = (p: OcrProgress) => onProgress({ ...p, attempt, attempts });
  await loadOcr(report);
  return recognizeBand((image) => readImage(image, report), photo.image, photo.guide, {
    onTry: (_candidate, index, total) => {
      attempt = index + 1;
      attempts = total;
      report({ stage: 'reading', progress: 0 });
    },
  });
}
