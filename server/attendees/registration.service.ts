import type { EventRecord } from '../events/event.types.ts';
import { initialStatus, isRegistrationOpen, redirectUrlFor } from '../events/event.rules.ts';
import type { FieldErrors } from '../platform/field-errors.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import type { ChangeJournal } from '../sync/journal.ts';
import { newOpId } from '../sync/journal.ts';
import type { ChangeNotifier } from '../webhooks/notifier.ts';
import type { AttendeeStatus, Language, RegistrationDoor } from '../contract/vocabulary.ts';
import type { RegisterResult } from './attendee.repository.ts';
import type { AttendeeRecord } from './attendee.types.ts';
import { attendeeName, validateRegistration } from './registration.rules.ts';

export type RegistrationOutcome =
  | { ok: true; attendee: AttendeeRecord; isGuest: boolean; redirectUrl: string | null }
  | { ok: false; reason: 'registration_closed' }
  | { ok: false; reason: 'invalid'; errors: FieldErrors }
  | { ok: false; reason: 'already_registered' };

/** How a registration came in: the language it is made in (its mail's) and the door (public page or API, kiosk). */
export interface RegistrationOrigin {
  language: Language | null;
  door: Extract<RegistrationDoor, 'public' | 'kiosk'>;
}

export type WalkInOutcome =
  | { ok: true; attendee: AttendeeRecord }
  | { ok: false; reason: 'invalid'; errors: FieldErrors }
  | { ok: false; reason: 'already_registered' | 'event_full' };

/**
 * How people come to be attendees: registering themselves (public) and added at the desk as walk-ins; imports from
 * a spreadsheet are attendees/import.service.ts. Each registration and its webhook notification are stored in one
 * transaction.
 */
export function registrationService(store: Store, notify: ChangeNotifier, journal: ChangeJournal) {
  const { repos, clock } = store;

  /**
   * Stores validated answers as a registration, linked to the organization's user of that email if any, and tells
   * the journal (a replica sends it to its hub as an op of `kind`).
   */
  function insertRegistration(
    kind: 'register' | 'walk_in' | null,
    event: EventRecord,
    answers: Record<string, string>,
    status: AttendeeStatus,
    registeredAt: string,
    origin: { language: Language | null; door: RegistrationDoor },
  ): RegisterResult {
    const email = answers.email!;
    const user = repos.users.findByEmail(event.organizationId, email);
    const opId = newOpId();
    const result = repos.attendees.register({
      id: journal.nextAttendeeId(),
      opId,
      eventId: event.id,
      userId: user?.id ?? null,
      email,
      name: attendeeName(event.registrationFields, answers, email),
      answers,
      status,
      registeredAt,
      language: origin.language,
      door: origin.door,
    });
    if (result.ok && kind) {
      const { attendee } = result;
      journal.record(kind, opId, {
        event: event.uuid,
        attendee: {
          uuid: attendee.uuid,
          number: attendee.id,
          email: attendee.email,
          name: attendee.name,
          answers: attendee.answers,
          status: attendee.status,
          checkin_code: attendee.checkinCode,
          ticket_secret: attendee.ticketSecret ?? undefined,
          language: attendee.language ?? undefined,
          door: attendee.door ?? undefined,
        },
      });
    }
    return result;
  }

  /**
   * Public registration (the interface's, the event page's, a kiosk's): while registration is open, with valid
   * answers, one live registration per email.
   */
  function registerAttendee(
    event: EventRecord,
    body: unknown,
    origin: RegistrationOrigin = { language: null, door: 'public' },
  ): RegistrationOutcome {
    const now = clock.now();
    if (!isRegistrationOpen(event, now)) return { ok: false, reason: 'registration_closed' };
    const check = validateRegistration(event.registrationFields, body);
    if (!check.ok) return { ok: false, reason: 'invalid', errors: check.errors };

    const result = store.inTransaction(() => {
      const inserted = insertRegistration(
        'register',
        event,
        check.answers,
        initialStatus(event),
        toTimestamp(now),
        origin,
      );
      if (inserted.ok) notify.attendeeChanged('attendee.registered', event, inserted.attendee);
      return inserted;
    });
    if (!result.ok) {
      // Seats filled between our read of the event and the insert: the same answer as a full event.
      return { ok: false, reason: result.reason === 'event_full' ? 'registration_closed' : result.reason };
    }
    return {
      ok: true,
      attendee: result.attendee,
      isGuest: result.attendee.userId === null,
      redirectUrl: redirectUrlFor(event, result.attendee.uuid),
    };
  }

  /**
   * A walk-in added by staff: the same field rules as self-registration, confirmed at once (staff are the
   * approval), outside the registration window but never beyond the seats.
   */
  function addWalkIn(event: EventRecord, body: unknown, language: Language | null = null): WalkInOutcome {
    const check = validateRegistration(event.registrationFields, body);
    if (!check.ok) return { ok: false, reason: 'invalid', errors: check.errors };
    const result = store.inTransaction(() => {
      const inserted = insertRegistration(
        'walk_in',
        event,
        check.answers,
        'confirmed',
        toTimestamp(clock.now()),
        { language, door: 'desk' },
      );
      if (inserted.ok) notify.attendeeChanged('attendee.registered', event, inserted.attendee);
      return inserted;
    });
    return result.ok ? { ok: true, attendee: result.attendee } : { ok: false, reason: result.reason };
  }

  return { registerAttendee, addWalkIn };
}

export type RegistrationService = ReturnType<typeof registrationService>;
