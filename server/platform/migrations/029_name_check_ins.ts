/**
 * A check-in made by finding oneself by name at a kiosk (attendees/find-by-name.service.ts) proves less than an
 * email or a scanned code: a stranger who knows a name may have guessed the email's domain. Such a registration's
 * badge, asked for by email, is printed without its check-in code (server/README.md), so the code is never handed
 * to whoever checked a stranger in by name (issue 32, row 5). Set by every check-in this node makes (1 by name, else
 * 0); this node's own fact, not replicated.
 */
export const sql = /* sql */ `
ALTER TABLE attendees ADD COLUMN checked_in_by_name INTEGER NOT NULL DEFAULT 0;
`;
