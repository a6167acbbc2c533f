import { TICKET_SECRET_LENGTH } from '../tickets/ticket.rules.ts';
import { checkinCodeReadings, drawCheckinCode } from '../attendees/checkin-code.rules.ts';
import type { StoredFact } from '../attendees/ledger.repository.ts';
import {
  liveCheckIns,
  scanDetailOf,
  type AttendeeFact,
  type EditDetail,
  type ScanDetail,
} from '../attendees/ledger.rules.ts';
import { defaultListUuid, rulesAt } from '../lists/list.rules.ts';
import { listTimeline } from '../lists/entry.rules.ts';
import { personOnList, scansByList, type ListOfPerson } from '../lists/presence.service.ts';
import { checkInDetail, scanDetail } from '../lists/scan.rules.ts';
import type { LedgerService, PersonChange } from '../attendees/ledger.service.ts';
import type { EventRecord } from '../events/event.types.ts';
import type { CheckInListRecord } from '../lists/list.types.ts';
import { isRegistrationOpen } from '../events/event.rules.ts';
import { emailKey, isValidEmail } from '../platform/email.ts';
import { answerLines, validateEdit } from '../attendees/registration.rules.ts';
import { readOnce } from '../platform/memo.ts';
import { randomBase62 } from '../platform/random.ts';
import { isOneLineText, textFault, textFaultsIn } from '../platform/text.rules.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import {
  conflictsOfFact,
  conflictsOfRegistration,
  MAX_FACTS_AWAITING_REGISTRATION,
  MAX_FACTS_PER_PERSON,
  MAX_LIVE_CHECK_INS_PER_PERSON,
  MAX_REGISTRATIONS_PER_PERSON,
  type Conflict,
} from './conflict.rules.ts';
import { isGrantedId } from './id-ranges.rules.ts';
import type { SyncRepository } from './sync.repository.ts';
import type {
  AttendeeChangePayload,
  CancelPayload,
  CheckInPayload,
  DeviceRecord,
  EditPayload,
  Op,
  OpOutcome,
  RefusalReason,
  RegistrationPayload,
  ScanPayload,
  UndoCheckInPayload,
} from './sync.types.ts';

/** An op ready to apply: its time corrected to this node's clock. */
export interface TimedOp {
  op: Op;
  /** The op's time on this node's clock, to the millisecond (clock.rules.ts). */
  at: string;
  uncertain: boolean;
}

export interface ApplyContext {
  /** The device that sent it (a venue's hub relays its kiosks' ops under its own device). */
  device: DeviceRecord;
  /** Whether this node follows another, which must confirm what it records (a venue's hub). */
  pendingUpstream: boolean;
  /** An id of this node's own, for a registration whose id another already took (ids.rules: never twice). */
  allocateId: () => number;
  /**
   * Events, devices and lists as ops name them: a hub applying a chunk of ops in one transaction, where nothing else
   * writes, reads each once for the chunk (`readsOnce`, sync/hub.service.ts); by default each op reads its own.
   */
  reads?: ApplyReads;
}

/** What applying an op reads by a UUID it names. */
export interface ApplyReads {
  eventOf(uuid: string): EventRecord | null;
  deviceNameOf(uuid: string): string | null;
  listOf(uuid: string): CheckInListRecord | null;
}

/** The reads of `applyOp`, each made once for as long as the answer lives (one transaction: a hub's chunk). */
export function readsOnce(store: Store, sync: SyncRepository): ApplyReads {
  return {
    eventOf: readOnce((uuid: string) => store.repos.events.findByUuid(uuid)),
    deviceNameOf: readOnce((uuid: string) => sync.deviceByUuid(uuid)?.name ?? null),
    listOf: readOnce((uuid: string) => store.repos.lists.byUuid(uuid)),
  };
}

/**
 * Whether an op's strings are text as the routes take it (platform/text.rules.ts): none holds what no field may, and
 * a registration's name is one line, as is each answer but a textarea's (by the event's fields, as the public
 * registration judges them). The push's own validation leaves ops to this, so one op an older kiosk took is refused
 * on its own (`invalid`) and never holds back the ops queued after it. (An edit's answers are judged whole, as a
 * desk's edit is: `editRefusal`.)
 */
function isTextOf(op: Op, event: EventRecord): boolean {
  if (textFaultsIn(op).length > 0) return false;
  if (op.kind !== 'register' && op.kind !== 'walk_in') return true;
  const { name, answers } = (op.payload as RegistrationPayload).attendee;
  return (
    isOneLineText(name) &&
    event.registrationFields.every(
      (field) =>
        !Object.hasOwn(answers, field.key) || textFault(answers[field.key]!, answerLines(field)) === null,
    )
  );
}

/**
 * A hub taking a device's ops (docs/sync.md, "Ops"): each is checked against what the device may touch before
 * anything is read for it (pretix checks a device's lists first), then recorded in the ledger as a fact, which
 * writes the person's rows by the same rules as every other change. Conflicts are flagged for staff on the Sync
 * page; webhooks hear of what changed. An op is applied once (the caller keeps the op ids it applied).
 */
export function applyService(store: Store, sync: SyncRepository, ledger: LedgerService) {
  const { repos, clock } = store;
  const readsEach: ApplyReads = {
    eventOf: (uuid) => repos.events.findByUuid(uuid),
    deviceNameOf: (uuid) => sync.deviceByUuid(uuid)?.name ?? null,
    listOf: (uuid) => repos.lists.byUuid(uuid),
  };

  function applyOp(timed: TimedOp, context: ApplyContext): OpOutcome {
    const { op } = timed;
    const reads = context.reads ?? readsEach;
    const event = reads.eventOf(op.payload.event);
    // The caller checked the event is one the device serves; an event of another organization is never its own.
    if (!event || event.organizationId !== context.device.organizationId) {
      return { op_id: op.op_id, status: 'not_found', conflicts: [] };
    }
    if (!isTextOf(op, event)) return refused(op, 'invalid');
    const outcome = repos.ledger.replaying(() =>
      op.kind === 'register' || op.kind === 'walk_in'
        ? register(event, timed, op.payload as RegistrationPayload, context)
        : attendeeFact(event, timed, context),
    );
    if (timed.uncertain && outcome.status === 'applied') {
      flag(event, op, timed, { kind: 'time_uncertain', attendee: outcome.attendee ?? '', details: {} });
      outcome.conflicts.push('time_uncertain');
    }
    return outcome;
  }

  /** Records a conflict for staff (the hub's Sync page). */
  function flag(event: EventRecord, op: Op, timed: TimedOp, conflict: Conflict): void {
    sync.recordConflict({
      eventId: event.id,
      attendeeUuid: conflict.attendee,
      kind: conflict.kind,
      opId: op.op_id,
      deviceUuid: op.device,
      details: { ...conflict.details, at: timed.at, kind: op.kind },
      createdAt: toTimestamp(clock.now()),
    });
  }

  function refused(op: Op, reason: RefusalReason): OpOutcome {
    return { op_id: op.op_id, status: 'refused', reason, conflicts: [] };
  }

  /** The row a registration is shown as after a change: what the outcome names. */
  const rowUuidOf = (change: PersonChange, uuid: string) =>
    change.made.find((row) => row.members.includes(uuid))?.uuid ?? uuid;

  /**
   * A registration made on a device. Its UUID, integer id and check-in code were handed out there (a 201, a QR code
   * on a screen), so they are kept as they are; but they must be its own to hand out: the UUID and code new here,
   * the id in a block granted to that device (or the range a cut-off kiosk draws from at random, where two kiosks
   * may, rarely, draw the same: the later one then gets an id of this node's, flagged).
   */
  function register(
    event: EventRecord,
    timed: TimedOp,
    payload: RegistrationPayload,
    context: ApplyContext,
  ): OpOutcome {
    const { op } = timed;
    const incoming = payload.attendee;
    const uuid = incoming.uuid.toLowerCase();
    const known = repos.ledger.registrationByUuid(uuid);
    if (known) {
      if (known.opId !== op.op_id || known.eventId !== event.id) return refused(op, 'uuid_taken');
      const change = ledger.materialize(event.id, known.emailKey);
      return { op_id: op.op_id, status: 'applied', attendee: rowUuidOf(change, uuid), conflicts: [] };
    }
    if (!isValidEmail(incoming.email)) return refused(op, 'invalid');
    const grant = isGrantedId(incoming.number, sync.grantsOf(context.device.id));
    if (grant === 'outside') return refused(op, 'id_outside_grant');
    let id = incoming.number;
    const conflicts: Conflict[] = [];
    if (repos.ledger.registrationById(id)) {
      // Only where kiosks draw at random can an honest one meet an id taken: a block is its device's alone.
      if (grant !== 'random') return refused(op, 'id_taken');
      id = context.allocateId();
      conflicts.push({
        kind: 'id_reassigned',
        attendee: uuid,
        details: { asked: incoming.number, given: id },
      });
    }
    const code = incoming.checkin_code ?? drawCheckinCode();
    // Taken too when another code reads as it: a scan of either would find the other.
    if (checkinCodeReadings(code).some((reading) => repos.ledger.registrationByCode(reading))) {
      return refused(op, 'code_taken');
    }
    const key = emailKey(incoming.email);
    if (repos.ledger.registrationsOf(event.id, key).length >= MAX_REGISTRATIONS_PER_PERSON) {
      return refused(op, 'person_limit');
    }
    const full = event.seats !== null && repos.events.findById(event.id)!.attendeesCount >= event.seats;
    const change = ledger.register(
      event,
      {
        uuid,
        id,
        opId: op.op_id,
        at: timed.at,
        status: incoming.status === 'pending' ? 'pending' : 'confirmed',
        email: incoming.email,
        name: incoming.name,
        answers: JSON.stringify(incoming.answers),
        checkinCode: code,
        // Its ticket (migration 020): the secret its node handed out, unless another registration holds it.
        ticketSecret:
          incoming.ticket_secret && !repos.tickets.isSecretTaken(incoming.ticket_secret)
            ? incoming.ticket_secret
            : randomBase62(TICKET_SECRET_LENGTH),
        language: incoming.language ?? null,
        door: incoming.door ?? (op.kind === 'walk_in' ? 'desk' : null),
        pendingUpstream: context.pendingUpstream,
      },
      { tell: true },
    );
    const row = change.made.find((made) => made.members.includes(uuid))!;
    conflicts.push(
      ...conflictsOfRegistration(row, {
        full,
        afterClose:
          op.kind === 'register' && !isRegistrationOpen({ ...event, seats: null }, new Date(timed.at)),
      }),
    );
    for (const conflict of conflicts) flag(event, op, timed, conflict);
    return {
      op_id: op.op_id,
      status: 'applied',
      attendee: row.uuid,
      conflicts: conflicts.map((conflict) => conflict.kind),
    };
  }

  /**
   * A check-in, undo, cancellation, no-show or approval made on a device, naming the registration it acted on
   * there. One naming a registration this hub does not hold in that event (not yet: a hub restored from a backup may
   * hear of a check-in before the registration; or never: another event's) is kept aside in that event, where it
   * can only ever count for a registration of that event, and answers as any other: the device learns nothing.
   */
  function attendeeFact(event: EventRecord, timed: TimedOp, context: ApplyContext): OpOutcome {
    const { op } = timed;
    const payload = op.payload as AttendeeChangePayload;
    const subject = payload.attendee.toLowerCase();
    const applied = (attendee?: string, conflicts: Conflict[] = []): OpOutcome => {
      for (const conflict of conflicts) flag(event, op, timed, conflict);
      return {
        op_id: op.op_id,
        status: 'applied',
        ...(attendee ? { attendee } : {}),
        conflicts: conflicts.map((conflict) => conflict.kind),
      };
    };
    // A scan names a list, which must be one of its event's (a kiosk is given no other); only staff force.
    const reads = context.reads ?? readsEach;
    const refusal = scanRefusal(event, op, Date.parse(timed.at), reads) ?? editRefusal(event, op);
    if (refusal) return refused(op, refusal);
    if (repos.ledger.factByOp(op.op_id)) {
      const row = ledger.rowOf(subject);
      return applied(row?.eventId === event.id ? row.uuid : undefined);
    }
    const registration = repos.ledger.registrationByUuid(subject);
    const ours = registration !== null && registration.eventId === event.id && !registration.refused;
    const fact: AttendeeFact & { device: string; pendingUpstream: boolean } = {
      opId: op.op_id,
      kind: op.kind as AttendeeFact['kind'],
      subject,
      at: timed.at,
      names: namesOf(op),
      detail: op.kind === 'edit' ? editDetailOfOp(op) : detailOf(op, reads),
      device: op.device,
      pendingUpstream: context.pendingUpstream,
    };
    if (!ours) {
      // Kept aside, a bounded number per device: a restored hub hears of a few; a device that sends thousands is
      // making them up.
      if (!sync.countOrphanFact(context.device.id, MAX_FACTS_AWAITING_REGISTRATION)) {
        return refused(op, 'unknown_attendee');
      }
      ledger.recordFact(event, fact, { tell: true });
      return applied();
    }
    // What applying it costs stays the same whatever came before: a person's facts are bounded.
    const person = {
      emailKey: registration.emailKey,
      ...ledger.personFacts(event.id, registration.emailKey),
    };
    const { facts } = person;
    if (facts.length >= MAX_FACTS_PER_PERSON) return refused(op, 'person_limit');
    const rowBefore = ledger.rowOf(subject);
    if (op.kind === 'check_in' && !mayComeBackIn(event, reads)) {
      const dropped = duplicateScan(facts, op.device, subject);
      if (dropped) {
        const attendee = rowBefore?.uuid ?? subject;
        sync.countDuplicateScan({
          eventId: event.id,
          attendeeUuid: attendee,
          opId: op.op_id,
          deviceUuid: op.device,
          at: timed.at,
          createdAt: toTimestamp(clock.now()),
        });
        return {
          op_id: op.op_id,
          status: 'dropped',
          reason: dropped,
          attendee,
          conflicts: ['duplicate_check_in'],
        };
      }
    }
    const overCapacity = fact.detail ? entersOverCapacity(event, fact, facts, reads) : false;
    if (fact.detail) fact.detail = { ...fact.detail, over_capacity: overCapacity };
    const change = ledger.recordFact(event, fact, { tell: true }, person)!;
    // The registrations the subject's row was before (the ledger read them before writing the rows again).
    const membersBefore = new Set(
      change.registrations
        .filter((held) => held.attendeeId !== null && held.attendeeId === registration.attendeeId)
        .map((held) => held.uuid),
    );
    const scanned = scanDetailOf(fact);
    const listUuid = scanned ? (scanned.list ?? defaultListUuid(event.uuid)) : null;
    const onList = listUuid === null ? undefined : change.lists.get(listUuid);
    const verdict = onList?.timeline.verdicts.get(fact.opId);
    const scan =
      verdict && onList
        ? { ...verdict, duplicate: madeDuplicate(event, onList, facts), list: onList.list.uuid }
        : undefined;
    const conflicts = conflictsOfFact(fact, rowBefore, membersBefore, change, scan);
    if (overCapacity)
      conflicts.push({
        kind: 'entry_over_capacity',
        attendee: rowUuidOf(change, subject),
        details: { list: listUuid },
      });
    return applied(rowUuidOf(change, subject), conflicts);
  }

  /**
   * Whether a person's next check-in may be a re-entry rather than a repeat: the main entrance scans exits, or
   * checks everyone out at night (or did, by some version of its rules). Only where neither can be is a device's
   * repeat dropped (and counted), as before lists: what decides it is the list's rules, never the order ops come in.
   */
  function mayComeBackIn(event: EventRecord, reads: ApplyReads): boolean {
    const list = reads.listOf(defaultListUuid(event.uuid));
    return list?.history.some((version) => version.exitsScanned || version.autoCheckoutAt !== null) ?? false;
  }

  /**
   * Whether recording a scan made one of the person's entries on its list a duplicate (itself, or one that stood
   * until an earlier entry arrived from a kiosk that was cut off): what staff are shown.
   */
  function madeDuplicate(event: EventRecord, onList: ListOfPerson, before: readonly StoredFact[]): boolean {
    const earlier = listTimeline(
      onList.list.uuid,
      scansByList(before, event.uuid).get(onList.list.uuid) ?? [],
      onList.list.history,
      event.timezone,
    );
    return [...onList.timeline.verdicts].some(
      ([opId, verdict]) => verdict.duplicate && !earlier.verdicts.get(opId)?.duplicate,
    );
  }

  /**
   * Why an edit may not be taken, before anything is read for it: it sets what no edit at a desk could (a field the
   * event does not have, a value its rules refuse, the email cleared). Uniqueness of the email is not asked: an
   * address another registration holds makes them one person, as two registrations of one email made apart are.
   */
  function editRefusal(event: EventRecord, op: Op): RefusalReason | null {
    if (op.kind !== 'edit') return null;
    const { fields } = op.payload as EditPayload;
    const known = new Set(event.registrationFields.map((field) => field.key));
    if (Object.keys(fields).some((key) => !known.has(key))) return 'invalid';
    const check = validateEdit(event.registrationFields, fields);
    if (!check.ok) return 'invalid';
    return Object.entries(fields).every(([key, value]) => check.fields[key] === value) ? null : 'invalid';
  }

  /** Why a scan may not be taken, before anything is read for it: a list not of its event, or force from a kiosk. */
  function scanRefusal(event: EventRecord, op: Op, at: number, reads: ApplyReads): RefusalReason | null {
    if (op.kind !== 'check_in' && op.kind !== 'scan') return null;
    const payload = op.payload as CheckInPayload | ScanPayload;
    const byStaff = payload.via === 'desk' || payload.via === 'api';
    if (payload.forced && !byStaff) return 'force_not_allowed';
    if (op.kind === 'check_in') return null;
    const scan = payload as ScanPayload;
    const list = reads.listOf(scan.list);
    if (!list || list.eventId !== event.id) return 'unknown_list';
    // An entry on the default list is a check-in, and a list takes exits only while its rules scan them: a scan
    // saying otherwise is not what any kiosk sends.
    if (list.isDefault && scan.direction === 'entry') return 'invalid';
    if (scan.direction === 'exit' && !rulesAt(list.history, at).exitsScanned) return 'invalid';
    return null;
  }

  /** A check-in's or a scan's detail, from its op, as the node that made it recorded it; and the kiosk's name. */
  function detailOf(op: Op, reads: ApplyReads): ScanDetail | null {
    const deviceName = reads.deviceNameOf(op.device);
    if (op.kind === 'check_in')
      return { ...checkInDetail(op.payload as CheckInPayload), device_name: deviceName };
    if (op.kind === 'scan') return { ...scanDetail(op.payload as ScanPayload), device_name: deviceName };
    return null;
  }

  /** An edit's detail, from its op: what staff at that device (or the person on their ticket) changed. */
  function editDetailOfOp(op: Op): EditDetail {
    const payload = op.payload as EditPayload;
    return { fields: payload.fields, via: payload.via, staff: payload.staff ?? null };
  }

  /**
   * Whether an entry a device made puts its list over the capacity in force at its time: the list is full here now
   * and the person is not inside. It stands (the person is in) and is flagged, decided here, where the truth is held.
   */
  function entersOverCapacity(
    event: EventRecord,
    fact: AttendeeFact,
    facts: readonly StoredFact[],
    reads: ApplyReads,
  ): boolean {
    const scanned = scanDetailOf(fact);
    if (scanned?.direction !== 'entry') return false;
    const list = reads.listOf(scanned.list ?? defaultListUuid(event.uuid));
    if (!list || list.id === 0) return false;
    const capacity = rulesAt(list.history, Date.parse(fact.at)).capacity;
    if (capacity === null) return false;
    const now = clock.now();
    const inside = repos.lists.insideNow('list', list.id, now.toISOString());
    return inside >= capacity && personOnList(facts, list, event, now.getTime()).insideSince === null;
  }

  /**
   * A scan of someone already in, kept only once per device and up to a few in all: a device scanning one person
   * over and over (a stuck scanner, or a stolen kiosk's credential) cannot make each next op dearer to apply. The
   * person stays checked in either way; the scan is counted for staff. Only a check-in of the same registration by
   * the same device counts as its repeat: who a registration's person is may change as edits arrive (a corrected
   * email makes two people one for a while, in one arrival order and not another), which registration it is never
   * does, so the check-in kept is the same in every order (test/unit/sync-order.property.test.ts).
   */
  function duplicateScan(
    facts: readonly StoredFact[],
    device: string,
    subject: string,
  ): RefusalReason | null {
    const live = liveCheckIns(facts) as StoredFact[];
    if (live.some((fact) => fact.device === device && fact.subject === subject)) return 'duplicate_scan';
    if (live.length >= MAX_LIVE_CHECK_INS_PER_PERSON) return 'duplicate_scan';
    return null;
  }

  return { applyOp };
}

/** What an op's fact names besides its subject: the registrations a cancel or no-show knew, the check-ins an undo undoes. */
function namesOf(op: Op): string[] {
  if (op.kind === 'undo_check_in') {
    const payload = op.payload as UndoCheckInPayload;
    return [payload.check_in, ...(payload.also ?? [])].filter((name): name is string => name !== null);
  }
  if (op.kind === 'cancel' || op.kind === 'no_show' || op.kind === 'edit') {
    return ((op.payload as CancelPayload).merged ?? []).map((uuid) => uuid.toLowerCase());
  }
  return [];
}

export type ApplyService = ReturnType<typeof applyService>;
