/**
 * Tickets and mail (issue 31). Each registration of the ledger (migration 017) gets a ticket secret (the
 * `/t/{secret}` address of its ticket page, drawn by whichever node registers it and carried up by its op), the
 * language it was made in and the door it came through. Registrations from before this migration have no secret:
 * one is drawn when their ticket is first mailed (server/mail/), on the node that mails, whose public address the
 * mail links to. None is drawn here, since every node would draw a different one.
 *
 * The organization's SMTP settings, the mail outbox (one row per mail, its Message-ID fixed) and the "send tickets"
 * jobs are this node's own: none of them is in the sync feed, so the SMTP password never reaches a kiosk.
 */
export const sql = /* sql */ `
ALTER TABLE registrations ADD COLUMN ticket_secret TEXT;
ALTER TABLE registrations ADD COLUMN language TEXT;
ALTER TABLE registrations ADD COLUMN door TEXT;
CREATE UNIQUE INDEX registrations_ticket_secret ON registrations (ticket_secret);

CREATE TABLE mail_settings (
  organization_id INTEGER PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  host TEXT NOT NULL,
  port INTEGER NOT NULL,
  security TEXT NOT NULL CHECK (security IN ('none', 'starttls', 'tls')),
  username TEXT,
  -- Stored as given: SMTP AUTH needs the password itself. Never returned, logged or sent to another node.
  password TEXT,
  from_address TEXT NOT NULL,
  from_name TEXT,
  reply_to TEXT,
  public_url TEXT NOT NULL,
  mail_kiosk_registrations INTEGER NOT NULL DEFAULT 0,
  mail_imports INTEGER NOT NULL DEFAULT 0,
  max_per_minute INTEGER,
  updated_at TEXT NOT NULL
);

-- "Send tickets to everyone not yet sent one": its mails carry its id, so its progress is a count of theirs.
CREATE TABLE mail_jobs (
  id INTEGER PRIMARY KEY,
  organization_id INTEGER NOT NULL,
  event_id INTEGER NOT NULL,
  total INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX mail_jobs_event ON mail_jobs (event_id, id);

-- One row per mail, written in the transaction of the change it tells of, naming the registration it is about (the
-- row it is shown as is found when the mail goes: two registrations of one email are one row). No foreign key: a
-- registration can go (an import rolled back) while its mail waits; the mail is then skipped.
CREATE TABLE mail_outbox (
  id INTEGER PRIMARY KEY,
  organization_id INTEGER NOT NULL,
  event_id INTEGER NOT NULL,
  registration_uuid TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('confirmation', 'pending', 'cancellation')),
  -- The Message-ID header of every attempt, so a mail sent again after a crash is recognisably the same one.
  message_id TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'skipped')),
  job_id INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Attempts the server answered with a temporary refusal (4xx, or a refused sign-in): these use up the retries;
  -- attempts that found no server do not, since a venue may be offline for a day.
  refusals INTEGER NOT NULL DEFAULT 0,
  -- Unix ms.
  next_attempt_at INTEGER NOT NULL,
  -- Set while a dispatcher sends it (next_attempt_at is then pushed to the same time, so it is not due twice); a
  -- lease left by a process that died is released when the server starts again.
  lease_expires_at INTEGER,
  -- The last attempt found no server to talk to: due again at once when the server next takes a mail.
  last_unreachable INTEGER NOT NULL DEFAULT 0,
  smtp_reply TEXT,
  error TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  updated_at TEXT NOT NULL
);
-- What waits, per organization, in the order it is due: a registration's own mail before the mails of a "send
-- tickets" job, which has an index of its own so that thousands of them never stand in a new registration's way.
CREATE INDEX mail_outbox_due ON mail_outbox (organization_id, next_attempt_at)
  WHERE status = 'queued' AND job_id IS NULL;
CREATE INDEX mail_outbox_job_due ON mail_outbox (organization_id, next_attempt_at)
  WHERE status = 'queued' AND job_id IS NOT NULL;
CREATE INDEX mail_outbox_registration ON mail_outbox (registration_uuid);
CREATE INDEX mail_outbox_event ON mail_outbox (event_id, status);
CREATE INDEX mail_outbox_job ON mail_outbox (job_id) WHERE job_id IS NOT NULL;
`;
