import qrcode from 'qrcode-generator';
import { describe, expect, it } from 'vitest';
import { QR_QUIET_ZONE, qrPath } from './qr-path';

/** The dark cells the path paints, read back from its `M x y h w v1 h-w z` runs. */
function paintedCells(d: string): Set<string> {
  const cells = new Set<string>();
  for (const [, x, y, width] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let dx = 0; dx < Number(width); dx += 1) cells.add(`${Number(x) + dx},${y}`);
  }
  return cells;
}

/** The dark cells of the library's own code for `bytes` (a string of one byte a character), moved into the quiet zone. */
function libraryCells(bytes: string): Set<string> {
  const code = qrcode(0, 'M');
  code.addData(bytes, 'Byte');
  code.make();
  const cells = new Set<string>();
  const count = code.getModuleCount();
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) if (code.isDark(row, col)) cells.add(`${col + QR_QUIET_ZONE},${row + QR_QUIET_ZONE}`);
  }
  return cells;
}

describe('a QR code as one SVG path', () => {
  it.each([
    ['a login card of a long school address', 'https://chess.sunrise-primary.example.org/login?with=username&u=ChildAKumar20', 37],
    ['a short address', 'https://a.example/login?with=username', 29],
  ])('%s stays small enough to print at 24 mm (0.5 mm a module or more)', (_, value, largestSide) => {
    const { size } = qrPath(value);
    expect(size).toBeLessThanOrEqual(largestSide + 2 * QR_QUIET_ZONE);
  });

  it('paints exactly the dark modules of the code, inside the quiet zone', () => {
    const value = 'https://chess.school.example/login?with=username&u=AnnaS2';
    const { size, d } = qrPath(value);
    expect(size).toBe(33 + 2 * QR_QUIET_ZONE); // version 4
    expect(d).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
    expect(paintedCells(d)).toEqual(libraryCells(value));
  });

  it('encodes text as UTF-8 (what readers expect), not one byte a character', () => {
    expect(paintedCells(qrPath('Zoë').d)).toEqual(libraryCells('Zo\u00c3\u00ab')); // its UTF-8 bytes
    expect(paintedCells(qrPath('Zoë').d)).not.toEqual(libraryCells('Zo\u00eb'));
  });
});
