import { format, t } from '../../shared/i18n/index.ts';
import type { DashboardEvent } from '../api/events.ts';

/**
 * What an organizer should know before handing out an event's kiosk link: what stops the kiosk working (`problem`),
 * what may surprise (`warning`), and what is as it should be (`ok`). Read from the event as saved, since the link
 * serves the saved event, not the form being edited.
 */
export interface ReadinessItem {
  tone: 'ok' | 'warning' | 'problem';
  text: string;
}

const words = () => t.dashboard.events.readiness;
const at = (iso: string) => Date.parse(iso);

export function kioskReadiness(event: DashboardEvent, now: Date): ReadinessItem[] {
  const zone = event.timezone;
  const when = (iso: string) => format.dateTime(iso, zone);
  const items: ReadinessItem[] = [];
  items.push(
    event.is_published
      ? { tone: 'ok', text: words().published }
      : { tone: 'problem', text: words().notPublished },
  );
  if (event.is_published) {
    items.push(
      event.is_registration_open
        ? { tone: 'ok', text: words().registrationOpen }
        : { tone: 'warning', text: words().registrationClosed },
    );
  }
  const starts = event.checkin_starts_at;
  const ends = event.checkin_ends_at;
  switch (event.checkin_period_type) {
    case 'disabled':
      items.push({ tone: 'problem', text: words().checkInOff });
      break;
    case 'immediate':
      items.push({ tone: 'warning', text: words().checkInAnyTime });
      break;
    case 'starts_on':
    case 'date_range':
      if (starts !== null && now.getTime() < at(starts)) {
        items.push({ tone: 'ok', text: words().checkInOpensAt(when(starts)) });
      } else if (event.checkin_period_type === 'date_range' && ends !== null && now.getTime() > at(ends)) {
        items.push({ tone: 'problem', text: words().checkInClosed(when(ends)) });
      } else {
        items.push({ tone: 'ok', text: words().checkInOpen });
      }
      break;
  }
  if (!event.allow_self_checkin) items.push({ tone: 'warning', text: words().noSelfCheckIn });
  if (event.starts_at === null) items.push({ tone: 'warning', text: words().noStart });
  return items;
}

/**
 * What an organizer should know before putting the event page's link on a poster: whether the page takes
 * registrations. Read from the event as saved, as the kiosk's.
 */
export function eventPageReadiness(event: DashboardEvent): ReadinessItem[] {
  const page = t.dashboard.events.eventPage;
  if (!event.is_published) return [{ tone: 'problem', text: page.notPublished }];
  return [
    { tone: 'ok', text: page.published },
    event.is_registration_open
      ? { tone: 'ok', text: words().registrationOpen }
      : { tone: 'warning', text: page.registrationClosed },
  ];
}
