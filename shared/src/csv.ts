/**
 * CSV formula injection (OWASP): text a spreadsheet would run as a formula starts with = + - @, tab or carriage
 * return. The humidor export prefixes such text with `'` (spreadsheets then show it as text) and the import
 * removes that prefix again, so an export imports back as it was.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text made safe to open in a spreadsheet. */
export const escapeFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** The text an escaped cell stood for (only a `'` before a formula start is the export's own). */
export const unescapeFormula = (text: string) => (text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text);
