/**
 * Staff sign in on a kiosk while its hub is away with a credential made for that, never with the hub's own password
 * hash (issue 32, row 7; docs/sync.md, "Signing in on a kiosk"). `offline_hash` is a second scrypt verifier of a
 * staff member's password, made by the hub whenever it holds the password (set, changed, or typed at a sign-in) with
 * a salt and cost of its own, and only for role `staff`: owners have none, so no owner's password can be attacked
 * from a kiosk's disk. The hub sends it in its feed in place of the password hash, which never leaves the hub.
 *
 * On a device the column holds what its hub sent, and `password_hash` only a password set on that device itself (a
 * venue's own accounts); rows made by a feed get a `password_hash` that verifies nothing.
 */
export const sql = /* sql */ `
ALTER TABLE staff_accounts ADD COLUMN offline_hash TEXT;
`;
