/**
 * Staff accounts for the dashboard and their sign-in sessions. Emails are unique across the device so that
 * sign-in needs only an email and a password. A session is stored as the SHA-256 of its cookie value.
 */
export const sql = /* sql */ `
CREATE TABLE staff_accounts (
  id              INTEGER PRIMARY KEY,
  uuid            TEXT NOT NULL UNIQUE,
  organization_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name            TEXT NOT NULL,
  email           TEXT NOT NULL,
  email_key       TEXT NOT NULL UNIQUE,
  password_hash   TEXT NOT NULL,
  role            TEXT NOT NULL CHECK (role IN ('owner', 'staff')),
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL
);

CREATE TABLE staff_sessions (
  id           INTEGER PRIMARY KEY,
  token_hash   TEXT NOT NULL UNIQUE,
  staff_id     INTEGER NOT NULL REFERENCES staff_accounts(id) ON DELETE CASCADE,
  created_at   TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  expires_at   TEXT NOT NULL
);
CREATE INDEX staff_sessions_staff ON staff_sessions(staff_id);

-- The desk filters and counts by check-in, and the live picture reads check-ins by time.
CREATE INDEX attendees_event_checked_in ON attendees(event_id, checked_in_at);
`;
