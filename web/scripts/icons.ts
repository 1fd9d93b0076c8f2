/**
 * The app's icons (docs/installable.md): one drawing in the dark-and-gold identity (a cigar with a gold band and a
 * curl of smoke inside a gold ring, on the app's background), written as web/public/icon.svg and rendered to the PNGs
 * the web app manifest and iOS ask for. The output is committed; run again after changing the drawing:
 *
 *   npx tsx web/scripts/icons.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';

/** The app's colours (web/src/styles.css): the background, the gold, the tobacco and the smoke. */
const BG = '#15100d';
const GOLD = '#d4a640';
const GOLD_LIGHT = '#f0cf75';
const GOLD_DARK = '#a87c22';
const LEAF_LIGHT = '#a8693a';
const LEAF_DARK = '#6b3f1c';
const ASH = '#9a8f84';
const EMBER = '#e8743b';
const SMOKE = '#c9b8a6';

/**
 * The drawing on a 512 × 512 canvas. `shape`: 'rounded' for the plain icon (its own rounded corners, transparent
 * outside), 'square' where the platform cuts the shape itself: the maskable icon (Android's mask) and iOS's
 * apple-touch-icon, which must be opaque. `scale` shrinks the picture around the centre: a maskable icon keeps what
 * matters inside the centre circle of 40% radius (the safe zone).
 */
export function iconSvg(shape: 'rounded' | 'square', scale = 1): string {
  const background = shape === 'rounded'
    ? `<rect width="512" height="512" rx="112" fill="${BG}"/>`
    : `<rect width="512" height="512" fill="${BG}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <defs>
    <linearGradient id="leaf" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${LEAF_LIGHT}"/>
      <stop offset="1" stop-color="${LEAF_DARK}"/>
    </linearGradient>
    <linearGradient id="band" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${GOLD_LIGHT}"/>
      <stop offset="1" stop-color="${GOLD_DARK}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${GOLD}" stop-opacity="0.18"/>
      <stop offset="1" stop-color="${GOLD}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  ${background}
  <g transform="translate(256 256) scale(${scale}) translate(-256 -256)">
    <circle cx="256" cy="256" r="200" fill="url(#glow)"/>
    <circle cx="256" cy="256" r="196" fill="none" stroke="${GOLD}" stroke-width="10"/>
    <g transform="rotate(-32 256 276)">
      <rect x="96" y="248" width="300" height="56" rx="28" fill="url(#leaf)"/>
      <rect x="112" y="256" width="260" height="6" rx="3" fill="#ffffff" fill-opacity="0.12"/>
      <rect x="166" y="246" width="56" height="60" rx="6" fill="url(#band)"/>
      <path d="M194 262 l10 14 l-10 14 l-10 -14 z" fill="${BG}"/>
      <rect x="372" y="248" width="34" height="56" rx="10" fill="${ASH}"/>
      <rect x="370" y="248" width="8" height="56" fill="${EMBER}"/>
    </g>
    <path d="M392 176 c-22 -22 14 -40 -6 -66 c-14 -18 6 -34 22 -40" fill="none" stroke="${SMOKE}" stroke-width="12" stroke-linecap="round" stroke-opacity="0.75"/>
  </g>
</svg>
`;
}

async function png(svg: string, size: number): Promise<Buffer> {
  const image = await loadImage(Buffer.from(svg));
  const canvas = createCanvas(size, size);
  canvas.getContext('2d').drawImage(image, 0, 0, size, size);
  return canvas.toBuffer('image/png');
}

const out = (name: string) => fileURLToPath(new URL(`../public/${name}`, import.meta.url));

const plain = iconSvg('rounded');
const full = iconSvg('square');
const maskable = iconSvg('square', 0.8);
writeFileSync(out('icon.svg'), plain);
writeFileSync(out('icon-192.png'), await png(plain, 192));
writeFileSync(out('icon-512.png'), await png(plain, 512));
writeFileSync(out('icon-maskable-512.png'), await png(maskable, 512));
writeFileSync(out('apple-touch-icon.png'), await png(full, 180));
console.log('web/public: icon.svg, icon-192.png, icon-512.png, icon-maskable-512.png, apple-touch-icon.png');
