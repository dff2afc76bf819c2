import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import qrcode from 'qrcode-generator';
import { useMemo } from 'react';
import { playerLink } from './my-board';

/** The quiet zone scanners need around the code, in modules (the QR standard asks for 4). */
const QUIET_ZONE = 4;

/** The dark modules of `text`'s QR code as one SVG path, one unit per module. */
function qrPath(text: string): { size: number; d: string } {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  let d = '';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (code.isDark(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: count + QUIET_ZONE * 2, d };
}

/**
 * A QR code for a tournament's address, drawn as inline SVG (sharp at any size, on paper too).
 * Always black on white, whatever the theme: several phone scanners do not read inverted codes.
 * Imported by the lazy projector and print screens only, so the library stays out of the first visit.
 */
export function TournamentQr({ url, label }: { url: string; label: string }) {
  const { size, d } = useMemo(() => qrPath(url), [url]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" xmlns="http://www.w3.org/2000/svg">
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}

/** The venue's code (projector, pairings sheet): this tournament on a player's phone, 'My board' first. */
export function PlayerQr({ tournamentId }: { tournamentId: number }) {
  // Drawn outside a browser (the print sheets' tests render to a string, with no Lingui provider),
  // the code holds the path only and the label is read from Lingui's instance.
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return <TournamentQr url={playerLink(origin, tournamentId)} label={i18n._(msg`QR code: scan to see your board on your phone`)} />;
}
