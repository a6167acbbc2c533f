/**
 * Pages that carry on through another of the venue's servers (server/failover/, docs/pages-that-move.md):
 * - `failover_server_origins`, on a hub: where each paired kiosk serves its pages and API, as it reported;
 * - `failover_venue`, on a replica: the venue's servers as its hub last listed them (kept, so a replica restarted
 *   while the hub is away still knows its siblings), with the hub's public key for roaming sign-in tickets;
 * - `failover_roaming_key`, on a hub: the Ed25519 key it signs those tickets with;
 * - `failover_redeemed_tickets`, on a replica: tickets already used here, until they expire (each is good once).
 */
export const sql = /* sql */ `
CREATE TABLE failover_server_origins (
  device_uuid TEXT PRIMARY KEY,
  origins TEXT NOT NULL CHECK (json_valid(origins)),
  reported_at TEXT NOT NULL
);
CREATE TABLE failover_venue (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  servers TEXT NOT NULL CHECK (json_valid(servers)),
  roaming_key TEXT,
  fetched_at TEXT NOT NULL
);
CREATE TABLE failover_roaming_key (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  private_key TEXT NOT NULL,
  public_key TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE failover_redeemed_tickets (
  ticket_id TEXT PRIMARY KEY,
  expires_at TEXT NOT NULL
);
`;
