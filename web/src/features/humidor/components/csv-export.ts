import { escapeFormula } from '@torcedor/shared/csv';
import type { HumidorItem } from '@torcedor/shared/schemas/humidor';

/**
 * One CSV cell: formula-like text prefixed with `'` (shared/src/csv.ts), then quoted (RFC 4180) when it holds
 * `"`, `,` or a line break. Numbers are written as numbers: a negative price stays -5.
 */
export const csvCell = (v: string | number | null) => {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  const s = escapeFormula(v);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** The collection as CSV, in the columns the import reads (so an export can be imported again). */
export function humidorCsv(items: HumidorItem[]): string {
  const head = ['name', 'brand', 'quantity', 'price', 'location', 'date', 'status', 'vitola', 'notes'];
  const rows = items.map((i) => [i.cigarName, i.brandName, i.quantity, i.pricePaid, i.location, i.boxDate, i.status, i.cigarVitola, i.notes].map(csvCell).join(','));
  return [head.join(','), ...rows].join('\r\n') + '\r\n';
}

export function downloadCsv(items: HumidorItem[]) {
  const url = URL.createObjectURL(new Blob([humidorCsv(items)], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: `torcedor-humidor-${new Date().toISOString().slice(0, 10)}.csv` });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
