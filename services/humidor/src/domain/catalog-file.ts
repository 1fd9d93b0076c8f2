import { CatalogBrand, CatalogCigar, CatalogLounge } from '@torcedor/shared/schemas/catalog';
import * as z from 'zod';
import { csvRecords } from './csv.ts';

export interface CatalogRows { brands: CatalogBrand[]; cigars: CatalogCigar[]; lounges: CatalogLounge[] }
export interface RowError { line: number; where: string; message: string }
type Kind = keyof CatalogRows;
const schemas = { brands: CatalogBrand, cigars: CatalogCigar, lounges: CatalogLounge } as const;

/** Line number (1-based) where each element of each top-level array of a JSON document starts. */
function elementLines(text: string): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  const top = text.trimStart().startsWith('[');
  let line = 1; let depth = 0; let inStr = false; let str = ''; let lastStr = ''; let key = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inStr) {
      if (ch === '\\') { str += text[i + 1] ?? ''; i++; continue; }
      if (ch === '"') { inStr = false; lastStr = str; } else str += ch;
      continue;
    }
    if (ch === '\n') line++;
    else if (ch === '"') { inStr = true; str = ''; } else if (ch === ':' && depth === 1) key = lastStr;
    else if (ch === '{' || ch === '[') {
      depth++;
      if (ch === '{' && depth === (top ? 2 : 3)) (out[top ? '' : key] ??= []).push(line);
    } else if (ch === '}' || ch === ']') depth--;
  }
  return out;
}

function guessCsvKind(headers: string[]): Kind {
  if (headers.includes('brandid')) return 'cigars';
  if (headers.includes('city')) return 'lounges';
  return 'brands';
}

const num = (s: string) => (s === '' ? undefined : Number(s));

/**
 * Parses a curator's catalog file: JSON ({brands, cigars, lounges} or one array with `kind`) or CSV
 * (one kind per file, the schema's field names as headers). Every row is validated; a file with any
 * bad row yields its errors by line and no rows, so nothing of it is imported.
 */
export function parseCatalogFile(text: string, format: 'json' | 'csv', opts: { kind?: Kind; existingBrandIds?: ReadonlySet<string> } = {}): { rows: CatalogRows; errors: RowError[] } {
  const { kind } = opts;
  const rows: CatalogRows = { brands: [], cigars: [], lounges: [] };
  const errors: RowError[] = [];
  const take = (k: Kind, raw: unknown, line: number, where: string) => {
    const r = (schemas[k] as z.ZodType).safeParse(raw);
    if (r.success) (rows[k] as unknown[]).push(r.data);
    else for (const i of r.error.issues) errors.push({ line, where: `${where}${i.path.length ? `.${i.path.join('.')}` : ''}`, message: i.message });
  };
  if (format === 'json') {
    let doc: unknown;
    try { doc = JSON.parse(text); } catch (e) { return { rows, errors: [{ line: 1, where: 'file', message: `Not valid JSON: ${(e as Error).message}` }] }; }
    const lines = elementLines(text);
    const groups: [Kind, unknown[]][] = Array.isArray(doc)
      ? [[kind ?? 'cigars', doc]]
      : (Object.keys(schemas) as Kind[]).flatMap((k) => {
        const v = (doc as Record<string, unknown>)?.[k];
        return Array.isArray(v) ? [[k, v] as [Kind, unknown[]]] : [];
      });
    if (!groups.length) errors.push({ line: 1, where: 'file', message: 'Expected an object with brands, cigars or lounges arrays' });
    for (const [k, list] of groups) list.forEach((raw, i) => take(k, raw, (Array.isArray(doc) ? lines[''] : lines[k])?.[i] ?? 1, `${k}[${i}]`));
  } else {
    const records = csvRecords(text);
    const k = kind ?? guessCsvKind(Object.keys(records[0]?.record ?? {}));
    for (const { line, record } of records) {
      const raw: Record<string, unknown> = {};
      for (const field of (schemas[k] as unknown as z.ZodObject).keyof().options as string[]) {
        const v = record[field.toLowerCase()];
        if (v === undefined || v === '') continue;
        raw[field] = field === 'length' || field === 'ringGauge' ? num(v) : v;
      }
      take(k, raw, line, k);
    }
  }
  const brandIds = new Set([...(opts.existingBrandIds ?? []), ...rows.brands.map((b) => b.id)]);
  rows.cigars.forEach((c, i) => {
    if (!brandIds.has(c.brandId)) errors.push({ line: 0, where: `cigars[${i}].brandId`, message: `Unknown brand ${c.brandId}` });
  });
  const seen = new Set<string>();
  for (const k of Object.keys(rows) as Kind[]) {
    for (const r of rows[k]) {
      if (seen.has(`${k}:${r.id}`)) errors.push({ line: 0, where: `${k}`, message: `Duplicate id ${r.id}` });
      seen.add(`${k}:${r.id}`);
    }
  }
  return errors.length ? { rows: { brands: [], cigars: [], lounges: [] }, errors } : { rows, errors };
}
