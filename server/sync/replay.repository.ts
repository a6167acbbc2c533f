import type { AttendeeStatus, Language, RegistrationDoor } from '../contract/vocabulary.ts';
import { TICKET_SECRET_LENGTH } from '../tickets/ticket.rules.ts';
import { CHECKIN_CODE_LENGTH } from '../attendees/checkin-code.rules.ts';
import type { Db } from '../platform/database.ts';
import { randomBase62 } from '../platform/random.ts';
import { attendeeSearchText } from '../platform/search-text.ts';
import type { CheckInRecord, OverriddenStatus } from './conflict.rules.ts';

/**
 * The attendee rows as an op replayed on a hub (or on a replica, over what its hub sent) reads and writes them.
 * A replay never refuses: the conflict rules (conflict.rules.ts) decide what stands, so these statements set what
 * they are told, unlike the live ones in attendee.repository.ts, which guard each transition.
 */
export interface ReplayedAttendee {
  id: number;
  uuid: string;
  eventId: number;
  email: string;
  emailKey: string;
  name: string;
  answers: string;
  status: AttendeeStatus;
  registeredAt: string;
  checkedInAt: string | null;
  statusBeforeNoShow: 'pending' | 'confirmed' | null;
  opId: string | null;
  checkinOpId: string | null;
  /** Every check-in it was given and whether an undo named it; null: only the one above (conflict.rules.ts). */
  checkInMarks: CheckInRecord[] | null;
  /** A cancellation or no-show that gave way to the standing check-in (conflict.rules.ts). */
  overriddenStatus: OverriddenStatus | null;
  /** When that is a cancellation: the registrations it named (null: all of them; see migration 013). */
  overriddenFor: string[] | null;
  /** A no-show in effect or overridden: the registrations it named (null: all of them; see migration 015). */
  noShowFor: string[] | null;
  /** Null when the op carried none (made before check-in codes): the insert draws one. */
  checkinCode: string | null;
  /** Its ticket (migration 020), language and door, as its op carried them; the insert draws a secret if none. */
  ticketSecret?: string | null;
  language?: Language | null;
  door?: RegistrationDoor | null;
}

interface Row {
  id: number;
  uuid: string;
  event_id: number;
  email: string;
  email_key: string;
  name: string;
  answers: string;
  status: AttendeeStatus;
  registered_at: string;
  checked_in_at: string | null;
  status_before_no_show: 'pending' | 'confirmed' | null;
  op_id: string | null;
  checkin_op_id: string | null;
  check_in_marks: string | null;
  overridden_status: OverriddenStatus | null;
  overridden_for: string | null;
  no_show_for: string | null;
  checkin_code: string;
}

const COLUMNS =
  'id, uuid, event_id, email, email_key, name, answers, status, registered_at, checked_in_at, ' +
  'status_before_no_show, op_id, checkin_op_id, check_in_marks, overridden_status, overridden_for, no_show_for, checkin_code';

const toReplayed = (row: Row): ReplayedAttendee => ({
  id: row.id,
  uuid: row.uuid,
  eventId: row.event_id,
  email: row.email,
  emailKey: row.email_key,
  name: row.name,
  answers: row.answers,
  status: row.status,
  registeredAt: row.registered_at,
  checkedInAt: row.checked_in_at,
  statusBeforeNoShow: row.status_before_no_show,
  opId: row.op_id,
  checkinOpId: row.checkin_op_id,
  checkInMarks: row.check_in_marks === null ? null : (JSON.parse(row.check_in_marks) as CheckInRecord[]),
  overriddenStatus: row.overridden_status,
  overriddenFor: row.overridden_for === null ? null : (JSON.parse(row.overridden_for) as string[]),
  noShowFor: row.no_show_for === null ? null : (JSON.parse(row.no_show_for) as string[]),
  checkinCode: row.checkin_code,
});

/** An attendee's check-in state as the conflict rules leave it. */
export interface CheckInState {
  marks: readonly CheckInRecord[];
  standing: { at: string; op: string | null } | null;
  status: AttendeeStatus;
  statusBeforeNoShow: 'pending' | 'confirmed' | null;
  overridden: OverriddenStatus | null;
  /** The registrations an overridden cancellation named (null: all). */
  overriddenFor: string[] | null;
}

/** `overridden_for` as stored: only beside an overridden cancellation, sorted, so one state is stored one way. */
function forJson(overridden: OverriddenStatus | null, names: string[] | null): string | null {
  return overridden === 'canceled' ? namesJson(names) : null;
}

/** A list of registrations as stored: sorted, each once, so one state is stored one way. */
function namesJson(names: string[] | null): string | null {
  return names === null ? null : JSON.stringify([...new Set(names)].sort());
}

export function replayRepository(db: Db) {
  const byUuid = db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM attendees WHERE uuid = ?`);
  const byId = db.prepare<[number], Row>(`SELECT ${COLUMNS} FROM attendees WHERE id = ?`);
  const liveByEmail = db.prepare<[number, string], Row>(
    `SELECT ${COLUMNS} FROM attendees WHERE event_id = ? AND email_key = ? AND status <> 'canceled'`,
  );
  const insert = db.prepare<Record<string, unknown>>(
    `INSERT INTO attendees (id, uuid, event_id, user_id, email, email_key, name, answers, status, registered_at,
       checked_in_at, status_before_no_show, op_id, checkin_op_id, check_in_marks, overridden_status, overridden_for,
       no_show_for, checkin_code, updated_at, search_text, ticket_secret, language, door)
     VALUES (@id, @uuid, @event_id, @user_id, @email, @email_key, @name, @answers, @status, @registered_at,
       @checked_in_at, @status_before_no_show, @op_id, @checkin_op_id, @check_in_marks, @overridden_status,
       @overridden_for, @no_show_for, @checkin_code, @updated_at, @search_text, @ticket_secret, @language, @door)`,
  );
  const setCheckIns = db.prepare<Record<string, unknown>>(
    `UPDATE attendees SET checked_in_at = @checked_in_at, checkin_op_id = @checkin_op_id,
       check_in_marks = @check_in_marks, status = @status, status_before_no_show = @status_before_no_show,
       overridden_status = @overridden_status, overridden_for = @overridden_for, updated_at = @updated_at
     WHERE id = @id`,
  );
  const setOverridden = db.prepare<[OverriddenStatus | null, string | null, string | null, string, number]>(
    `UPDATE attendees SET overridden_status = ?, overridden_for = ?, status_before_no_show = ?, updated_at = ?
     WHERE id = ?`,
  );
  const setStatus = db.prepare<[AttendeeStatus, string | null, string, number]>(
    `UPDATE attendees SET status = ?, status_before_no_show = ?, updated_at = ? WHERE id = ?`,
  );
  const remove = db.prepare<[number]>('DELETE FROM attendees WHERE id = ?');
  // Written only when it changes: a no-show op repeated for one person (two kiosks, two staff) would otherwise give
  // the row a new revision, sent to every replica, for nothing.
  const setNoShowFor = db.prepare<{ names: string | null; id: number }>(
    'UPDATE attendees SET no_show_for = @names WHERE id = @id AND no_show_for IS NOT @names',
  );
  const userByEmail = db.prepare<[number, string], { id: number }>(
    `SELECT u.id FROM users u JOIN events e ON e.organization_id = u.organization_id
     WHERE e.id = ? AND u.email_key = ?`,
  );

  return {
    byUuid: (uuid: string) => {
      const row = byUuid.get(uuid.toLowerCase());
      return row ? toReplayed(row) : null;
    },
    byId: (id: number) => {
      const row = byId.get(id);
      return row ? toReplayed(row) : null;
    },
    liveByEmail: (eventId: number, emailKey: string) => {
      const row = liveByEmail.get(eventId, emailKey);
      return row ? toReplayed(row) : null;
    },
    insert(attendee: ReplayedAttendee, updatedAt: string): void {
      insert.run({
        id: attendee.id,
        uuid: attendee.uuid,
        event_id: attendee.eventId,
        user_id: userByEmail.get(attendee.eventId, attendee.emailKey)?.id ?? null,
        email: attendee.email,
        email_key: attendee.emailKey,
        name: attendee.name,
        answers: attendee.answers,
        status: attendee.status,
        registered_at: attendee.registeredAt,
        checked_in_at: attendee.checkedInAt,
        status_before_no_show: attendee.statusBeforeNoShow,
        op_id: attendee.opId,
        checkin_op_id: attendee.checkinOpId,
        check_in_marks: attendee.checkInMarks === null ? null : JSON.stringify(attendee.checkInMarks),
        overridden_status: attendee.overriddenStatus,
        overridden_for: forJson(attendee.overriddenStatus, attendee.overriddenFor),
        no_show_for: namesJson(attendee.noShowFor),
        checkin_code: attendee.checkinCode ?? randomBase62(CHECKIN_CODE_LENGTH),
        ticket_secret: attendee.ticketSecret ?? randomBase62(TICKET_SECRET_LENGTH),
        language: attendee.language ?? null,
        door: attendee.door ?? null,
        updated_at: updatedAt,
        search_text: attendeeSearchText(
          attendee.name,
          attendee.email,
          JSON.parse(attendee.answers) as Record<string, string>,
        ),
      });
    },
    /**
     * The check-ins it was given, the one of them that stands (null: none), and the status they leave with what
     * was overridden by a standing check-in.
     */
    setCheckIns: (id: number, state: CheckInState, now: string) =>
      void setCheckIns.run({
        id,
        checked_in_at: state.standing?.at ?? null,
        checkin_op_id: state.standing?.op ?? null,
        // None kept is stored as none, as a row that never had any: the same state, whichever way it came.
        check_in_marks: state.marks.length > 0 ? JSON.stringify(state.marks) : null,
        status: state.status,
        status_before_no_show: state.statusBeforeNoShow,
        overridden_status: state.overridden,
        overridden_for: forJson(state.overridden, state.overriddenFor),
        updated_at: now,
      }),
    /** What a standing check-in overrides (conflict.rules.ts), and what a no-show would remember it was before. */
    setOverridden: (
      id: number,
      overridden: OverriddenStatus | null,
      overriddenFor: string[] | null,
      statusBeforeNoShow: 'pending' | 'confirmed' | null,
      now: string,
    ) => void setOverridden.run(overridden, forJson(overridden, overriddenFor), statusBeforeNoShow, now, id),
    setStatus: (id: number, status: AttendeeStatus, before: string | null, now: string) =>
      void setStatus.run(status, before, now, id),
    remove: (id: number) => void remove.run(id),
    /** The registrations a no-show named (null: all of the person's). */
    setNoShowFor: (id: number, names: string[] | null) =>
      void setNoShowFor.run({ names: namesJson(names), id }),
  };
}

export type ReplayRepository = ReturnType<typeof replayRepository>;
