import QRCode from 'qrcode';
import { useMemo } from 'react';

/** Light margin around the code, in modules: scanners need four to find its edges. */
const QUIET_ZONE = 4;

/**
 * A QR code drawn as SVG in the page: the `otpauth://` address never leaves the browser (no image
 * service), and the dark modules stay black on white in the dark theme so phone cameras read it.
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const path = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
      }
    }
    return { d, extent: modules.size + QUIET_ZONE * 2 };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="two-factor-qr"
      width={size}
      height={size}
      viewBox={`0 0 ${path.extent} ${path.extent}`}
      shapeRendering="crispEdges"
      className="rounded-md"
    >
      <rect width={path.extent} height={path.extent} fill="#ffffff" />
      <path d={path.d} fill="#000000" />
    </svg>
  );
}
