import { QrImage } from '../../shared/components/QrImage.tsx';
import { t } from '../../shared/i18n/index.ts';
import { paths } from '../../shared/router.ts';
import type { DashboardEvent } from '../api/events.ts';
import { useReach } from '../api/lan-origin.ts';
import { Readiness } from './KioskLink.tsx';
import { eventPageReadiness } from './kiosk-readiness.ts';
import { ShareLink } from './ShareLink.tsx';
import { printAlone } from '../shell/print.ts';

/** While printing, the page shows only the event's poster (events.css). */
const PRINTING = 'printing-event-poster';

/** The event page's address as a phone opens it: this server, at an origin other devices reach. */
export function eventPageUrl(eventId: string, origin: string): string {
  return origin + paths.eventPage(eventId);
}

/**
 * The event's public registration page (`/e/{event}`, issue 39): whether it takes registrations, its address to
 * copy, open or put on a website, and its QR code, on screen and as a printed poster.
 */
export function EventPageLink({ event }: { event: DashboardEvent }) {
  const words = t.dashboard.events.eventPage;
  const { origin, unreachable } = useReach();
  const url = eventPageUrl(event.id, origin);
  const print = () => printAlone(PRINTING);
  return (
    <div className="event-page-share" data-testid="event-page-link">
      <Readiness
        items={eventPageReadiness(event)}
        summary={{ problems: words.problems, allGood: words.allGood }}
        testId="event-page-readiness"
      />
      <ShareLink
        url={url}
        unreachable={unreachable}
        label={words.label}
        hint={words.hint}
        qrAlt={words.qrAlt(event.name)}
      >
        <a className="dbutton" href={url} target="_blank" rel="noopener noreferrer">
          {words.open}
        </a>
        <button type="button" className="dbutton" onClick={print}>
          {words.printPoster}
        </button>
      </ShareLink>
      {/* Paper only: the event's name, the code at poster size, the address for those without a camera. */}
      <figure className="event-poster" aria-hidden="true">
        <p className="event-poster-name">{event.name}</p>
        <p className="event-poster-call">{words.posterCall}</p>
        <QrImage text={url} alt="" size={480} />
        <figcaption>{url}</figcaption>
      </figure>
    </div>
  );
}
