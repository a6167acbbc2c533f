import { useId } from 'react';
import { QrImage } from '../../shared/components/QrImage.tsx';
import { t } from '../../shared/i18n/index.ts';
import { paths } from '../../shared/router.ts';
import { useReachableOrigin } from '../api/lan-origin.ts';
import { useCopyFromField } from '../shell/useCopyFromField.ts';

const words = t.dashboard.events.kioskLink;

/** The kiosk's address as a kiosk or a phone opens it: this server, at an origin other devices reach. */
export function kioskUrl(eventId: string, origin: string): string {
  return origin + paths.kiosk(eventId);
}

/** An event's kiosk link: the address to copy, and its QR code for a tablet's camera. */
export function KioskLink({ eventId, eventName }: { eventId: string; eventName: string }) {
  const url = kioskUrl(eventId, useReachableOrigin());
  const id = useId();
  const { input, copied, copy } = useCopyFromField(url);

  return (
    <div className="kiosk-link">
      <QrImage text={url} alt={words.qrAlt(eventName)} size={160} />
      <div className="kiosk-link-text">
        <div className="dfield">
          <label htmlFor={id}>{words.label}</label>
          <input
            ref={input}
            id={id}
            type="text"
            readOnly
            value={url}
            aria-describedby={`${id}-hint`}
            onFocus={(e) => e.target.select()}
          />
          <p id={`${id}-hint`} className="dfield-hint">
            {words.hint}
          </p>
        </div>
        <div className="dactions">
          <button type="button" className="dbutton" onClick={() => void copy()}>
            {words.copy}
          </button>
          <span role="status">
            {copied === 'yes' ? words.copied : copied === 'failed' ? words.copyFailed : ''}
          </span>
        </div>
      </div>
    </div>
  );
}
