import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { Db } from '../platform/database.ts';
import { emailKey } from '../platform/email.ts';
import { randomBase62 } from '../platform/random.ts';
import type { ProfileField } from '../contract/vocabulary.ts';
import type { SaveUserResult, UserProfile, UserRecord } from './person.types.ts';
import { privateProfileCodeDigest } from './profile.rules.ts';

/** Profile codes: random, case-sensitive, alphanumeric; 12 characters is 71 bits, beyond guessing at 60/min. */
function generateProfileCode(): string {
  return randomBase62(12);
}

interface UserRow {
  id: number;
  uuid: string;
  organization_id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  birthday: string | null;
  address: string | null;
  employment: string | null;
  profile_public: number;
  public_fields: string;
  profile_code: string;
  created_at: string;
  updated_at: string;
}

const toUser = (row: UserRow): UserRecord => ({
  id: row.id,
  uuid: row.uuid,
  organizationId: row.organization_id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  phone: row.phone,
  birthday: row.birthday,
  address: row.address ? (JSON.parse(row.address) as UserRecord['address']) : null,
  employment: row.employment ? (JSON.parse(row.employment) as UserRecord['employment']) : null,
  profilePublic: row.profile_public === 1,
  publicFields: JSON.parse(row.public_fields) as ProfileField[],
  profileCode: row.profile_code,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const profileParams = (p: UserProfile) => ({
  email: p.email,
  email_key: emailKey(p.email),
  first_name: p.firstName,
  last_name: p.lastName,
  phone: p.phone,
  birthday: p.birthday,
  address: p.address ? JSON.stringify(p.address) : null,
  employment: p.employment ? JSON.stringify(p.employment) : null,
  profile_public: p.profilePublic ? 1 : 0,
  public_fields: JSON.stringify(p.publicFields),
});

const PROFILE_COLUMNS = Object.keys(profileParams({ email: '', publicFields: [] } as unknown as UserProfile));

const isUniqueViolation = (error: unknown) =>
  error instanceof Database.SqliteError && error.code === 'SQLITE_CONSTRAINT_UNIQUE';

export function usersRepository(db: Db) {
  const byUuid = db.prepare<[string], UserRow>('SELECT * FROM users WHERE uuid = ?');
  const byProfileCode = db.prepare<[string], UserRow>('SELECT * FROM users WHERE profile_code = ?');
  const byEmail = db.prepare<[number, string], UserRow>(
    'SELECT * FROM users WHERE organization_id = ? AND email_key = ?',
  );
  const forOrganization = db.prepare<[number], UserRow>(
    'SELECT * FROM users WHERE organization_id = ? ORDER BY last_name COLLATE NOCASE, first_name COLLATE NOCASE, id',
  );
  const insert = db.prepare<Record<string, unknown>, UserRow>(
    `INSERT INTO users (uuid, organization_id, profile_code, created_at, updated_at, ${PROFILE_COLUMNS.join(', ')})
     VALUES (@uuid, @organization_id, @profile_code, @now, @now, ${PROFILE_COLUMNS.map((c) => '@' + c).join(', ')})
     RETURNING *`,
  );
  const update = db.prepare<Record<string, unknown>, UserRow>(
    `UPDATE users SET updated_at = @now, ${PROFILE_COLUMNS.map((c) => `${c} = @${c}`).join(', ')}
     WHERE id = @id RETURNING *`,
  );

  function findByUuid(uuid: string): UserRecord | null {
    // UUIDs compare case-insensitively; ours are stored lower-case.
    const row = byUuid.get(uuid.toLowerCase());
    return row ? toUser(row) : null;
  }

  return {
    findByUuid,
    /** A user of the organization; another organization's user is null here, as if there were none. */
    findInOrganization(organizationId: number, uuid: string): UserRecord | null {
      const user = findByUuid(uuid);
      return user?.organizationId === organizationId ? user : null;
    },
    /**
     * The person whose profile code this is. A device holds a private profile's code only as its digest
     * (profile.rules.ts `privateProfileCodeDigest`), looked up when the code itself is not found.
     */
    findByProfileCode(code: string): UserRecord | null {
      const row = byProfileCode.get(code) ?? byProfileCode.get(privateProfileCodeDigest(code));
      return row ? toUser(row) : null;
    },
    findByEmail(organizationId: number, email: string): UserRecord | null {
      const row = byEmail.get(organizationId, emailKey(email));
      return row ? toUser(row) : null;
    },
    listForOrganization(organizationId: number): UserRecord[] {
      return forOrganization.all(organizationId).map(toUser);
    },
    create(organizationId: number, profile: UserProfile, now: string): SaveUserResult {
      try {
        const row = insert.get({
          uuid: randomUUID(),
          organization_id: organizationId,
          profile_code: generateProfileCode(),
          now,
          ...profileParams(profile),
        })!;
        return { ok: true, user: toUser(row) };
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'email_taken' };
        throw error;
      }
    },
    update(id: number, profile: UserProfile, now: string): SaveUserResult {
      try {
        return { ok: true, user: toUser(update.get({ id, now, ...profileParams(profile) })!) };
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'email_taken' };
        throw error;
      }
    },
  };
}
