import { useId } from 'react';
import { ErrorIcon, SuccessIcon, WarningIcon } from '../../shared/components/Icons.tsx';
import { QrImage } from '../../shared/components/QrImage.tsx';
import { t } from '../../shared/i18n/index.ts';
import { paths } from '../../shared/router.ts';
import type { DashboardEvent } from '../api/events.ts';
import { useReachableOrigin } from '../api/lan-origin.ts';
import { useCopyFromField } from '../shell/useCopyFromField.ts';
import { kioskReadiness, type ReadinessItem } from './kiosk-readiness.ts';

const words = { ...t.dashboard.events.kioskLink, readiness: t.dashboard.events.readiness };

/** The kiosk's address as a kiosk or a phone opens it: this server, at an origin other devices reach. */
export function kioskUrl(eventId: string, origin: string): string {
  return origin + paths.kiosk(eventId);
}

const READINESS_ICONS = { ok: SuccessIcon, warning: WarningIcon, problem: ErrorIcon } as const;

/**
 * An event's kiosk link: what is missing for the kiosk to work (kiosk-readiness.ts), then the address to copy and
 * its QR code for a tablet's camera.
 */
export function KioskLink({ event }: { event: DashboardEvent }) {
  const url = kioskUrl(event.id, useReachableOrigin());
  const id = useId();
  const { input, copied, copy } = useCopyFromField(url);

  return (
    <>
      <Readiness items={kioskReadiness(event, new Date())} />
      <LinkAndCode url={url} id={id} eventName={event.name} input={input} copied={copied} copy={copy} />
    </>
  );
}

function Readiness({ items }: { items: ReadinessItem[] }) {
  const problems = items.filter((item) => item.tone === 'problem').length;
  return (
    <div className="kiosk-readiness" data-testid="kiosk-readiness">
      <p
        className={
          problems > 0 ? 'kiosk-readiness-summary kiosk-readiness-summary--bad' : 'kiosk-readiness-summary'
        }
      >
        {problems > 0 ? words.readiness.problems(problems) : words.readiness.allGood}
      </p>
      <ul>
        {items.map((item) => {
          const Icon = READINESS_ICONS[item.tone];
          return (
            <li key={item.text} className={`kiosk-readiness-item kiosk-readiness-item--${item.tone}`}>
              <Icon size={18} />
              <span>
                <span className="visually-hidden">{words.readiness.tones[item.tone]}: </span>
                {item.text}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function LinkAndCode({
  url,
  id,
  eventName,
  input,
  copied,
  copy,
}: { url: string; id: string; eventName: string } & ReturnType<typeof useCopyFromField>) {
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
