/**
 * `attendees.no_show_for`: the registrations a no-show made on another node named (JSON array of UUIDs; null: all of
 * the person's), beside a no-show status or a no-show that gave way to a standing check-in. If a cancellation parts
 * a person's merged registrations again (sync/apply.service.ts), the no-show goes with the ones it named, as their
 * check-ins do (docs/sync.md, "Conflict rules").
 */
export const sql = /* sql */ `
ALTER TABLE attendees ADD COLUMN no_show_for TEXT;
`;
