import { attendeeSearchText } from '../search-text.ts';
import type { Db } from '../database.ts';

/**
 * The desk's search, and the event's badges.
 *
 * `attendees.search_text`: name, email and every answer folded for search (platform/search-text.ts), written by
 * every insert of an attendee (the attendee, import, feed and replay repositories); filled here for the rows that
 * exist. The desk's query scans one event's rows by `attendees_event_status`, so it needs no index of its own. The
 * fill must not count as a change to replicate: `attendees_rev_update` (006_sync.ts) stands aside while it runs
 * and is put back as 006 made it.
 *
 * `events.badge_layout` (vocabulary.ts, `BADGE_LAYOUTS`) is a dashboard setting, kept out of the interface's event
 * and of the sync feed (`events_rev_update` does not watch it): a replica's desk prints the classic layout.
 */
export function deskSearchAndBrand(db: Db): void {
  db.exec(`
    ALTER TABLE attendees ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
    ALTER TABLE events ADD COLUMN badge_layout TEXT NOT NULL DEFAULT 'classic'
      CHECK (badge_layout IN ('classic', 'side_qr', 'name_only'));
    DROP TRIGGER attendees_rev_update;
  `);
  const rows = db
    .prepare<[], { id: number; name: string; email: string; answers: string }>(
      'SELECT id, name, email, answers FROM attendees',
    )
    .all();
  const fill = db.prepare<[string, number]>('UPDATE attendees SET search_text = ? WHERE id = ?');
  for (const row of rows) {
    fill.run(
      attendeeSearchText(row.name, row.email, JSON.parse(row.answers) as Record<string, string>),
      row.id,
    );
  }
  db.exec(`
    CREATE TRIGGER attendees_rev_update AFTER UPDATE ON attendees WHEN NEW.rev = OLD.rev BEGIN
      UPDATE sync_meta SET revision = revision + 1;
      UPDATE attendees SET rev = (SELECT revision FROM sync_meta) WHERE id = NEW.id;
    END;
  `);
}
