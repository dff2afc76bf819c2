import qrcode from 'qrcode-generator';

/** The light margin a reader needs around the code, in modules (ISO/IEC 18004 asks for 4). */
export const QR_QUIET_ZONE = 4;

/**
 * A QR code (error correction 'M': readable with about 15% of it smudged or folded) as one SVG
 * path of its dark modules, in a square of `size` modules with the quiet zone included. One
 * rectangle per run of dark modules in a row, on whole units, so the code prints crisply at any
 * scale and without a canvas.
 */
export function qrPath(value: string): { size: number; d: string } {
  const code = qrcode(0, 'M');
  // The library reads a string as Latin-1 (one byte a character); QR readers expect UTF-8.
  code.addData(String.fromCharCode(...new TextEncoder().encode(value)), 'Byte');
  code.make();
  const count = code.getModuleCount();
  const runs: string[] = [];
  for (let row = 0; row < count; row += 1) {
    let col = 0;
    while (col < count) {
      if (!code.isDark(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < count && code.isDark(row, col)) col += 1;
      runs.push(`M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${col - start}v1h-${col - start}z`);
    }
  }
  return { size: count + 2 * QR_QUIET_ZONE, d: runs.join('') };
}
