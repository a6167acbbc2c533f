/**
 * A check-in made by finding oneself by name at a kiosk (attendees/find-by-name.service.ts) proves less than an
 * email or a scanned code: a stranger who knows a name may have guessed the email's domain. Such a registration's
 * badge, asked for by email while that check-in stands, is printed without its check-in code (server/README.md), so
 * the code is never handed to whoever checked a stranger in by name (issue 32, row 5). The op ids of the check-ins
 * this node made that way: this node's own fact, not replicated (the op itself says `self`, as every hub reads it).
 */
export const sql = /* sql */ `
CREATE TABLE name_check_ins (op_id TEXT PRIMARY KEY);
`;
