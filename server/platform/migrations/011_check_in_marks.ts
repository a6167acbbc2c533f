/**
 * What an attendee's check-in state is made of, so that it does not depend on the order ops arrive in
 * (sync/conflict.rules.ts):
 * - `check_in_marks`: every check-in the attendee was given, on any node, and whether an undo named it; the one that
 *   stands is the earliest no undo named. A JSON array of `{ op, at, undone }`; NULL for a row whose only check-in
 *   is the one `checked_in_at` and `checkin_op_id` hold, which covers every row written before.
 * - `overridden_status`: a cancellation or no-show that gave way to a standing check-in (the person is in the
 *   building); it takes effect if that check-in is undone.
 */
export const sql = /* sql */ `
ALTER TABLE attendees ADD COLUMN check_in_marks TEXT CHECK (check_in_marks IS NULL OR json_valid(check_in_marks));
ALTER TABLE attendees ADD COLUMN overridden_status TEXT
  CHECK (overridden_status IS NULL OR overridden_status IN ('canceled', 'no_show'));
`;
