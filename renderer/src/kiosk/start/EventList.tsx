import { format, t } from '../../shared/i18n/index.ts';
import { followLink, paths } from '../../shared/router.ts';
import type { EventSummary } from '../api.ts';
import { isDesktopKiosk } from '../desktop.ts';

/** Read once: the preload sets the bridge before the page's first script runs. */
const desktopKiosk = isDesktopKiosk();

function when(event: EventSummary): string | null {
  if (!event.starts_at) return null;
  return t.start.when(
    format.dateTime(event.starts_at, event.timezone),
    event.ends_at ? format.dateTime(event.ends_at, event.timezone) : null,
  );
}

/**
 * The events staff can open this kiosk on, one large link each, and under each the event's public page, where
 * people register on their own phones (the address to put on a poster or a website). The locked desktop kiosk
 * leaves that link out: its window stays on the kiosk.
 */
export function EventList({ events }: { events: EventSummary[] }) {
  if (events.length === 0) return <p className="lead">{t.start.noEvents}</p>;
  return (
    <ul className="event-list">
      {events.map((event) => {
        const details = [when(event), event.location].filter(Boolean).join(' · ');
        return (
          <li key={event.id}>
            <a className="event-card" href={paths.kiosk(event.id)} onClick={followLink}>
              <span className="event-card-name">{event.name}</span>
              {details && <span className="event-card-details">{details}</span>}
            </a>
            {/* Another page of the build (public.html), so a plain link. */}
            {!desktopKiosk && (
              <a className="event-page-link" href={paths.eventPage(event.id)}>
                {t.start.eventPage}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
