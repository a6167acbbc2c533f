/**
 * LAN integrations: the hosts on the venue network (or this machine) that an organization's owners allow webhooks
 * to reach. Webhooks to loopback, private and link-local addresses are refused unless their host is listed here
 * (webhooks/destination.rules.ts). `host` is kept as the rules normalise it: a URL's hostname, then `:port` when
 * the entry is for one port only.
 */
export const sql = /* sql */ `
CREATE TABLE lan_integrations (
  id              INTEGER PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  host            TEXT NOT NULL,
  description     TEXT NOT NULL DEFAULT '',
  created_at      TEXT NOT NULL,
  UNIQUE (organization_id, host)
);
`;
