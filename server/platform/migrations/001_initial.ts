/**
 * The first schema. Timestamps are UTC ISO 8601 strings (`2026-11-21T10:42:05+00:00`), which sort as text.
 *
 * The database itself enforces the two rules that concurrent writers (the server and the CLI on the same data dir)
 * could otherwise break: one live registration per email per event, and never more live attendees than seats.
 */
export const sql = /* sql */ `
CREATE TABLE organizations (
  id         INTEGER PRIMARY KEY,
  uuid       TEXT NOT NULL UNIQUE,
  name       TEXT NOT NULL,
  slug       TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);

CREATE TABLE events (
  id                     INTEGER PRIMARY KEY,
  uuid                   TEXT NOT NULL UNIQUE,
  organization_id        INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name                   TEXT NOT NULL,
  description            TEXT NOT NULL DEFAULT '',
  starts_at              TEXT,
  ends_at                TEXT,
  location               TEXT,
  timezone               TEXT NOT NULL,
  seats                  INTEGER CHECK (seats IS NULL OR seats >= 0),
  requires_approval      INTEGER NOT NULL DEFAULT 0,
  registration_opens_at  TEXT,
  registration_closes_at TEXT,
  is_published           INTEGER NOT NULL DEFAULT 0,
  checkin_period_type    TEXT NOT NULL CHECK (checkin_period_type IN ('disabled', 'immediate', 'starts_on', 'date_range')),
  checkin_starts_at      TEXT,
  checkin_ends_at        TEXT,
  allow_self_checkin     INTEGER NOT NULL DEFAULT 1,
  redirect_url           TEXT,
  registration_fields    TEXT NOT NULL,
  -- Non-cancelled attendees, kept by the triggers below so that reading it and enforcing seats cost O(1).
  attendees_count        INTEGER NOT NULL DEFAULT 0,
  created_at             TEXT NOT NULL,
  updated_at             TEXT NOT NULL
);
CREATE INDEX events_organization ON events(organization_id, starts_at);

CREATE TABLE users (
  id              INTEGER PRIMARY KEY,
  uuid            TEXT NOT NULL UNIQUE,
  organization_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  email           TEXT NOT NULL,
  email_key       TEXT NOT NULL,
  first_name      TEXT,
  last_name       TEXT,
  phone           TEXT,
  birthday        TEXT,
  address         TEXT,
  employment      TEXT,
  profile_public  INTEGER NOT NULL DEFAULT 0,
  public_fields   TEXT NOT NULL DEFAULT '[]',
  profile_code    TEXT NOT NULL UNIQUE,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  UNIQUE (organization_id, email_key)
);

CREATE TABLE attendees (
  id            INTEGER PRIMARY KEY,
  uuid          TEXT NOT NULL UNIQUE,
  event_id      INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  user_id       INTEGER REFERENCES users(id) ON DELETE SET NULL,
  email         TEXT NOT NULL,
  email_key     TEXT NOT NULL,
  name          TEXT NOT NULL,
  answers       TEXT NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'canceled', 'no_show')),
  registered_at TEXT NOT NULL,
  checked_in_at TEXT,
  updated_at    TEXT NOT NULL
);
-- One live registration per email and event; a cancelled one does not block registering again.
CREATE UNIQUE INDEX attendees_live_email ON attendees(event_id, email_key) WHERE status <> 'canceled';
CREATE INDEX attendees_event_email ON attendees(event_id, email_key, id);
CREATE INDEX attendees_event_status ON attendees(event_id, status);

CREATE TRIGGER attendees_seats_guard BEFORE INSERT ON attendees
WHEN NEW.status <> 'canceled'
BEGIN
  SELECT RAISE(ABORT, 'event_full')
  FROM events WHERE id = NEW.event_id AND seats IS NOT NULL AND attendees_count >= seats;
END;

CREATE TRIGGER attendees_count_insert AFTER INSERT ON attendees
WHEN NEW.status <> 'canceled'
BEGIN
  UPDATE events SET attendees_count = attendees_count + 1 WHERE id = NEW.event_id;
END;

CREATE TRIGGER attendees_count_cancel AFTER UPDATE OF status ON attendees
WHEN OLD.status <> 'canceled' AND NEW.status = 'canceled'
BEGIN
  UPDATE events SET attendees_count = attendees_count - 1 WHERE id = NEW.event_id;
END;

CREATE TRIGGER attendees_count_uncancel BEFORE UPDATE OF status ON attendees
WHEN OLD.status = 'canceled' AND NEW.status <> 'canceled'
BEGIN
  SELECT RAISE(ABORT, 'event_full')
  FROM events WHERE id = NEW.event_id AND seats IS NOT NULL AND attendees_count >= seats;
  UPDATE events SET attendees_count = attendees_count + 1 WHERE id = NEW.event_id;
END;

CREATE TRIGGER attendees_count_delete AFTER DELETE ON attendees
WHEN OLD.status <> 'canceled'
BEGIN
  UPDATE events SET attendees_count = attendees_count - 1 WHERE id = OLD.event_id;
END;

CREATE TABLE api_tokens (
  id              INTEGER PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name            TEXT NOT NULL,
  token_hash      TEXT NOT NULL UNIQUE,
  scopes          TEXT NOT NULL,
  event_ids       TEXT,
  created_at      TEXT NOT NULL,
  last_used_at    TEXT,
  expires_at      TEXT,
  UNIQUE (organization_id, name)
);
`;
