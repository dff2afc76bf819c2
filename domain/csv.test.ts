import { describe, expect, it } from 'vitest';
import { makeCsv, type CsvCell } from './csv';

/** RFC 4180 as a spreadsheet reads it: quoted cells may hold commas, quotes and line breaks. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/u, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted && c === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

describe('makeCsv: hostile names stay in their cell and never run', () => {
  const hostile: { name: string; value: string; reads: string }[] = [
    { name: 'CR LF', value: 'x\r\n012 PWNED', reads: 'x\r\n012 PWNED' },
    { name: 'comma', value: 'Carlsen, Magnus', reads: 'Carlsen, Magnus' },
    { name: 'quotes', value: 'Bob "the rook" Ray', reads: 'Bob "the rook" Ray' },
    { name: 'formula =', value: '=cmd|\' /C calc\'!A0', reads: '\'=cmd|\' /C calc\'!A0' },
    { name: 'formula +', value: '+1+1', reads: '\'+1+1' },
    { name: 'formula -', value: '-2+3', reads: '\'-2+3' },
    { name: 'formula @', value: '@SUM(A1:A9)', reads: '\'@SUM(A1:A9)' },
    { name: 'formula after a tab', value: '\t=1+1', reads: '\'\t=1+1' },
    { name: 'formula after a CR', value: '\r=1+1', reads: '\'\r=1+1' },
    { name: 'right-to-left override', value: '\u202Eevil', reads: '\u202Eevil' },
    { name: 'very long', value: 'n'.repeat(5000), reads: 'n'.repeat(5000) },
  ];
  it.each(hostile)('$name', ({ value, reads }) => {
    const text = makeCsv([['Name', 'Rating'], [value, 1500], ['next', -3]]);
    expect(readCsv(text)).toEqual([['Name', 'Rating'], [reads, '1500'], ['next', '-3']]);
  });

  it('writes empty cells for null, undefined and non-finite numbers, CRLF line ends and a BOM', () => {
    const rows: CsvCell[][] = [['a', null, undefined, Number.NaN, 0]];
    expect(makeCsv(rows)).toBe('\uFEFFa,,,,0\r\n');
  });
});
