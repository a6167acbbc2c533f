/**
 * Edits of a person (issue 39; attendees/ledger.rules.ts `EditDetail`, docs/sync.md "Edits").
 *
 * - `attendee_facts` takes the `edit` kind: what an edit changed is its `detail`. SQLite cannot change a CHECK
 *   constraint in place, so the table is made again with the same rows and revisions (as migration 032 did): the
 *   kinds below are `ATTENDEE_FACT_KINDS`, which test/unit/list.rules.test.ts holds together with this table.
 * - `registrations.email_key` becomes the person a registration is now: the address an edit corrected it to, which
 *   each node works out from the facts it holds (`currentEmail`), so it no longer counts as a change the feed
 *   carries: every node derives it alike.
 */
export const sql = /* sql */ `
CREATE TABLE attendee_facts_with_edits (
  op_id            TEXT PRIMARY KEY,
  event_id         INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  subject          TEXT NOT NULL,
  kind             TEXT NOT NULL
    CHECK (kind IN ('check_in', 'undo_check_in', 'cancel', 'no_show', 'approve', 'scan', 'edit')),
  at               TEXT NOT NULL,
  names            TEXT NOT NULL DEFAULT '[]',
  device           TEXT,
  refused          INTEGER NOT NULL DEFAULT 0,
  pending_upstream INTEGER NOT NULL DEFAULT 0,
  stale            INTEGER NOT NULL DEFAULT 0,
  rev              INTEGER NOT NULL DEFAULT 0,
  detail           TEXT
);
INSERT INTO attendee_facts_with_edits
  (op_id, event_id, subject, kind, at, names, device, refused, pending_upstream, stale, rev, detail)
  SELECT op_id, event_id, subject, kind, at, names, device, refused, pending_upstream, stale, rev, detail
  FROM attendee_facts;
DROP TABLE attendee_facts;
ALTER TABLE attendee_facts_with_edits RENAME TO attendee_facts;
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
CREATE INDEX attendee_facts_list ON attendee_facts(event_id, json_extract(detail, '$.list'), at)
  WHERE kind = 'scan';
-- An edit names the registrations its node knew were the person: found by any of them, among the event's edits.
CREATE INDEX attendee_facts_edits ON attendee_facts(event_id) WHERE kind = 'edit';

DROP TRIGGER registrations_rev_update;
CREATE TRIGGER registrations_rev_update AFTER UPDATE OF
  id, email, name, answers, status, registered_at, checkin_code, refused ON registrations
BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE registrations SET rev = (SELECT revision FROM sync_meta) WHERE rowid = NEW.rowid;
END;
`;
