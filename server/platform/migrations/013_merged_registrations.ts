/**
 * A registration merged into another (sync/apply.service.ts) keeps its own data beside its alias, so that a
 * cancellation naming only some of a person's merged registrations can part them again (docs/sync.md, "Conflict
 * rules"): `registration` is its JSON (email, name, answers, status, registered_at, op_id, checkin_code); null for
 * an alias from before this, or one a replica learned from its hub's feed, which cannot be parted.
 *
 * `attendees.overridden_for`: the registrations a cancellation that gave way to a standing check-in named (JSON
 * array of UUIDs; null: all of the person's). If the check-in is undone, it cancels those, and one merged in that it
 * did not name stands.
 *
 * An alias that comes to point at another registration (its survivor merged in turn) takes a new revision, so that
 * replicas follow it; before this only new aliases did, and a replica lost one whose old survivor it deleted.
 */
export const sql = /* sql */ `
ALTER TABLE attendee_aliases ADD COLUMN registration TEXT;
ALTER TABLE attendees ADD COLUMN overridden_for TEXT;

CREATE TRIGGER attendee_aliases_rev_update AFTER UPDATE OF attendee_id ON attendee_aliases BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE attendee_aliases SET rev = (SELECT revision FROM sync_meta) WHERE uuid = NEW.uuid;
END;
`;
