import { IMPORT_MAX_ROWS, type ImportRow } from '@torcedor/shared/schemas/humidor';
import { describe, expect, it } from 'vitest';
import { chunkRows, importInChunks, importSummary } from './import-chunks';

const rows = (n: number): ImportRow[] => Array.from({ length: n }, (_, i) => ({ cigarId: `c${i + 1}`, quantity: 1, pricePaid: null, location: null, boxDate: null }));
const reason = (err: unknown) => (err as Error).message;

describe('CSV import in chunks', () => {
  it('splits rows in order into calls of at most 90', () => {
    expect(IMPORT_MAX_ROWS).toBe(90);
    expect(chunkRows(rows(0))).toEqual([]);
    expect(chunkRows(rows(90)).map((c) => c.length)).toEqual([90]);
    expect(chunkRows(rows(91)).map((c) => c.length)).toEqual([90, 1]);
    expect(chunkRows(rows(250)).map((c) => c.length)).toEqual([90, 90, 70]);
    expect(chunkRows(rows(250)).flat()).toEqual(rows(250));
    expect(() => chunkRows(rows(3), 0)).toThrow(RangeError);
  });

  it('sends one chunk after another, never two at once, and reports all landed', async () => {
    const sent: number[] = [];
    let inFlight = 0;
    const progress: number[] = [];
    const outcome = await importInChunks(rows(250), async (chunk) => {
      expect(++inFlight).toBe(1);
      await new Promise((r) => setTimeout(r, 1));
      sent.push(chunk.length);
      inFlight--;
    }, { reason, onProgress: (n) => progress.push(n) });
    expect(sent).toEqual([90, 90, 70]);
    expect(progress).toEqual([90, 180, 250]);
    expect(outcome).toEqual({ total: 250, imported: 250 });
    expect(importSummary(outcome)).toBe('Imported 250 rows.');
  });

  it('stops at the first refused chunk and says exactly what landed', async () => {
    const sent: string[] = [];
    const outcome = await importInChunks(rows(250), async (chunk) => {
      sent.push(chunk[0]!.cigarId);
      if (sent.length === 2) throw new Error('Your humidor is full');
    }, { reason });
    expect(sent).toEqual(['c1', 'c91']); // the third chunk is never sent
    expect(outcome).toEqual({ total: 250, imported: 90, error: 'Your humidor is full' });
    expect(importSummary(outcome)).toBe('Imported 90 of 250 rows (rows 1–90). Rows 91–250 were not imported: Your humidor is full');
    expect(importSummary(outcome, 96)).toBe('Imported 90 of 250 rows (rows 1–90). Rows 91–250 (from line 96 of the file) were not imported: Your humidor is full');
  });

  it('resumes after the rows that landed', async () => {
    const sent: string[] = [];
    const outcome = await importInChunks(rows(250), async (chunk) => { sent.push(`${chunk[0]!.cigarId}+${chunk.length}`); }, { from: 180, reason });
    expect(sent).toEqual(['c181+70']);
    expect(outcome).toEqual({ total: 250, imported: 250 });
  });

  it('words a refusal of the first chunk, and a single row left', () => {
    expect(importSummary({ total: 40, imported: 0, error: 'Free members keep up to 20 cigars' })).toBe('Nothing was imported. Rows 1–40 were not imported: Free members keep up to 20 cigars');
    expect(importSummary({ total: 91, imported: 90, error: 'Unknown cigar' })).toBe('Imported 90 of 91 rows (rows 1–90). Row 91 was not imported: Unknown cigar');
    expect(importSummary({ total: 1, imported: 1 })).toBe('Imported 1 row.');
  });
});
