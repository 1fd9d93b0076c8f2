import { ImportBody, ImportRow } from '@torcedor/shared/schemas/humidor';
import { describe, expect, it } from 'vitest';
import { importRowInput, previewImport } from '../src/domain/member-import.ts';
import { SearchIndex } from '../src/domain/search.ts';

const cigars = [
  { id: 'padron-1964-exclusivo', brandName: 'Padrón', name: '1964 Anniversary Series Exclusivo' },
  { id: 'padron-2000', brandName: 'Padrón', name: '2000 Natural' },
];
const index = new SearchIndex(cigars.map((c) => ({ id: c.id, value: c, sortName: `${c.brandName} ${c.name}`, fields: [{ text: c.brandName, weight: 3 }, { text: c.name, weight: 3 }] })));
const csv = (...rows: string[]) => ['name,brand,quantity,price,location,date', ...rows].join('\n');
const one = (row: string) => previewImport(csv(row), index)[0]!;
/** What POST /api/humidor/import says of this row alone: the body schema it parses. */
const importTakes = (row: Record<string, unknown>) => ImportBody.safeParse({ rows: [row] }).success;

describe('CSV import preview: one row rule with the import', () => {
  it.each([
    // [what, csv row, importable, message]
    ['a plain row', '1964 Exclusivo,Padron,2,18.50,Top tray,2024-05-01', true, null],
    ['empty optional cells (quantity 1)', '1964 Exclusivo,Padron,,,,', true, null],
    ['a $ price', '1964 Exclusivo,Padron,1,$18.50,,', true, null],
    ['a price of 0', '1964 Exclusivo,Padron,1,0,,', true, null],
    ['the highest price', '1964 Exclusivo,Padron,1,1000000,,', true, null],
    ['a leap day', '1964 Exclusivo,Padron,1,,,2024-02-29', true, null],
    ['10,000 sticks', '1964 Exclusivo,Padron,10000,,,', true, null],
    ['an 80-character location', `1964 Exclusivo,Padron,1,,${'x'.repeat(80)},`, true, null],
    ['a date that does not exist (2024-02-30)', '1964 Exclusivo,Padron,1,,,2024-02-30', false, 'Date must be an existing date (YYYY-MM-DD)'],
    ['29 February of a common year', '1964 Exclusivo,Padron,1,,,2023-02-29', false, 'Date must be an existing date (YYYY-MM-DD)'],
    ['month 13', '1964 Exclusivo,Padron,1,,,2024-13-01', false, 'Date must be an existing date (YYYY-MM-DD)'],
    ['a US date', '1964 Exclusivo,Padron,1,,,05/01/2024', false, 'Date must be an existing date (YYYY-MM-DD)'],
    ['a price with 3 decimals (18.505)', '1964 Exclusivo,Padron,1,18.505,,', false, 'Price has at most 2 decimals'],
    ['a negative price', '1964 Exclusivo,Padron,1,-1,,', false, 'Price cannot be negative'],
    ['a price over the limit', '1964 Exclusivo,Padron,1,1000000.01,,', false, null],
    ['a price in words', '1964 Exclusivo,Padron,1,cheap,,', false, 'Price must be a number'],
    ['a hexadecimal price', '1964 Exclusivo,Padron,1,0x10,,', false, 'Price must be a number'],
    ['quantity 0', '1964 Exclusivo,Padron,0,,,', false, 'Quantity must be at least 1'],
    ['quantity 1.5', '1964 Exclusivo,Padron,1.5,,,', false, 'Quantity must be a whole number'],
    ['quantity "two"', '1964 Exclusivo,Padron,two,,,', false, 'Quantity must be a whole number'],
    ['quantity 10,001', '1964 Exclusivo,Padron,10001,,,', false, 'Quantity is at most 10,000'],
    ['an 81-character location', `1964 Exclusivo,Padron,1,,${'x'.repeat(81)},`, false, 'Location is at most 80 characters'],
    ['no catalog match', 'Unknown Stick,Nobody,1,,,', false, 'No matching cigar in the catalog'],
  ])('%s', (_what, line, importable, message) => {
    const r = one(line);
    // The preview's verdict is the import's verdict, row by row.
    expect(r.errors.length === 0).toBe(importable);
    expect(r.row !== null).toBe(importable);
    expect(importTakes(importRowInput(r.input, r.match?.cigarId ?? 'padron-1964-exclusivo'))).toBe(importable || r.match === null);
    if (r.row) expect(ImportBody.parse({ rows: [r.row] }).rows[0]).toEqual(r.row);
    if (message) expect(r.errors).toContain(message);
    if (!importable) expect(r.errors.length).toBeGreaterThan(0);
  });

  it('gives the import exactly the values the member wrote (no rounding of 18.505, no dropped $ price)', () => {
    expect(one('1964 Exclusivo,Padron,2,$18.50,Top tray,2024-05-01').row).toEqual({ cigarId: 'padron-1964-exclusivo', quantity: 2, pricePaid: 18.5, location: 'Top tray', boxDate: '2024-05-01' });
    expect(one('2000 Natural,Padron,,,,').row).toEqual({ cigarId: 'padron-2000', quantity: 1, pricePaid: null, location: null, boxDate: null });
    expect(one('1964 Exclusivo,Padron,1,18.505,,').row).toBeNull();
  });

  it('reports every field problem of a row, including those of an unmatched row', () => {
    expect(one('Unknown Stick,Nobody,0,18.505,,2024-02-30').errors).toEqual([
      'No matching cigar in the catalog', 'Quantity must be at least 1', 'Price has at most 2 decimals', 'Date must be an existing date (YYYY-MM-DD)',
    ]);
  });

  it('the import body takes at most 90 rows, of the same row schema', () => {
    const row = ImportRow.parse({ cigarId: 'padron-2000', quantity: 1, pricePaid: null, location: null, boxDate: null });
    expect(ImportBody.safeParse({ rows: Array.from({ length: 90 }, () => row) }).success).toBe(true);
    expect(ImportBody.safeParse({ rows: Array.from({ length: 91 }, () => row) }).success).toBe(false);
    expect(ImportBody.safeParse({ rows: [{ ...row, boxDate: '2024-02-30' }] }).success).toBe(false);
    expect(ImportBody.safeParse({ rows: [{ ...row, pricePaid: 18.505 }] }).success).toBe(false);
  });
});
