import type { HumidorItem } from '@torcedor/shared/schemas/humidor';
import { describe, expect, it } from 'vitest';
import { csvCell, humidorCsv } from './csv-export';

const item = (over: Partial<HumidorItem>): HumidorItem => ({
  id: 'i1', cigarId: 'padron-1964-anniversary-series-exclusivo', currentPrice: null, readyOn: null, quantity: 2, location: null,
  status: 'owned', notes: null, pricePaid: null, boxDate: null, cigarImageUrl: null, brandName: 'Padrón',
  cigarName: '1964 Anniversary Series Exclusivo', brandCountry: 'Nicaragua', cigarVitola: 'Robusto', cigarLength: 5.5,
  cigarRingGauge: 50, cigarStrength: 'full', cigarWrapper: 'Nicaraguan Maduro', photos: [], averageRating: null, reviewCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z', ...over,
});

describe('CSV export: formula injection (OWASP)', () => {
  it('prefixes text starting with = + - @ with a single quote', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+44 20 7946 0000')).toBe("'+44 20 7946 0000");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('=')).toBe("'=");
  });
  it('prefixes text starting with a tab or a carriage return; the carriage return still forces quotes', () => {
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\r=1+1')).toBe('"\'\r=1+1"');
  });
  it('quotes as usual after the prefix: commas, doubled quotes, line breaks', () => {
    expect(csvCell('=HYPERLINK("http://evil.test","x")')).toBe('"\'=HYPERLINK(""http://evil.test"",""x"")"');
    expect(csvCell('-1,2')).toBe('"\'-1,2"');
    expect(csvCell('@a\nb')).toBe('"\'@a\nb"');
  });
  it('leaves text alone when the character is not the first one, or the cell is empty', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('Robusto - box of 25')).toBe('Robusto - box of 25');
    expect(csvCell('owner@torcedor.test')).toBe('owner@torcedor.test');
    expect(csvCell(" '=1")).toBe(" '=1");
    expect(csvCell("'=1")).toBe("'=1");
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
  });
  it('writes numbers as numbers: a negative price is not text', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(-0.5)).toBe('-0.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(14.5)).toBe('14.5');
  });
  it('escapes the text columns of a row and keeps the numeric ones', () => {
    const [, row] = humidorCsv([item({
      cigarName: '=cmd|"/c calc"!A0', brandName: '+Brand', quantity: 3, pricePaid: -12.5, location: '@shelf',
      boxDate: '2021-01-15', notes: '-rich, dark',
    })]).split('\r\n');
    expect(row).toBe('"\'=cmd|""/c calc""!A0",\'+Brand,3,-12.5,\'@shelf,2021-01-15,owned,Robusto,"\'-rich, dark"');
  });
  it('keeps the header and ordinary rows unchanged', () => {
    const csv = humidorCsv([item({ pricePaid: 14.5, location: 'Top tray', boxDate: '2021-01-15' })]);
    expect(csv).toBe('name,brand,quantity,price,location,date,status,vitola,notes\r\n'
      + '1964 Anniversary Series Exclusivo,Padrón,2,14.5,Top tray,2021-01-15,owned,Robusto,\r\n');
  });
});
