import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { Db } from '../platform/database.ts';
import { emailKey } from '../platform/email.ts';
import type { StaffAccount } from './access.types.ts';
import type { StaffRole } from '../contract/vocabulary.ts';

interface StaffRow {
  id: number;
  uuid: string;
  organization_id: number;
  name: string;
  email: string;
  password_hash: string;
  offline_hash: string | null;
  role: StaffRole;
  created_at: string;
  updated_at: string;
}

const toStaff = (row: StaffRow): StaffAccount => ({
  id: row.id,
  uuid: row.uuid,
  organizationId: row.organization_id,
  name: row.name,
  email: row.email,
  passwordHash: row.password_hash,
  offlineHash: row.offline_hash,
  role: row.role,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export interface NewStaffAccount {
  organizationId: number;
  name: string;
  email: string;
  passwordHash: string;
  /** Staff's offline credential (access/passwords.ts); none when left out. */
  offlineHash?: string | null;
  role: StaffRole;
}

interface SessionRow extends StaffRow {
  session_id: number;
  session_created_at: string;
  session_expires_at: string;
  session_last_seen_at: string;
}

export interface SessionWithStaff {
  sessionId: number;
  createdAt: string;
  expiresAt: string;
  lastSeenAt: string;
  staff: StaffAccount;
}

/** Staff accounts and their sessions. */
export function staffRepository(db: Db) {
  const byId = db.prepare<[number], StaffRow>('SELECT * FROM staff_accounts WHERE id = ?');
  const byUuid = db.prepare<[string], StaffRow>('SELECT * FROM staff_accounts WHERE uuid = ?');
  const byEmail = db.prepare<[string], StaffRow>('SELECT * FROM staff_accounts WHERE email_key = ?');
  const forOrganization = db.prepare<[number], StaffRow>(
    'SELECT * FROM staff_accounts WHERE organization_id = ? ORDER BY role, name COLLATE NOCASE',
  );
  const ownersOf = db.prepare<[number], { n: number }>(
    "SELECT COUNT(*) AS n FROM staff_accounts WHERE organization_id = ? AND role = 'owner'",
  );
  const insert = db.prepare<Record<string, unknown>, StaffRow>(
    `INSERT INTO staff_accounts (uuid, organization_id, name, email, email_key, password_hash, offline_hash, role,
       created_at, updated_at)
     VALUES (@uuid, @organization_id, @name, @email, @email_key, @password_hash, @offline_hash, @role, @now, @now)
     RETURNING *`,
  );
  const update = db.prepare<Record<string, unknown>, StaffRow>(
    `UPDATE staff_accounts SET name = @name, role = @role, password_hash = @password_hash,
       offline_hash = @offline_hash, updated_at = @now
     WHERE id = @id RETURNING *`,
  );
  const remove = db.prepare<[number]>('DELETE FROM staff_accounts WHERE id = ?');
  // Not a change anyone made to the account: `updated_at` stays (the feed carries the new credential all the same).
  const setOfflineHash = db.prepare<[string, number]>(
    'UPDATE staff_accounts SET offline_hash = ? WHERE id = ?',
  );

  const insertSession = db.prepare<[string, number, string, string, string]>(
    'INSERT INTO staff_sessions (token_hash, staff_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  const sessionByHash = db.prepare<[string], SessionRow>(
    `SELECT s.*, ss.id AS session_id, ss.created_at AS session_created_at, ss.expires_at AS session_expires_at,
       ss.last_seen_at AS session_last_seen_at
     FROM staff_sessions ss JOIN staff_accounts s ON s.id = ss.staff_id WHERE ss.token_hash = ?`,
  );
  const touchSession = db.prepare<[string, string, number]>(
    'UPDATE staff_sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?',
  );
  const removeSession = db.prepare<[string]>('DELETE FROM staff_sessions WHERE token_hash = ?');
  const removeSessionsOf = db.prepare<[number]>('DELETE FROM staff_sessions WHERE staff_id = ?');
  const removeOtherSessionsOf = db.prepare<[number, string]>(
    'DELETE FROM staff_sessions WHERE staff_id = ? AND token_hash <> ?',
  );
  const removeExpired = db.prepare<[string]>('DELETE FROM staff_sessions WHERE expires_at <= ?');

  return {
    findById: (id: number) => {
      const row = byId.get(id);
      return row ? toStaff(row) : null;
    },
    findByUuid: (uuid: string) => {
      const row = byUuid.get(uuid);
      return row ? toStaff(row) : null;
    },
    findByEmail: (email: string) => {
      const row = byEmail.get(emailKey(email));
      return row ? toStaff(row) : null;
    },
    listForOrganization: (organizationId: number) => forOrganization.all(organizationId).map(toStaff),
    countOwners: (organizationId: number) => ownersOf.get(organizationId)!.n,
    count: () => (db.prepare('SELECT COUNT(*) AS n FROM staff_accounts').get() as { n: number }).n,
    /** Null when the email is taken (on this device, emails are unique across organizations). */
    create(account: NewStaffAccount, now: string): StaffAccount | null {
      try {
        return toStaff(
          insert.get({
            uuid: randomUUID(),
            organization_id: account.organizationId,
            name: account.name,
            email: account.email,
            email_key: emailKey(account.email),
            password_hash: account.passwordHash,
            offline_hash: account.offlineHash ?? null,
            role: account.role,
            now,
          })!,
        );
      } catch (error) {
        if (error instanceof Database.SqliteError && error.code === 'SQLITE_CONSTRAINT_UNIQUE') return null;
        throw error;
      }
    },
    update(account: StaffAccount, now: string): StaffAccount {
      return toStaff(
        update.get({
          id: account.id,
          name: account.name,
          role: account.role,
          password_hash: account.passwordHash,
          offline_hash: account.offlineHash,
          now,
        })!,
      );
    },
    remove: (id: number) => remove.run(id).changes === 1,
    setOfflineHash: (id: number, offlineHash: string) => void setOfflineHash.run(offlineHash, id),

    createSession(tokenHash: string, staffId: number, now: string, expiresAt: string): void {
      insertSession.run(tokenHash, staffId, now, now, expiresAt);
    },
    findSession(tokenHash: string): SessionWithStaff | null {
      const row = sessionByHash.get(tokenHash);
      if (!row) return null;
      return {
        sessionId: row.session_id,
        createdAt: row.session_created_at,
        expiresAt: row.session_expires_at,
        lastSeenAt: row.session_last_seen_at,
        staff: toStaff(row),
      };
    },
    extendSession: (sessionId: number, now: string, expiresAt: string) =>
      touchSession.run(now, expiresAt, sessionId),
    removeSession: (tokenHash: string) => removeSession.run(tokenHash),
    /** Signs an account out everywhere: after a password reset or removal. */
    removeSessionsOf: (staffId: number) => removeSessionsOf.run(staffId),
    /** Signs an account out everywhere but the one session whose hash is `keptTokenHash`. */
    removeOtherSessionsOf: (staffId: number, keptTokenHash: string) =>
      removeOtherSessionsOf.run(staffId, keptTokenHash),
    removeExpiredSessions: (now: string) => removeExpired.run(now),
  };
}
