import { BAND_TEXT_MAX } from '@torcedor/shared/constants';
import { describe, expect, it, vi } from 'vitest';
import {
  binarize, cleanBandText, crop, estimateSkew, guideRect, hasReadableText, invert, isLightOnDark, otsuThreshold, prepareBand, readingScore,
  recognizeBand, resize, rotate, scaleForOcr, stretchContrast, toGrey, toPgm, type GreyImage, type RgbaImage,
} from './pipeline';

const rgba = (width: number, height: number, px: (x: number, y: number) => [number, number, number, number?]): RgbaImage => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b, a = 255] = px(x, y);
      data.set([r, g, b, a], (y * width + x) * 4);
    }
  }
  return { data, width, height };
};
const grey = (width: number, height: number, px: (x: number, y: number) => number): GreyImage => {
  const data = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = px(x, y);
  return { data, width, height };
};
const rows = (img: GreyImage) => Array.from({ length: img.height }, (_, y) => [...img.data.subarray(y * img.width, (y + 1) * img.width)]);

/** Dark horizontal bars (4 px thick every 16 px) on white: lines of "text" with a known slope once turned. */
const stripes = (width = 480, height = 240) => grey(width, height, (_x, y) => (y % 16 < 4 ? 20 : 235));

describe('band pipeline: pixels', () => {
  it('greyscale is BT.601 luma, with transparency laid on white', () => {
    const img = rgba(4, 1, (x) => [[255, 0, 0], [0, 255, 0], [0, 0, 255], [0, 0, 0, 0]][x] as [number, number, number, number?]);
    expect([...toGrey(img).data]).toEqual([76, 150, 29, 255]);
  });

  it('crop takes the rectangle, clamped to the image', () => {
    const img = rgba(4, 3, (x, y) => [x * 10 + y, 0, 0]);
    const part = crop(img, { x: 1, y: 1, width: 2, height: 2 });
    expect([part.width, part.height]).toEqual([2, 2]);
    expect([0, 1, 2, 3].map((i) => part.data[i * 4])).toEqual([11, 21, 12, 22]);
    const clamped = crop(img, { x: 3, y: -5, width: 10, height: 10 });
    expect([clamped.width, clamped.height]).toEqual([1, 3]);
    expect(crop(img, { x: 9, y: 9, width: 2, height: 2 })).toBe(img);
  });

  it('the framing guide is a centred band-shaped box inside the image', () => {
    expect(guideRect(640, 480)).toEqual({ x: 39, y: 123, width: 563, height: 235 });
    // A tall (portrait) frame: the box keeps the band's shape; a wide one: at most 60% of the height.
    const tall = guideRect(480, 640);
    expect(tall.width / tall.height).toBeCloseTo(2.4, 1);
    expect(guideRect(1000, 200).height).toBe(120);
  });

  it('contrast stretch maps the 1st and 99th percentiles to black and white, and leaves a flat image alone', () => {
    // 100 pixels: one at 0 and one at 255 (the outliers that clip), the rest from 100 to 150.
    const values = [0, 255, ...Array.from({ length: 98 }, (_, i) => 100 + Math.round((i * 50) / 97))];
    const img = grey(10, 10, (x, y) => values[y * 10 + x]!);
    const out = stretchContrast(img);
    expect(Math.min(...out.data)).toBe(0);
    expect(Math.max(...out.data)).toBe(255);
    expect(out.data[20]).toBeLessThan(out.data[80]!);
    const flat = grey(4, 4, (x) => 120 + (x % 2));
    expect([...stretchContrast(flat).data]).toEqual([...flat.data]);
  });

  it("Otsu splits two levels between them; binarize and invert", () => {
    const img = grey(8, 2, (x) => (x < 3 ? 40 : 200));
    const t = otsuThreshold(img);
    expect(t).toBeGreaterThanOrEqual(40);
    expect(t).toBeLessThan(200);
    expect(rows(binarize(img))[0]).toEqual([0, 0, 0, 255, 255, 255, 255, 255]);
    expect(rows(invert(img))[0]).toEqual([215, 215, 215, 55, 55, 55, 55, 55]);
    expect(isLightOnDark(img)).toBe(false);
    expect(isLightOnDark(invert(img))).toBe(true);
  });

  it('resize averages areas when shrinking and interpolates when enlarging', () => {
    const img = grey(4, 2, (x) => (x < 2 ? 0 : 200));
    expect(rows(resize(img, 2, 1))).toEqual([[0, 200]]);
    const half = resize(grey(3, 1, (x) => [0, 90, 180][x]!), 2, 1);
    expect(rows(half)).toEqual([[30, 150]]);
    const up = resize(grey(2, 1, (x) => [0, 100][x]!), 4, 1);
    expect(rows(up)).toEqual([[0, 25, 75, 100]]);
  });

  it('scaleForOcr brings a small crop up to the target width, keeps one in range, and caps the pixels', () => {
    expect(scaleForOcr(grey(500, 200, () => 0)).width).toBe(1400);
    expect(scaleForOcr(grey(500, 200, () => 0)).height).toBe(560);
    const inRange = grey(1200, 400, () => 0);
    expect(scaleForOcr(inRange)).toBe(inRange);
    const tall = scaleForOcr(grey(4000, 4000, () => 0));
    expect(tall.width * tall.height).toBeLessThanOrEqual(2_400_000);
  });

  it('rotate turns clockwise by quarter turns exactly, and grows the canvas for other angles', () => {
    const img = grey(3, 2, (x, y) => y * 3 + x + 1);
    expect(rows(rotate(img, 90))).toEqual([[4, 1], [5, 2], [6, 3]]);
    expect(rows(rotate(img, -90))).toEqual([[3, 6], [2, 5], [1, 4]]);
    expect(rows(rotate(img, 180))).toEqual([[6, 5, 4], [3, 2, 1]]);
    const turned = rotate(grey(100, 20, () => 0), 30);
    expect(turned.width).toBe(Math.ceil(100 * Math.cos(Math.PI / 6) + 20 * Math.sin(Math.PI / 6)));
    expect(turned.data[0]).toBe(255); // a corner gained: the white fill
  });

  it.each([7, -11, 3.5, 0])('the skew estimate recovers a %s° turn of striped lines within 2°', (angle) => {
    const skew = estimateSkew(rotate(stripes(), angle));
    expect(Math.abs(skew - angle)).toBeLessThan(2);
  });

  it('PGM: the P5 header, then one byte a pixel', () => {
    const pgm = toPgm(grey(3, 2, (x, y) => x + y * 3));
    const header = 'P5\n3 2\n255\n';
    expect(new TextDecoder().decode(pgm.subarray(0, header.length))).toBe(header);
    expect([...pgm.subarray(header.length)]).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('band pipeline: candidates and reading', () => {
  /** A light band with dark bars for lettering, turned 6° clockwise, in the middle of a dark frame. */
  const band = (light = true) => {
    const lettering = rotate(grey(600, 240, (x, y) => ((y % 40 < 12 && x > 60 && x < 540) === light ? 30 : 225)), 6, light ? 225 : 30);
    return rgba(lettering.width, lettering.height, (x, y) => {
      const v = lettering.data[y * lettering.width + x]!;
      return [v, v, v];
    });
  };

  it('prepares the deskewed image first (dark on light), then its negative, then the ±8° tilts', () => {
    const { skew, candidates } = prepareBand(band());
    expect(candidates.map((c) => c.label)).toEqual(['deskewed', 'inverted', 'tilt+8', 'tilt-8']);
    expect(Math.abs(skew - 6)).toBeLessThan(2);
    const first = candidates[0]!.image;
    expect(first.width).toBeGreaterThanOrEqual(1000);
    expect(isLightOnDark(first)).toBe(false);
    expect(isLightOnDark(candidates[1]!.image)).toBe(true);
    // A light-on-dark band comes out dark on light too.
    expect(isLightOnDark(prepareBand(band(false)).candidates[0]!.image)).toBe(false);
    // Binarised on request: only black and white.
    expect(new Set(prepareBand(band(), undefined, { binarize: true }).candidates[0]!.image.data)).toEqual(new Set([0, 255]));
  });

  it('is deterministic', () => {
    const a = prepareBand(band()).candidates[0]!.image.data;
    const b = prepareBand(band()).candidates[0]!.image.data;
    expect(a.length).toBeGreaterThan(0);
    expect([...a]).toEqual([...b]);
  });

  it('reads the candidates in order and stops at the first confident readable text', async () => {
    const ocr = vi.fn()
      .mockResolvedValueOnce({ text: '| ~', confidence: 90 })
      .mockResolvedValueOnce({ text: 'PADRON\n1926 SERIE', confidence: 88 })
      .mockResolvedValue({ text: 'never read', confidence: 99 });
    const tried: string[] = [];
    const reading = await recognizeBand(ocr, band(), undefined, { onTry: (c) => tried.push(c.label) });
    expect(reading).toMatchObject({ text: 'PADRON\n1926 SERIE', confidence: 88, candidate: 'inverted', tries: 2 });
    expect(tried).toEqual(['deskewed', 'inverted']);
  });

  it('with no confident reading, tries them all and keeps the best: a whole doubtful reading over a sure fragment', async () => {
    const answers = [
      { text: '|\nPADRON\n1926 SERIE\n—', confidence: 61 },
      { text: '', confidence: 0 },
      { text: 'PADRGN', confidence: 40 },
      { text: 'DRON', confidence: 90 },
    ];
    let i = 0;
    const reading = await recognizeBand(async () => answers[i++]!, band());
    expect(reading).toMatchObject({ candidate: 'deskewed', tries: 4, confidence: 61 });
    expect(readingScore(answers[0]!)).toBeGreaterThan(readingScore(answers[3]!));
    expect(cleanBandText(reading.text)).toBe('PADRON\n1926 SERIE');
  });

  it('the guide crops before anything else', async () => {
    const seen: number[] = [];
    const level = rgba(900, 600, (_x, y) => (y % 16 < 4 ? [20, 20, 20] : [235, 235, 235]));
    await recognizeBand(async (img) => { seen.push(img.width / img.height); return { text: '', confidence: 0 }; }, level, { x: 0, y: 0, width: 300, height: 100 }, { tilts: [] });
    expect(seen[0]).toBeCloseTo(3, 1);
  });

  it('readable text needs three letters or digits; the text sent is cleaned and capped', () => {
    expect(hasReadableText('— | ~')).toBe(false);
    expect(hasReadableText('A 1')).toBe(false);
    expect(hasReadableText('Padrón')).toBe(true);
    expect(cleanBandText('  PADRON   1926 \n\n ~~~ \n  HECHO  A MANO ')).toBe('PADRON 1926\nHECHO A MANO');
    expect(cleanBandText('A'.repeat(BAND_TEXT_MAX + 10))).toHaveLength(BAND_TEXT_MAX);
  });
});
