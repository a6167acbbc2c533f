import { randomUUID } from 'node:crypto';
import { scanDetailOf, type ScanDetail } from '../attendees/ledger.rules.ts';
import type { AttendeeRecord } from '../attendees/attendee.types.ts';
import type { ScannedCode } from '../attendees/checkin-code.rules.ts';
import type { LedgerService, PersonFacts } from '../attendees/ledger.service.ts';
import type { RecordedScanResult, ScanDirection, ScanVia } from '../contract/vocabulary.ts';
import type { EventRecord } from '../events/event.types.ts';
import { checkInOpIdFor } from '../failover/failover.rules.ts';
import { emailKey } from '../platform/email.ts';
import { hasFieldErrors, type FieldErrors } from '../platform/field-errors.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import { newOpId, type ChangeJournal } from '../sync/journal.ts';
import type { CheckInPayload, ScanPayload } from '../sync/sync.types.ts';
import { autoExitsBy, listTimeline, stateAt } from './entry.rules.ts';
import {
  changesFixedDefaultRules,
  DEFAULT_LIST_NAME,
  DEFAULT_RULES,
  decideEntry,
  defaultListUuid,
  historyAfterChange,
  isListOpen,
  listsCovering,
  listSettingsErrors,
  MAX_LISTS_PER_EVENT,
  nextOpening,
  rulesAt,
} from './list.rules.ts';
import type { ListInput } from './list.schemas.ts';
import {
  currentRules,
  type CheckInListRecord,
  type ListRules,
  type ListView,
  type ScanOutcome,
} from './list.types.ts';
import { defaultListOf, listPresence, rulesStart, scansByList } from './presence.service.ts';
import {
  autoExitRecordOf,
  checkInDetail,
  checkInViaOf,
  scanDetail,
  scanIdOf,
  scanRecordOf,
  type ScanRecord,
} from './scan.rules.ts';

export type SaveListOutcome =
  | { ok: true; list: ListView }
  | { ok: false; reason: 'too_many' | 'default_fixed' }
  | { ok: false; reason: 'invalid'; errors: FieldErrors };

export type DeleteListOutcome = { ok: true } | { ok: false; reason: 'default' };

/** Who a scan names: a scanned code, or a registration's UUID (the desk's and the token API's). */
export type ScanTarget = { code: ScannedCode } | { attendeeId: string };

export interface ScanRequest {
  target: ScanTarget;
  direction: ScanDirection;
  force: boolean;
  via: Exclude<ScanVia, 'auto'>;
  staff: { id: string; name: string } | null;
  idempotencyKey?: string | undefined;
}

/** A scan of a list's export: the scan and the person it names. */
export interface ExportedScan {
  scan: ScanRecord;
  attendeeUuid: string | null;
  name: string | null;
  email: string | null;
  checkinCode: string | null;
}

const byTimeThenId = (a: ScanRecord, b: ScanRecord) =>
  Date.parse(a.at) - Date.parse(b.at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** How far back the Sync page's chart goes, and how wide each of its points is. */
export const CHART_HOURS = 12;
export const CHART_BUCKET_MINUTES = 5;
/** Samples are kept this long. */
const SAMPLES_KEPT_MS = 7 * 24 * 60 * 60_000;

/**
 * Check-in lists (issue 38): managing an event's lists, scanning on one (the kiosk, the desk, the token API), who is
 * inside, a person's history and a list's export. A scan is decided by the list's rules (list.rules.ts) on what
 * this node knows, recorded as a fact in the ledger (which writes the person's rows and presence by the same rules
 * on every node) and, on a replica, sent to its hub as an op, in one IMMEDIATE transaction.
 */
export function listService(store: Store, ledger: LedgerService, journal: ChangeJournal) {
  const { repos, clock } = store;
  const presence = listPresence(repos);
  const nowIso = () => clock.now().toISOString();

  /**
   * The event's lists (the default first, then in order of creation). An event whose default list has no row here
   * yet is shown one as it will be made (a read writes nothing).
   */
  function listsOf(event: EventRecord): CheckInListRecord[] {
    const lists = repos.lists.listsOf(event.id);
    if (lists.some((list) => list.isDefault)) return lists;
    const virtualDefault: CheckInListRecord = {
      id: 0,
      uuid: defaultListUuid(event.uuid),
      eventId: event.id,
      name: DEFAULT_LIST_NAME,
      isDefault: true,
      history: [{ ...DEFAULT_RULES, from: rulesStart(event.createdAt) }],
      createdAt: event.createdAt,
      updatedAt: event.createdAt,
      deletedAt: null,
    };
    return [virtualDefault, ...lists];
  }

  const insideOf = (list: CheckInListRecord, now = nowIso()) =>
    list.id === 0 ? 0 : repos.lists.insideNow('list', list.id, now);

  const view = (list: CheckInListRecord): ListView => ({ list, insideNow: insideOf(list) });

  /**
   * The event's list `uuid` (not a deleted one); null for any other. Read on every scan: any list but the default one
   * by its UUID alone, not among all of the event's.
   */
  function findList(event: EventRecord, uuid: string): CheckInListRecord | null {
    const wanted = uuid.toLowerCase();
    if (wanted === defaultListUuid(event.uuid)) return listsOf(event)[0]!;
    const list = repos.lists.byUuid(wanted);
    return list && list.eventId === event.id && list.deletedAt === null ? list : null;
  }

  function listViews(event: EventRecord): ListView[] {
    const now = nowIso();
    return listsOf(event).map((list) => ({ list, insideNow: insideOf(list, now) }));
  }

  const rulesOf = (input: ListInput, base: ListRules): ListRules => ({
    admits: input.admits !== undefined ? input.admits : base.admits,
    windows: input.windows ?? base.windows,
    entryRule: input.entry_rule ?? base.entryRule,
    exitsScanned: input.exits_scanned ?? base.exitsScanned,
    autoCheckoutAt: input.auto_checkout_at !== undefined ? input.auto_checkout_at : base.autoCheckoutAt,
    capacity: input.capacity !== undefined ? input.capacity : base.capacity,
  });

  function createList(event: EventRecord, input: ListInput & { name: string }): SaveListOutcome {
    const now = clock.now();
    return store.inTransaction((): SaveListOutcome => {
      defaultListOf(repos, event);
      if (repos.lists.countLive(event.id) >= MAX_LISTS_PER_EVENT) return { ok: false, reason: 'too_many' };
      const rules = rulesOf(input, DEFAULT_RULES);
      const others = repos.lists.listsOf(event.id).map((list) => list.name);
      const errors = listSettingsErrors({ name: input.name, rules }, event, others);
      if (hasFieldErrors(errors)) return { ok: false, reason: 'invalid', errors };
      const list = repos.lists.create({
        uuid: randomUUID(),
        eventId: event.id,
        name: input.name,
        isDefault: false,
        history: [{ ...rules, from: now.toISOString() }],
        now: toTimestamp(now),
      })!;
      return { ok: true, list: view(list) };
    });
  }

  /**
   * Only the keys sent change. A change of rules comes into force now: scans made before it, wherever they arrive
   * from, keep the rules of their time (the list's history).
   */
  function updateList(event: EventRecord, uuid: string, input: ListInput): SaveListOutcome {
    const now = clock.now();
    return store.inTransaction((): SaveListOutcome => {
      const found = findList(event, uuid)!;
      const list = found.isDefault ? defaultListOf(repos, event) : found;
      const current = currentRules(list);
      const rules = rulesOf(input, current);
      if (list.isDefault && changesFixedDefaultRules(current, rules))
        return { ok: false, reason: 'default_fixed' };
      const name = input.name ?? list.name;
      const others = repos.lists
        .listsOf(event.id)
        .filter((other) => other.id !== list.id)
        .map((other) => other.name);
      const errors = listSettingsErrors({ name, rules }, event, others);
      if (hasFieldErrors(errors)) return { ok: false, reason: 'invalid', errors };
      const history = historyAfterChange(list.history, rules, now);
      const saved =
        name === list.name && history.length === list.history.length && history.at(-1) === list.history.at(-1)
          ? list
          : repos.lists.update(list.id, { name, history, now: toTimestamp(now) });
      // A new automatic check-out moves when the stays of those inside end.
      if (currentRules(saved).autoCheckoutAt !== current.autoCheckoutAt)
        presence.checkoutsChanged(saved, event);
      return { ok: true, list: view(saved) };
    });
  }

  function deleteList(event: EventRecord, list: CheckInListRecord): DeleteListOutcome {
    if (list.isDefault) return { ok: false, reason: 'default' };
    store.inTransaction(() => {
      repos.lists.softDelete(list.id, toTimestamp(clock.now()));
      presence.listDeleted(list);
    });
    return { ok: true };
  }

  /** How many are inside each list and the event (each person once), counted as scans were recorded. */
  function insideNow(event: EventRecord): { event: number; lists: ListView[] } {
    const now = nowIso();
    return {
      event: repos.lists.insideNow('event', event.id, now),
      lists: listsOf(event).map((list) => ({ list, insideNow: insideOf(list, now) })),
    };
  }

  /** Who is inside a list now, latest entry first. */
  function whoIsInside(list: CheckInListRecord, page: { limit: number; offset: number }) {
    const now = nowIso();
    if (list.id === 0) return { items: [], total: 0 };
    return { items: repos.lists.insidePage(list.id, now, page), total: insideOf(list, now) };
  }

  /** The registration of the event a scan names; null for none (an unknown code, another event's). */
  function findTarget(event: EventRecord, target: ScanTarget): AttendeeRecord | null {
    if ('attendeeId' in target) {
      const attendee =
        repos.attendees.findByUuid(target.attendeeId) ?? repos.attendees.findMergedInto(target.attendeeId);
      return attendee?.eventId === event.id ? attendee : null;
    }
    const { code } = target;
    if (code.kind !== 'profile') {
      const attendee = repos.attendees.findByCheckinCode(code.code);
      if (attendee) return attendee.eventId === event.id ? attendee : null;
      if (code.kind === 'checkin') return null;
    }
    const person = repos.users.findByProfileCode(code.code);
    if (!person || person.organizationId !== event.organizationId) return null;
    return repos.attendees.findForEmail(event.id, person.email);
  }

  /** The op id of a scan: derived from the client's idempotency key (the same on every server), else random. */
  function opIdOf(
    event: EventRecord,
    list: CheckInListRecord,
    attendee: AttendeeRecord,
    request: ScanRequest,
  ) {
    const key = request.idempotencyKey;
    if (key === undefined) return newOpId();
    // An entry on the default list is a check-in: the same key makes the same op as today's check-in routes.
    if (list.isDefault && request.direction === 'entry')
      return checkInOpIdFor(event.uuid, attendee.uuid, key);
    return checkInOpIdFor(event.uuid, `${attendee.uuid}/${list.uuid}/${request.direction}`, key);
  }

  /**
   * A scan at the door of `list`: decided by the list's rules on what this node knows now, and recorded when it
   * admits (or lets out) the person. A refused scan records nothing. Sent again with the same idempotency key, it
   * answers as the first time and records nothing more.
   */
  function scan(
    event: EventRecord,
    /** The list as `findList` found it, in the same turn. */
    found: CheckInListRecord,
    request: ScanRequest,
  ): ScanOutcome | { refused: 'exits_not_scanned' } {
    const now = clock.now();
    return store.inTransaction(() => {
      const list = found.isDefault ? defaultListOf(repos, event) : found;
      const rules = rulesAt(list.history, now.getTime());
      if (request.direction === 'exit' && !rules.exitsScanned)
        return { refused: 'exits_not_scanned' as const };
      const named = { uuid: list.uuid, name: list.name };
      const answer = (fields: Partial<ScanOutcome> & Pick<ScanOutcome, 'result'>): ScanOutcome => ({
        accepted: false,
        forced: false,
        direction: request.direction,
        scanId: null,
        scannedAt: now.toISOString(),
        list: named,
        attendee: null,
        enteredAt: null,
        belongsTo: [],
        opensAt: null,
        insideNow: insideOf(list),
        capacity: rules.capacity,
        ...fields,
      });
      const attendee = findTarget(event, request.target);
      if (!attendee) return answer({ result: 'unknown_code' });
      const opId = opIdOf(event, list, attendee, request);
      const earlier = request.idempotencyKey === undefined ? null : repos.ledger.factByOp(opId);
      if (earlier) {
        const detail = scanDetailOf(earlier) ?? checkInDetail({ via: 'desk' });
        return answer({
          result: detail.result,
          accepted: true,
          forced: detail.forced,
          scanId: scanIdOf(earlier.opId),
          scannedAt: earlier.at,
          attendee: ledger.rowOf(attendee.uuid) ?? attendee,
        });
      }
      // The person's facts, read once: to decide, and for the ledger to write their rows from.
      const key = emailKey(attendee.email);
      const before = { emailKey: key, ...ledger.personFacts(event.id, key) };
      const scans = scansByList(before.facts, event.uuid).get(list.uuid) ?? [];
      const timeline = listTimeline(list.uuid, scans, list.history, event.timezone);
      const person = stateAt(timeline, list.history, event.timezone, now.getTime());
      const insideBefore = insideOf(list);
      if (request.direction === 'exit') {
        return record(event, list, attendee, before, request, opId, now, {
          result: 'exit_recorded',
          forced: false,
          overCapacity: false,
        });
      }
      const decision = decideEntry({
        event,
        rules,
        zone: event.timezone,
        now,
        attendee,
        person,
        insideNow: insideBefore,
        force: request.force,
      });
      if (!decision.recorded) {
        return answer({
          result: decision.result,
          attendee,
          enteredAt: decision.result === 'already_entered' ? decision.enteredAt : null,
          opensAt: decision.result === 'not_now' ? decision.opensAt : null,
          belongsTo:
            decision.result === 'not_on_list'
              ? listsCovering(listsOf(event), attendee.answers).map((other) => ({
                  uuid: other.uuid,
                  name: other.name,
                }))
              : [],
        });
      }
      return record(event, list, attendee, before, request, opId, now, decision);
    });
  }

  /** Records an admitted entry or an exit: a check-in on the default list, a scan on any other. */
  function record(
    event: EventRecord,
    list: CheckInListRecord,
    attendee: AttendeeRecord,
    before: PersonFacts & { emailKey: string },
    request: ScanRequest,
    opId: string,
    now: Date,
    decision: { result: RecordedScanResult; forced: boolean; overCapacity: boolean },
  ): ScanOutcome {
    const common = {
      staff: request.staff,
      forced: decision.forced,
      result: decision.result,
    };
    const isCheckIn = list.isDefault && request.direction === 'entry';
    const payload: Omit<CheckInPayload, 'event' | 'attendee'> | Omit<ScanPayload, 'event' | 'attendee'> =
      isCheckIn
        ? { via: checkInViaOf(request.via), ...common }
        : { list: list.uuid, direction: request.direction, via: request.via, ...common };
    const detail: ScanDetail = {
      ...(isCheckIn
        ? checkInDetail(payload as Omit<CheckInPayload, 'event' | 'attendee'>)
        : scanDetail(payload as Omit<ScanPayload, 'event' | 'attendee'>)),
      ...(decision.overCapacity ? { over_capacity: true } : {}),
    };
    const kind = isCheckIn ? 'check_in' : 'scan';
    const change = ledger.recordFact(
      event,
      {
        opId,
        kind,
        subject: attendee.uuid,
        at: now.toISOString(),
        names: [],
        detail,
        device: journal.device(),
        pendingUpstream: journal.sendsUp(event.uuid),
      },
      { tell: true },
      before,
    );
    journal.record(
      kind,
      opId,
      { event: event.uuid, attendee: attendee.uuid, ...payload } as CheckInPayload,
      now.toISOString(),
    );
    return {
      result: decision.result,
      accepted: true,
      forced: decision.forced,
      direction: request.direction,
      scanId: scanIdOf(opId),
      scannedAt: now.toISOString(),
      list: { uuid: list.uuid, name: list.name },
      attendee: ledger.rowAfter(change, attendee.uuid, attendee) ?? attendee,
      enteredAt: null,
      belongsTo: [],
      opensAt: null,
      insideNow: insideOf(list),
      capacity: rulesAt(list.history, now.getTime()).capacity,
    };
  }

  /** A kiosk's door: the list, and when it next opens while it is closed. */
  function kioskList(
    event: EventRecord,
    list: CheckInListRecord,
  ): { list: CheckInListRecord; opensAt: string | null } {
    const now = clock.now();
    const rules = currentRules(list);
    const open = isListOpen(event, rules.windows, event.timezone, now);
    return { list, opensAt: open ? null : nextOpening(event, rules.windows, event.timezone, now) };
  }

  /** Every recorded scan of a person on every list of the event (automatic check-outs included), oldest first. */
  function historyOf(event: EventRecord, attendee: AttendeeRecord): ScanRecord[] {
    const nowMs = clock.now().getTime();
    const facts = ledger.factsOfRow(attendee);
    const byOp = new Map(facts.map((fact) => [fact.opId, fact]));
    const records: ScanRecord[] = [];
    for (const [uuid, scans] of scansByList(facts, event.uuid)) {
      const list = uuid === defaultListUuid(event.uuid) ? listsOf(event)[0]! : repos.lists.byUuid(uuid);
      if (!list || list.eventId !== event.id) continue;
      const named = { uuid: list.uuid, name: list.name };
      const timeline = listTimeline(list.uuid, scans, list.history, event.timezone);
      for (const scan of scans) {
        const fact = byOp.get(scan.opId)!;
        records.push(
          scanRecordOf(fact, named, timeline.verdicts.get(scan.opId), scan.undone, repos.lists.deviceName),
        );
      }
      for (const exit of autoExitsBy(list.uuid, timeline, nowMs)) records.push(autoExitRecordOf(exit, named));
    }
    return records.sort(byTimeThenId);
  }

  /** Every recorded scan on a list (automatic check-outs included), oldest first, with whom each names. */
  function exportScans(event: EventRecord, list: CheckInListRecord): ExportedScan[] {
    const nowMs = clock.now().getTime();
    const rows = repos.lists.scansOfList(event.id, list);
    const undone = list.isDefault ? repos.lists.undoneOfEvent(event.id) : new Set<string>();
    const named = { uuid: list.uuid, name: list.name };
    const byPerson = new Map<string, typeof rows>();
    for (const row of rows) byPerson.set(row.email_key, [...(byPerson.get(row.email_key) ?? []), row]);
    const exported: ExportedScan[] = [];
    for (const personRows of byPerson.values()) {
      const timeline = listTimeline(
        list.uuid,
        personRows.map((row) => ({
          opId: row.op_id,
          subject: row.subject,
          at: row.at,
          direction:
            row.kind === 'check_in' ? 'entry' : (JSON.parse(row.detail ?? '{}') as ScanDetail).direction,
          undone: undone.has(row.op_id),
        })),
        list.history,
        event.timezone,
      );
      const person = personRows[0]!;
      const who = {
        attendeeUuid: person.attendee_uuid,
        name: person.name,
        email: person.email,
        checkinCode: person.checkin_code,
      };
      for (const row of personRows) {
        const fact = {
          opId: row.op_id,
          at: row.at,
          kind: row.kind,
          device: row.device,
          detail: row.detail === null ? null : (JSON.parse(row.detail) as ScanDetail),
        };
        exported.push({
          scan: scanRecordOf(
            fact,
            named,
            timeline.verdicts.get(row.op_id),
            undone.has(row.op_id),
            repos.lists.deviceName,
          ),
          ...who,
        });
      }
      for (const exit of autoExitsBy(list.uuid, timeline, nowMs)) {
        exported.push({ scan: autoExitRecordOf(exit, named), ...who });
      }
    }
    return exported.sort((a, b) => byTimeThenId(a.scan, b.scan));
  }

  /**
   * Moves the counts on past the automatic check-outs that have passed, tells webhooks of those exits (on the node
   * that tells), and samples every count for the chart. Run every minute by the app, and by tests.
   */
  function sweep(): void {
    const now = clock.now();
    const at = now.toISOString();
    store.inTransaction(() => {
      const passed = repos.lists.sweep(at);
      ledger.tellCheckOuts(passed);
      const bucketMs = CHART_BUCKET_MINUTES * 60_000;
      repos.lists.sampleAll(new Date(Math.floor(now.getTime() / bucketMs) * bucketMs).toISOString(), at);
      repos.lists.pruneSamples(new Date(now.getTime() - SAMPLES_KEPT_MS).toISOString());
    });
  }

  /** What the counts stood at over the last hours, per list and for the event, for the Sync page's chart. */
  function chart(event: EventRecord) {
    const since = new Date(clock.now().getTime() - CHART_HOURS * 60 * 60_000).toISOString();
    return {
      since,
      event: repos.lists.samplesOf('event', event.id, since),
      lists: listsOf(event).map((list) => ({
        list,
        points: list.id === 0 ? [] : repos.lists.samplesOf('list', list.id, since),
      })),
    };
  }

  return {
    listsOf,
    listViews,
    findList,
    createList,
    updateList,
    deleteList,
    insideNow,
    whoIsInside,
    scan,
    kioskList,
    historyOf,
    exportScans,
    sweep,
    chart,
  };
}

export type ListService = ReturnType<typeof listService>;
