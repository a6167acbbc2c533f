/**
 * How each check-in was made (`attendee_facts.via`: `self` by email or name at a kiosk, `scan` by a code at a
 * kiosk, `desk` by staff), beside the device that made it, so that a kiosk shown a ticket used before can say where
 * (issue 39: "already checked in at 10:42, at the desk"). Ops carried it already (docs/sync.md); the feed now
 * carries it down too, and a change of it is a change of the fact (the revision trigger). Facts recorded before, and
 * facts of other kinds, have none.
 */
export const sql = /* sql */ `
ALTER TABLE attendee_facts ADD COLUMN via TEXT CHECK (via IN ('self', 'scan', 'desk'));
DROP TRIGGER attendee_facts_rev_update;
CREATE TRIGGER attendee_facts_rev_update AFTER UPDATE OF subject, kind, at, names, refused, via ON attendee_facts
BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE attendee_facts SET rev = (SELECT revision FROM sync_meta) WHERE rowid = NEW.rowid;
END;
`;
