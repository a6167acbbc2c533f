import { useId, type ReactNode } from 'react';
import { WarningIcon } from '../../shared/components/Icons.tsx';
import { QrImage } from '../../shared/components/QrImage.tsx';
import { t } from '../../shared/i18n/index.ts';
import type { Reach } from '../api/lan-origin.ts';
import { useCopyFromField } from '../shell/useCopyFromField.ts';

/**
 * An address to hand to other devices (a kiosk's, the event page's): its QR code, the address to copy, and a warning
 * when no other device can open it (`reach.unreachable`). `children` are more buttons beside Copy.
 */
export function ShareLink({
  url,
  unreachable,
  label,
  hint,
  qrAlt,
  children,
}: {
  url: string;
  unreachable: Reach['unreachable'];
  label: string;
  hint: string;
  qrAlt: string;
  children?: ReactNode;
}) {
  const id = useId();
  const { input, copied, copy } = useCopyFromField(url);
  const words = t.dashboard.events.share;
  return (
    <div className="kiosk-link">
      <QrImage text={url} alt={qrAlt} size={160} />
      <div className="kiosk-link-text">
        <div className="dfield">
          <label htmlFor={id}>{label}</label>
          <input
            ref={input}
            id={id}
            type="text"
            readOnly
            value={url}
            aria-describedby={`${id}-hint${unreachable ? ` ${id}-unreachable` : ''}`}
            onFocus={(e) => e.target.select()}
          />
          <p id={`${id}-hint`} className="dfield-hint">
            {hint}
          </p>
        </div>
        {unreachable && (
          <p id={`${id}-unreachable`} className="share-unreachable" data-testid="share-unreachable">
            <WarningIcon size={20} />
            <span>{unreachable === 'no-network' ? words.noNetwork : words.thisMachineOnly}</span>
          </p>
        )}
        <div className="dactions">
          <button type="button" className="dbutton" onClick={() => void copy()}>
            {words.copy}
          </button>
          {children}
          <span role="status">
            {copied === 'yes' ? words.copied : copied === 'failed' ? words.copyFailed : ''}
          </span>
        </div>
      </div>
    </div>
  );
}
