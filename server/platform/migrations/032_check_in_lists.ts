import type { Db } from '../database.ts';
import { derivedUuid } from '../derived-id.ts';

/**
 * Check-in lists (issue 38; server/lists/, docs/sync.md "List scans").
 *
 * - `attendee_facts` gets `detail` (JSON, by kind: a scan's list, direction, how it was made, what it was answered)
 *   and the `scan` kind (an entry on a list other than the default, or an exit on any). SQLite cannot change a CHECK
 *   constraint in place, so the table is made again with the same rows and revisions: the kinds below are
 *   `ATTENDEE_FACT_KINDS` (attendees/ledger.rules.ts), and test/unit/ledger.rules.test.ts keeps the two together.
 *   Today's check-ins stay `check_in` facts, with no detail: entries on their event's default list, as they were.
 * - `check_in_lists`: each event's lists, replicated like events (`rev`), a deleted one kept with `deleted_at` so
 *   that its scans keep their list's name in history on every node. `history` holds every version of its rules, each
 *   with the time it came into force, so a scan that arrives late is decided by the rules of its own time.
 * - Who is inside each list and the event now, kept as scans are recorded (`list_presence`, `event_presence`) and
 *   counted by triggers (`inside_counts`), never by reading every row at a read: a row counts while its automatic
 *   check-out is after the count's `swept_at`; what passed since is subtracted at a read, and a sweep moves it on.
 * - Every event gets its default list, named `Main entrance`, under a UUID every node derives from the event's
 *   (`defaultListUuid` in lists/list.rules.ts, which this copy names: the same parts); and everyone checked in is
 *   written again from their facts at the next start (`ledger_rebuild`), which makes them inside the default list.
 */
const FACTS = /* sql */ `
CREATE TABLE attendee_facts_with_detail (
  op_id            TEXT PRIMARY KEY,
  event_id         INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  subject          TEXT NOT NULL,
  kind             TEXT NOT NULL CHECK (kind IN ('check_in', 'undo_check_in', 'cancel', 'no_show', 'approve', 'scan')),
  at               TEXT NOT NULL,
  names            TEXT NOT NULL DEFAULT '[]',
  device           TEXT,
  refused          INTEGER NOT NULL DEFAULT 0,
  pending_upstream INTEGER NOT NULL DEFAULT 0,
  stale            INTEGER NOT NULL DEFAULT 0,
  rev              INTEGER NOT NULL DEFAULT 0,
  detail           TEXT
);
INSERT INTO attendee_facts_with_detail
  (op_id, event_id, subject, kind, at, names, device, refused, pending_upstream, stale, rev)
  SELECT op_id, event_id, subject, kind, at, names, device, refused, pending_upstream, stale, rev FROM attendee_facts;
DROP TABLE attendee_facts;
ALTER TABLE attendee_facts_with_detail RENAME TO attendee_facts;
CREATE INDEX attendee_facts_subject ON attendee_facts(subject);
CREATE INDEX attendee_facts_rev ON attendee_facts(rev);
CREATE TRIGGER attendee_facts_rev_insert AFTER INSERT ON attendee_facts BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE attendee_facts SET rev = (SELECT revision FROM sync_meta) WHERE rowid = NEW.rowid;
END;
CREATE TRIGGER attendee_facts_rev_update AFTER UPDATE OF subject, kind, at, names, refused ON attendee_facts BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE attendee_facts SET rev = (SELECT revision FROM sync_meta) WHERE rowid = NEW.rowid;
END;
-- A list's scans in time order, for its CSV export.
CREATE INDEX attendee_facts_list ON attendee_facts(event_id, json_extract(detail, '$.list'), at)
  WHERE kind = 'scan';
`;

const LISTS = /* sql */ `
CREATE TABLE check_in_lists (
  id         INTEGER PRIMARY KEY,
  uuid       TEXT NOT NULL UNIQUE,
  event_id   INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  name       TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  history    TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT,
  rev        INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX check_in_lists_event ON check_in_lists(event_id, is_default DESC, id);
CREATE INDEX check_in_lists_rev ON check_in_lists(rev);
CREATE TRIGGER check_in_lists_rev_insert AFTER INSERT ON check_in_lists BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE check_in_lists SET rev = (SELECT revision FROM sync_meta) WHERE id = NEW.id;
END;
CREATE TRIGGER check_in_lists_rev_update AFTER UPDATE OF name, history, deleted_at ON check_in_lists BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE check_in_lists SET rev = (SELECT revision FROM sync_meta) WHERE id = NEW.id;
END;

CREATE TABLE list_presence (
  list_id       INTEGER NOT NULL,
  event_id      INTEGER NOT NULL,
  email_key     TEXT NOT NULL,
  attendee_uuid TEXT NOT NULL,
  entered_at    TEXT NOT NULL,
  entry_op      TEXT NOT NULL,
  checkout_at   TEXT,
  PRIMARY KEY (list_id, email_key)
) WITHOUT ROWID;
CREATE INDEX list_presence_checkout ON list_presence(list_id, checkout_at);
CREATE INDEX list_presence_entered ON list_presence(list_id, entered_at);
CREATE INDEX list_presence_person ON list_presence(event_id, email_key);

CREATE TABLE event_presence (
  event_id    INTEGER NOT NULL,
  email_key   TEXT NOT NULL,
  checkout_at TEXT,
  PRIMARY KEY (event_id, email_key)
) WITHOUT ROWID;
CREATE INDEX event_presence_checkout ON event_presence(event_id, checkout_at);

CREATE TABLE inside_counts (
  scope    TEXT NOT NULL CHECK (scope IN ('list', 'event')),
  scope_id INTEGER NOT NULL,
  inside   INTEGER NOT NULL DEFAULT 0 CHECK (inside >= 0),
  swept_at TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (scope, scope_id)
) WITHOUT ROWID;

-- A presence row counts while its automatic check-out (if any) is after its count's swept_at.
CREATE TRIGGER list_presence_insert AFTER INSERT ON list_presence BEGIN
  INSERT INTO inside_counts (scope, scope_id) VALUES ('list', NEW.list_id) ON CONFLICT DO NOTHING;
  UPDATE inside_counts SET inside = inside + 1
  WHERE scope = 'list' AND scope_id = NEW.list_id AND (NEW.checkout_at IS NULL OR NEW.checkout_at > swept_at);
END;
CREATE TRIGGER list_presence_delete AFTER DELETE ON list_presence BEGIN
  UPDATE inside_counts SET inside = inside - 1
  WHERE scope = 'list' AND scope_id = OLD.list_id AND (OLD.checkout_at IS NULL OR OLD.checkout_at > swept_at);
END;
CREATE TRIGGER list_presence_update AFTER UPDATE OF checkout_at ON list_presence BEGIN
  UPDATE inside_counts
  SET inside = inside - (OLD.checkout_at IS NULL OR OLD.checkout_at > swept_at)
    + (NEW.checkout_at IS NULL OR NEW.checkout_at > swept_at)
  WHERE scope = 'list' AND scope_id = NEW.list_id;
END;
CREATE TRIGGER event_presence_insert AFTER INSERT ON event_presence BEGIN
  INSERT INTO inside_counts (scope, scope_id) VALUES ('event', NEW.event_id) ON CONFLICT DO NOTHING;
  UPDATE inside_counts SET inside = inside + 1
  WHERE scope = 'event' AND scope_id = NEW.event_id AND (NEW.checkout_at IS NULL OR NEW.checkout_at > swept_at);
END;
CREATE TRIGGER event_presence_delete AFTER DELETE ON event_presence BEGIN
  UPDATE inside_counts SET inside = inside - 1
  WHERE scope = 'event' AND scope_id = OLD.event_id AND (OLD.checkout_at IS NULL OR OLD.checkout_at > swept_at);
END;
CREATE TRIGGER event_presence_update AFTER UPDATE OF checkout_at ON event_presence BEGIN
  UPDATE inside_counts
  SET inside = inside - (OLD.checkout_at IS NULL OR OLD.checkout_at > swept_at)
    + (NEW.checkout_at IS NULL OR NEW.checkout_at > swept_at)
  WHERE scope = 'event' AND scope_id = NEW.event_id;
END;

-- What each count stood at, a sample per few minutes: the Sync page's chart over time.
CREATE TABLE inside_samples (
  scope    TEXT NOT NULL,
  scope_id INTEGER NOT NULL,
  at       TEXT NOT NULL,
  inside   INTEGER NOT NULL,
  PRIMARY KEY (scope, scope_id, at)
) WITHOUT ROWID;
`;

/** The name and rules every event's default list starts with (lists/list.rules.ts `DEFAULT_LIST_NAME`, `DEFAULT_RULES`). */
const DEFAULT_HISTORY = (from: string) =>
  JSON.stringify([
    {
      from,
      admits: null,
      windows: [],
      entry_rule: 'once',
      exits_scanned: false,
      auto_checkout_at: null,
      capacity: null,
    },
  ]);

export function checkInLists(db: Db): void {
  db.exec(FACTS);
  db.exec(LISTS);
  const insert = db.prepare<[string, number, string, string, string]>(
    `INSERT INTO check_in_lists (uuid, event_id, name, is_default, history, created_at, updated_at)
     VALUES (?, ?, 'Main entrance', 1, ?, ?, ?)`,
  );
  const events = db.prepare('SELECT id, uuid, created_at FROM events').all() as {
    id: number;
    uuid: string;
    created_at: string;
  }[];
  for (const event of events) {
    // An event whose creation time does not parse (rows written by hand) gets rules in force from the start.
    const created = Date.parse(event.created_at);
    const from = new Date(Number.isNaN(created) ? 0 : created).toISOString();
    // The same parts as `defaultListUuid` (lists/list.rules.ts).
    insert.run(
      derivedUuid('default check-in list', event.uuid),
      event.id,
      DEFAULT_HISTORY(from),
      event.created_at,
      event.created_at,
    );
  }
  db.exec(`INSERT OR IGNORE INTO ledger_rebuild (event_id, email_key)
           SELECT DISTINCT r.event_id, r.email_key FROM attendee_facts f JOIN registrations r ON r.uuid = f.subject
           WHERE f.kind = 'check_in'`);
}
