import { useEffect, useState } from 'react';
import { t } from '../i18n/index.ts';

/** The registration's redirect URL as a QR code: the kiosk never leaves its own page, a phone carries on. */
export function RedirectQr({ url }: { url: string }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    // The QR encoder is only needed for an event with a redirect: it loads then.
    import('qrcode')
      .then(({ toString: qrSvg }) => qrSvg(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then(
        (svg) => current && setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
        () => current && setSource(null),
      );
    return () => {
      current = false;
    };
  }, [url]);

  return (
    <figure className="redirect-qr" data-testid="redirect-qr" data-url={url}>
      {source && <img src={source} alt={t.register.redirectImage} width={260} height={260} />}
      <figcaption>{t.register.redirectPrompt}</figcaption>
    </figure>
  );
}
