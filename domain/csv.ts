/**
 * CSV for spreadsheets (RFC 4180): `makeCsv` writes rows that Excel, LibreOffice and Google Sheets
 * open as the same cells, and that cannot run as formulas. Every export that writes CSV (class
 * lists, standings) goes through it. Pure, no side effects.
 */

export type CsvCell = string | number | null | undefined;

/**
 * A cell that a spreadsheet would read as a formula ('=cmd|...', '+1+1', '-2+3', '@SUM(...)', or one
 * after a tab or CR) gets a leading apostrophe, as OWASP's CSV injection advice has it; plain
 * numbers written as numbers are left alone ('-3' stays a number).
 */
const FORMULA_START = /^[=+\-@\t\r]/u;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  // Quoted when it holds a separator, a quote or a line break; quotes inside are doubled.
  return /[",\r\n]/u.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as CSV text: comma-separated, CRLF line ends, a UTF-8 byte order mark for Excel. */
export function makeCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
