/**
 * Lighter writes for every check-in and scan (issue 38's speed floor; bench/results.md): fewer pages written a
 * commit, and an edit found by the registrations it names without reading the event's other edits.
 *
 * - `list_presence` is keyed by the person first (`event_id, email_key, list_id`): the person's rows, read and
 *   written after each of their facts (lists/presence.service.ts), are one page, and the index by person goes.
 *   The list's own reads (who is inside, a sweep, a deleted list) go by `list_presence_entered`.
 * - The automatic check-out indexes hold only rows that have one: a sweep and a count read only those, and a
 *   check-in on a list without automatic check-out (the default list's) writes no entry there.
 * - `edit_subjects`: each edit under every registration it names (its subject and `names`), kept by triggers, so
 *   that the ledger finds a person's edits by their registrations (attendees/ledger.repository.ts `editsAbout`)
 *   rather than by reading every edit of the event on every write.
 */
export const sql = /* sql */ `
CREATE TABLE list_presence_by_person (
  list_id       INTEGER NOT NULL,
  event_id      INTEGER NOT NULL,
  email_key     TEXT NOT NULL,
  attendee_uuid TEXT NOT NULL,
  entered_at    TEXT NOT NULL,
  entry_op      TEXT NOT NULL,
  checkout_at   TEXT,
  PRIMARY KEY (event_id, email_key, list_id)
) WITHOUT ROWID;
INSERT INTO list_presence_by_person
  (list_id, event_id, email_key, attendee_uuid, entered_at, entry_op, checkout_at)
  SELECT list_id, event_id, email_key, attendee_uuid, entered_at, entry_op, checkout_at FROM list_presence;
DROP TABLE list_presence;
ALTER TABLE list_presence_by_person RENAME TO list_presence;
CREATE INDEX list_presence_entered ON list_presence(list_id, entered_at);
CREATE INDEX list_presence_checkout ON list_presence(list_id, checkout_at) WHERE checkout_at IS NOT NULL;

-- The same counting as migration 032's: a row counts while its automatic check-out is after its count's swept_at.
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

DROP INDEX event_presence_checkout;
CREATE INDEX event_presence_checkout ON event_presence(event_id, checkout_at) WHERE checkout_at IS NOT NULL;

CREATE TABLE edit_subjects (
  registration_uuid TEXT NOT NULL,
  op_id             TEXT NOT NULL,
  PRIMARY KEY (registration_uuid, op_id)
) WITHOUT ROWID;
INSERT OR IGNORE INTO edit_subjects (registration_uuid, op_id)
  SELECT subject, op_id FROM attendee_facts WHERE kind = 'edit'
  UNION SELECT n.value, f.op_id FROM attendee_facts AS f, json_each(f.names) AS n WHERE f.kind = 'edit';
CREATE TRIGGER attendee_facts_edit_insert AFTER INSERT ON attendee_facts WHEN NEW.kind = 'edit' BEGIN
  INSERT OR IGNORE INTO edit_subjects (registration_uuid, op_id)
    SELECT named, NEW.op_id FROM (SELECT NEW.subject AS named UNION SELECT value FROM json_each(NEW.names));
END;
CREATE TRIGGER attendee_facts_edit_update AFTER UPDATE OF subject, kind, names ON attendee_facts
  WHEN OLD.kind = 'edit' OR NEW.kind = 'edit' BEGIN
  DELETE FROM edit_subjects WHERE op_id = OLD.op_id
    AND registration_uuid IN (SELECT OLD.subject UNION SELECT value FROM json_each(OLD.names));
  INSERT OR IGNORE INTO edit_subjects (registration_uuid, op_id)
    SELECT named, NEW.op_id FROM (SELECT NEW.subject AS named UNION SELECT value FROM json_each(NEW.names))
    WHERE NEW.kind = 'edit';
END;
CREATE TRIGGER attendee_facts_edit_delete AFTER DELETE ON attendee_facts WHEN OLD.kind = 'edit' BEGIN
  DELETE FROM edit_subjects WHERE op_id = OLD.op_id
    AND registration_uuid IN (SELECT OLD.subject UNION SELECT value FROM json_each(OLD.names));
END;
DROP INDEX attendee_facts_edits;
`;
