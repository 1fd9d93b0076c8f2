import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';

/**
 * The generated band test set (docs/band-scan.md, "Measured"): cigar bands rendered from catalog rows in several
 * fonts and colours, turned up to 15°, blurred and speckled, as a phone photo of a band would be. Deterministic: the
 * same rows give the same images. Fonts come from the `dejavu-fonts-ttf` package, so the set does not depend on the
 * machine's fonts.
 */
export interface RgbaImage { data: Uint8ClampedArray; width: number; height: number }
export interface BandSample { cigarId: string; brand: string; line: string; image: RgbaImage; angle: number; font: string }

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONTS = [
  ['DejaVuSans-Bold.ttf', 'Band Sans Bold'], ['DejaVuSerif-Bold.ttf', 'Band Serif Bold'], ['DejaVuSansCondensed-Bold.ttf', 'Band Condensed'],
  ['DejaVuSerif.ttf', 'Band Serif'], ['DejaVuSansMono-Bold.ttf', 'Band Mono'],
] as const;
let registered = false;
function registerFonts() {
  if (registered) return;
  for (const [file, family] of FONTS) GlobalFonts.registerFromPath(join(fontDir, file), family);
  registered = true;
}

/** Band colours: [background, border, text]. */
const PALETTES = [
  ['#7a1020', '#d4a017', '#f3d27a'], ['#f4ead2', '#8a6d1f', '#2a1a0e'], ['#101c3c', '#c0c0c0', '#ffffff'],
  ['#d9b44a', '#5a3a10', '#3b1f0a'], ['#ffffff', '#b8860b', '#7a1020'], ['#1f3d2b', '#e0c36a', '#f5e7b8'],
] as const;

/** A small deterministic generator (mulberry32), so a sample is the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The band text of a catalog cigar: its brand, and its line (the name without trailing size words). */
export function bandText(brandName: string, name: string): { brand: string; line: string } {
  return { brand: brandName.toUpperCase(), line: name.toUpperCase() };
}

/** Renders one band photo: 960×640, the band across the middle, turned by `angle` degrees, blurred and speckled. */
export function renderBand(brand: string, line: string, seed: number): { image: RgbaImage; angle: number; font: string } {
  registerFonts();
  const rnd = random(seed);
  const width = 960;
  const height = 640;
  const [, family] = FONTS[seed % FONTS.length]!;
  const [bg, border, ink] = PALETTES[Math.floor(seed / FONTS.length) % PALETTES.length]!;
  const angle = Math.round((rnd() * 30 - 15) * 10) / 10;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  // The table under the cigar, a little uneven.
  ctx.fillStyle = `hsl(${25 + rnd() * 15}, 25%, ${55 + rnd() * 20}%)`;
  ctx.fillRect(0, 0, width, height);
  ctx.translate(width / 2, height / 2);
  ctx.rotate((angle * Math.PI) / 180);
  const bandW = 820;
  const bandH = 300;
  ctx.fillStyle = border;
  ctx.fillRect(-bandW / 2 - 8, -bandH / 2 - 8, bandW + 16, bandH + 16);
  ctx.fillStyle = bg;
  ctx.fillRect(-bandW / 2, -bandH / 2, bandW, bandH);
  ctx.fillStyle = ink;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const fit = (text: string, size: number, max: number) => {
    let s = size;
    do {
      ctx.font = `${s}px "${family}"`;
      s -= 2;
    } while (ctx.measureText(text).width > max && s > 12);
  };
  fit(brand, 72, bandW - 60);
  ctx.fillText(brand, 0, -50);
  fit(line, 46, bandW - 60);
  ctx.fillText(line, 0, 45);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const img = ctx.getImageData(0, 0, width, height);
  const data = new Uint8ClampedArray(img.data);
  blur(data, width, height, seed % 3);
  // Sensor noise: ±24 on a tenth of the pixels.
  for (let i = 0; i < data.length; i += 4) {
    if (rnd() < 0.1) {
      const n = (rnd() - 0.5) * 48;
      data[i] = data[i]! + n;
      data[i + 1] = data[i + 1]! + n;
      data[i + 2] = data[i + 2]! + n;
    }
  }
  return { image: { data, width, height }, angle, font: family };
}

/** A box blur of radius r (0 leaves the image as it is), as a slightly out-of-focus photo. */
function blur(data: Uint8ClampedArray, width: number, height: number, r: number) {
  if (!r) return;
  const src = new Uint8ClampedArray(data);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        let n = 0;
        for (let dy = -r; dy <= r; dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= height) continue;
          for (let dx = -r; dx <= r; dx++) {
            const xx = x + dx;
            if (xx < 0 || xx >= width) continue;
            sum += src[(yy * width + xx) * 4 + c]!;
            n++;
          }
        }
        data[(y * width + x) * 4 + c] = sum / n;
      }
    }
  }
}

/** A PNG of an image (what tesseract reads in Node). */
export function toPng(image: RgbaImage): Buffer {
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  const out = ctx.createImageData(image.width, image.height);
  out.data.set(image.data);
  ctx.putImageData(out, 0, 0);
  return canvas.toBuffer('image/png');
}

/** `n` samples spread over the catalog (every k-th cigar, so every brand is there), rendered. */
export function bandSet(cigars: readonly { id: string; brandName: string; name: string }[], n: number): BandSample[] {
  const step = Math.max(1, Math.floor(cigars.length / n));
  return Array.from({ length: n }, (_, i) => {
    const c = cigars[(i * step) % cigars.length]!;
    const { brand, line } = bandText(c.brandName, c.name);
    const { image, angle, font } = renderBand(brand, line, i);
    return { cigarId: c.id, brand, line, image, angle, font };
  });
}

/**
 * The page's reading pipeline (web/src/features/scan/lib/pipeline.ts) with tesseract.js in Node, the English data
 * from `@tesseract.js-data/eng` (the same files the page serves) and the page's settings (automatic page
 * segmentation, LSTM engine): one worker, reused for every band.
 */
export async function bandReader() {
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  const { cleanBandText, guideRect, recognizeBand, toPgm } = await import('../../../web/src/features/scan/lib/pipeline.ts');
  const langPath = join(dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
  const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
  await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
  return {
    /** The text the page would send for this photo (cropped to the framing guide, as the page crops a capture). */
    async read(image: RgbaImage): Promise<string> {
      const r = await recognizeBand(async (img) => {
        const out = await worker.recognize(Buffer.from(toPgm(img)));
        return { text: out.data.text, confidence: out.data.confidence };
      }, image, guideRect(image.width, image.height));
      return cleanBandText(r.text);
    },
    terminate: () => worker.terminate(),
  };
}
