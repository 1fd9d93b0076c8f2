import { unescapeFormula } from '@torcedor/shared/csv';

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF. Returns rows with their 1-based line. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') { quoted = false; } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === ',') { cells.push(cell); cell = ''; } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      cells.push(cell);
      if (cells.some((c) => c.trim() !== '')) rows.push({ line: rowLine, cells });
      cells = []; cell = ''; line++; rowLine = line;
    } else cell += ch;
  }
  cells.push(cell);
  if (cells.some((c) => c.trim() !== '')) rows.push({ line: rowLine, cells });
  return rows;
}

/** Rows as objects keyed by the lower-cased header names, with their line numbers; an export's formula escape is undone. */
export function csvRecords(text: string): { line: number; record: Record<string, string> }[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const names = header.cells.map((h) => h.trim().toLowerCase());
  return rows.map((r) => ({ line: r.line, record: Object.fromEntries(names.map((n, i) => [n, unescapeFormula((r.cells[i] ?? '').trim())])) }));
}
