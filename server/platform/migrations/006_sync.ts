/**
 * Offline-first replication (docs/sync.md). Every database is a node: a hub hands its replicas a snapshot and a feed
 * of changed rows, and takes their changes as ops; a replica keeps its own changes as ops until the hub acks them.
 *
 * Revisions: every replicated row carries `rev`, set by the triggers below from one counter, `sync_meta.revision`,
 * so "what changed since revision R" is one indexed range per table. The counter moves inside the write
 * transaction, and SQLite has one writer at a time, so revisions are handed out in commit order.
 *
 * Integer attendee ids must not collide between nodes: a node's own inserts take ids below 2^40 (as before), and
 * the ids a hub hands its replicas come in blocks from above it (`sync_meta.next_granted_id`).
 */
export const sql = /* sql */ `
CREATE TABLE sync_meta (
  id               INTEGER PRIMARY KEY CHECK (id = 1),
  -- This database's name in the protocol, and the name of its history: a database restored from a backup has
  -- lost part of its history, and takes a new epoch so that its replicas start over.
  node_id          TEXT NOT NULL,
  epoch            TEXT NOT NULL,
  revision         INTEGER NOT NULL DEFAULT 0,
  next_granted_id  INTEGER NOT NULL DEFAULT 1099511627776
);
INSERT INTO sync_meta (id, node_id, epoch) VALUES (1, lower(hex(randomblob(16))), lower(hex(randomblob(16))));

ALTER TABLE organizations ADD COLUMN rev INTEGER NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN rev INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN rev INTEGER NOT NULL DEFAULT 0;
ALTER TABLE staff_accounts ADD COLUMN rev INTEGER NOT NULL DEFAULT 0;
ALTER TABLE attendees ADD COLUMN rev INTEGER NOT NULL DEFAULT 0;
-- The op that made the registration and the one that checked it in: the conflict rules' tie-breakers, and what an
-- undo names.
ALTER TABLE attendees ADD COLUMN op_id TEXT;
ALTER TABLE attendees ADD COLUMN checkin_op_id TEXT;
-- Rows from before replication: one revision for all, so that a snapshot (everything after revision 0) has them.
UPDATE organizations SET rev = 1;
UPDATE events SET rev = 1;
UPDATE users SET rev = 1;
UPDATE staff_accounts SET rev = 1;
UPDATE attendees SET rev = 1;
UPDATE sync_meta SET revision = 1;
CREATE INDEX organizations_rev ON organizations(rev);
CREATE INDEX events_rev ON events(rev);
CREATE INDEX users_rev ON users(rev);
CREATE INDEX staff_accounts_rev ON staff_accounts(rev);
CREATE INDEX attendees_rev ON attendees(rev);

-- A registration merged into another (two offline registrations of one email): its UUID and integer id keep
-- resolving to the survivor.
CREATE TABLE attendee_aliases (
  uuid        TEXT PRIMARY KEY,
  number      INTEGER,
  attendee_id INTEGER NOT NULL REFERENCES attendees(id) ON DELETE CASCADE,
  rev         INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX attendee_aliases_attendee ON attendee_aliases(attendee_id);
CREATE INDEX attendee_aliases_rev ON attendee_aliases(rev);
CREATE UNIQUE INDEX attendee_aliases_number ON attendee_aliases(number) WHERE number IS NOT NULL;

-- Rows deleted here that replicas must delete too (staff accounts).
CREATE TABLE sync_tombstones (
  kind TEXT NOT NULL,
  uuid TEXT NOT NULL,
  rev  INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (kind, uuid)
);
CREATE INDEX sync_tombstones_rev ON sync_tombstones(rev);

CREATE TRIGGER organizations_rev_insert AFTER INSERT ON organizations BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE organizations SET rev = (SELECT revision FROM sync_meta) WHERE id = NEW.id;
END;
CREATE TRIGGER organizations_rev_update AFTER UPDATE OF name, slug ON organizations BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE organizations SET rev = (SELECT revision FROM sync_meta) WHERE id = NEW.id;
END;

-- attendees_count is left out: each node counts its own attendees.
CREATE TRIGGER events_rev_insert AFTER INSERT ON events BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE events SET rev = (SELECT revision FROM sync_meta) WHERE id = NEW.id;
END;
CREATE TRIGGER events_rev_update AFTER UPDATE OF
  name, description, starts_at, ends_at, location, timezone, seats, requires_approval, registration_opens_at,
  registration_closes_at, is_published, checkin_period_type, checkin_starts_at, checkin_ends_at, allow_self_checkin,
  redirect_url, registration_fields ON events BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE events SET rev = (SELECT revision FROM sync_meta) WHERE id = NEW.id;
END;

CREATE TRIGGER users_rev_insert AFTER INSERT ON users BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE users SET rev = (SELECT revision FROM sync_meta) WHERE id = NEW.id;
END;
CREATE TRIGGER users_rev_update AFTER UPDATE ON users WHEN NEW.rev = OLD.rev BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE users SET rev = (SELECT revision FROM sync_meta) WHERE id = NEW.id;
END;

CREATE TRIGGER staff_rev_insert AFTER INSERT ON staff_accounts BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE staff_accounts SET rev = (SELECT revision FROM sync_meta) WHERE id = NEW.id;
END;
CREATE TRIGGER staff_rev_update AFTER UPDATE ON staff_accounts WHEN NEW.rev = OLD.rev BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE staff_accounts SET rev = (SELECT revision FROM sync_meta) WHERE id = NEW.id;
END;
CREATE TRIGGER staff_rev_delete AFTER DELETE ON staff_accounts BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  INSERT INTO sync_tombstones (kind, uuid, rev) VALUES ('staff', OLD.uuid, (SELECT revision FROM sync_meta))
  ON CONFLICT (kind, uuid) DO UPDATE SET rev = excluded.rev;
END;

CREATE TRIGGER attendees_rev_insert AFTER INSERT ON attendees BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE attendees SET rev = (SELECT revision FROM sync_meta) WHERE id = NEW.id;
END;
CREATE TRIGGER attendees_rev_update AFTER UPDATE ON attendees WHEN NEW.rev = OLD.rev BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE attendees SET rev = (SELECT revision FROM sync_meta) WHERE id = NEW.id;
END;

CREATE TRIGGER attendee_aliases_rev_insert AFTER INSERT ON attendee_aliases BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  UPDATE attendee_aliases SET rev = (SELECT revision FROM sync_meta) WHERE uuid = NEW.uuid;
END;

-- The seats guard must never make a replayed registration fail and lose a person (sync/apply.service.ts admits it
-- over capacity, flagged): while a replay runs, this table holds a row, and the guards stand aside.
CREATE TABLE sync_replaying (id INTEGER PRIMARY KEY CHECK (id = 1));

DROP TRIGGER attendees_seats_guard;
CREATE TRIGGER attendees_seats_guard BEFORE INSERT ON attendees
WHEN NEW.status <> 'canceled' AND NOT EXISTS (SELECT 1 FROM sync_replaying)
BEGIN
  SELECT RAISE(ABORT, 'event_full')
  FROM events WHERE id = NEW.event_id AND seats IS NOT NULL AND attendees_count >= seats;
END;

DROP TRIGGER attendees_count_uncancel;
CREATE TRIGGER attendees_count_uncancel BEFORE UPDATE OF status ON attendees
WHEN OLD.status = 'canceled' AND NEW.status <> 'canceled'
BEGIN
  SELECT RAISE(ABORT, 'event_full')
  FROM events WHERE id = NEW.event_id AND seats IS NOT NULL AND attendees_count >= seats
    AND NOT EXISTS (SELECT 1 FROM sync_replaying);
  UPDATE events SET attendees_count = attendees_count + 1 WHERE id = NEW.event_id;
END;

-- Hub side: paired devices, pairing codes, the ops applied (once each), clock readings, conflicts for staff.
CREATE TABLE sync_devices (
  id               INTEGER PRIMARY KEY,
  uuid             TEXT NOT NULL UNIQUE,
  organization_id  INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name             TEXT NOT NULL,
  -- A kiosk paired with a code, or a venue's hub following this server with an API token (its device ends with
  -- the token).
  kind             TEXT NOT NULL DEFAULT 'kiosk' CHECK (kind IN ('kiosk', 'venue')),
  api_token_id     INTEGER REFERENCES api_tokens(id) ON DELETE CASCADE,
  credential_hash  TEXT NOT NULL UNIQUE,
  -- JSON array of the event UUIDs it serves.
  event_ids        TEXT NOT NULL,
  created_at       TEXT NOT NULL,
  revoked_at       TEXT,
  last_contact_at  TEXT,
  last_pulled_rev  INTEGER NOT NULL DEFAULT 0,
  -- The highest sequence number of its ops applied here: a replica that has seen more acked knows this hub lost
  -- history (a restored backup).
  acked_seq        INTEGER NOT NULL DEFAULT 0,
  -- Ops it said were waiting at its last contact.
  waiting_ops      INTEGER NOT NULL DEFAULT 0,
  clock_offset_ms  INTEGER,
  -- Ids granted for its registrations: [granted_from, granted_to).
  granted_from     INTEGER,
  granted_to       INTEGER
);

CREATE TABLE sync_pairing_codes (
  code_hash        TEXT PRIMARY KEY,
  organization_id  INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  event_ids        TEXT NOT NULL,
  expires_at       TEXT NOT NULL
);

CREATE TABLE sync_applied_ops (
  op_id        TEXT PRIMARY KEY,
  device_uuid  TEXT NOT NULL,
  seq          INTEGER NOT NULL,
  kind         TEXT NOT NULL,
  outcome      TEXT NOT NULL,
  applied_at   TEXT NOT NULL
);

-- Per device and boot: when its monotonic clock read mono_ms, the hub's clock read hub_ms.
CREATE TABLE sync_clock_anchors (
  device_uuid  TEXT NOT NULL,
  boot_id      TEXT NOT NULL,
  hub_ms       INTEGER NOT NULL,
  mono_ms      REAL NOT NULL,
  PRIMARY KEY (device_uuid, boot_id)
);

CREATE TABLE sync_conflicts (
  id              INTEGER PRIMARY KEY,
  uuid            TEXT NOT NULL UNIQUE,
  event_id        INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  attendee_uuid   TEXT NOT NULL,
  kind            TEXT NOT NULL,
  op_id           TEXT NOT NULL,
  device_uuid     TEXT NOT NULL,
  details         TEXT NOT NULL,
  created_at      TEXT NOT NULL,
  acknowledged_at TEXT,
  UNIQUE (kind, op_id)
);
CREATE INDEX sync_conflicts_event ON sync_conflicts(event_id, acknowledged_at);

-- Replica side: the hub it follows, and its own changes waiting for the hub's ack.
CREATE TABLE sync_upstream (
  id               INTEGER PRIMARY KEY CHECK (id = 1),
  -- kiosk: a replica that forwards what it does not serve; venue: a hub that follows an online server and relays
  -- its kiosks' ops to it.
  role             TEXT NOT NULL DEFAULT 'kiosk' CHECK (role IN ('kiosk', 'venue')),
  url              TEXT NOT NULL,
  device_uuid      TEXT NOT NULL,
  credential       TEXT NOT NULL,
  organization_uuid TEXT NOT NULL,
  event_ids        TEXT NOT NULL,
  upstream_epoch   TEXT,
  pulled_rev       INTEGER NOT NULL DEFAULT 0,
  acked_seq        INTEGER NOT NULL DEFAULT 0,
  granted_next     INTEGER,
  granted_to       INTEGER,
  paired_at        TEXT NOT NULL
);

CREATE TABLE sync_outbox (
  seq            INTEGER PRIMARY KEY,
  op_id          TEXT NOT NULL UNIQUE,
  origin_device  TEXT NOT NULL,
  kind           TEXT NOT NULL,
  payload        TEXT NOT NULL,
  wall_ms        INTEGER NOT NULL,
  boot_id        TEXT NOT NULL,
  mono_ms        REAL NOT NULL,
  schema_version INTEGER NOT NULL,
  -- A relayed op whose time its first hub could not be sure of.
  time_uncertain INTEGER NOT NULL DEFAULT 0,
  -- Kept a while after the ack: a hub restored from a backup gets them again.
  acked_at       TEXT
);
CREATE INDEX sync_outbox_pending ON sync_outbox(seq) WHERE acked_at IS NULL;
`;
