import type { EventRecord } from '../events/event.types.ts';
import { listPresence, listUuidOf, type ListOfPerson } from '../lists/presence.service.ts';
import { autoExitId, autoExitsBy } from '../lists/entry.rules.ts';
import type { CheckedOutRow } from '../lists/list.repository.ts';
import { autoExitRecordOf, scanRecordOf } from '../lists/scan.rules.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import type { ChangeCircumstances, ChangeNotifier } from '../webhooks/notifier.ts';
import type { AttendeeRecord, AttendeeSummary } from './attendee.types.ts';
import { writtenAttendee } from './attendee.repository.ts';
import type { HeldRow, LedgerRepository, StoredFact, StoredRegistration } from './ledger.repository.ts';
import { toSecond } from './ledger.repository.ts';
import { emailKey as keyOf } from '../platform/email.ts';
import { attendeeName } from './registration.rules.ts';
import {
  changesBetween,
  currentEmail,
  editDetailOf,
  rowsOfPerson,
  type AttendeeChange,
  type AttendeeFact,
  type AttendeeRowState,
  type RegistrationFact,
} from './ledger.rules.ts';

/** One person's rows before and after a fact: what the caller reports, and what tells the outside world. */
export interface PersonChange {
  eventId: number;
  emailKey: string;
  held: HeldRow[];
  made: AttendeeRowState[];
  registrations: StoredRegistration[];
  facts: StoredFact[];
  /** The person's scans on each check-in list, by list UUID, as the entry rules take them (lists/). */
  lists: Map<string, ListOfPerson>;
  /** The user of each row written anew, by its id (a kept row keeps its user). */
  usersOfNewRows: Map<number, number | null>;
}

export interface RecordOptions {
  /**
   * Tell webhooks (and mail) of the changes: on the node that holds the truth for them. A node writing what the
   * node it follows sent tells nobody: that node did.
   */
  tell: boolean;
  /** How the change was made, told with it (webhooks/notifier.ts). */
  circumstances?: ChangeCircumstances;
}

/** People whose rows are written again per transaction when the app starts after migration 017. */
const REBUILD_BATCH = 500;

const NOTIFICATION = {
  registered: 'attendee.registered',
  updated: 'attendee.updated',
  check_in_undone: 'attendee.check_in_undone',
  approved: 'attendee.approved',
  checked_in: 'attendee.checked_in',
  canceled: 'attendee.canceled',
  no_show: 'attendee.no_show',
} as const satisfies Record<AttendeeChange, string>;

/**
 * The one door to attendee state (docs/sync.md, "The ledger"). Every change, made here (the public API, the desk, a
 * kiosk), applied for a device, or sent by the node this one follows, is recorded as a fact, and the person's rows
 * are then written again from all the facts about them (ledger.rules.ts). The same code on every node, so two
 * nodes holding the same facts hold the same rows.
 */
export function ledgerService(store: Store, ledger: LedgerRepository, notify: ChangeNotifier) {
  const { repos, clock } = store;
  // Who is inside each check-in list follows the person's facts, written with their rows (lists/).
  const presence = listPresence(repos);

  /**
   * Writes one person's rows from their facts; what they were and are. `event`: where the caller holds it; `known`:
   * the person's registrations and facts, where the caller read them in this transaction (not read again).
   */
  function materialize(
    eventId: number,
    emailKey: string,
    event?: EventRecord,
    known?: PersonFacts,
  ): PersonChange {
    const { registrations, facts } = known ?? personFacts(eventId, emailKey);
    const held = ledger.rowsOf(eventId, emailKey);
    const made = rowsOfPerson(registrations, facts, nameReader(eventId, facts));
    const usersOfNewRows = ledger.writeRows(
      eventId,
      emailKey,
      held,
      made,
      toTimestamp(clock.now()),
      registrations,
    );
    const lists = presence.write(eventId, emailKey, facts, made, event);
    return { eventId, emailKey, held, made, registrations, facts, lists, usersOfNewRows };
  }

  /** A person's registrations (refused ones left out) and the facts about them: what their rows are made of. */
  function personFacts(eventId: number, emailKey: string): PersonFacts {
    const registrations = ledger.registrationsOf(eventId, emailKey);
    return {
      registrations,
      facts: registrations.length === 0 ? [] : factsOfRegistrations(eventId, registrations),
    };
  }

  /** The facts about some registrations: each one's subject among them, and the edits naming any of them. */
  function factsOfRegistrations(eventId: number, registrations: readonly StoredRegistration[]): StoredFact[] {
    return ledger.factsAndEditsAbout(
      eventId,
      registrations.map((registration) => registration.uuid),
    );
  }

  /** How an edited row's name reads, by its event's fields now; none needed where no edit is among the facts. */
  function nameReader(eventId: number, facts: readonly AttendeeFact[]) {
    if (!facts.some((fact) => editDetailOf(fact) !== null)) return undefined;
    const fields = repos.events.findById(eventId)?.registrationFields ?? [];
    return (answers: Record<string, string>, email: string) => attendeeName(fields, answers, email);
  }

  /** Tells webhooks (and mail) what changed for the person, as the rows now read. */
  function tell(
    event: EventRecord,
    change: Pick<PersonChange, 'held' | 'made'>,
    circumstances?: ChangeCircumstances,
  ): void {
    const compared = (
      row: { uuid: string; status: HeldRow['status']; email: string; name: string; answers: string },
      checkedIn: boolean,
    ) => ({
      uuid: row.uuid,
      status: row.status,
      checkedIn,
      fields: JSON.stringify([row.email, row.name, row.answers]),
    });
    const before = change.held.map((row) => compared(row, row.checked_in_at !== null));
    const after = change.made.map((row) => ({
      ...compared(row, row.checkedInAt !== null),
      members: row.members,
    }));
    for (const { change: kind, uuid } of changesBetween(before, after)) {
      const row = change.made.find((made) => made.uuid === uuid)!;
      notify.attendeeChanged(NOTIFICATION[kind], event, summaryOf(row), circumstances);
      if (kind !== 'updated' || row.status === 'canceled') continue;
      // A corrected address: mail queued for the old one does not go, and the new one gets the ticket.
      const was = change.held.find((held) => held.uuid === uuid)!;
      if (keyOf(was.email) !== keyOf(row.email)) notify.addressChanged(event, summaryOf(row));
    }
  }

  /**
   * Moves each of `uuids` to the person of its current email (an edit corrected it: ledger.rules.ts `currentEmail`);
   * the people it left, and those it joined.
   */
  function rekey(eventId: number, uuids: readonly string[]): { left: string[]; joined: string[] } {
    const left = new Set<string>();
    const joined = new Set<string>();
    for (const uuid of uuids) {
      const registration = ledger.registrationByUuid(uuid);
      if (!registration || registration.eventId !== eventId) continue;
      const key = keyOf(currentEmail(registration, ledger.editsAbout(eventId, [registration.uuid])));
      if (key === registration.emailKey) continue;
      ledger.setEmailKey(registration.uuid, key);
      left.add(registration.emailKey);
      joined.add(key);
    }
    return { left: [...left], joined: [...joined] };
  }

  /**
   * Tells webhooks of a scan just recorded, once, when it counts (an entry or an exit; a duplicate says nothing),
   * before what it changed in the rows (a first entry on the default list is also `attendee.checked_in`). An entry
   * recorded after the automatic check-out that ended its stay (a kiosk cut off overnight) is told with that exit.
   */
  function tellScan(
    event: EventRecord,
    fact: AttendeeFact & { device: string | null },
    change: PersonChange,
  ): void {
    const uuid = listUuidOf(fact, event.uuid);
    const onList = uuid === null ? undefined : change.lists.get(uuid);
    const verdict = onList?.timeline.verdicts.get(fact.opId);
    if (!onList || !verdict?.counts) return;
    const row = change.made.find((made) => made.members.includes(fact.subject));
    if (!row) return;
    const list = { uuid: onList.list.uuid, name: onList.list.name };
    const scan = scanRecordOf(fact, list, verdict, false);
    const attendee = summaryOf(row);
    notify.scanRecorded(
      scan.direction === 'entry' ? 'attendee.entered' : 'attendee.exited',
      event,
      attendee,
      scan,
    );
    if (scan.direction !== 'entry') return;
    const ended = autoExitsBy(list.uuid, onList.timeline, clock.now().getTime()).find(
      (exit) => exit.entryOp === fact.opId,
    );
    if (ended) notify.scanRecorded('attendee.exited', event, attendee, autoExitRecordOf(ended, list));
  }

  /** A new registration: stored, and its person's rows written again. */
  function register(
    event: EventRecord,
    registration: RegistrationFact & { pendingUpstream: boolean },
    options: RecordOptions,
  ): PersonChange {
    const typed = keyOf(registration.email);
    // Shown as its own row unless it joins an older registration's (writeRows then points it there).
    ledger.insertRegistration({
      ...registration,
      eventId: event.id,
      emailKey: typed,
      attendeeId: registration.id,
    });
    const person = personFacts(event.id, typed);
    // An edit of it may have arrived first (a hub restored from a backup): it is then its edited address's person.
    // As `rekey` does, from the registration in hand rather than read back (every registration passes here); the
    // edits naming it are among its typed address's person's facts (ledger.repository.ts `editsAbout`).
    const edits = person.facts.filter(
      (fact) =>
        fact.kind === 'edit' &&
        (fact.subject === registration.uuid || fact.names.includes(registration.uuid)),
    );
    const key = edits.length === 0 ? typed : keyOf(currentEmail(registration, edits));
    if (key !== typed) ledger.setEmailKey(registration.uuid, key);
    const change = materialize(event.id, key, event, key === typed ? person : undefined);
    if (options.tell) tell(event, change);
    return change;
  }

  /**
   * A check-in, undo, cancellation, no-show, approval, scan or edit: stored, and its person's rows written again. Null when its
   * subject is no registration of the event here (yet): the fact is kept, and counts once that registration
   * arrives (a hub restored from a backup may hear of a check-in before the registration).
   */
  function recordFact(
    event: EventRecord,
    fact: AttendeeFact & { device: string | null; pendingUpstream: boolean },
    options: RecordOptions,
    /**
     * The subject's person as the caller read them in this transaction, before this fact: their facts are then the
     * ones read and this one, not read again (a hub applying a kiosk's ops reads them to decide on each).
     */
    before?: PersonFacts & { emailKey: string },
  ): PersonChange | null {
    ledger.insertFact({ ...fact, eventId: event.id });
    if (fact.kind === 'edit') return recordEdit(event, fact, options);
    const known = before?.registrations.some((registration) => registration.uuid === fact.subject)
      ? { registrations: before.registrations, facts: [...before.facts, storedFact(fact, event.id)] }
      : undefined;
    const person = known ? { eventId: event.id, emailKey: before!.emailKey } : ledger.personOf(fact.subject);
    if (!person || person.eventId !== event.id) return null;
    const change = materialize(event.id, person.emailKey, event, known);
    if (options.tell) {
      tellScan(event, fact, change);
      tell(event, change, options.circumstances);
    }
    return change;
  }

  /**
   * An edit, stored: the registrations it names move to the person of their corrected email, if it changed, and the
   * rows of the people they left and joined are written again, those left first (a row keeps its id as it moves).
   */
  function recordEdit(event: EventRecord, fact: AttendeeFact, options: RecordOptions): PersonChange | null {
    const person = ledger.personOf(fact.subject);
    if (!person || person.eventId !== event.id) return null;
    const moved = rekey(event.id, [fact.subject, ...fact.names]);
    const people = [...new Set([person.emailKey, ...moved.left, ...moved.joined])];
    const held = people.flatMap((key) => ledger.rowsOf(event.id, key));
    const changes = people.map((key) => materialize(event.id, key, event));
    if (options.tell) tell(event, { held, made: changes.flatMap((change) => change.made) });
    const now = ledger.personOf(fact.subject)!.emailKey;
    return changes.find((change) => change.emailKey === now)!;
  }

  /** Moves registrations a page of the followed node's feed named to their current person (replica.service.ts). */
  function rekeyFromFeed(eventId: number, uuids: readonly string[]): string[] {
    const moved = rekey(eventId, uuids);
    return [...moved.left, ...moved.joined];
  }

  /**
   * Tells webhooks of the automatic check-outs that passed (lists/list.service.ts `sweep`): an exit of each person
   * they checked out, under an id derived from the check-out, so telling it again is recognisably the same.
   */
  function tellCheckOuts(passed: readonly CheckedOutRow[]): void {
    for (const row of passed) {
      const event = repos.events.findById(row.eventId);
      if (!event || !notify.listens(event.organizationId, 'attendee.exited')) continue;
      const list = repos.lists.byId(row.listId);
      const attendee = repos.attendees.findByUuid(row.attendeeUuid);
      if (!list || !attendee) continue;
      const exit = {
        id: autoExitId(list.uuid, row.entryOp, row.checkoutAt),
        at: row.checkoutAt,
        entryOp: row.entryOp,
        subject: attendee.uuid,
      };
      const scan = autoExitRecordOf(exit, { uuid: list.uuid, name: list.name });
      notify.keyed(exit.id, () => notify.scanRecorded('attendee.exited', event, attendee, scan));
    }
  }

  /**
   * The rows of everyone migration 017 left to write from their facts; run once at start, before serving, a few
   * hundred people a transaction. Nothing is told: the rows say what they said before, now made by the rules.
   */
  function rebuildPending(): number {
    const people = ledger.peopleToRebuild();
    for (let from = 0; from < people.length; from += REBUILD_BATCH) {
      store.inTransaction(() =>
        ledger.replaying(() => {
          for (const { eventId, emailKey } of people.slice(from, from + REBUILD_BATCH)) {
            materialize(eventId, emailKey);
            ledger.rebuilt(eventId, emailKey);
          }
        }),
      );
    }
    return people.length;
  }

  /** Every fact about the person a row is of: what an undo there looks through. */
  function factsOfRow(row: { eventId: number; email: string }): StoredFact[] {
    return personFacts(row.eventId, keyOf(row.email)).facts;
  }

  /** The row a registration is shown as now, as the services read attendees. */
  function rowOf(uuid: string) {
    return repos.attendees.findByUuid(uuid) ?? repos.attendees.findMergedInto(uuid);
  }

  /**
   * The row the registration `uuid` is shown as after `change`, as `rowOf` would read it back, from the rows just
   * written: where its row was written anew (its user came back with it), or kept its id and so the user of
   * `subject`, that row as read in this transaction. Read back otherwise.
   */
  function rowAfter(change: PersonChange | null, uuid: string, subject?: AttendeeRecord) {
    const row = change?.made.find((made) => made.members.includes(uuid));
    if (!row) return rowOf(uuid);
    if (change!.usersOfNewRows.has(row.id)) {
      return writtenAttendee(row, change!.eventId, change!.usersOfNewRows.get(row.id)!);
    }
    if (subject?.id === row.id && change!.held.some((held) => held.id === row.id)) {
      return writtenAttendee(row, change!.eventId, subject.userId);
    }
    return rowOf(uuid);
  }

  return {
    materialize,
    tell,
    register,
    recordFact,
    rekeyFromFeed,
    rebuildPending,
    factsOfRow,
    personFacts,
    rowOf,
    rowAfter,
    tellCheckOuts,
  };
}

/** A person's registrations and the facts about them, as their rows are made. */
export interface PersonFacts {
  registrations: StoredRegistration[];
  facts: StoredFact[];
}

/** A fact just inserted, as reading it back would give it (its names and detail as their stored JSON reads). */
function storedFact(
  fact: AttendeeFact & { device: string | null; pendingUpstream: boolean },
  eventId: number,
): StoredFact {
  return {
    opId: fact.opId,
    kind: fact.kind,
    subject: fact.subject,
    at: fact.at,
    names: [...fact.names],
    detail: fact.detail ? (JSON.parse(JSON.stringify(fact.detail)) as typeof fact.detail) : null,
    eventId,
    device: fact.device,
    refused: false,
    pendingUpstream: fact.pendingUpstream,
  };
}

/** A row as notifications carry it (the authenticated lookup's fields). */
export function summaryOf(row: AttendeeRowState): AttendeeSummary {
  return {
    uuid: row.uuid,
    name: row.name,
    email: row.email,
    status: row.status,
    registeredAt: toSecond(row.registeredAt),
    checkedInAt: row.checkedInAt === null ? null : toSecond(row.checkedInAt),
  };
}

export type LedgerService = ReturnType<typeof ledgerService>;
