import { plural, t } from '@lingui/core/macro';
import { IMPORT_MAX_ROWS, type ImportRow } from '@torcedor/shared/schemas/humidor';

/** The rows in order, in calls of at most `size` (the import's limit): each call is all or nothing on the server. */
export function chunkRows<T>(rows: readonly T[], size: number = IMPORT_MAX_ROWS): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a whole number of at least 1');
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}

/** How an import went: of `total` rows, the first `imported` are stored; `error` says why the rest are not. */
export interface ImportOutcome { total: number; imported: number; error?: string }

/**
 * Imports `rows` from index `from` on (the rows before it have already landed), one chunk after another:
 * the next is sent only once the previous one is stored, and the first refused chunk stops the run, so what
 * landed is always rows 1 to `imported`.
 */
export async function importInChunks(
  rows: readonly ImportRow[],
  send: (chunk: ImportRow[]) => Promise<unknown>,
  { from = 0, onProgress, reason }: { from?: number; onProgress?: (imported: number) => void; reason: (error: unknown) => string },
): Promise<ImportOutcome> {
  let imported = from;
  for (const chunk of chunkRows(rows.slice(from))) {
    try {
      await send(chunk);
    } catch (err) {
      return { total: rows.length, imported, error: reason(err) };
    }
    imported += chunk.length;
    onProgress?.(imported);
  }
  return { total: rows.length, imported };
}

/**
 * What landed and what did not, in the member's words (rows count from 1 among the importable rows);
 * `firstLeftLine` is the file's line of the first row not imported, when known. Read in the active language.
 */
export function importSummary({ total, imported, error }: ImportOutcome, firstLeftLine?: number): string {
  if (error === undefined) return t({ message: plural(imported, { one: 'Imported # row.', other: 'Imported # rows.' }) });
  const first = imported + 1;
  const line = firstLeftLine;
  const rest = first === total
    ? (line === undefined ? t`Row ${first} was not imported: ${error}` : t`Row ${first} (from line ${line} of the file) was not imported: ${error}`)
    : (line === undefined ? t`Rows ${first}–${total} were not imported: ${error}` : t`Rows ${first}–${total} (from line ${line} of the file) were not imported: ${error}`);
  if (imported === 0) return t`Nothing was imported. ${rest}`;
  return imported === 1 ? t`Imported 1 of ${total} rows (row 1). ${rest}` : t`Imported ${imported} of ${total} rows (rows 1–${imported}). ${rest}`;
}
