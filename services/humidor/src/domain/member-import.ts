import { ImportRow } from '@torcedor/shared/schemas/humidor';
import { csvRecords } from './csv.ts';
import { normalize, type SearchIndex } from './search.ts';

interface CigarLike { id: string; brandName: string; name: string }
export interface PreviewRow {
  line: number;
  input: { name: string; brand: string; quantity: string; price: string; location: string; date: string };
  match: { cigarId: string; brandName: string; cigarName: string } | null;
  errors: string[];
  /** What the import takes for this row (ImportRow's output): present exactly when there are no errors. */
  row: ImportRow | null;
}

const COLUMNS = ['name', 'brand', 'quantity', 'price', 'location', 'date'] as const;
const DECIMAL = /^[+-]?\d+(\.\d+)?$/;

/**
 * A CSV row's text as ImportRow's input: numbers only when the cell is a plain decimal (a '$' before a price
 * is allowed), else the text itself, so that ImportRow refuses it with its own message; empty cells are the
 * defaults (quantity 1, no price, location or date).
 */
export function importRowInput(input: PreviewRow['input'], cigarId: string): Record<string, unknown> {
  const price = input.price.replace(/^\$\s*/, '');
  return {
    cigarId,
    quantity: input.quantity === '' ? 1 : DECIMAL.test(input.quantity) ? Number(input.quantity) : input.quantity,
    pricePaid: input.price === '' ? null : DECIMAL.test(price) ? Number(price) : input.price,
    location: input.location,
    boxDate: input.date === '' ? null : input.date,
  };
}

/**
 * Reads a humidor CSV with Cigar Scanner-style columns (name, brand, quantity, price, location, date)
 * and matches each row against the catalog: the best search hit whose brand is the row's brand. Each row is
 * then checked with ImportRow, the import body's own row schema, so a row shown as importable is one the
 * import takes, and a refused row shows the schema's messages.
 */
export function previewImport<T extends CigarLike>(csv: string, index: SearchIndex<T>): PreviewRow[] {
  return csvRecords(csv).map(({ line, record }) => {
    const input = Object.fromEntries(COLUMNS.map((c) => [c, record[c] ?? ''])) as PreviewRow['input'];
    const errors: string[] = [];
    if (!input.name && !input.brand) errors.push('Name and brand are empty');
    const brand = normalize(input.brand);
    const hit = index.search(`${input.brand} ${input.name}`, 10).find((c) => !brand || normalize(c.brandName).includes(brand) || brand.includes(normalize(c.brandName)));
    if (!hit) errors.push('No matching cigar in the catalog');
    const parsed = ImportRow.safeParse(importRowInput(input, hit?.id ?? ''));
    if (!parsed.success) {
      // Without a match the cigar id is the one above; the other fields are still checked.
      for (const issue of parsed.error.issues) if (hit || issue.path[0] !== 'cigarId') errors.push(issue.message);
    }
    const match = hit ? { cigarId: hit.id, brandName: hit.brandName, cigarName: hit.name } : null;
    return { line, input, match, errors, row: parsed.success && !errors.length ? parsed.data : null };
  });
}
