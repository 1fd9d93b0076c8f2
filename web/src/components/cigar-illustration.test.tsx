import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bandColours, CigarIllustration, drawCigar, FRAME, wrapperShade } from './cigar-illustration';

const robusto = { brandName: 'Padrón', name: '1964 Anniversary Exclusivo', vitola: 'Robusto', length: 5.5, ringGauge: 50, wrapper: 'Nicaraguan Maduro' };

describe('drawCigar: proportions', () => {
  it('keeps the cigar\'s own length against its diameter (ring gauge in 64ths of an inch)', () => {
    for (const c of [robusto, { ...robusto, length: 7, ringGauge: 48 }, { ...robusto, length: 4, ringGauge: 60 }, { ...robusto, length: 9.25, ringGauge: 47 }]) {
      const d = drawCigar(c);
      expect(d.bodyLength / d.diameter).toBeCloseTo(c.length / (c.ringGauge / 64), 6);
    }
  });

  it('draws a longer cigar longer and a fatter one fatter, always inside the frame', () => {
    const short = drawCigar({ ...robusto, length: 4.5 });
    const long = drawCigar({ ...robusto, length: 7 });
    expect(long.bodyLength).toBeGreaterThan(short.bodyLength);
    expect(drawCigar({ ...robusto, ringGauge: 60 }).diameter).toBeGreaterThan(drawCigar({ ...robusto, ringGauge: 42 }).diameter);
    for (const length of [2, 5, 7, 12]) {
      for (const ringGauge of [20, 50, 80]) {
        const d = drawCigar({ ...robusto, length, ringGauge });
        expect(d.x).toBeGreaterThanOrEqual(0);
        expect(d.x + d.bodyLength).toBeLessThanOrEqual(FRAME.width);
        expect(d.diameter).toBeLessThan(FRAME.height);
      }
    }
  });

  it('takes the vitola\'s usual size when the list carries no size, and a pointed head for figurados', () => {
    const churchill = drawCigar({ brandName: 'Romeo y Julieta', name: 'Churchill', vitola: 'Churchill' });
    expect(churchill.bodyLength / churchill.diameter).toBeCloseTo(7 / (48 / 64), 6);
    expect(drawCigar({ ...robusto, vitola: 'Belicoso' }).head).toBe('pointed');
    expect(drawCigar({ ...robusto, vitola: 'Perfecto' }).head).toBe('perfecto');
    expect(drawCigar(robusto).head).toBe('round');
  });

  it('puts the band between the foot and the cap, nearer the cap', () => {
    const d = drawCigar(robusto);
    expect(d.band.x).toBeGreaterThan(d.x + d.bodyLength / 2);
    expect(d.band.x + d.band.width).toBeLessThan(d.x + d.bodyLength);
  });
});

describe('wrapperShade', () => {
  it.each([
    ['Connecticut Shade', 'Claro'],
    ['Ecuadorian Connecticut', 'Claro'],
    ['Nicaraguan Habano Oscuro', 'Oscuro'],
    ['Connecticut Broadleaf Maduro', 'Maduro'],
    ['Mexican San Andrés', 'Maduro'],
    ['Connecticut River Valley Broadleaf', 'Colorado Maduro'],
    ['Ecuadorian Habano Rosado', 'Colorado'],
    ['Ecuadorian Habano', 'Colorado Claro'],
    ['Cameroon', 'Colorado'],
    ['Candela', 'Candela'],
    // The first of the wrappers a line is offered in.
    ['Nicaraguan (Natural or Maduro)', 'Natural'],
  ])('%s is drawn as %s', (wrapper, shade) => {
    expect(wrapperShade(wrapper).name).toBe(shade);
  });

  it('draws a wrapper that names no shade, or none at all, in a neutral brown', () => {
    expect(wrapperShade('Indonesian')).toEqual({ name: 'Neutral', color: '#7a5234' });
    expect(wrapperShade(null).name).toBe('Neutral');
  });

  it('gives darker shades darker colours', () => {
    const lightness = (hex: string) => [1, 3, 5].reduce((sum, i) => sum + Number.parseInt(hex.slice(i, i + 2), 16), 0);
    const order = ['Connecticut Shade', 'Ecuadorian Habano', 'Broadleaf', 'Maduro', 'Oscuro'].map((w) => lightness(wrapperShade(w).color));
    expect([...order].sort((a, b) => b - a)).toEqual(order);
  });
});

describe('bandColours', () => {
  it('gives the same brand the same band, whatever the case or spacing', () => {
    expect(bandColours('Arturo Fuente')).toEqual(bandColours(' arturo fuente '));
    expect(drawCigar({ ...robusto, name: 'Other line' }).band).toEqual(drawCigar(robusto).band);
  });

  it('spreads brands over several palettes', () => {
    const brands = ['Padrón', 'Arturo Fuente', 'Oliva', 'My Father', 'Cohiba', 'Montecristo', 'Davidoff', 'Ashton', 'Perdomo', 'Rocky Patel'];
    expect(new Set(brands.map((b) => bandColours(b).paper)).size).toBeGreaterThanOrEqual(4);
  });
});

describe('CigarIllustration', () => {
  it('is one image named after the cigar, drawn with its wrapper and its brand\'s band', () => {
    const { container } = render(<CigarIllustration cigar={robusto} />);
    const img = screen.getByRole('img', { name: 'Illustration of Padrón 1964 Anniversary Exclusivo' });
    expect(img.tagName.toLowerCase()).toBe('svg');
    expect(img.getAttribute('data-wrapper-shade')).toBe('Maduro');
    expect(container.querySelector('[data-part="band"]')?.getAttribute('data-band')).toBe(bandColours('Padrón').paper);
    expect(container.querySelector('[data-part="foot"]')).not.toBeNull();
    expect(container.querySelector('[data-part="cap"]')).not.toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('gives each drawing its own gradient ids, so two on a page do not share them', () => {
    const { container } = render(<><CigarIllustration cigar={robusto} /><CigarIllustration cigar={{ ...robusto, wrapper: 'Connecticut Shade' }} /></>);
    const ids = [...container.querySelectorAll('linearGradient')].map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
