/**
 * A no-show remembers the status it had before it was marked (pending or confirmed): the public side never shows
 * `no_show` (the interface lists it for the authenticated lookup only), so it shows that one instead. Existing
 * no-shows had been confirmed almost always; that is what they show.
 */
export const sql = /* sql */ `
ALTER TABLE attendees ADD COLUMN status_before_no_show TEXT
  CHECK (status_before_no_show IS NULL OR status_before_no_show IN ('pending', 'confirmed'));
UPDATE attendees SET status_before_no_show = 'confirmed' WHERE status = 'no_show';
`;
