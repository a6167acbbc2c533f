import { QrImage } from '../../shared/components/QrImage.tsx';
import { t } from '../../shared/i18n/index.ts';

/** The registration's redirect URL as a QR code: the kiosk never leaves its own page, a phone carries on. */
export function RedirectQr({ url }: { url: string }) {
  return (
    <figure className="redirect-qr" data-testid="redirect-qr" data-url={url}>
      <QrImage text={url} alt={t.register.redirectImage} />
      <figcaption>{t.register.redirectPrompt}</figcaption>
    </figure>
  );
}
