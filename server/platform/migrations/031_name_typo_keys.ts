import type { Db } from '../database.ts';
import { deletionKeys, typoWords } from '../search-text.ts';

/**
 * Desk search with a typo (issue 39), in two tables:
 * - `attendee_name_words`: each attendee's name words that search forgives a typo in (platform/search-text.ts
 *   `typoWords`), written with the rows by every writer of attendees (attendees/ledger.repository.ts,
 *   attendees/import.repository.ts) and gone with them (the cascade);
 * - `name_word_keys`: a dictionary of every such word this node has held, under each of its deletion keys
 *   (`deletionKeys`), which a query word's own keys look up.
 * A word's keys are written once, when the node first meets the word, not for every person named so: a registration
 * of a known name writes two rows, not twenty (each key a page of its own in the index, which the commit writes
 * out). The dictionary only grows; a word nobody holds any more finds nobody. Not replicated: every node makes its
 * own from its rows. Filled here for the rows that exist.
 */
export function nameTypoKeys(db: Db): void {
  db.exec(`
    CREATE TABLE name_word_keys (
      key  TEXT NOT NULL,
      word TEXT NOT NULL,
      PRIMARY KEY (key, word)
    ) WITHOUT ROWID;
    CREATE TABLE attendee_name_words (
      event_id    INTEGER NOT NULL,
      word        TEXT NOT NULL,
      attendee_id INTEGER NOT NULL REFERENCES attendees(id) ON DELETE CASCADE,
      PRIMARY KEY (event_id, word, attendee_id)
    ) WITHOUT ROWID;
    CREATE INDEX attendee_name_words_attendee ON attendee_name_words(attendee_id);
  `);
  const insertWord = db.prepare<[number, string, number]>(
    'INSERT OR IGNORE INTO attendee_name_words (event_id, word, attendee_id) VALUES (?, ?, ?)',
  );
  const insertKey = db.prepare<[string, string]>(
    'INSERT OR IGNORE INTO name_word_keys (key, word) VALUES (?, ?)',
  );
  const rows = db.prepare<[], { id: number; event_id: number; name: string }>(
    'SELECT id, event_id, name FROM attendees',
  );
  const known = new Set<string>();
  for (const row of rows.all()) {
    for (const word of typoWords(row.name)) {
      insertWord.run(row.event_id, word, row.id);
      if (known.has(word)) continue;
      known.add(word);
      for (const key of deletionKeys(word)) insertKey.run(key, word);
    }
  }
}
