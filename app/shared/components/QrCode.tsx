import { useMemo } from 'react';
import { qrPath } from './qr-path';

interface QrCodeProps {
  /** What the code says (an address, usually). */
  value: string;
  /** Its printed side, any CSS length ('30mm', '8rem'). */
  size: string;
  /** What a screen reader says for it. */
  label: string;
}

/**
 * A QR code as inline SVG (login cards, issue 19; the venue's codes): black on white whatever the
 * theme, square edges between modules, so it prints crisply. Import it only from lazy screens: it
 * brings the QR library with it. `data-value` repeats what it says, so a test can read it without
 * decoding the image.
 */
export function QrCode({ value, size, label }: QrCodeProps) {
  const { size: modules, d } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      data-value={value}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
