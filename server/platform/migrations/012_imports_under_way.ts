/**
 * A CSV import writes its rows in chunks, each its own short transaction, so that no other write waits long for it
 * (attendees/import.service.ts). While it does, a row here says which rows are its own: the ids it took (a range of
 * this database's own ids, taken whole by its first chunk) and the first revision it wrote.
 * - The sync feed goes no further than the revision before `first_rev` while the row is here, so a replica (or a
 *   venue's online server) never sees half an import (sync/hub.service.ts).
 * - An import that fails half way deletes its rows and this one in one transaction; one that died with its process
 *   is rolled back the same way when the server starts again.
 */
export const sql = /* sql */ `
CREATE TABLE imports_under_way (
  id         INTEGER PRIMARY KEY,
  event_id   INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  first_id   INTEGER NOT NULL,
  last_id    INTEGER NOT NULL,
  first_rev  INTEGER NOT NULL,
  started_at TEXT NOT NULL
);
`;
