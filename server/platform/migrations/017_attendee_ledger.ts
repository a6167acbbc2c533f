import { randomBytes } from 'node:crypto';
import type { Db } from '../database.ts';

/**
 * The attendee ledger (docs/sync.md, "The ledger"; attendees/ledger.rules.ts). Until now a hub merged what nodes did
 * apart into the attendee rows themselves (aliases, deferred rows, check-ins kept in a JSON column, statuses
 * "overridden" for later), and a replica re-applied its own changes over the rows its hub sent. Now every node keeps
 * the facts (`registrations` and `attendee_facts`) and the attendee rows are made from them by pure rules, after
 * every fact, on every node alike. The sync feed carries facts, not rows.
 *
 * - `registrations`: every registration ever made, merged or cancelled ones included, with the UUID, integer id and
 *   check-in code its node handed out. None is ever deleted (so no id or code is handed out twice); one an upstream
 *   refused is kept `refused`. `attendee_id` is this node's own pointer to the row the registration is shown as.
 * - `attendee_facts`: check-ins, undos, cancellations, no-shows and approvals, each naming the registration its node
 *   acted on (`subject`).
 * - `pending_upstream`: made or applied on this node and not yet seen in the feed of the node it follows; such a
 *   fact is kept through a new snapshot. Always 0 on a node that follows nobody. `stale`: while a node takes a new
 *   snapshot, what it held from before and the snapshot has not brought again (gone when the snapshot ends).
 * - `sync_meta.next_local_id`: the next integer id of this node's own registrations, which only goes up: `max(id)+1`
 *   handed out again the id of a registration merged away (issue 30).
 * - `sync_device_grants`: every block of ids granted to a device, to check the ids its registrations take.
 * - `ledger_rebuild`: the people whose rows the app writes again from their facts when it starts (all of them,
 *   once, after this migration: the rows are then exactly what the rules make).
 *
 * The rows written before are turned into facts: each row and each merged registration kept beside its alias
 * becomes a registration, its kept check-ins check-ins (and undos), its status a cancellation or no-show naming what
 * the row named. A node that follows another keeps its changes not yet acked as facts of its own (from its outbox),
 * and takes a new snapshot of the rest. Every node takes a new epoch: its own replicas start over from a snapshot,
 * since the feed's shape has changed (hub and kiosks are upgraded together, as for every schema change).
 */
const DDL = /* sql */ `
CREATE TABLE registrations (
  uuid             TEXT PRIMARY KEY,
  id               INTEGER NOT NULL UNIQUE,
  event_id         INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  email            TEXT NOT NULL,
  email_key        TEXT NOT NULL,
  name             TEXT NOT NULL,
  answers          TEXT NOT NULL,
  status           TEXT NOT NULL CHECK (status IN ('pending', 'confirmed')),
  registered_at    TEXT NOT NULL,
  op_id            TEXT NOT NULL UNIQUE,
  checkin_code     TEXT NOT NULL UNIQUE,
  refused          INTEGER NOT NULL DEFAULT 0,
  pending_upstream INTEGER NOT NULL DEFAULT 0,
  stale            INTEGER NOT NULL DEFAULT 0,
  attendee_id      INTEGER,
  rev              INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX registrations_person ON registrations(event_id, email_key);
CREATE INDEX registrations_attendee ON registrations(attendee_id);
CREATE INDEX registrations_rev ON registrations(rev);

CREATE TABLE attendee_facts (
  op_id            TEXT PRIMARY KEY,
  event_id         INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  subject          TEXT NOT NULL,
  kind             TEXT NOT NULL CHECK (kind IN ('check_in', 'undo_check_in', 'cancel', 'no_show', 'approve')),
  at               TEXT NOT NULL,
  names            TEXT NOT NULL DEFAULT '[]',
  device           TEXT,
  refused          INTEGER NOT NULL DEFAULT 0,
  pending_upstream INTEGER NOT NULL DEFAULT 0,
  stale            INTEGER NOT NULL DEFAULT 0,
  rev              INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX attendee_facts_subject ON attendee_facts(subject);
CREATE INDEX attendee_facts_rev ON attendee_facts(rev);

CREATE TRIGGER registrations_rev_insert AFTER INSERT ON registrations BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE registrations SET rev = (SELECT revision FROM sync_meta) WHERE rowid = NEW.rowid;
END;
CREATE TRIGGER registrations_rev_update AFTER UPDATE OF
  id, email, email_key, name, answers, status, registered_at, checkin_code, refused ON registrations
BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE registrations SET rev = (SELECT revision FROM sync_meta) WHERE rowid = NEW.rowid;
END;
CREATE TRIGGER attendee_facts_rev_insert AFTER INSERT ON attendee_facts BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE attendee_facts SET rev = (SELECT revision FROM sync_meta) WHERE rowid = NEW.rowid;
END;
CREATE TRIGGER attendee_facts_rev_update AFTER UPDATE OF subject, kind, at, names, refused ON attendee_facts BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE attendee_facts SET rev = (SELECT revision FROM sync_meta) WHERE rowid = NEW.rowid;
END;

ALTER TABLE sync_meta ADD COLUMN next_local_id INTEGER NOT NULL DEFAULT 1;

CREATE TABLE sync_device_grants (
  device_id INTEGER NOT NULL REFERENCES sync_devices(id) ON DELETE CASCADE,
  first_id  INTEGER NOT NULL,
  end_id    INTEGER NOT NULL,
  PRIMARY KEY (device_id, first_id)
);
INSERT INTO sync_device_grants (device_id, first_id, end_id)
  SELECT id, granted_from, granted_to FROM sync_devices WHERE granted_from IS NOT NULL;

CREATE INDEX sync_applied_ops_device ON sync_applied_ops(device_uuid, seq);
-- A device's duplicate scans of one person are counted on one conflict (sync/sync.repository.ts): found by person.
CREATE INDEX sync_conflicts_attendee ON sync_conflicts(attendee_uuid, kind);
-- Facts a device sent about a registration the hub did not hold, kept aside for when it comes: a bounded number.
ALTER TABLE sync_devices ADD COLUMN orphan_facts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sync_upstream ADD COLUMN snapshot_cleanup INTEGER NOT NULL DEFAULT 0;

CREATE TABLE ledger_rebuild (
  event_id  INTEGER NOT NULL,
  email_key TEXT NOT NULL,
  PRIMARY KEY (event_id, email_key)
) WITHOUT ROWID;
`;

const DROP_OLD = /* sql */ `
DROP TRIGGER attendees_rev_insert;
DROP TRIGGER attendees_rev_update;
DROP TRIGGER attendee_aliases_rev_insert;
DROP TRIGGER attendee_aliases_rev_update;
DROP INDEX attendees_rev;
DROP TABLE attendee_aliases;
ALTER TABLE attendees DROP COLUMN rev;
ALTER TABLE attendees DROP COLUMN op_id;
ALTER TABLE attendees DROP COLUMN check_in_marks;
ALTER TABLE attendees DROP COLUMN overridden_status;
ALTER TABLE attendees DROP COLUMN overridden_for;
ALTER TABLE attendees DROP COLUMN no_show_for;
`;

interface OldRow {
  id: number;
  uuid: string;
  event_id: number;
  email: string;
  email_key: string;
  name: string;
  answers: string;
  status: string;
  registered_at: string;
  checked_in_at: string | null;
  updated_at: string;
  status_before_no_show: string | null;
  op_id: string | null;
  checkin_op_id: string | null;
  check_in_marks: string | null;
  overridden_status: string | null;
  overridden_for: string | null;
  no_show_for: string | null;
  checkin_code: string;
}

interface OldMerged {
  uuid: string;
  id: number;
  email: string;
  name: string;
  answers: string;
  status: string;
  registeredAt: string;
  opId: string | null;
  checkinCode: string | null;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const newCode = () => [...randomBytes(16)].map((byte) => BASE62[byte % 62]).join('');

export function attendeeLedger(db: Db): void {
  db.exec(DDL);
  const emailKeyOf = (email: string) => email.trim().toLowerCase();
  const insertRegistration = db.prepare<Record<string, unknown>>(
    `INSERT OR IGNORE INTO registrations (uuid, id, event_id, email, email_key, name, answers, status, registered_at,
       op_id, checkin_code, pending_upstream)
     VALUES (@uuid, @id, @event_id, @email, @email_key, @name, @answers, @status, @registered_at, @op_id,
       @checkin_code, @pending)`,
  );
  const insertFact = db.prepare<Record<string, unknown>>(
    `INSERT INTO attendee_facts (op_id, event_id, subject, kind, at, names, device, pending_upstream)
     VALUES (@op_id, @event_id, @subject, @kind, @at, @names, @device, @pending)
     ON CONFLICT (op_id) DO UPDATE SET pending_upstream = max(pending_upstream, excluded.pending_upstream)`,
  );
  const fact = (
    row: { event_id: number },
    op: string,
    kind: string,
    subject: string,
    at: string,
    names: string[] = [],
  ) =>
    insertFact.run({
      op_id: op,
      event_id: row.event_id,
      subject,
      kind,
      at,
      names: JSON.stringify(names),
      device: null,
      pending: 0,
    });

  const rows = db.prepare('SELECT * FROM attendees').all() as OldRow[];
  const aliases = db
    .prepare('SELECT uuid, number, attendee_id, registration FROM attendee_aliases')
    .all() as { uuid: string; number: number | null; attendee_id: number; registration: string | null }[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const mergedInto = new Map<number, string[]>();
  for (const alias of aliases) {
    mergedInto.set(alias.attendee_id, [...(mergedInto.get(alias.attendee_id) ?? []), alias.uuid]);
  }
  for (const row of rows) {
    const registeredAs =
      row.status === 'pending' || row.status_before_no_show === 'pending' ? 'pending' : 'confirmed';
    insertRegistration.run({
      uuid: row.uuid,
      id: row.id,
      event_id: row.event_id,
      email: row.email,
      email_key: row.email_key,
      name: row.name,
      answers: row.answers,
      status: registeredAs,
      registered_at: row.registered_at,
      op_id: row.op_id ?? `legacy-registration-${row.uuid}`,
      checkin_code: row.checkin_code,
      pending: 0,
    });
    const person = [row.uuid, ...(mergedInto.get(row.id) ?? [])];
    const marks: { op: string | null; at: string | null; undone: boolean; of?: string }[] = row.check_in_marks
      ? JSON.parse(row.check_in_marks)
      : row.checked_in_at
        ? [{ op: row.checkin_op_id, at: row.checked_in_at, undone: false }]
        : [];
    for (const mark of marks) {
      const op = mark.op ?? `legacy-check-in-${row.uuid}`;
      const subject = mark.of ?? row.uuid;
      if (mark.at !== null) fact(row, op, 'check_in', subject, mark.at);
      if (mark.undone)
        fact(row, `legacy-undo-${op}`, 'undo_check_in', subject, mark.at ?? row.updated_at, [op]);
    }
    const named = (list: string | null) => (list ? (JSON.parse(list) as string[]) : person);
    const namesOf = (list: string[]) => list.filter((uuid) => uuid !== row.uuid);
    if (row.status === 'canceled') {
      fact(row, `legacy-cancel-${row.uuid}`, 'cancel', row.uuid, row.updated_at, namesOf(person));
    }
    if (row.overridden_status === 'canceled') {
      const list = named(row.overridden_for);
      fact(row, `legacy-cancel-overridden-${row.uuid}`, 'cancel', row.uuid, row.updated_at, namesOf(list));
    }
    if (row.status === 'no_show' || row.overridden_status === 'no_show') {
      const list = named(row.no_show_for);
      fact(row, `legacy-no-show-${row.uuid}`, 'no_show', row.uuid, row.updated_at, namesOf(list));
    }
  }
  // Registrations merged into another, whose own data the merging node kept (migration 013). One a replica only
  // heard of from its hub has none: its new snapshot brings it.
  for (const alias of aliases) {
    const target = byId.get(alias.attendee_id);
    if (!alias.registration || !target) continue;
    const merged = JSON.parse(alias.registration) as OldMerged;
    insertRegistration.run({
      uuid: merged.uuid,
      id: merged.id,
      event_id: target.event_id,
      email: merged.email,
      email_key: emailKeyOf(merged.email),
      name: merged.name,
      answers: merged.answers,
      status: merged.status === 'pending' ? 'pending' : 'confirmed',
      registered_at: merged.registeredAt,
      op_id: merged.opId ?? `legacy-registration-${merged.uuid}`,
      checkin_code: merged.checkinCode ?? newCode(),
      pending: 0,
    });
  }

  const usedIds = db
    .prepare(`SELECT max(coalesce((SELECT max(id) FROM registrations WHERE id < 1099511627776), 0), 0) AS n`)
    .get() as { n: number };
  db.prepare('UPDATE sync_meta SET next_local_id = ?, epoch = ?').run(
    usedIds.n + 1,
    randomBytes(16).toString('hex'),
  );

  // A node following another: its changes not yet acked are facts of its own, kept through the new snapshot.
  const followsAnother = db.prepare('SELECT 1 FROM sync_upstream WHERE id = 1').get() !== undefined;
  if (followsAnother) keepWaitingOpsAsFacts(db, insertRegistration, insertFact);

  db.exec(DROP_OLD);
  db.exec(`INSERT OR IGNORE INTO ledger_rebuild (event_id, email_key)
           SELECT DISTINCT event_id, email_key FROM registrations`);
}

function keepWaitingOpsAsFacts(
  db: Db,
  insertRegistration: ReturnType<Db['prepare']>,
  insertFact: ReturnType<Db['prepare']>,
): void {
  const waiting = db
    .prepare(
      `SELECT op_id, origin_device, kind, payload, wall_ms FROM sync_outbox
       WHERE seq > IFNULL((SELECT outbox_acked_through FROM sync_upstream WHERE id = 1), 0) AND acked_at IS NULL
       ORDER BY seq`,
    )
    .all() as { op_id: string; origin_device: string; kind: string; payload: string; wall_ms: number }[];
  const eventIdOf = db.prepare<[string], { id: number }>('SELECT id FROM events WHERE uuid = ?');
  const markPending = db.prepare<[string]>('UPDATE registrations SET pending_upstream = 1 WHERE uuid = ?');
  for (const op of waiting) {
    const payload = JSON.parse(op.payload) as {
      event: string;
      attendee:
        | string
        | {
            uuid: string;
            number: number;
            email: string;
            name: string;
            answers: Record<string, string>;
            status: string;
            checkin_code?: string;
          };
      check_in?: string | null;
      also?: string[];
      merged?: string[];
    };
    const event = eventIdOf.get(payload.event.toLowerCase());
    if (!event) continue;
    const at = new Date(op.wall_ms).toISOString();
    if (typeof payload.attendee === 'object') {
      const attendee = payload.attendee;
      insertRegistration.run({
        uuid: attendee.uuid.toLowerCase(),
        id: attendee.number,
        event_id: event.id,
        email: attendee.email,
        email_key: attendee.email.trim().toLowerCase(),
        name: attendee.name,
        answers: JSON.stringify(attendee.answers),
        status: attendee.status === 'pending' ? 'pending' : 'confirmed',
        registered_at: at,
        op_id: op.op_id,
        checkin_code: attendee.checkin_code ?? newCode(),
        pending: 1,
      });
      markPending.run(attendee.uuid.toLowerCase());
      continue;
    }
    const names =
      op.kind === 'undo_check_in'
        ? [payload.check_in, ...(payload.also ?? [])].filter(
            (name): name is string => typeof name === 'string',
          )
        : (payload.merged ?? []);
    insertFact.run({
      op_id: op.op_id,
      event_id: event.id,
      subject: payload.attendee.toLowerCase(),
      kind: op.kind,
      at,
      names: JSON.stringify(names.map((name) => name.toLowerCase())),
      device: op.origin_device,
      pending: 1,
    });
  }
  db.exec(
    'UPDATE sync_upstream SET pulled_rev = 0, upstream_epoch = NULL, snapshot_cleanup = 1 WHERE id = 1',
  );
}
