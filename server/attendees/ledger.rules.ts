import type {
  AttendeeStatus,
  Language,
  RecordedScanResult,
  RegistrationDoor,
  ScanDirection,
  ScanVia,
} from '../contract/vocabulary.ts';

/**
 * An attendee's row is a pure function of the facts recorded about their email in the event (docs/sync.md, "The
 * ledger"): every registration of that email and every check-in, undo, cancellation, no-show and approval naming one
 * of them. Each node keeps the facts it knows of and writes the rows these rules make of them, after every fact.
 * Two nodes that hold the same facts hold the same rows, whatever order the facts reached them in and whichever
 * node made them: merging what two nodes did apart is taking the union of their facts. Nothing here reads a clock or
 * the arrival order; ties go to the lowest op id, then the lowest UUID.
 *
 * Each rule below is named after the situation it decides. ledger.service.ts applies them after every fact, on
 * hubs and replicas alike (through the same code), so they cannot disagree.
 */

/** A registration as recorded: made on some node, with the ids and code that node handed out. */
export interface RegistrationFact {
  uuid: string;
  /** The integer id the public answers show. */
  id: number;
  opId: string;
  /** When it was made, on the clock of the node that holds the truth (ISO 8601 with milliseconds). */
  at: string;
  /** As registered: pending when the event asked for approval. */
  status: 'pending' | 'confirmed';
  email: string;
  name: string;
  /** JSON text, as stored. */
  answers: string;
  checkinCode: string;
  /**
   * Its ticket (server/tickets/, migration 020): the secret of its page, the language it was made in, the door it
   * came through. Absent where unknown (a registration from before tickets); no rule here reads them.
   */
  ticketSecret?: string | null;
  language?: Language | null;
  door?: RegistrationDoor | null;
}

/**
 * Every kind of fact, in one place: `attendee_facts.kind` holds one of these (its CHECK constraint, migration 032,
 * lists them too; test/unit/ledger.rules.test.ts holds the two together). `check_in` is an entry on the event's
 * default check-in list (today's check-in), `scan` an entry on another list or an exit on any (server/lists/).
 */
export const ATTENDEE_FACT_KINDS = [
  'check_in',
  'undo_check_in',
  'cancel',
  'no_show',
  'approve',
  'scan',
  'edit',
] as const;
export type AttendeeFactKind = (typeof ATTENDEE_FACT_KINDS)[number];

/**
 * What a check-in or a scan carries besides its subject (`attendee_facts.detail`, JSON): its list (null: the
 * event's default list), its direction, how it was made and what it was answered where it was made. Recorded by the
 * node that made it and carried up in its op, so every node holds the same; the hub adds what only it knows
 * (`over_capacity`, the kiosk's name), which no rule reads.
 */
export interface ScanDetail {
  list: string | null;
  direction: ScanDirection;
  via: ScanVia;
  staff: { id: string; name: string } | null;
  forced: boolean;
  /** What the door answered: a later rule may make it a duplicate, but history shows what the person was told. */
  result: RecordedScanResult;
  over_capacity?: boolean;
  device_name?: string | null;
}

/**
 * What an edit of a person changed (issue 39): the answers it set, by the event's field keys (`email` among them),
 * each to its new value, or null where it was cleared; and who made it. Only the fields it changed: two edits of one
 * person made apart converge field by field (`editedAnswers`).
 */
export interface EditDetail {
  fields: Record<string, string | null>;
  via: 'desk' | 'api' | 'ticket';
  staff: { id: string; name: string } | null;
}

/**
 * A fact's own data by kind, in one JSON column: a scan's (and a check-in's) `ScanDetail`, an edit's `EditDetail`.
 * Kinds that carry nothing more have null, as have the check-ins recorded before lists.
 */
export type FactDetail = ScanDetail | EditDetail;

/** An edit's detail, or null for a fact of any other kind. */
export const editDetailOf = (fact: AttendeeFact): EditDetail | null =>
  fact.kind === 'edit' && fact.detail && 'fields' in fact.detail ? fact.detail : null;

/** A scan's (or check-in's) detail, or null for a fact of any other kind. */
export const scanDetailOf = (fact: AttendeeFact): ScanDetail | null =>
  fact.detail && 'direction' in fact.detail ? fact.detail : null;

/** Something that happened to a registration, named by the registration its node knew (its `subject`). */
export interface AttendeeFact {
  opId: string;
  kind: AttendeeFactKind;
  /** The UUID of the registration its node named: the row it acted on there. */
  subject: string;
  at: string;
  /**
   * What else it names. A cancellation or no-show: the other registrations its node knew were the same person
   * (merged into the row it acted on). An undo: the check-ins it undoes (op ids).
   */
  names: readonly string[];
  /** Its own data by kind (`FactDetail`): a check-in's or a scan's; null (or absent) where it has none. */
  detail?: FactDetail | null;
}

/** One attendee row as the facts make it. */
export interface AttendeeRowState {
  /** The row's registration: the earliest of `members`, whose UUID, id and code the row shows. */
  uuid: string;
  id: number;
  checkinCode: string;
  email: string;
  name: string;
  answers: string;
  registeredAt: string;
  status: AttendeeStatus;
  /** While a no-show: the status it had before (the public side shows that). Otherwise null. */
  statusBeforeNoShow: 'pending' | 'confirmed' | null;
  checkedInAt: string | null;
  /** The check-in that stands: what an undo at this row names. */
  checkinOpId: string | null;
  /** The registrations this row is, the row's own first: each one's UUID, id and code find the row. */
  members: string[];
}

const at = (iso: string) => Date.parse(iso);

/** Time first, then the op id, then the UUID: the order every rule below breaks ties in. */
function compareMarks(a: { at: string; opId: string }, b: { at: string; opId: string }): number {
  const byTime = at(a.at) - at(b.at);
  if (byTime !== 0) return byTime;
  return a.opId < b.opId ? -1 : a.opId > b.opId ? 1 : 0;
}

/**
 * Two registrations of one email (made on two nodes apart, or one brought back by a check-in while the other was
 * made): they are one person, shown as the earliest, to the millisecond, then by op id and UUID. The other's UUID,
 * id and code keep finding that row.
 */
export function earliestRegistration<T extends RegistrationFact>(registrations: readonly T[]): T {
  let earliest = registrations[0]!;
  for (const registration of registrations.slice(1)) {
    const order = compareMarks(registration, earliest) || (registration.uuid < earliest.uuid ? -1 : 1);
    if (order < 0) earliest = registration;
  }
  return earliest;
}

/**
 * An undo names the check-ins its node knew of (the one it undoes and duplicate scans it had heard of): those are
 * undone, wherever and whenever they arrive, before or after it. Check-ins it had not heard of stand.
 */
export function undoneCheckIns(facts: readonly AttendeeFact[]): Set<string> {
  const undone = new Set<string>();
  for (const fact of facts) if (fact.kind === 'undo_check_in') for (const op of fact.names) undone.add(op);
  return undone;
}

/** The check-ins no undo named. */
export function liveCheckIns(facts: readonly AttendeeFact[]): AttendeeFact[] {
  const undone = undoneCheckIns(facts);
  return facts.filter((fact) => fact.kind === 'check_in' && !undone.has(fact.opId));
}

/**
 * Two check-ins of one person (two kiosks, or one scan at two doors): the earliest that no undo named stands; the
 * others are duplicate scans. Null when none stands.
 */
export function standingCheckIn(checkIns: readonly AttendeeFact[]): AttendeeFact | null {
  let standing: AttendeeFact | null = null;
  for (const checkIn of checkIns) if (!standing || compareMarks(checkIn, standing) < 0) standing = checkIn;
  return standing;
}

/** What a cancellation or a no-show names: the registration it acted on and those merged into it there. */
export const namedRegistrations = (fact: AttendeeFact): string[] => [fact.subject, ...fact.names];

/**
 * A check-in against a cancellation (made meanwhile elsewhere, in either order): the person is in the building, so
 * while a check-in of a registration the cancellation named stands, the cancellation waits beside it, and takes
 * effect if every such check-in is undone. A check-in of a registration it did not name (one made on a node it had
 * not heard of) does not hold it back.
 */
export function isCancellationInEffect(cancellation: AttendeeFact, checkedIn: ReadonlySet<string>): boolean {
  return !namedRegistrations(cancellation).some((uuid) => checkedIn.has(uuid));
}

/**
 * The registrations of one person that are cancelled: those a cancellation in effect names. A cancellation names
 * only what its node knew: a registration made meanwhile on another node stands, as a row of its own.
 */
export function cancelledRegistrations(facts: readonly AttendeeFact[]): Set<string> {
  const checkedIn = new Set(liveCheckIns(facts).map((fact) => fact.subject));
  const cancelled = new Set<string>();
  for (const fact of facts) {
    if (fact.kind === 'cancel' && isCancellationInEffect(fact, checkedIn)) {
      for (const uuid of namedRegistrations(fact)) cancelled.add(uuid);
    }
  }
  return cancelled;
}

/** An entry on a check-in list other than the default (a `scan` fact going in). */
export const isListEntry = (fact: AttendeeFact): boolean =>
  fact.kind === 'scan' && scanDetailOf(fact)?.direction === 'entry';

/**
 * What a person's live registrations add up to: confirmed once any of them was registered confirmed (a walk-in: staff
 * are the approval) or approved; a no-show once any no-show names one of them, unless they turned up: a check-in
 * stands, or they entered any check-in list (a no-show who turned up is confirmed, and a no-show again if that
 * check-in is undone). A cancellation outweighs both: a cancelled registration is in no live row.
 */
export function liveStatus(
  members: readonly RegistrationFact[],
  facts: readonly AttendeeFact[],
  standing: AttendeeFact | null,
): { status: AttendeeStatus; statusBeforeNoShow: 'pending' | 'confirmed' | null } {
  const uuids = new Set(members.map((member) => member.uuid));
  const names = (fact: AttendeeFact) => namedRegistrations(fact).some((uuid) => uuids.has(uuid));
  const approved =
    members.some((member) => member.status === 'confirmed') ||
    facts.some((fact) => fact.kind === 'approve' && names(fact));
  const registered = approved ? 'confirmed' : 'pending';
  const noShow = facts.some((fact) => fact.kind === 'no_show' && names(fact));
  const turnedUp = standing !== null || facts.some((fact) => isListEntry(fact) && uuids.has(fact.subject));
  if (turnedUp) return { status: noShow ? 'confirmed' : registered, statusBeforeNoShow: null };
  return noShow
    ? { status: 'no_show', statusBeforeNoShow: registered }
    : { status: registered, statusBeforeNoShow: null };
}

/** The edits among `facts` that name one of `uuids` (their subject, or a registration merged into it there). */
function editsNaming(facts: readonly AttendeeFact[], uuids: ReadonlySet<string>): AttendeeFact[] {
  return facts.filter(
    (fact) => editDetailOf(fact) !== null && namedRegistrations(fact).some((uuid) => uuids.has(uuid)),
  );
}

/**
 * Two edits of one person (two kiosks, or the desk and the person on their ticket page): each field is the value of
 * the latest edit that set it (by time, then op id), whatever order they arrive in; a field no edit set keeps what
 * was registered. An edit naming any of the row's registrations counts for the row.
 */
export function editedAnswers(
  registered: Readonly<Record<string, string>>,
  edits: readonly AttendeeFact[],
): Record<string, string> {
  const answers: Record<string, string> = { ...registered };
  const decidedBy = new Map<string, AttendeeFact>();
  for (const edit of edits) {
    for (const key of Object.keys(editDetailOf(edit)?.fields ?? {})) {
      const latest = decidedBy.get(key);
      if (!latest || compareMarks(edit, latest) > 0) decidedBy.set(key, edit);
    }
  }
  for (const [key, edit] of decidedBy) {
    const value = editDetailOf(edit)!.fields[key];
    if (value === null || value === undefined) delete answers[key];
    else answers[key] = value;
  }
  return answers;
}

/**
 * A person's email corrected: the registration now belongs to the person of the latest address an edit naming it
 * set (by time, then op id), else to the one it was made with. Its email is who it is (docs/sync.md, "The ledger"),
 * so the registration moves to that address's person, on every node alike; an address someone else holds makes them
 * one person, as two registrations of one email made apart are. A registration made meanwhile with the old address
 * on a node the edit had not heard of is not named, and stays the old address's.
 */
export function currentEmail(registration: RegistrationFact, facts: readonly AttendeeFact[]): string {
  const named = editsNaming(facts, new Set([registration.uuid])).filter(
    (edit) => typeof editDetailOf(edit)!.fields.email === 'string',
  );
  if (named.length === 0) return registration.email;
  const latest = named.reduce((a, b) => (compareMarks(b, a) > 0 ? b : a));
  return editDetailOf(latest)!.fields.email!;
}

/** How a row's name reads from its answers and email (the event's fields decide: registration.rules.ts). */
export type NameOf = (answers: Record<string, string>, email: string) => string;

/**
 * The rows of one person (one email, one event): their live registrations as one row, and their cancelled ones as
 * the rows their cancellations made of them (registrations one cancellation named together stay together).
 * Registrations of other emails and facts of other events must not be passed in. A row some edit names shows its
 * answers as edited, and its name as `nameOf` reads them.
 */
export function rowsOfPerson(
  registrations: readonly RegistrationFact[],
  facts: readonly AttendeeFact[],
  nameOf?: NameOf,
): AttendeeRowState[] {
  if (registrations.length === 0) return [];
  const cancelled = cancelledRegistrations(facts);
  const live = registrations.filter((registration) => !cancelled.has(registration.uuid));
  const checkIns = liveCheckIns(facts);
  const rows: AttendeeRowState[] = [];
  if (live.length > 0) {
    const uuids = new Set(live.map((registration) => registration.uuid));
    const standing = standingCheckIn(checkIns.filter((fact) => uuids.has(fact.subject)));
    rows.push(withEdits(rowOf(live, { ...liveStatus(live, facts, standing), standing }), facts, nameOf));
  }
  for (const group of cancelledGroups(registrations, cancelled, facts)) {
    rows.push(
      withEdits(
        rowOf(group, { status: 'canceled', statusBeforeNoShow: null, standing: null }),
        facts,
        nameOf,
      ),
    );
  }
  return rows.sort((a, b) => compareMarks(byUuid(registrations, a.uuid), byUuid(registrations, b.uuid)));
}

const byUuid = (registrations: readonly RegistrationFact[], uuid: string) =>
  registrations.find((registration) => registration.uuid === uuid)!;

/** Cancelled registrations in the groups their cancellations named together (a union of the named sets). */
function cancelledGroups(
  registrations: readonly RegistrationFact[],
  cancelled: ReadonlySet<string>,
  facts: readonly AttendeeFact[],
): RegistrationFact[][] {
  const parent = new Map<string, string>();
  const root = (uuid: string): string => {
    let node = uuid;
    while (parent.get(node) !== node) node = parent.get(node)!;
    parent.set(uuid, node);
    return node;
  };
  for (const registration of registrations) {
    if (cancelled.has(registration.uuid)) parent.set(registration.uuid, registration.uuid);
  }
  const checkedIn = new Set(liveCheckIns(facts).map((fact) => fact.subject));
  for (const fact of facts) {
    if (fact.kind !== 'cancel' || !isCancellationInEffect(fact, checkedIn)) continue;
    const held = namedRegistrations(fact).filter((uuid) => parent.has(uuid));
    for (const uuid of held.slice(1)) parent.set(root(uuid), root(held[0]!));
  }
  const groups = new Map<string, RegistrationFact[]>();
  for (const registration of registrations) {
    if (!parent.has(registration.uuid)) continue;
    const key = root(registration.uuid);
    groups.set(key, [...(groups.get(key) ?? []), registration]);
  }
  return [...groups.values()];
}

function rowOf(
  members: readonly RegistrationFact[],
  state: {
    status: AttendeeStatus;
    statusBeforeNoShow: 'pending' | 'confirmed' | null;
    standing: AttendeeFact | null;
  },
): AttendeeRowState {
  const first = earliestRegistration(members);
  return {
    uuid: first.uuid,
    id: first.id,
    checkinCode: first.checkinCode,
    email: first.email,
    name: first.name,
    answers: first.answers,
    registeredAt: first.at,
    status: state.status,
    statusBeforeNoShow: state.statusBeforeNoShow,
    checkedInAt: state.standing?.at ?? null,
    checkinOpId: state.standing?.opId ?? null,
    members: [
      first.uuid,
      ...members
        .filter((member) => member !== first)
        .map((member) => member.uuid)
        .sort(),
    ],
  };
}

/** A row as the edits naming its registrations leave it; unchanged where none does. */
function withEdits(row: AttendeeRowState, facts: readonly AttendeeFact[], nameOf?: NameOf): AttendeeRowState {
  const edits = editsNaming(facts, new Set(row.members));
  if (edits.length === 0) return row;
  const answers = editedAnswers(JSON.parse(row.answers) as Record<string, string>, edits);
  const email = answers.email ?? row.email;
  return {
    ...row,
    email,
    answers: JSON.stringify(answers),
    name: nameOf ? nameOf(answers, email) : row.name,
  };
}

/** What the outside world (webhooks, mail) is told of a change to a person's rows. */
export type AttendeeChange =
  'registered' | 'updated' | 'check_in_undone' | 'approved' | 'checked_in' | 'canceled' | 'no_show';

/** A row as the change rule compares it. */
export interface ComparedRow {
  uuid: string;
  status: AttendeeStatus;
  checkedIn: boolean;
  /** What an edit changes (name, email, answers), as one text; absent where the caller compares no edits. */
  fields?: string;
}

/**
 * What changed between a person's rows before and after a fact, row by row, in the order a reader expects: a new
 * registration first, then an edit, then an undone check-in, an approval, a check-in, a cancellation, a no-show. A row that went
 * because it merged into another tells nothing (the other carries the person); a row that came because a
 * cancellation parted a person, or because an earlier registration of theirs arrived, is new.
 */
export function changesBetween(
  before: readonly ComparedRow[],
  after: readonly (ComparedRow & { members: readonly string[] })[],
): { change: AttendeeChange; uuid: string }[] {
  const held = new Map(before.map((row) => [row.uuid, row]));
  const changes: { change: AttendeeChange; uuid: string }[] = [];
  const tell = (change: AttendeeChange, uuid: string) => changes.push({ change, uuid });
  for (const row of after) {
    const was = held.get(row.uuid);
    if (!was) {
      const earlier = row.members.map((uuid) => held.get(uuid)).filter((known) => known !== undefined);
      if (row.status === 'canceled') {
        if (earlier.length === 0) tell('registered', row.uuid);
        tell('canceled', row.uuid);
        continue;
      }
      tell('registered', row.uuid);
      if (row.checkedIn && !earlier.some((known) => known.checkedIn)) tell('checked_in', row.uuid);
      if (row.status === 'no_show' && !earlier.some((known) => known.status === 'no_show')) {
        tell('no_show', row.uuid);
      }
      continue;
    }
    if (was.fields !== undefined && row.fields !== undefined && was.fields !== row.fields) {
      tell('updated', row.uuid);
    }
    if (was.checkedIn && !row.checkedIn) tell('check_in_undone', row.uuid);
    if (was.status === 'pending' && row.status === 'confirmed') tell('approved', row.uuid);
    if (!was.checkedIn && row.checkedIn) tell('checked_in', row.uuid);
    if (was.status !== 'canceled' && row.status === 'canceled') tell('canceled', row.uuid);
    if (was.status !== 'no_show' && row.status === 'no_show') tell('no_show', row.uuid);
  }
  return changes;
}
