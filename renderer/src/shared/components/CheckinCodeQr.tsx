import { CHECKIN_QR_PREFIX } from '../api/vocabulary.ts';
import { groupedCheckinCode } from '../checkin-code.ts';
import { QrImage } from './QrImage.tsx';

/**
 * A registration's check-in code as the QR code a kiosk or the desk scans (`ARV1:<code>`), with the code written
 * under it for a scanner-less desk to type.
 */
export function CheckinCodeQr({
  code,
  alt,
  caption,
  size,
}: {
  code: string;
  alt: string;
  caption: string;
  size?: number;
}) {
  return (
    <figure className="checkin-qr" data-testid="checkin-qr" data-code={code}>
      <QrImage text={`${CHECKIN_QR_PREFIX}${code}`} alt={alt} size={size} />
      <figcaption>
        <span className="checkin-qr-caption">{caption}</span>
        <code className="checkin-qr-code">{groupedCheckinCode(code)}</code>
      </figcaption>
    </figure>
  );
}
