/**
 * Mail nobody can turn into a weapon (issue 36). A mail over the per-address cap of its event is recorded
 * `suppressed` with its reason (server/mail/mail.rules.ts, `recipientCapReached`), never sent nor queued for later:
 * the status needs a place in mail_outbox's CHECK, which SQLite cannot alter, so the table is made again as it was
 * with that value added, and `resend` marks the desk's "Resend ticket" (3 an hour a person). Test emails are
 * counted in a table of their own: 10 an hour an organization, and each counts for its address's caps. An event's
 * own caps, where an owner raised them, are this node's like the rest of mail: never in the sync feed.
 */
export const sql = /* sql */ `
CREATE TABLE mail_outbox_030 (
  id INTEGER PRIMARY KEY,
  organization_id INTEGER NOT NULL,
  event_id INTEGER NOT NULL,
  registration_uuid TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('confirmation', 'pending', 'cancellation')),
  message_id TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'sent', 'failed', 'skipped', 'suppressed')),
  job_id INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  refusals INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  lease_expires_at INTEGER,
  last_unreachable INTEGER NOT NULL DEFAULT 0,
  smtp_reply TEXT,
  error TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  updated_at TEXT NOT NULL,
  -- Queued by the desk's "Resend ticket".
  resend INTEGER NOT NULL DEFAULT 0
);
INSERT INTO mail_outbox_030 (id, organization_id, event_id, registration_uuid, kind, message_id, status, job_id,
  attempts, refusals, next_attempt_at, lease_expires_at, last_unreachable, smtp_reply, error, created_at, sent_at,
  updated_at)
SELECT id, organization_id, event_id, registration_uuid, kind, message_id, status, job_id, attempts, refusals,
  next_attempt_at, lease_expires_at, last_unreachable, smtp_reply, error, created_at, sent_at, updated_at
FROM mail_outbox;
DROP TABLE mail_outbox;
ALTER TABLE mail_outbox_030 RENAME TO mail_outbox;
CREATE INDEX mail_outbox_due ON mail_outbox (organization_id, next_attempt_at)
  WHERE status = 'queued' AND job_id IS NULL;
CREATE INDEX mail_outbox_job_due ON mail_outbox (organization_id, next_attempt_at)
  WHERE status = 'queued' AND job_id IS NOT NULL;
CREATE INDEX mail_outbox_registration ON mail_outbox (registration_uuid);
CREATE INDEX mail_outbox_event ON mail_outbox (event_id, status);
CREATE INDEX mail_outbox_job ON mail_outbox (job_id) WHERE job_id IS NOT NULL;

-- Every test email asked for, sent or not: the organization's hourly allowance, and its address's caps.
CREATE TABLE mail_test_sends (
  id INTEGER PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- The address, trimmed and in lower case (as registrations.email_key).
  recipient TEXT NOT NULL,
  -- Unix ms.
  sent_at INTEGER NOT NULL
);
CREATE INDEX mail_test_sends_organization ON mail_test_sends (organization_id, sent_at);
CREATE INDEX mail_test_sends_recipient ON mail_test_sends (organization_id, recipient, sent_at);

-- An event's per-address caps where an owner raised them; the defaults (mail.rules.ts) elsewhere.
CREATE TABLE mail_event_limits (
  event_id INTEGER PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
  per_hour INTEGER NOT NULL,
  per_day INTEGER NOT NULL,
  updated_at TEXT NOT NULL
);
`;
