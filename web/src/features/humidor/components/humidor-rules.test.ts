import type { HumidorItem } from '@torcedor/shared/schemas/humidor';
import { describe, expect, it } from 'vitest';
import { humidorCsv } from './csv-export';
import { toPrice, toQuantity } from './edit-item-dialog';

const item = (over: Partial<HumidorItem>): HumidorItem => ({
  id: 'i1', cigarId: 'padron-1964-anniversary-series-exclusivo', currentPrice: null, readyOn: null, quantity: 2, location: null,
  status: 'owned', notes: null, pricePaid: null, boxDate: null, cigarImageUrl: null, brandName: 'Padrón',
  cigarName: '1964 Anniversary Series Exclusivo', brandCountry: 'Nicaragua', cigarVitola: 'Robusto', cigarLength: 5.5,
  cigarRingGauge: 50, cigarStrength: 'full', cigarWrapper: 'Nicaraguan Maduro', photos: [], averageRating: null, reviewCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z', ...over,
});

describe('humidor edit rules (docs/product.md, "Validation")', () => {
  it('quantity is a whole number of at least 0; empty or invalid becomes 0', () => {
    expect(toQuantity('7')).toBe(7);
    expect(toQuantity('0')).toBe(0);
    expect(toQuantity('')).toBe(0);
    expect(toQuantity('  ')).toBe(0);
    expect(toQuantity('-1')).toBe(0);
    expect(toQuantity('1.5')).toBe(0);
    expect(toQuantity('abc')).toBe(0);
  });
  it('price paid keeps cents and sends empty as null', () => {
    expect(toPrice('12.5')).toBe(12.5);
    expect(toPrice('9.999')).toBe(10);
    expect(toPrice('')).toBeNull();
    expect(toPrice('x')).toBeNull();
  });
});

describe('CSV export', () => {
  it('writes the columns the import reads, first', () => {
    const [head, row] = humidorCsv([item({ pricePaid: 14.5, location: 'Top tray', boxDate: '2021-01-15' })]).split('\r\n');
    expect(head).toBe('name,brand,quantity,price,location,date,status,vitola,notes');
    expect(row).toBe('1964 Anniversary Series Exclusivo,Padrón,2,14.5,Top tray,2021-01-15,owned,Robusto,');
  });
  it('quotes commas, quotes and line breaks', () => {
    const [, row] = humidorCsv([item({ notes: 'Rich, "dark"\nsmoke' })]).split('\r\n');
    expect(row).toBe('1964 Anniversary Series Exclusivo,Padrón,2,,,,owned,Robusto,"Rich, ""dark""\nsmoke"');
  });
});

describe('aging timeline', () => {
  it('shows the rest from box date to the ready date as a share, capped at both ends', async () => {
    const { restProgress } = await import('./item-card');
    expect(restProgress('2026-01-01', '2026-01-11', '2026-01-06')).toBe(50);
    expect(restProgress('2026-01-01', '2026-01-11', '2025-12-01')).toBe(0);
    expect(restProgress('2026-01-01', '2026-01-11', '2026-02-01')).toBe(100);
  });
  it('has no timeline without both dates, or with a ready date not after the box date', async () => {
    const { restProgress } = await import('./item-card');
    expect(restProgress(null, '2026-01-11', '2026-01-06')).toBeNull();
    expect(restProgress('2026-01-01', null, '2026-01-06')).toBeNull();
    expect(restProgress('2026-01-11', '2026-01-11', '2026-01-06')).toBeNull();
  });
});
