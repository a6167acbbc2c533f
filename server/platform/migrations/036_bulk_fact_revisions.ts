/**
 * A bulk no-show writes its thousands of facts with their revisions given (attendees/ledger.repository.ts,
 * `NO_SHOW_FACTS`), and moves the feed's revision once for all of them. The insert trigger numbers only a fact
 * written without one: for each of the others it ran two statements and wrote the row a second time (~16 ms of a
 * 10,000-person no-show; bench/results.md).
 */
export const sql = /* sql */ `
DROP TRIGGER attendee_facts_rev_insert;
CREATE TRIGGER attendee_facts_rev_insert AFTER INSERT ON attendee_facts WHEN NEW.rev = 0 BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE attendee_facts SET rev = (SELECT revision FROM sync_meta) WHERE rowid = NEW.rowid;
END;
`;
