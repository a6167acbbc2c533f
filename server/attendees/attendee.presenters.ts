import type { z } from 'zod';
import type { EventBrand } from '../brand/brand.types.ts';
import { publicLogoPath } from '../brand/brand.rules.ts';
import type { BadgeLayout, ScanVia } from '../contract/vocabulary.ts';
import type { EventRecord } from '../events/event.types.ts';
import { firstNameOf, publicStatus } from './attendee.rules.ts';
import type { attendeeListItemSchema, attendeeSchema } from './attendee.schemas.ts';
import type { AttendeeRecord, AttendeeSummary } from './attendee.types.ts';
import type { deskAttendeeSchema } from './desk.schemas.ts';
import type {
  kioskBadgeResponse,
  kioskRegistrationSchema,
  kioskScanResponse,
  usedTicketSchema,
} from './kiosk-attendee.schemas.ts';
import type { checkInResponse, checkResponse, registeredAttendeeSchema } from './public-attendee.schemas.ts';

/**
 * The attendee as the authenticated lookup (and every attendee webhook) shows it. Not `{ ...own, event }`: V8 builds
 * an object spread from another on a slow path, about a microsecond of each lookup, which integrations run on every
 * page view; adding the event to the literal costs next to nothing.
 */
export function presentAttendee(
  attendee: AttendeeSummary,
  event: EventRecord,
): z.input<typeof attendeeSchema> {
  return Object.assign(presentAttendeeOwnFields(attendee), { event: presentAttendeeEvent(event) });
}

/** An item of the token API's attendee list: the lookup's attendee and its check-in code. */
export function presentListedAttendee(
  attendee: AttendeeRecord,
  event: EventRecord,
): z.input<typeof attendeeListItemSchema> {
  return { ...presentAttendee(attendee, event), checkin_code: attendee.checkinCode };
}

/** The attendee's part of `presentAttendee`, for notifications that store the event once for many attendees. */
export function presentAttendeeOwnFields(attendee: AttendeeSummary) {
  return {
    id: attendee.uuid,
    name: attendee.name,
    email: attendee.email,
    status: attendee.status,
    registered_at: attendee.registeredAt,
    checked_in_at: attendee.checkedInAt,
  };
}

/** The event's part of `presentAttendee`. */
export function presentAttendeeEvent(event: EventRecord) {
  return {
    id: event.uuid,
    name: event.name,
    starts_at: event.startsAt,
    ends_at: event.endsAt,
    location: event.location,
  };
}

/** The 201 of public registration. */
export function presentRegistration(
  attendee: AttendeeRecord,
  isGuest: boolean,
): z.input<typeof registeredAttendeeSchema> {
  return {
    id: attendee.id,
    email: attendee.email,
    name: attendee.name,
    status: publicStatus(attendee),
    is_guest: isGuest,
  };
}

/** The attendee of the public check endpoint. */
export function presentCheckedAttendee(
  attendee: AttendeeRecord,
): NonNullable<z.input<typeof checkResponse>['data']['attendee']> {
  return {
    id: attendee.id,
    name: attendee.name,
    email: attendee.email,
    status: publicStatus(attendee),
    checked_in_at: attendee.checkedInAt,
  };
}

/** The data of a successful self check-in. */
export function presentCheckIn(attendee: AttendeeRecord): z.input<typeof checkInResponse>['data'] {
  return {
    id: attendee.id,
    email: attendee.email,
    name: attendee.name,
    checked_in_at: attendee.checkedInAt!,
  };
}

/** A kiosk's registration: the public 201's attendee and the check-in code its screen shows as a QR code. */
export function presentKioskRegistration(
  attendee: AttendeeRecord,
  isGuest: boolean,
): z.input<typeof kioskRegistrationSchema> {
  return { ...presentRegistration(attendee, isGuest), checkin_code: attendee.checkinCode };
}

/** A check-in by scanned code at a kiosk: who it was, for the welcome and the badge. */
export function presentKioskCheckIn(attendee: AttendeeRecord): z.input<typeof kioskScanResponse>['data'] {
  return {
    id: attendee.id,
    name: attendee.name,
    company: attendee.answers.company || null,
    checked_in_at: attendee.checkedInAt!,
  };
}

/** A ticket used before, for the kiosk's 409 (kiosk-attendee.schemas.ts `usedTicketSchema`). */
export function presentUsedTicket(
  attendee: AttendeeRecord,
  place: { via: ScanVia | null; device: string | null },
): z.input<typeof usedTicketSchema> {
  return {
    first_name: firstNameOf(attendee.answers),
    checked_in_at: attendee.checkedInAt!,
    // An API's check-in was made at neither: the kiosk then says only when.
    place: place.via === 'desk' ? 'desk' : place.via === 'kiosk' || place.via === 'self' ? 'kiosk' : null,
    device: place.device,
  };
}

/** A checked-in person's badge for the kiosk: the company and choice answers only, never the email or the rest. */
export function presentKioskBadge(
  attendee: AttendeeRecord,
  event: EventRecord,
  layout: BadgeLayout,
  brand: EventBrand,
  showsCode: boolean,
): z.input<typeof kioskBadgeResponse>['data'] {
  const printed = new Set([
    'company',
    ...event.registrationFields.filter((f) => f.type === 'select').map((f) => f.key),
  ]);
  return {
    layout,
    name: attendee.name,
    answers: Object.fromEntries(Object.entries(attendee.answers).filter(([key]) => printed.has(key))),
    checkin_code: showsCode ? attendee.checkinCode : null,
    logo_url: brand.logoEtag ? publicLogoPath(event.uuid, brand.logoEtag) : null,
  };
}

/** A row of the staff desk: the attendee with its integer number and every answer. */
export const presentDeskAttendee = (a: AttendeeRecord): z.input<typeof deskAttendeeSchema> => ({
  id: a.uuid,
  number: a.id,
  name: a.name,
  email: a.email,
  status: a.status,
  registered_at: a.registeredAt,
  checked_in_at: a.checkedInAt,
  answers: a.answers,
  checkin_code: a.checkinCode,
});
