import { useEffect, useState } from 'react';

/** `text` as a QR code image. The encoder loads on first use: most screens never draw one. */
export function QrImage({ text, alt, size = 260 }: { text: string; alt: string; size?: number }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ toString: qrSvg }) => qrSvg(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then(
        (svg) => current && setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
        () => current && setSource(null),
      );
    return () => {
      current = false;
    };
  }, [text]);
  // The box keeps its size while the code is drawn, so nothing below it jumps.
  return source ? (
    <img src={source} alt={alt} width={size} height={size} data-qr-text={text} />
  ) : (
    <span className="qr-placeholder" style={{ width: size, height: size }} />
  );
}
