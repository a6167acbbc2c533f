import type { Db } from '../database.ts';
import { randomBase62 } from '../random.ts';

/**
 * Every registration gets a personal check-in code: what its QR code carries to the kiosk or the desk. Random
 * base62, drawn here for the rows that exist (SQLite has no CSPRNG base62 of its own) and by the attendee
 * repository's insert for new ones, at the same length (attendee.repository.ts, `CHECKIN_CODE_LENGTH`). The column
 * stays nullable because ALTER TABLE cannot add a NOT NULL column without a default; every row has a code once
 * this has run.
 */
export function addCheckinCodes(db: Db): void {
  db.exec('ALTER TABLE attendees ADD COLUMN checkin_code TEXT');
  const ids = db.prepare<[], number>('SELECT id FROM attendees').pluck().all();
  const setCode = db.prepare<[string, number]>('UPDATE attendees SET checkin_code = ? WHERE id = ?');
  for (const id of ids) setCode.run(randomBase62(16), id);
  db.exec('CREATE UNIQUE INDEX attendees_checkin_code ON attendees(checkin_code)');
}
