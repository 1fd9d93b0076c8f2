import { BAND_TEXT_MAX } from '@torcedor/shared/constants';

/**
 * Band scan, the image side (docs/band-scan.md, "On the device"): a photo of a cigar band made into images that
 * tesseract reads well, and the order they are tried in.
 *
 * Every function here is pure and deterministic: plain pixel arrays in, new arrays out, no DOM, no canvas, no
 * worker. The browser feeds it a canvas's ImageData; Node can feed it decoded pixels and run the same OCR
 * (tesseract.js in Node) over a test set. The only import is a shared constant.
 *
 * Orientation: x grows to the right, y downwards (as on screen); a positive angle turns clockwise as seen.
 */

/** A photo or frame as a canvas gives it: 4 bytes a pixel (R, G, B, A), rows top to bottom. */
export interface RgbaImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** A greyscale image: 1 byte a pixel, 0 black to 255 white, rows top to bottom. */
export interface GreyImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** A rectangle in pixels of an image. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One image to read, and what was done to make it (for logs and test reports). The image is made on first use. */
export interface Candidate {
  readonly label: 'deskewed' | 'inverted' | `tilt${'+' | '-'}${number}`;
  readonly image: GreyImage;
}

/** What the OCR engine answers for one image: its text and its mean word confidence, 0-100 (tesseract's scale). */
export interface OcrResult {
  text: string;
  confidence: number;
}

/** The answer of recognizeBand: the best reading, which candidate gave it, and how many were read. */
export interface BandReading extends OcrResult {
  candidate: Candidate['label'] | null;
  tries: number;
  /** The band's estimated skew in degrees (clockwise positive), already corrected in every candidate. */
  skew: number;
}

/** The OCR engine, as recognizeBand calls it: one greyscale image in, its text and confidence out. */
export type Ocr = (image: GreyImage) => Promise<OcrResult>;

const grey = (width: number, height: number, data = new Uint8ClampedArray(width * height)): GreyImage => ({ data, width, height });

/**
 * The framing guide: the band-shaped box the camera preview draws and the capture is cropped to. 88% of the width,
 * about 2.4 times as wide as it is tall (a band seen flat), at most 60% of the height, centred. In pixels of an
 * image of this size; the preview draws the same box in percentages of the video's own size.
 */
export function guideRect(width: number, height: number): Rect {
  const w = Math.round(width * 0.88);
  const h = Math.min(Math.round(w / 2.4), Math.round(height * 0.6));
  return { x: Math.round((width - w) / 2), y: Math.round((height - h) / 2), width: w, height: h };
}

/** The part of an image inside `rect` (clamped to the image; an empty overlap gives the whole image). */
export function crop(img: RgbaImage, rect: Rect): RgbaImage {
  const x0 = Math.max(0, Math.min(img.width, Math.round(rect.x)));
  const y0 = Math.max(0, Math.min(img.height, Math.round(rect.y)));
  const x1 = Math.max(x0, Math.min(img.width, Math.round(rect.x + rect.width)));
  const y1 = Math.max(y0, Math.min(img.height, Math.round(rect.y + rect.height)));
  if (x1 - x0 < 1 || y1 - y0 < 1) return img;
  const width = x1 - x0;
  const height = y1 - y0;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((y0 + y) * img.width + x0) * 4;
    data.set(img.data.subarray(from, from + width * 4), y * width * 4);
  }
  return { data, width, height };
}

/**
 * Greyscale by luma (ITU-R BT.601: 0.299 R + 0.587 G + 0.114 B), transparent pixels laid on white (a PNG with
 * transparency reads as printed on paper).
 */
export function toGrey(img: RgbaImage): GreyImage {
  const out = grey(img.width, img.height);
  const src = img.data;
  for (let i = 0, p = 0; p < out.data.length; i += 4, p++) {
    const luma = 0.299 * src[i]! + 0.587 * src[i + 1]! + 0.114 * src[i + 2]!;
    const a = src[i + 3]! / 255;
    out.data[p] = Math.round(luma * a + 255 * (1 - a));
  }
  return out;
}

/** For each output index along one axis: the first source index it reads and the weights of the source pixels. */
function axisWeights(srcLen: number, dstLen: number): { start: Int32Array; weights: Float32Array[] } {
  const scale = srcLen / dstLen;
  const start = new Int32Array(dstLen);
  const weights: Float32Array[] = [];
  for (let i = 0; i < dstLen; i++) {
    if (scale > 1) {
      // Shrinking: the average of the source pixels the output pixel covers, partial ones by their share (area).
      const a = i * scale;
      const b = Math.min(srcLen, (i + 1) * scale);
      const j0 = Math.floor(a);
      const j1 = Math.min(srcLen - 1, Math.ceil(b) - 1);
      const w = new Float32Array(j1 - j0 + 1);
      for (let j = j0; j <= j1; j++) w[j - j0] = (Math.min(b, j + 1) - Math.max(a, j)) / scale;
      start[i] = j0;
      weights.push(w);
    } else {
      // Enlarging (or the same size): linear between the two nearest source pixels (bilinear over both axes).
      const c = Math.max(0, Math.min(srcLen - 1, (i + 0.5) * scale - 0.5));
      const j0 = Math.min(Math.floor(c), Math.max(0, srcLen - 2));
      const t = srcLen === 1 ? 0 : c - j0;
      start[i] = j0;
      weights.push(srcLen === 1 ? Float32Array.of(1) : Float32Array.of(1 - t, t));
    }
  }
  return { start, weights };
}

/** A greyscale image resized to width × height: area-averaged when shrinking, bilinear when enlarging. */
export function resize(img: GreyImage, width: number, height: number): GreyImage {
  width = Math.max(1, Math.round(width));
  height = Math.max(1, Math.round(height));
  if (width === img.width && height === img.height) return grey(width, height, img.data.slice());
  const h = axisWeights(img.width, width);
  const v = axisWeights(img.height, height);
  // Rows first, into floats (no rounding between the passes), then columns.
  const mid = new Float32Array(width * img.height);
  for (let y = 0; y < img.height; y++) {
    const row = y * img.width;
    for (let x = 0; x < width; x++) {
      const w = h.weights[x]!;
      const s = row + h.start[x]!;
      let sum = 0;
      for (let k = 0; k < w.length; k++) sum += w[k]! * img.data[s + k]!;
      mid[y * width + x] = sum;
    }
  }
  const out = grey(width, height);
  for (let y = 0; y < height; y++) {
    const w = v.weights[y]!;
    const s = v.start[y]!;
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = 0; k < w.length; k++) sum += w[k]! * mid[(s + k) * width + x]!;
      out.data[y * width + x] = Math.round(sum);
    }
  }
  return out;
}

/** The sizes OCR reads a band best at (band letters then stand some 40-150 px tall), and the most pixels read. */
export const OCR_SIZE = { minWidth: 1000, targetWidth: 1400, maxWidth: 1600, maxPixels: 2_400_000 } as const;

/**
 * Scales an image to a good OCR size: kept as it is when its width is within [minWidth, maxWidth], else scaled to
 * targetWidth (keeping its proportions); in every case no more than maxPixels.
 */
export function scaleForOcr(img: GreyImage, size: Partial<typeof OCR_SIZE> = {}): GreyImage {
  const { minWidth, targetWidth, maxWidth, maxPixels } = { ...OCR_SIZE, ...size };
  let factor = img.width < minWidth || img.width > maxWidth ? targetWidth / img.width : 1;
  const pixels = img.width * img.height * factor * factor;
  if (pixels > maxPixels) factor *= Math.sqrt(maxPixels / pixels);
  if (factor === 1) return img;
  return resize(img, img.width * factor, img.height * factor);
}

/** The count of each grey level (256 bins). */
export function histogram(img: GreyImage): Uint32Array {
  const hist = new Uint32Array(256);
  for (let i = 0; i < img.data.length; i++) hist[img.data[i]!]!++;
  return hist;
}

/** The grey level at or below which a `fraction` (0-1) of the pixels lie. */
function percentile(hist: Uint32Array, total: number, fraction: number): number {
  const target = Math.max(1, Math.ceil(total * fraction));
  let seen = 0;
  for (let level = 0; level < 256; level++) {
    seen += hist[level]!;
    if (seen >= target) return level;
  }
  return 255;
}

/**
 * Contrast stretch by percentiles: the `low` percentile becomes black and the `high` one white, linearly between
 * (the few darkest and brightest pixels, glints and shadows, clip). An image with almost no spread (under 8 grey
 * levels between them: blank, or a blur) is left as it is rather than amplifying its noise.
 */
export function stretchContrast(img: GreyImage, low = 0.01, high = 0.99): GreyImage {
  const hist = histogram(img);
  const lo = percentile(hist, img.data.length, low);
  const hi = percentile(hist, img.data.length, high);
  if (hi - lo < 8) return grey(img.width, img.height, img.data.slice());
  const lut = new Uint8ClampedArray(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.round(((v - lo) * 255) / (hi - lo));
  const out = grey(img.width, img.height);
  for (let i = 0; i < img.data.length; i++) out.data[i] = lut[img.data[i]!]!;
  return out;
}

/** Otsu's threshold: the grey level that best splits the pixels into two classes (dark: <= t, light: > t). */
export function otsuThreshold(img: GreyImage): number {
  const hist = histogram(img);
  const total = img.data.length;
  let sumAll = 0;
  for (let v = 0; v < 256; v++) sumAll += v * hist[v]!;
  let weightDark = 0;
  let sumDark = 0;
  let best = -1;
  let threshold = 127;
  for (let t = 0; t < 256; t++) {
    weightDark += hist[t]!;
    if (weightDark === 0) continue;
    const weightLight = total - weightDark;
    if (weightLight === 0) break;
    sumDark += t * hist[t]!;
    const meanDark = sumDark / weightDark;
    const meanLight = (sumAll - sumDark) / weightLight;
    const between = weightDark * weightLight * (meanDark - meanLight) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** Black and white: pixels above the threshold (Otsu's by default) white, the others black. */
export function binarize(img: GreyImage, threshold = otsuThreshold(img)): GreyImage {
  const out = grey(img.width, img.height);
  for (let i = 0; i < img.data.length; i++) out.data[i] = img.data[i]! > threshold ? 255 : 0;
  return out;
}

/** The negative: light text on a dark band becomes dark text on a light one, as tesseract prefers. */
export function invert(img: GreyImage): GreyImage {
  const out = grey(img.width, img.height);
  for (let i = 0; i < img.data.length; i++) out.data[i] = 255 - img.data[i]!;
  return out;
}

/**
 * Whether the text looks light on a dark ground: the light class of Otsu's split holds fewer pixels than the dark
 * one (the lettering is the smaller part of a band).
 */
export function isLightOnDark(img: GreyImage): boolean {
  const t = otsuThreshold(img);
  let light = 0;
  for (let i = 0; i < img.data.length; i++) if (img.data[i]! > t) light++;
  return light < img.data.length / 2;
}

/**
 * The image turned by `degrees` (clockwise positive, as seen) about its centre, bilinear. The canvas grows to hold
 * the whole turned image; the corners it gains are `fill` (the background: white by default).
 */
export function rotate(img: GreyImage, degrees: number, fill = 255): GreyImage {
  if (degrees === 0) return grey(img.width, img.height, img.data.slice());
  const rad = (degrees * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const width = Math.max(1, Math.ceil(Math.abs(img.width * cos) + Math.abs(img.height * sin) - 1e-9));
  const height = Math.max(1, Math.ceil(Math.abs(img.width * sin) + Math.abs(img.height * cos) - 1e-9));
  const out = grey(width, height);
  const scx = (img.width - 1) / 2;
  const scy = (img.height - 1) / 2;
  const dcx = (width - 1) / 2;
  const dcy = (height - 1) / 2;
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= img.width || y >= img.height ? fill : img.data[y * img.width + x]!);
  for (let y = 0; y < height; y++) {
    const dy = y - dcy;
    for (let x = 0; x < width; x++) {
      const dx = x - dcx;
      // The source of a turned pixel: the inverse turn of its position.
      const sx = cos * dx + sin * dy + scx;
      const sy = -sin * dx + cos * dy + scy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const tx = sx - x0;
      const ty = sy - y0;
      const top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx;
      const bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx;
      out.data[y * width + x] = Math.round(top * (1 - ty) + bottom * ty);
    }
  }
  return out;
}

/** The search of estimateSkew: degrees either way, the coarse step, then the fine step around the best coarse angle. */
export const SKEW_SEARCH = { maxAngle: 15, step: 1, fineStep: 0.2, sampleWidth: 500, maxSamples: 60_000 } as const;

/**
 * The angle (degrees, clockwise positive) the text lines are turned by, so that `rotate(img, -skew)` levels them.
 * Projection profiles: the ink (the smaller class of Otsu's split, dark or light) is projected onto the vertical
 * axis for each trial angle; level lines of text give the sharpest profile, that is the largest sum of squared
 * row counts. Coarse steps over ±maxAngle, then fine steps around the best; ties keep the angle nearest 0. Runs on
 * a copy at most sampleWidth wide (angles do not change with the scale), on at most maxSamples ink pixels.
 */
export function estimateSkew(img: GreyImage, search: Partial<typeof SKEW_SEARCH> = {}): number {
  const { maxAngle, step, fineStep, sampleWidth, maxSamples } = { ...SKEW_SEARCH, ...search };
  const small = img.width > sampleWidth ? resize(img, sampleWidth, Math.max(1, (img.height * sampleWidth) / img.width)) : img;
  const t = otsuThreshold(small);
  let light = 0;
  for (let i = 0; i < small.data.length; i++) if (small.data[i]! > t) light++;
  const inkIsLight = light < small.data.length / 2;
  const inkCount = inkIsLight ? light : small.data.length - light;
  if (inkCount === 0 || inkCount === small.data.length) return 0;
  const stride = Math.max(1, Math.ceil(inkCount / maxSamples));
  const xs: number[] = [];
  const ys: number[] = [];
  const cx = (small.width - 1) / 2;
  const cy = (small.height - 1) / 2;
  let seen = 0;
  for (let y = 0; y < small.height; y++) {
    for (let x = 0; x < small.width; x++) {
      const v = small.data[y * small.width + x]!;
      if (v > t !== inkIsLight) continue;
      if (seen++ % stride === 0) {
        xs.push(x - cx);
        ys.push(y - cy);
      }
    }
  }
  const reach = Math.ceil(Math.hypot(small.width, small.height) / 2) + 1;
  const bins = new Float64Array(2 * reach + 1);
  const sharpness = (degrees: number) => {
    const rad = (degrees * Math.PI) / 180;
    const sin = Math.sin(rad);
    const cos = Math.cos(rad);
    bins.fill(0);
    // The row of each ink pixel once the image is turned back by `degrees`.
    for (let i = 0; i < xs.length; i++) bins[Math.round(-sin * xs[i]! + cos * ys[i]!) + reach]! += 1;
    let sum = 0;
    for (let i = 0; i < bins.length; i++) sum += bins[i]! * bins[i]!;
    return sum;
  };
  const best = (angles: number[]) => {
    // Nearest 0 first, so a tie keeps the smaller turn.
    const ordered = [...angles].sort((a, b) => Math.abs(a) - Math.abs(b) || a - b);
    let angle = 0;
    let score = -1;
    for (const a of ordered) {
      const s = sharpness(a);
      if (s > score) {
        score = s;
        angle = a;
      }
    }
    return angle;
  };
  const coarse: number[] = [];
  for (let a = -maxAngle; a <= maxAngle + 1e-9; a += step) coarse.push(Math.round(a * 1000) / 1000);
  const first = best(coarse);
  const fine: number[] = [];
  for (let a = first - step; a <= first + step + 1e-9; a += fineStep) fine.push(Math.round(a * 1000) / 1000);
  return best(fine.filter((a) => Math.abs(a) <= maxAngle));
}

/** The options of the image pipeline. */
export interface PipelineOptions {
  /** Otsu black-and-white on every candidate (off: tesseract thresholds itself, and grey keeps thin strokes). */
  binarize: boolean;
  /** The turns tried after the deskewed image and its negative, in degrees. */
  tilts: readonly number[];
  /** Sizes for scaleForOcr. */
  size: Partial<typeof OCR_SIZE>;
  /** A skew under this many degrees is left alone (turning blurs a little). */
  minSkew: number;
}

export const PIPELINE_DEFAULTS: PipelineOptions = { binarize: false, tilts: [8, -8], size: {}, minSkew: 0.5 };

/**
 * The prepared band and the images to read, best bet first: crop to the guide (when given), greyscale, scale to
 * an OCR size, contrast stretch, dark-on-light (the negative when the lettering is light), deskew; then the
 * candidates: 'deskewed', its negative ('inverted', for the light-on-dark bands the guess got wrong), then the
 * deskewed image turned by each tilt ('tilt+8', 'tilt-8': a band photographed at an angle the estimate missed).
 */
export function prepareBand(image: RgbaImage, guide?: Rect, options: Partial<PipelineOptions> = {}): { skew: number; candidates: Candidate[] } {
  const o = { ...PIPELINE_DEFAULTS, ...options };
  const cropped = guide ? crop(image, guide) : image;
  let base = stretchContrast(scaleForOcr(toGrey(cropped), o.size));
  if (isLightOnDark(base)) base = invert(base);
  const estimated = estimateSkew(base);
  const skew = Math.abs(estimated) < o.minSkew ? 0 : estimated;
  const finish = (img: GreyImage) => (o.binarize ? binarize(img) : img);
  let deskewed: GreyImage | undefined;
  const level = () => (deskewed ??= rotate(base, -skew));
  const candidates: Candidate[] = [
    lazy('deskewed', () => finish(level())),
    lazy('inverted', () => finish(invert(level()))),
    ...o.tilts.map((t) => lazy(`tilt${t < 0 ? '-' : '+'}${Math.abs(t)}`, () => finish(rotate(base, t - skew)))),
  ];
  return { skew, candidates };
}

/**
 * A candidate whose image is made when first read, then kept: a band read at the first try costs one turn of the
 * image, not one per candidate (this runs on the page's main thread).
 */
function lazy(label: Candidate['label'], make: () => GreyImage): Candidate {
  let image: GreyImage | undefined;
  return {
    label,
    get image() {
      return (image ??= make());
    },
  };
}

/** Letters and digits in a reading: under MIN_READABLE_CHARS of them, nothing was read. */
export const MIN_READABLE_CHARS = 3;
const readableChars = (text: string) => text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
export const hasReadableText = (text: string) => readableChars(text) >= MIN_READABLE_CHARS;

/**
 * How good a reading is, to pick the best of several: its confidence (0-1) times the square root of its letters
 * and digits. Confidence alone prefers a confident fragment ("DRON" at 90) to the whole band read a little less
 * surely ("PADRON 1926 SERIE" at 61, stray marks from the band's edge pulling the mean down); the root keeps a
 * long, doubtful reading of noise from winning on length.
 */
export const readingScore = (r: OcrResult) => (r.confidence / 100) * Math.sqrt(readableChars(r.text));

/**
 * The text to send to identify: lines trimmed with runs of spaces made one, lines without a letter or digit (rules,
 * ornaments read as punctuation) dropped, at most BAND_TEXT_MAX characters.
 */
export function cleanBandText(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => /[\p{L}\p{N}]/u.test(line))
    .join('\n')
    .slice(0, BAND_TEXT_MAX)
    .trim();
}

/** The confidence (tesseract's, 0-100) at which a readable reading is taken without trying the next candidate. */
export const CONFIDENT_READING = 70;

/**
 * Reads a band: prepares the candidates (prepareBand) and reads them in order until one has readable text
 * (hasReadableText) at a confidence of at least `threshold`; answers the best reading by readingScore (the earlier
 * candidate on a tie) with the number of images read. `onTry` hears of each candidate before it is read.
 */
export async function recognizeBand(
  ocr: Ocr,
  image: RgbaImage,
  guide?: Rect,
  options: Partial<PipelineOptions> & { threshold?: number; onTry?: (candidate: Candidate, index: number, total: number) => void } = {},
): Promise<BandReading> {
  const { threshold = CONFIDENT_READING, onTry, ...pipeline } = options;
  const { skew, candidates } = prepareBand(image, guide, pipeline);
  let best: BandReading = { text: '', confidence: 0, candidate: null, tries: 0, skew };
  let bestScore = -1;
  for (const [index, candidate] of candidates.entries()) {
    onTry?.(candidate, index, candidates.length);
    const result = await ocr(candidate.image);
    const score = readingScore(result);
    if (score > bestScore) {
      best = { text: result.text, confidence: result.confidence, candidate: candidate.label, tries: 0, skew };
      bestScore = score;
    }
    best.tries = index + 1;
    if (hasReadableText(result.text) && result.confidence >= threshold) break;
  }
  return best;
}

/**
 * The image as a binary PGM (P5) file: the format tesseract (Leptonica) reads straight from bytes, with no encoder,
 * in the browser and in Node alike.
 */
export function toPgm(img: GreyImage): Uint8Array<ArrayBuffer> {
  const header = new TextEncoder().encode(`P5\n${img.width} ${img.height}\n255\n`);
  const out = new Uint8Array(header.length + img.data.length);
  out.set(header, 0);
  out.set(img.data, header.length);
  return out;
}

/** A greyscale image as RGBA (opaque), to draw on a canvas. */
export function greyToRgba(img: GreyImage): RgbaImage {
  const data = new Uint8ClampedArray(img.width * img.height * 4);
  for (let p = 0, i = 0; p < img.data.length; p++, i += 4) {
    const v = img.data[p]!;
    data[i] = v;
    data[i + 1] = v;
    data[i + 2] = v;
    data[i + 3] = 255;
  }
  return { data, width: img.width, height: img.height };
}
