import type { Db } from '../database.ts';
import { nameSearchKeys } from '../search-text.ts';

/**
 * Desk search with a typo (issue 39): `attendee_name_keys` holds, for each attendee, every word of the name that
 * search forgives a typo in, under each of its deletion keys (platform/search-text.ts `nameSearchKeys`), so a
 * query word's own keys find the names one edit away by an index, among 20,000 people as among 20. Written with the
 * rows by every writer of attendees (attendees/ledger.repository.ts, attendees/import.repository.ts) and gone with
 * them (the cascade); filled here for the rows that exist. Not replicated: every node makes its own from its rows.
 */
export function nameTypoKeys(db: Db): void {
  db.exec(`
    CREATE TABLE attendee_name_keys (
      event_id    INTEGER NOT NULL,
      key         TEXT NOT NULL,
      word        TEXT NOT NULL,
      attendee_id INTEGER NOT NULL REFERENCES attendees(id) ON DELETE CASCADE,
      PRIMARY KEY (event_id, key, word, attendee_id)
    ) WITHOUT ROWID;
    CREATE INDEX attendee_name_keys_attendee ON attendee_name_keys(attendee_id);
  `);
  const insert = db.prepare<[number, string, string, number]>(
    'INSERT OR IGNORE INTO attendee_name_keys (event_id, key, word, attendee_id) VALUES (?, ?, ?, ?)',
  );
  const rows = db.prepare<[], { id: number; event_id: number; name: string }>(
    'SELECT id, event_id, name FROM attendees',
  );
  for (const row of rows.all()) {
    for (const { key, word } of nameSearchKeys(row.name)) insert.run(row.event_id, key, word, row.id);
  }
}
