/**
 * Webhooks: endpoints an organization registers, and a durable outbox of notifications for them.
 *
 * The outbox row is what a change writes, in its own transaction: the notifications of that change (a bulk no-show
 * has thousands) as one JSON array, and the endpoints they go to. Writing one row keeps that transaction short.
 * The dispatcher then expands it, in the transaction that deletes it, into messages and deliveries. A message is one
 * notification (its `uid` is the `webhook-id` every retry repeats); a delivery is that message on its way to one
 * endpoint; an attempt is one HTTP request of a delivery.
 *
 * The dispatcher's own columns (`next_attempt_at`, `lease_expires_at`, `previous_secret_expires_at`) are Unix
 * milliseconds: it compares them on every poll, and nobody reads them as dates.
 */
export const sql = /* sql */ `
CREATE TABLE webhook_endpoints (
  id                         INTEGER PRIMARY KEY,
  uuid                       TEXT NOT NULL UNIQUE,
  organization_id            INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  url                        TEXT NOT NULL,
  description                TEXT NOT NULL DEFAULT '',
  -- JSON array of the event kinds the endpoint receives.
  event_types                TEXT NOT NULL,
  enabled                    INTEGER NOT NULL DEFAULT 1,
  disabled_reason            TEXT CHECK (disabled_reason IN ('manual', 'gone')),
  secret                     TEXT NOT NULL,
  -- After a rotation the old secret still signs, beside the new one, until it expires.
  previous_secret            TEXT,
  previous_secret_expires_at INTEGER,
  created_at                 TEXT NOT NULL,
  updated_at                 TEXT NOT NULL
);
CREATE INDEX webhook_endpoints_organization ON webhook_endpoints(organization_id);

CREATE TABLE webhook_outbox (
  id              INTEGER PRIMARY KEY,
  -- Random; the webhook-ids of the notifications are derived from it, so they are the same however often expanded.
  notification_key TEXT NOT NULL,
  organization_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  type            TEXT NOT NULL,
  -- JSON array of the ids of the endpoints that receive them, decided when they were stored.
  endpoint_ids    TEXT NOT NULL,
  -- JSON array: the data of each notification.
  items           TEXT NOT NULL,
  created_at      TEXT NOT NULL
);

CREATE TABLE webhook_messages (
  id              INTEGER PRIMARY KEY,
  uid             TEXT NOT NULL UNIQUE,
  organization_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  type            TEXT NOT NULL,
  -- The exact body sent (and signed) on every attempt.
  payload         TEXT NOT NULL,
  created_at      TEXT NOT NULL
);

CREATE TABLE webhook_deliveries (
  id               INTEGER PRIMARY KEY,
  message_id       INTEGER NOT NULL REFERENCES webhook_messages(id) ON DELETE CASCADE,
  endpoint_id      INTEGER NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  status           TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  -- Every attempt ever made (the number of the last one); round_attempts counts those since it was last queued
  -- (created or redelivered) and picks the next delay from the retry schedule.
  attempt_count    INTEGER NOT NULL DEFAULT 0,
  round_attempts   INTEGER NOT NULL DEFAULT 0,
  next_attempt_at  INTEGER,
  -- Set while one dispatcher sends it, so no other sends it too.
  lease_expires_at INTEGER,
  last_status_code INTEGER,
  -- The last attempt got no answer (or a gateway's 502/503/504): the endpoint was down, not refusing.
  last_unreachable INTEGER NOT NULL DEFAULT 0,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id, id);
CREATE INDEX webhook_deliveries_message ON webhook_deliveries(message_id);
CREATE INDEX webhook_deliveries_waiting ON webhook_deliveries(endpoint_id, next_attempt_at) WHERE status = 'pending';

CREATE TABLE webhook_attempts (
  id               INTEGER PRIMARY KEY,
  delivery_id      INTEGER NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  number           INTEGER NOT NULL,
  status_code      INTEGER,
  duration_ms      INTEGER NOT NULL,
  response_excerpt TEXT,
  error            TEXT,
  attempted_at     TEXT NOT NULL,
  UNIQUE (delivery_id, number)
);
`;
