/**
 * What a hub ends with does not depend on arrival order (docs/sync.md, "The ledger"): ops from three kiosks, in any
 * interleaving that keeps each kiosk's own order (as a hub receives them: each kiosk pushes in sequence), leave a
 * hub with the same registrations, statuses, check-ins and merged registrations. Applied through the hub's own
 * apply service, each op in its own transaction, on byte-identical copies of one seeded database. The rules are
 * order-free by construction (a pure function of the facts: test/unit/ledger.rules.test.ts); this checks the way
 * a hub takes ops, one at a time, writes the same rows.
 *
 * With `asItAllows`, the kiosks' scripts are what kiosks accept; it found the cancellation crossing a new
 * registration of the same email (docs/sync.md, "Order independence").
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import {
  DATABASE_FILE,
  openDatabase,
  SCHEMA_VERSION,
  type Db as Database,
} from '../../server/platform/database.ts';
import { toTimestamp } from '../../server/platform/time.ts';
import { createStore } from '../../server/store.ts';
import { ledgerService } from '../../server/attendees/ledger.service.ts';
import { applyService } from '../../server/sync/apply.service.ts';
import { syncRepository } from '../../server/sync/sync.repository.ts';
import type { Op, OpKind, OpPayload } from '../../server/sync/sync.types.ts';
import { silentNotifier } from '../../server/webhooks/notifier.ts';
import { listService } from '../../server/lists/list.service.ts';
import { rootJournal } from '../../server/sync/journal.ts';
import { createEvent, createOrganization, pairDevice, tempDataDir, testClock } from '../helpers/app.ts';

const DEVICES = ['kiosk-a', 'kiosk-b', 'kiosk-c'] as const;
const EMAILS = ['ada@example.com', 'grace@example.com', 'alan@example.com'];
const START_MS = Date.parse('2026-11-21T10:00:00Z');
/** The registrations' emails the hub had before any kiosk went offline (`existing`, in the same order). */
const EXISTING_EMAILS = ['hub1@example.com', 'hub2@example.com', EMAILS[0]!];

let seedDir: string;
let eventUuid: string;
/** A second event, in Paris, with check-in lists: the list scans' properties run on it. */
let listEventUuid: string;
/** Its lists' UUIDs, the default list first. */
let listUuids: string[];
/** Its people, registered on the hub before any kiosk went offline. */
let listPeople: string[];
/** Registrations the hub had before any kiosk went offline. */
let existing: string[];
/** The kiosks' device UUIDs on the hub, by name: paired in order, so each has the block of ids its ops take. */
const deviceUuids = new Map<string, string>();

beforeAll(async () => {
  seedDir = tempDataDir();
  const app = await buildApp({ dataDir: seedDir, kioskDir: false, clock: testClock() });
  const event = createEvent(app, createOrganization(app), { seats: 4 });
  eventUuid = event.uuid;
  existing = [];
  for (const email of EXISTING_EMAILS) {
    const outcome = app.ctx.registrations.addWalkIn(event, { email, first_name: 'Hub', last_name: email });
    if (!outcome.ok) throw new Error(outcome.reason);
    existing.push(app.store.repos.attendees.findForEmail(event.id, email)!.uuid);
  }
  const listEvent = createEvent(app, createOrganization(app), { timezone: 'Europe/Paris', name: 'Fair' });
  listEventUuid = listEvent.uuid;
  listPeople = [];
  for (const email of EMAILS) {
    const outcome = app.ctx.registrations.addWalkIn(listEvent, {
      email,
      first_name: 'Fair',
      last_name: email,
    });
    if (!outcome.ok) throw new Error(outcome.reason);
    listPeople.push(outcome.attendee.uuid);
  }
  // The main entrance scans exits and checks everyone out at night; three doors with each entry rule.
  const main = app.ctx.lists.listsOf(listEvent)[0]!;
  app.ctx.lists.updateList(listEvent, main.uuid, { exits_scanned: true, auto_checkout_at: '03:00' });
  listUuids = [main.uuid];
  for (const [name, rules] of [
    ['Workshop', { entry_rule: 'once', exits_scanned: true, capacity: 2 }],
    ['Day pass', { entry_rule: 'once_per_day', exits_scanned: true, auto_checkout_at: '04:00' }],
    ['Terrace', { entry_rule: 'every_time', exits_scanned: true }],
  ] as const) {
    const created = app.ctx.lists.createList(listEvent, { name, ...rules });
    if (!created.ok) throw new Error(created.reason);
    listUuids.push(created.list.list.uuid);
  }
  for (const scope of [event, listEvent]) {
    const organization = app.store.repos.organizations.findById(scope.organizationId)!;
    for (const device of DEVICES) {
      const paired = app.ctx.syncHub.deviceOf(await pairDevice(app, organization, [scope.uuid]))!;
      deviceUuids.set(`${device}@${scope.uuid}`, paired.uuid);
    }
  }
  for (const device of DEVICES) deviceUuids.set(device, deviceUuids.get(`${device}@${event.uuid}`)!);
  await app.close();
});

afterAll(() => fs.rmSync(seedDir, { recursive: true, force: true }));

/**
 * What one kiosk does while cut off: a sequence of changes, each about someone it knows of. With `asItAllows`, only
 * what the kiosk itself would accept: no change to a registration it cancelled, and no second live registration of
 * an email it knows registered (its own 409s, which never become ops). Without, any op, as a harder test.
 */
const kioskScript = (device: string, deviceIndex: number, kinds: readonly OpKind[], asItAllows = false) =>
  fc
    .array(
      fc.record({
        kind: fc.constantFrom<OpKind>(...kinds),
        email: fc.constantFrom(...EMAILS),
        pick: fc.nat(),
        atMs: fc.integer({ min: 0, max: 60 * 60_000 }),
      }),
      { maxLength: 8 },
    )
    .map((steps) => {
      const known = [...existing];
      const emailOf = new Map(existing.map((uuid, index) => [uuid, EXISTING_EMAILS[index]!]));
      const cancelled = new Set<string>();
      /** Per attendee, the check-ins this kiosk made and has not undone: what its undo names. */
      const checkIns = new Map<string, string[]>();
      const ops: Op[] = [];
      for (const step of steps) {
        const seq = ops.length;
        const opId =
          `${deviceIndex}${seq.toString(16).padStart(3, '0')}${randomUUID().replace(/-/g, '')}`.slice(0, 32);
        const attendee = known[step.pick % known.length]!;
        let payload: OpPayload;
        if (step.kind === 'register' || step.kind === 'walk_in') {
          const live = known.some((uuid) => emailOf.get(uuid) === step.email && !cancelled.has(uuid));
          if (asItAllows && live) continue;
          const uuid = randomUUID();
          known.push(uuid);
          emailOf.set(uuid, step.email);
          payload = {
            event: eventUuid,
            attendee: {
              uuid,
              number: 2 ** 40 + deviceIndex * 100_000 + seq,
              email: step.email,
              name: `Guest ${step.email}`,
              answers: { email: step.email, first_name: 'Guest', last_name: step.email },
              status: 'confirmed',
              // The code the kiosk drew and showed travels with the op.
              checkin_code: uuid.replaceAll('-', '').slice(0, 16),
            },
          };
        } else {
          if (asItAllows && cancelled.has(attendee)) continue;
          if (step.kind === 'check_in') {
            checkIns.set(attendee, [...(checkIns.get(attendee) ?? []), opId]);
            payload = { event: eventUuid, attendee, via: 'self' };
          } else if (step.kind === 'undo_check_in') {
            // The kiosk undoes every check-in of the person it knows of (attendee.service.ts): the last one it
            // made, and any others.
            const mine = checkIns.get(attendee) ?? [];
            checkIns.delete(attendee);
            payload = {
              event: eventUuid,
              attendee,
              check_in: mine.at(-1) ?? null,
              ...(mine.length > 1 ? { also: mine.slice(0, -1) } : {}),
            };
          } else if (step.kind === 'edit') {
            // The desk corrects an email (possibly to one the hub holds for someone else: they become one person
            // there), a name, or both; a kiosk refuses an address it knows is someone else's live registration.
            const fields: Record<string, string | null> = {};
            if (step.pick % 3 !== 1) fields.email = step.email;
            if (step.pick % 3 !== 0) fields.first_name = `Edited ${step.atMs}`;
            if (step.pick % 5 === 0) fields.company = null;
            const taken = known.some(
              (uuid) => uuid !== attendee && emailOf.get(uuid) === step.email && !cancelled.has(uuid),
            );
            if (asItAllows && fields.email !== undefined && taken) continue;
            if (fields.email !== undefined) emailOf.set(attendee, step.email);
            payload = { event: eventUuid, attendee, fields, merged: [], via: 'desk', staff: null };
          } else if (step.kind === 'cancel' || step.kind === 'no_show') {
            if (step.kind === 'cancel' && !checkIns.has(attendee)) cancelled.add(attendee);
            // Cut off, the kiosk merged nothing into anyone: it names the one registration it changes.
            payload = { event: eventUuid, attendee, merged: [] };
          } else {
            payload = { event: eventUuid, attendee };
          }
        }
        ops.push({
          op_id: opId,
          seq: seq + 1,
          device,
          kind: step.kind,
          payload,
          wall_ms: START_MS + step.atMs,
          mono_ms: step.atMs,
          boot_id: `${device}-boot`,
          schema_version: SCHEMA_VERSION,
        });
      }
      return ops;
    });

/** Interleaves the kiosks' scripts, each kept in its own order, as `choices` says who comes next. */
function interleave(scripts: Op[][], choices: number[]): Op[] {
  const queues = scripts.map((script) => [...script]);
  const out: Op[] = [];
  let i = 0;
  while (queues.some((queue) => queue.length > 0)) {
    const open = queues.filter((queue) => queue.length > 0);
    out.push(open[(choices[i++] ?? 0) % open.length]!.shift()!);
  }
  return out;
}

/**
 * Applies `ops` in order to a fresh copy of the seeded hub; returns what the rules left. `afterEach` looks at the
 * database after each op.
 */
function finalState(ops: Op[], copy: string, afterEach?: (db: Database) => void) {
  fs.mkdirSync(copy, { recursive: true });
  fs.copyFileSync(path.join(seedDir, DATABASE_FILE), path.join(copy, DATABASE_FILE));
  const db = openDatabase(copy);
  try {
    const store = createStore(db, testClock());
    const sync = syncRepository(db);
    const apply = applyService(store, sync, ledgerService(store, store.repos.ledger, silentNotifier));
    for (const op of ops) {
      const device = sync.deviceByUuid(deviceUuids.get(op.device)!)!;
      store.inTransaction(() =>
        apply.applyOp(
          { op, at: new Date(op.wall_ms).toISOString(), uncertain: false },
          { device, pendingUpstream: false, allocateId: () => store.repos.ledger.takeLocalIds() },
        ),
      );
      afterEach?.(db);
    }
    return {
      attendees: db
        .prepare(
          `SELECT uuid, email, email_key, name, answers, status, status_before_no_show, checked_in_at,
             checkin_op_id, checkin_code
           FROM attendees ORDER BY uuid`,
        )
        .all() as Record<string, unknown>[],
      merged: db
        .prepare(
          `SELECT r.uuid, a.uuid AS row FROM registrations r JOIN attendees a ON a.id = r.attendee_id
           WHERE r.uuid <> a.uuid ORDER BY r.uuid`,
        )
        .all(),
    };
  } finally {
    db.close();
  }
}

/**
 * Two orders of the same kiosks' scripts, of these kinds of ops (one list for every kiosk, or one each), leave the
 * same hub.
 */
function sameStateInAnyOrder(
  kinds: readonly OpKind[] | readonly (readonly OpKind[])[],
  asItAllows = false,
): void {
  const kindsOf = (index: number) =>
    typeof kinds[0] === 'string' ? (kinds as readonly OpKind[]) : (kinds as readonly OpKind[][])[index]!;
  const work = tempDataDir();
  let run = 0;
  try {
    fc.assert(
      fc.property(
        fc.tuple(...DEVICES.map((device, index) => kioskScript(device, index, kindsOf(index), asItAllows))),
        fc.array(fc.nat(), { minLength: 24, maxLength: 24 }),
        fc.array(fc.nat(), { minLength: 24, maxLength: 24 }),
        (scripts, first, second) => {
          run++;
          const one = finalState(interleave(scripts, first), path.join(work, `${run}-a`));
          const other = finalState(interleave(scripts, second), path.join(work, `${run}-b`));
          expect(other).toEqual(one);
        },
      ),
      // A fixed seed: the same 150 cases on every run, so a failure is a change of behaviour, never luck.
      { numRuns: 150, seed: 20_261_124 },
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

it('check-ins, undos, cancellations and no-shows from three kiosks: any arrival order, the same hub', () => {
  sameStateInAnyOrder(['check_in', 'check_in', 'undo_check_in', 'cancel', 'no_show']);
}, 300_000);

it('registrations (one email on several kiosks, into a small event) and check-ins: any order, the same hub', () => {
  sameStateInAnyOrder(['register', 'walk_in', 'check_in']);
}, 300_000);

it('a cancellation and a new registration of the same email on one kiosk, check-ins of the cancelled registration on the others: any order, the same hub', () => {
  sameStateInAnyOrder(
    [
      ['cancel', 'register', 'walk_in', 'check_in'],
      ['check_in', 'check_in', 'undo_check_in', 'no_show'],
      ['check_in', 'undo_check_in', 'no_show'],
    ],
    true,
  );
}, 300_000);

it('cancellations crossing new registrations of the same email on other kiosks, with check-ins, undos and no-shows: any order, the same hub', () => {
  sameStateInAnyOrder(
    ['cancel', 'cancel', 'register', 'walk_in', 'check_in', 'undo_check_in', 'no_show'],
    true,
  );
}, 300_000);

it('edits of the same people on three kiosks (emails and names, field by field): any arrival order, the same hub', () => {
  sameStateInAnyOrder(['edit', 'edit', 'edit', 'check_in']);
}, 300_000);

it('edits crossing registrations, cancellations and check-ins of the emails they correct to: any order, the same hub', () => {
  sameStateInAnyOrder(['edit', 'edit', 'register', 'walk_in', 'cancel', 'check_in', 'undo_check_in'], true);
}, 300_000);

it('check-ins and undos of the same people on three kiosks: any order, the same hub', () => {
  sameStateInAnyOrder(['check_in', 'check_in', 'undo_check_in']);
}, 300_000);

/** One op, as `device` sends it at `atMs` after the start. */
function opOf(device: string, seq: number, kind: OpKind, payload: OpPayload, atMs: number): Op {
  return {
    op_id: `${device}-${seq}`.padEnd(32, '0'),
    seq,
    device,
    kind,
    payload,
    wall_ms: START_MS + atMs,
    mono_ms: atMs,
    boot_id: `${device}-boot`,
    schema_version: SCHEMA_VERSION,
  };
}

it('an undo of the check-in that won lets the other kiosk check-in stand, in either order', () => {
  const ada = existing[2]!;
  const early = opOf('kiosk-b', 1, 'check_in', { event: eventUuid, attendee: ada, via: 'self' }, 1_000);
  const late = opOf('kiosk-c', 1, 'check_in', { event: eventUuid, attendee: ada, via: 'self' }, 2_000);
  const undo = opOf(
    'kiosk-b',
    2,
    'undo_check_in',
    { event: eventUuid, attendee: ada, check_in: early.op_id },
    3_000,
  );
  const work = tempDataDir();
  try {
    for (const [name, ops] of Object.entries({
      between: [early, late, undo],
      after: [early, undo, late],
      before: [late, early, undo],
    })) {
      const row = finalState(ops, path.join(work, name)).attendees.find((a) => a.uuid === ada)!;
      expect(row, name).toMatchObject({
        status: 'confirmed',
        checked_in_at: toTimestamp(new Date(START_MS + 2_000)),
        checkin_op_id: late.op_id,
      });
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});

it('a cancellation that gave way to a check-in takes effect when the check-in is undone, in either order', () => {
  const ada = existing[2]!;
  const checkIn = opOf('kiosk-b', 1, 'check_in', { event: eventUuid, attendee: ada, via: 'desk' }, 1_000);
  const undo = opOf(
    'kiosk-b',
    2,
    'undo_check_in',
    { event: eventUuid, attendee: ada, check_in: checkIn.op_id },
    3_000,
  );
  const cancel = opOf('kiosk-c', 1, 'cancel', { event: eventUuid, attendee: ada }, 2_000);
  const work = tempDataDir();
  try {
    for (const [name, ops] of Object.entries({
      between: [checkIn, cancel, undo],
      after: [checkIn, undo, cancel],
      before: [cancel, checkIn, undo],
    })) {
      const row = finalState(ops, path.join(work, name)).attendees.find((a) => a.uuid === ada)!;
      expect(row, name).toMatchObject({ status: 'canceled', checked_in_at: null });
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});

it('a no-show goes with the registration it named when a cancellation parts two merged registrations, in either order', () => {
  const registration = (device: string, seq: number, uuid: string, atMs: number) =>
    opOf(
      device,
      seq,
      'walk_in',
      {
        event: eventUuid,
        attendee: {
          uuid,
          number: 2 ** 40 + DEVICES.indexOf(device as (typeof DEVICES)[number]) * 100_000 + seq,
          email: 'grace@example.com',
          name: 'Grace Hopper',
          answers: { email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' },
          status: 'confirmed',
        },
      },
      atMs,
    );
  // Kiosk C registers Grace, marks her a no-show and cancels her; kiosk A, which heard of none of it, registers her
  // email a minute earlier: the hub merges the two into kiosk A's if it hears of both before the cancellation.
  const atA = randomUUID();
  const atC = randomUUID();
  const walkIn = registration('kiosk-a', 1, atA, 1_000);
  const registered = registration('kiosk-c', 1, atC, 61_000);
  const noShow = opOf('kiosk-c', 2, 'no_show', { event: eventUuid, attendee: atC, merged: [] }, 62_000);
  const cancel = opOf('kiosk-c', 3, 'cancel', { event: eventUuid, attendee: atC, merged: [] }, 63_000);
  const work = tempDataDir();
  try {
    for (const [name, ops] of Object.entries({
      merged: [walkIn, registered, noShow, cancel],
      apart: [registered, noShow, cancel, walkIn],
    })) {
      const { attendees, merged } = finalState(ops, path.join(work, name));
      expect(merged, name).toEqual([]);
      expect(
        attendees.find((a) => a.uuid === atA),
        name,
      ).toMatchObject({ status: 'confirmed' });
      expect(
        attendees.find((a) => a.uuid === atC),
        name,
      ).toMatchObject({ status: 'canceled' });
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});

it('a no-show told again (by another kiosk) leaves the row as it was', () => {
  const ada = existing[2]!;
  const first = opOf('kiosk-b', 1, 'no_show', { event: eventUuid, attendee: ada, merged: [] }, 1_000);
  const again = opOf('kiosk-c', 1, 'no_show', { event: eventUuid, attendee: ada, merged: [] }, 2_000);
  const work = tempDataDir();
  try {
    const rows: unknown[] = [];
    const { attendees } = finalState([first, again], work, (db) =>
      rows.push(db.prepare('SELECT * FROM attendees WHERE uuid = ?').get(ada)),
    );
    expect(attendees.find((a) => a.uuid === ada)).toMatchObject({ status: 'no_show' });
    expect(rows[1]).toEqual(rows[0]);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});

/**
 * List scans (issue 38, docs/sync.md "List scans"): entries and exits on lists with each entry rule, the main
 * entrance's check-ins among them, from three kiosks over a day and a half (midnights and automatic check-outs in
 * the event's zone between them), with the hub editing the lists' rules meanwhile. Each op reaches the hub some time
 * after it was made (a kiosk pushes in its own order, and a rule changed at the hub at some moment is in force before
 * any op made after that moment arrives); any two such arrival orders leave the same rows, the same people inside
 * each list, the same counts, and the same history (which entries stand, which are duplicates).
 */
const HOUR = 60 * 60_000;
/** The hub's edits of the lists, at fixed moments: a door that admits every time from then on, a later check-out. */
const RULE_CHANGES = [
  { atMs: 6 * HOUR, list: 1, input: { entry_rule: 'every_time' as const } },
  { atMs: 20 * HOUR, list: 2, input: { auto_checkout_at: '06:00' } },
  { atMs: 30 * HOUR, list: 3, input: { entry_rule: 'once' as const } },
];

type Arrival = { atMs: number; op?: Op; change?: (typeof RULE_CHANGES)[number] };

const listScript = (device: string) =>
  fc
    .array(
      fc.record({
        person: fc.nat(),
        list: fc.nat(),
        exit: fc.boolean(),
        atMs: fc.integer({ min: 0, max: 36 * HOUR }),
        delayMs: fc.integer({ min: 0, max: 24 * HOUR }),
      }),
      { maxLength: 10 },
    )
    .map((steps) => {
      // A kiosk scans in the order of its clock, and pushes in that order, each op some time after it was made.
      const ordered = [...steps].sort((a, b) => a.atMs - b.atMs);
      let arrivesMs = 0;
      return ordered.map((step, seq): Arrival => {
        const list = listUuids[step.list % listUuids.length]!;
        const attendee = listPeople[step.person % listPeople.length]!;
        const checkIn = list === listUuids[0] && !step.exit;
        const opId =
          `${device.slice(-1)}${seq.toString(16).padStart(3, '0')}${randomUUID().replace(/-/g, '')}`.slice(
            0,
            32,
          );
        arrivesMs = Math.max(arrivesMs, step.atMs + step.delayMs);
        return {
          atMs: arrivesMs,
          op: {
            op_id: opId,
            seq: seq + 1,
            device,
            kind: checkIn ? 'check_in' : 'scan',
            payload: checkIn
              ? { event: listEventUuid, attendee, via: 'scan' }
              : {
                  event: listEventUuid,
                  attendee,
                  list,
                  direction: step.exit ? 'exit' : 'entry',
                  via: 'kiosk',
                  result: step.exit ? 'exit_recorded' : 'admitted',
                },
            wall_ms: START_MS + step.atMs,
            mono_ms: step.atMs,
            boot_id: `${device}-boot`,
            schema_version: SCHEMA_VERSION,
          },
        };
      });
    });

/** Everything in the order it reaches the hub: ops by arrival, the hub's edits at their moment (ties: edit first). */
const byArrival = (scripts: Arrival[][]): Arrival[] =>
  [...scripts.flat(), ...RULE_CHANGES.map((change): Arrival => ({ atMs: change.atMs, change }))].sort(
    (a, b) => a.atMs - b.atMs || Number(a.op !== undefined) - Number(b.op !== undefined),
  );

/** What a hub holds of the list event once `arrivals` were taken in order, read at one moment after them all. */
function listState(arrivals: Arrival[], copy: string) {
  fs.mkdirSync(copy, { recursive: true });
  fs.copyFileSync(path.join(seedDir, DATABASE_FILE), path.join(copy, DATABASE_FILE));
  const db = openDatabase(copy);
  try {
    let nowMs = START_MS;
    const store = createStore(db, { now: () => new Date(nowMs) });
    const sync = syncRepository(db);
    const ledger = ledgerService(store, store.repos.ledger, silentNotifier);
    const apply = applyService(store, sync, ledger);
    const lists = listService(store, ledger, rootJournal);
    const event = () => store.repos.events.findByUuid(listEventUuid)!;
    for (const arrival of arrivals) {
      nowMs = START_MS + arrival.atMs;
      if (arrival.change) {
        const outcome = lists.updateList(event(), listUuids[arrival.change.list]!, arrival.change.input);
        if (!outcome.ok) throw new Error(outcome.reason);
        continue;
      }
      const op = arrival.op!;
      const device = sync.deviceByUuid(deviceUuids.get(`${op.device}@${listEventUuid}`)!)!;
      const outcome = store.inTransaction(() =>
        apply.applyOp(
          { op, at: new Date(op.wall_ms).toISOString(), uncertain: false },
          { device, pendingUpstream: false, allocateId: () => store.repos.ledger.takeLocalIds() },
        ),
      );
      expect(outcome.status, JSON.stringify(outcome)).toMatch(/^(applied|dropped)$/);
    }
    nowMs = START_MS + 3 * 24 * HOUR;
    const read = event();
    const attendees = db
      .prepare(
        `SELECT a.uuid, a.status, a.checked_in_at, a.checkin_op_id FROM attendees a
         WHERE a.event_id = ? ORDER BY a.uuid`,
      )
      .all(read.id) as { uuid: string }[];
    return {
      attendees,
      presence: db
        .prepare(
          `SELECT l.uuid AS list, p.email_key, p.attendee_uuid, p.entered_at, p.entry_op, p.checkout_at
           FROM list_presence p JOIN check_in_lists l ON l.id = p.list_id ORDER BY l.uuid, p.email_key`,
        )
        .all(),
      inside: lists.insideNow(read).lists.map((view) => [view.list.uuid, view.insideNow]),
      insideEvent: lists.insideNow(read).event,
      history: attendees.map((row) =>
        lists
          .historyOf(read, store.repos.attendees.findByUuid(row.uuid)!)
          .map((scan) => [scan.id, scan.list.uuid, scan.direction, scan.at, scan.duplicate, scan.undone]),
      ),
    };
  } finally {
    db.close();
  }
}

it('list scans, exits, rule changes and automatic check-outs from three kiosks: any arrival order, the same hub', () => {
  const work = tempDataDir();
  let run = 0;
  try {
    fc.assert(
      fc.property(
        fc.tuple(...DEVICES.map((device) => listScript(device))),
        fc.array(fc.integer({ min: 0, max: 24 * HOUR }), { minLength: 30, maxLength: 30 }),
        (scripts, otherDelays) => {
          run++;
          // The same ops, each arriving after another delay (still in its kiosk's order).
          let next = 0;
          const other = scripts.map((script) => {
            let arrivesMs = 0;
            return script.map((arrival) => {
              const madeMs = arrival.op!.wall_ms - START_MS;
              arrivesMs = Math.max(arrivesMs, madeMs + otherDelays[next++ % otherDelays.length]!);
              return { ...arrival, atMs: arrivesMs };
            });
          });
          const one = listState(byArrival(scripts), path.join(work, `${run}-a`));
          const two = listState(byArrival(other), path.join(work, `${run}-b`));
          expect(two).toEqual(one);
        },
      ),
      { numRuns: 120, seed: 20_261_205 },
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}, 600_000);
