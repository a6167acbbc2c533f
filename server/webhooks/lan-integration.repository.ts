import Database from 'better-sqlite3';
import type { Db } from '../platform/database.ts';
import type { LanIntegrationRecord } from './webhook.types.ts';

interface LanIntegrationRow {
  id: number;
  organization_id: number;
  host: string;
  description: string;
  created_at: string;
}

const toRecord = (row: LanIntegrationRow): LanIntegrationRecord => ({
  id: row.id,
  organizationId: row.organization_id,
  host: row.host,
  description: row.description,
  createdAt: row.created_at,
});

export function lanIntegrationsRepository(db: Db) {
  const forOrganization = db.prepare<[number], LanIntegrationRow>(
    'SELECT * FROM lan_integrations WHERE organization_id = ? ORDER BY host',
  );
  const hostsFor = db
    .prepare<[number], string>('SELECT host FROM lan_integrations WHERE organization_id = ? ORDER BY host')
    .pluck();
  const insert = db.prepare<[number, string, string, string], LanIntegrationRow>(
    `INSERT INTO lan_integrations (organization_id, host, description, created_at) VALUES (?, ?, ?, ?)
     RETURNING *`,
  );
  const remove = db.prepare<[number, number]>(
    'DELETE FROM lan_integrations WHERE organization_id = ? AND id = ?',
  );

  return {
    listForOrganization(organizationId: number): LanIntegrationRecord[] {
      return forOrganization.all(organizationId).map(toRecord);
    },
    /** The allowed hosts alone, sorted: what the save-time and connect-time checks compare with. */
    hostsFor(organizationId: number): string[] {
      return hostsFor.all(organizationId);
    },
    /** Null when the organization already lists that host. */
    add(organizationId: number, host: string, description: string, now: string): LanIntegrationRecord | null {
      try {
        return toRecord(insert.get(organizationId, host, description, now)!);
      } catch (error) {
        if (error instanceof Database.SqliteError && error.code === 'SQLITE_CONSTRAINT_UNIQUE') return null;
        throw error;
      }
    },
    remove(organizationId: number, id: number): boolean {
      return remove.run(organizationId, id).changes === 1;
    },
  };
}
