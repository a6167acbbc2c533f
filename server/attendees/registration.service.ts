import { randomUUID } from 'node:crypto';
import type { EventRecord } from '../events/event.types.ts';
import { initialStatus, isRegistrationOpen, redirectUrlFor } from '../events/event.rules.ts';
import type { FieldErrors } from '../platform/field-errors.ts';
import type { Store } from '../store.ts';
import { newOpId, type ChangeJournal } from '../sync/journal.ts';
import type { AttendeeStatus, Language, RegistrationDoor } from '../contract/vocabulary.ts';
import { TICKET_SECRET_LENGTH } from '../tickets/ticket.rules.ts';
import { randomBase62 } from '../platform/random.ts';
import type { RegisterResult } from './attendee.repository.ts';
import type { AttendeeRecord } from './attendee.types.ts';
import { drawCheckinCode } from './checkin-code.rules.ts';
import { registrationRefusal } from './ledger.repository.ts';
import type { LedgerService, PersonChange } from './ledger.service.ts';
import { attendeeName, validateRegistration } from './registration.rules.ts';

export type RegistrationOutcome =
  | {
      ok: true;
      attendee: AttendeeRecord;
      isGuest: boolean;
      redirectUrl: string | null;
      /** The secret of the registration's ticket page (`/t/{secret}`). */
      ticketSecret: string;
    }
  | { ok: false; reason: 'registration_closed' }
  | { ok: false; reason: 'invalid'; errors: FieldErrors }
  | { ok: false; reason: 'already_registered' };

/** How a registration came in: the language it is made in (its mail's and ticket's) and the door. */
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
export function registrationService(store: Store, ledger: LedgerService, journal: ChangeJournal) {
  const { clock } = store;

  const insertRegistration = (
    kind: 'register' | 'walk_in',
    event: EventRecord,
    answers: Record<string, string>,
    status: AttendeeStatus,
    now: Date,
    origin: { language: Language | null; door: RegistrationDoor },
  ) =>
    recordRegistration(store, ledger, journal, kind, event, {
      email: answers.email!,
      name: attendeeName(event.registrationFields, answers, answers.email!),
      answers,
      status,
      now,
      ...origin,
    });

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

    const result = store.inTransaction(() =>
      insertRegistration('register', event, check.answers, initialStatus(event), now, origin),
    );
    if (!result.ok) {
      // Seats filled between our read of the event and the insert: the same answer as a full event.
      return { ok: false, reason: result.reason === 'event_full' ? 'registration_closed' : result.reason };
    }
    return {
      ok: true,
      attendee: result.attendee,
      isGuest: result.attendee.userId === null,
      redirectUrl: redirectUrlFor(event, result.attendee.uuid),
      ticketSecret: result.ticketSecret,
    };
  }

  /**
   * A walk-in added by staff: the same field rules as self-registration, confirmed at once (staff are the
   * approval), outside the registration window but never beyond the seats.
   */
  function addWalkIn(event: EventRecord, body: unknown, language: Language | null = null): WalkInOutcome {
    const check = validateRegistration(event.registrationFields, body);
    if (!check.ok) return { ok: false, reason: 'invalid', errors: check.errors };
    const result = store.inTransaction(() =>
      insertRegistration('walk_in', event, check.answers, 'confirmed', clock.now(), {
        language,
        door: 'desk',
      }),
    );
    return result.ok ? { ok: true, attendee: result.attendee } : { ok: false, reason: result.reason };
  }

  return { registerAttendee, addWalkIn };
}

export type RegistrationService = ReturnType<typeof registrationService>;

/** What recording a registration came to: its row, and its ticket's secret, or why the database refused it. */
export type RecordedRegistration =
  { ok: true; attendee: AttendeeRecord; ticketSecret: string } | Extract<RegisterResult, { ok: false }>;

/** A registration's data once its answers passed the event's rules. */
export interface CheckedRegistration {
  email: string;
  name: string;
  answers: Record<string, string>;
  status: AttendeeStatus;
  now: Date;
  /** The language it is made in and the door it came through (absent: unknown, and the public door). */
  language?: Language | null;
  door?: RegistrationDoor;
}

/**
 * Records a registration in the ledger (which writes its row, linked to the organization's user of that email if
 * any, and tells webhooks) and the journal (a replica sends it to its hub as an op of `kind`), inside the caller's
 * transaction. One live registration per email, and never beyond the seats: the database refuses both, whichever
 * process is writing, and nothing of a refused one is kept. Exported for seeding and for tests that write as
 * another process would; everything else registers through `registrationService`.
 */
export function recordRegistration(
  store: Store,
  ledger: LedgerService,
  journal: ChangeJournal,
  kind: 'register' | 'walk_in',
  event: EventRecord,
  input: CheckedRegistration,
): RecordedRegistration {
  const { repos } = store;
  const live = repos.attendees.findForEmail(event.id, input.email);
  if (live && live.status !== 'canceled') return { ok: false, reason: 'already_registered' };
  const registration = {
    uuid: randomUUID(),
    // A replica's from its granted block; a hub's own from its counter, which never hands one out twice.
    id: journal.nextAttendeeId() ?? repos.ledger.takeLocalIds(),
    opId: newOpId(),
    at: input.now.toISOString(),
    status: input.status === 'pending' ? ('pending' as const) : ('confirmed' as const),
    email: input.email,
    name: input.name,
    answers: JSON.stringify(input.answers),
    checkinCode: drawCheckinCode(),
    // Its ticket's page (tickets/ticket.rules.ts): drawn here and carried by the op, so the page this node answers
    // opens wherever the mail links to.
    ticketSecret: randomBase62(TICKET_SECRET_LENGTH),
    language: input.language ?? null,
    door: input.door ?? ('public' as const),
  };
  let change: PersonChange;
  try {
    // A savepoint: a registration the database refuses leaves nothing behind in the caller's transaction.
    change = store.db.transaction(() =>
      ledger.register(
        event,
        { ...registration, pendingUpstream: journal.sendsUp(event.uuid) },
        { tell: true },
      ),
    )();
  } catch (error) {
    const refusal = registrationRefusal(error);
    if (refusal === 'event_full') return { ok: false, reason: 'event_full' };
    // Another process registered the email between the look above and the write.
    if (refusal === 'live_email') return { ok: false, reason: 'already_registered' };
    throw error;
  }
  journal.record(
    kind,
    registration.opId,
    {
      event: event.uuid,
      attendee: {
        uuid: registration.uuid,
        number: registration.id,
        email: input.email,
        name: registration.name,
        answers: input.answers,
        status: registration.status,
        checkin_code: registration.checkinCode,
        ticket_secret: registration.ticketSecret,
        ...(registration.language ? { language: registration.language } : {}),
        door: registration.door,
      },
    },
    registration.at,
  );
  return {
    ok: true,
    attendee: ledger.rowAfter(change, registration.uuid)!,
    ticketSecret: registration.ticketSecret,
  };
}
