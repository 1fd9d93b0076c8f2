import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { cn } from '@/lib/cn';

/**
 * The catalog fields a cigar is drawn from. Lists that do not carry every field (a humidor item has no wrapper, a
 * Quick Pick no size) pass what they have: a missing size comes from the vitola's usual one, a missing wrapper is
 * drawn in a neutral brown.
 */
export interface IllustratedCigar {
  brandName: string;
  name: string;
  vitola?: string | null;
  /** Inches. */
  length?: number | null;
  /** 64ths of an inch. */
  ringGauge?: number | null;
  wrapper?: string | null;
}

/** The frame every illustration is drawn in (viewBox units). */
export const FRAME = { width: 300, height: 120 } as const;
/** The longest body the frame holds, and the length drawn at that size: shorter cigars are drawn shorter. */
const MAX_BODY = 270;
const FULL_SCALE_LENGTH = 7;
/** The cigar lies a little tilted, as on a table (degrees). */
const TILT = -7;

/** A shade of wrapper leaf and the colour it is drawn in. */
export interface WrapperShade { name: string; color: string }

/** Drawn when the wrapper's name says nothing of its shade. */
const NEUTRAL: WrapperShade = { name: 'Neutral', color: '#7a5234' };
const SHADES = {
  candela: { name: 'Candela', color: '#6f7d3a' },
  claro: { name: 'Claro', color: '#c49a66' },
  natural: { name: 'Natural', color: '#8c5a36' },
  coloradoClaro: { name: 'Colorado Claro', color: '#9c6338' },
  colorado: { name: 'Colorado', color: '#8a4a2a' },
  coloradoMaduro: { name: 'Colorado Maduro', color: '#5e3520' },
  maduro: { name: 'Maduro', color: '#3d2416' },
  oscuro: { name: 'Oscuro', color: '#24160f' },
} satisfies Record<string, WrapperShade>;

/**
 * Words of a wrapper's name and the shade they mean, the most telling first: a maduro Broadleaf is dark whatever its
 * origin, a Connecticut shade leaf is pale. Only the first of several offered wrappers counts ("Natural or Maduro").
 */
const SHADE_WORDS: [RegExp, WrapperShade][] = [
  [/candela|double claro/, SHADES.candela],
  [/oscuro/, SHADES.oscuro],
  [/maduro|san andr[eé]s|arapiraca/, SHADES.maduro],
  [/broadleaf/, SHADES.coloradoMaduro],
  [/colorado claro/, SHADES.coloradoClaro],
  [/colorado|rosado/, SHADES.colorado],
  [/corojo|habano|criollo|cuban/, SHADES.coloradoClaro],
  [/sumatra|cameroon/, SHADES.colorado],
  [/claro|connecticut|shade/, SHADES.claro],
  [/natural|sun ?grown/, SHADES.natural],
];

/** The shade a wrapper's catalog name stands for; a name that says none is drawn in a neutral brown. */
export function wrapperShade(wrapper: string | null | undefined): WrapperShade {
  const first = (wrapper ?? '').toLowerCase().split(/\bor\b/)[0] ?? '';
  return SHADE_WORDS.find(([words]) => words.test(first))?.[1] ?? NEUTRAL;
}

/** The usual size of a vitola (inches × ring gauge), for lists that carry only its name. */
const VITOLA_SIZES: [RegExp, number, number][] = [
  [/gran corona|double corona|presidente/, 7.6, 49],
  [/churchill/, 7, 48],
  [/lancero|panatela/, 7, 38],
  [/gordo|60/, 6, 60],
  [/toro/, 6, 52],
  [/torpedo|pyramid|piramide|belicoso|figurado/, 6.1, 52],
  [/perfecto|salomon/, 5.5, 54],
  [/lonsdale/, 6.5, 42],
  [/robusto/, 5, 50],
  [/petit corona|half corona|corona/, 5.5, 42],
  [/cigarillo|short/, 4, 38],
];
const USUAL_SIZE = { length: 5.5, ringGauge: 50 };

function size(c: IllustratedCigar): { length: number; ringGauge: number } {
  const known = (c.vitola ?? '').toLowerCase();
  const usual = VITOLA_SIZES.find(([words]) => words.test(known));
  const fallback = usual ? { length: usual[1], ringGauge: usual[2] } : USUAL_SIZE;
  return {
    length: c.length && c.length > 0 ? c.length : fallback.length,
    ringGauge: c.ringGauge && c.ringGauge > 0 ? c.ringGauge : fallback.ringGauge,
  };
}

/** The head's shape: figurados end in a point, perfectos are tapered at both ends. */
type Head = 'round' | 'pointed' | 'perfecto';
const headOf = (vitola: string | null | undefined): Head => {
  const v = (vitola ?? '').toLowerCase();
  if (/perfecto|salomon|diadema/.test(v)) return 'perfecto';
  if (/torpedo|pyramid|piramide|belicoso|figurado/.test(v)) return 'pointed';
  return 'round';
};

/** A band's colours: the paper and its trim (the edges and the crest). */
export interface BandColours { paper: string; trim: string }
const BANDS: BandColours[] = [
  { paper: '#8c1c22', trim: '#d4a640' },
  { paper: '#14233f', trim: '#d4a640' },
  { paper: '#111111', trim: '#d4a640' },
  { paper: '#f1e6cf', trim: '#b8862b' },
  { paper: '#1f4a2e', trim: '#e2c275' },
  { paper: '#5a1830', trim: '#c9c9c9' },
  { paper: '#1d3f8a', trim: '#e8e8e8' },
  { paper: '#c8952e', trim: '#7a1616' },
  { paper: '#f5f1e8', trim: '#1d3f8a' },
  { paper: '#3b2a1e', trim: '#e6c14a' },
];

/** FNV-1a over the name's UTF-16 code units: the same brand always gets the same band. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The band colours of a brand, from its name (case and spacing do not change them). */
export function bandColours(brandName: string): BandColours {
  return BANDS[hash(brandName.trim().toLowerCase()) % BANDS.length] ?? BANDS[0]!;
}

/** Everything the drawing needs, in frame units: pure, so a test can check what a cigar is drawn as. */
export interface CigarDrawing {
  /** Length of the cigar from foot to cap. */
  bodyLength: number;
  diameter: number;
  /** Left end (the foot) and the axis's height. */
  x: number;
  y: number;
  head: Head;
  wrapper: WrapperShade;
  band: BandColours & { x: number; width: number };
}

/**
 * The drawing of a cigar: its body keeps the cigar's own proportions (length against ring gauge / 64 inches); up to
 * FULL_SCALE_LENGTH inches a longer cigar is drawn longer, and a longer one fills the frame. The band sits a fifth of
 * the way from the cap, as on a cigar in a box.
 */
export function drawCigar(c: IllustratedCigar): CigarDrawing {
  const { length, ringGauge } = size(c);
  const scale = MAX_BODY / Math.max(length, FULL_SCALE_LENGTH);
  const bodyLength = length * scale;
  const diameter = (ringGauge / 64) * scale;
  const x = (FRAME.width - bodyLength) / 2;
  const bandWidth = Math.max(10, bodyLength * 0.11);
  const capEnd = x + bodyLength;
  return {
    bodyLength,
    diameter,
    x,
    y: FRAME.height / 2,
    head: headOf(c.vitola),
    wrapper: wrapperShade(c.wrapper),
    band: { ...bandColours(c.brandName), x: capEnd - bodyLength * 0.22 - bandWidth, width: bandWidth },
  };
}

/** The outline of the body: the foot cut flat on the left, the head rounded, pointed or (perfecto) both ends tapered. */
function bodyPath(d: CigarDrawing): string {
  const r = d.diameter / 2;
  const top = d.y - r;
  const bottom = d.y + r;
  const end = d.x + d.bodyLength;
  const f = (n: number) => n.toFixed(2);
  if (d.head === 'round') {
    const capR = Math.min(r, d.bodyLength / 4);
    return `M${f(d.x)},${f(top)} H${f(end - capR)} A${f(capR)},${f(r)} 0 0 1 ${f(end - capR)},${f(bottom)} H${f(d.x)} Z`;
  }
  const taper = d.bodyLength * 0.2;
  const headPath = `H${f(end - taper)} Q${f(end - taper * 0.2)},${f(top + r * 0.35)} ${f(end)},${f(d.y)} Q${f(end - taper * 0.2)},${f(bottom - r * 0.35)} ${f(end - taper)},${f(bottom)}`;
  if (d.head === 'pointed') return `M${f(d.x)},${f(top)} ${headPath} H${f(d.x)} Z`;
  // A perfecto: the foot narrows to a small opening too.
  const footTaper = d.bodyLength * 0.12;
  const foot = r * 0.45;
  return `M${f(d.x)},${f(d.y - foot)} Q${f(d.x + footTaper * 0.3)},${f(top)} ${f(d.x + footTaper)},${f(top)} ${headPath} `
    + `Q${f(d.x + footTaper * 0.3)},${f(bottom)} ${f(d.x)},${f(d.y + foot)} Z`;
}

/** A colour made lighter (amount > 0) or darker (amount < 0), amount from -1 to 1. */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount));
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix) as [number, number, number];
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

/**
 * A generated picture of a cigar from its catalog fields (an inline SVG, so never a broken image): its proportions,
 * its wrapper's shade, a band in its brand's colours, the cut foot and the cap. Shown wherever a cigar has no
 * community photo.
 */
export function CigarIllustration({ cigar, className }: { cigar: IllustratedCigar; className?: string }) {
  const { t } = useLingui();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const d = drawCigar(cigar);
  const subject = `${cigar.brandName} ${cigar.name}`;
  const r = d.diameter / 2;
  const ids = { light: `light-${uid}`, clip: `clip-${uid}` };
  const base = d.wrapper.color;
  const footRx = d.head === 'perfecto' ? r * 0.18 : Math.max(2, r * 0.28);
  const footRy = d.head === 'perfecto' ? r * 0.45 : r;
  const bandTop = d.y - r;
  // Three faint veins of the leaf, as one path.
  const veins = [0.3, -0.25, 0.05]
    .map((v, i) => `M${d.x + d.bodyLength * (0.1 + i * 0.2)},${d.y + r * v} q${d.bodyLength * 0.15},${r * 0.25} ${d.bodyLength * 0.3},${r * 0.05}`)
    .join(' ');
  return (
    <svg
      viewBox={`0 0 ${FRAME.width} ${FRAME.height}`}
      role="img"
      aria-label={t`Illustration of ${subject}`}
      className={cn('block h-full w-full bg-[radial-gradient(ellipse_at_50%_45%,#3a2c20,#171210_70%)]', className)}
      preserveAspectRatio="xMidYMid meet"
      data-wrapper-shade={d.wrapper.name}
    >
      <defs>
        {/* The light on a round body: a highlight above, shadow below, over the leaf and the band alike. */}
        <linearGradient id={ids.light} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#fff" stopOpacity={0.3} />
          <stop offset="35%" stopColor="#fff" stopOpacity={0} />
          <stop offset="100%" stopColor="#000" stopOpacity={0.55} />
        </linearGradient>
        <clipPath id={ids.clip}><path d={bodyPath(d)} /></clipPath>
      </defs>
      <ellipse cx={FRAME.width / 2} cy={d.y + r + 6} rx={d.bodyLength * 0.46} ry={Math.max(2, r * 0.3)} fill="#000" opacity={0.35} />
      <g transform={`rotate(${TILT} ${FRAME.width / 2} ${FRAME.height / 2})`}>
        <path d={bodyPath(d)} fill={base} data-part="body" />
        <g clipPath={`url(#${ids.clip})`}>
          <path d={veins} stroke={shade(base, -0.3)} strokeWidth={0.8} fill="none" opacity={0.6} />
          <rect
            x={d.band.x} y={bandTop} width={d.band.width} height={d.diameter} fill={d.band.paper} stroke={d.band.trim}
            strokeWidth={Math.max(1, d.band.width * 0.12)} data-part="band" data-band={d.band.paper}
          />
          {d.head === 'round' ? (
            <path d={`M${d.x + d.bodyLength - Math.min(r, d.bodyLength / 4) * 1.6},${d.y - r} q${r * 0.35},${r} 0,${d.diameter}`} stroke={shade(base, -0.35)} strokeWidth={0.9} fill="none" data-part="cap" />
          ) : null}
          <rect x={d.x} y={bandTop} width={d.bodyLength} height={d.diameter} fill={`url(#${ids.light})`} />
        </g>
        {d.diameter >= 12 ? (
          <>
            <ellipse cx={d.band.x + d.band.width / 2} cy={d.y} rx={d.band.width * 0.36} ry={Math.min(r * 0.55, d.band.width * 0.5)} fill={d.band.trim} />
            <path
              d={`M${d.band.x + d.band.width / 2},${d.y - r * 0.32} l${d.band.width * 0.2},${r * 0.32} l${-d.band.width * 0.2},${r * 0.32} l${-d.band.width * 0.2},${-r * 0.32} Z`}
              fill={d.band.paper}
            />
          </>
        ) : null}
        <ellipse cx={d.x} cy={d.y} rx={footRx} ry={footRy} fill="#5b3b22" stroke={shade(base, -0.5)} strokeWidth={0.8} data-part="foot" />
      </g>
    </svg>
  );
}
