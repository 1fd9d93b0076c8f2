import { csvRecords } from './csv.ts';
import { normalize, type SearchIndex } from './search.ts';

interface CigarLike { id: string; brandName: string; name: string }
export interface PreviewRow {
  line: number;
  input: { name: string; brand: string; quantity: string; price: string; location: string; date: string };
  match: { cigarId: string; brandName: string; cigarName: string } | null;
  errors: string[];
}

const COLUMNS = ['name', 'brand', 'quantity', 'price', 'location', 'date'] as const;

/**
 * Reads a humidor CSV with Cigar Scanner-style columns (name, brand, quantity, price, location, date)
 * and matches each row against the catalog: the best search hit whose brand is the row's brand.
 */
export function previewImport<T extends CigarLike>(csv: string, index: SearchIndex<T>): PreviewRow[] {
  return csvRecords(csv).map(({ line, record }) => {
    const input = Object.fromEntries(COLUMNS.map((c) => [c, record[c] ?? ''])) as PreviewRow['input'];
    const errors: string[] = [];
    if (!input.name && !input.brand) errors.push('Name and brand are empty');
    const q = input.quantity === '' ? 1 : Number(input.quantity);
    if (!Number.isInteger(q) || q < 1) errors.push('Quantity must be a whole number of at least 1');
    if (input.price !== '' && !(Number(input.price.replace(/^\$/, '')) >= 0)) errors.push('Price must be a number');
    if (input.date !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(input.date)) errors.push('Date must be YYYY-MM-DD');
    const brand = normalize(input.brand);
    const hit = index.search(`${input.brand} ${input.name}`, 10).find((c) => !brand || normalize(c.brandName).includes(brand) || brand.includes(normalize(c.brandName)));
    if (!hit) errors.push('No matching cigar in the catalog');
    return { line, input, match: hit ? { cigarId: hit.id, brandName: hit.brandName, cigarName: hit.name } : null, errors };
  });
}
