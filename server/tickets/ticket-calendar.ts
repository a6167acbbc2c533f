import ical, { ICalCalendarMethod } from 'ical-generator';
import type { Language } from '../contract/vocabulary.ts';
import type { EventRecord } from '../events/event.types.ts';

/** What a calendar entry needs of a registration: its UUID (the entry's UID) and its ticket page. */
export interface CalendarAttendee {
  uuid: string;
  ticketUrl: string | null;
}

const DESCRIPTION: Record<Language, (url: string) => string> = {
  en: (url) => `Your ticket: ${url}`,
  fr: (url) => `Votre billet\u00a0: ${url}`,
};

/**
 * The registration as one calendar entry (RFC 5545, made by ical-generator): the event's name, times, place and
 * description, and the ticket's address. Times are written in UTC, which every calendar turns into its own zone.
 * The UID is the registration's, so adding the file again (or the mail's attachment after the page's) updates the
 * entry instead of adding a second one. Null when the event has no start time yet: there is nothing to put in a
 * calendar.
 */
export function ticketCalendar(
  event: EventRecord,
  attendee: CalendarAttendee,
  language: Language,
  now: Date,
): string | null {
  if (event.startsAt === null) return null;
  const calendar = ical({
    prodId: { company: 'Arrivals', product: 'Arrivals', language: language.toUpperCase() },
    name: event.name,
    method: ICalCalendarMethod.PUBLISH,
  });
  const description = [
    event.description,
    attendee.ticketUrl === null ? '' : DESCRIPTION[language](attendee.ticketUrl),
  ]
    .filter(Boolean)
    .join('\n\n');
  calendar.createEvent({
    id: `${attendee.uuid}@arrivals`,
    start: new Date(event.startsAt),
    end: new Date(event.endsAt ?? event.startsAt),
    stamp: now,
    summary: event.name,
    description: description || null,
    location: event.location,
    url: attendee.ticketUrl,
  });
  return calendar.toString();
}
