import { randomUUID } from 'node:crypto';
import type { Db } from '../platform/database.ts';
import type { Organization } from './organization.types.ts';

interface OrganizationRow {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  created_at: string;
}

const toOrganization = (row: OrganizationRow): Organization => ({
  id: row.id,
  uuid: row.uuid,
  name: row.name,
  slug: row.slug,
  createdAt: row.created_at,
});

export function organizationsRepository(db: Db) {
  const byId = db.prepare<[number], OrganizationRow>('SELECT * FROM organizations WHERE id = ?');
  const bySlug = db.prepare<[string], OrganizationRow>('SELECT * FROM organizations WHERE slug = ?');
  const all = db.prepare<[], OrganizationRow>('SELECT * FROM organizations ORDER BY id');
  const insert = db.prepare<[string, string, string, string], OrganizationRow>(
    'INSERT INTO organizations (uuid, name, slug, created_at) VALUES (?, ?, ?, ?) RETURNING *',
  );
  const rename = db.prepare<[string, number], OrganizationRow>(
    'UPDATE organizations SET name = ? WHERE id = ? RETURNING *',
  );

  return {
    findById(id: number): Organization | null {
      const row = byId.get(id);
      return row ? toOrganization(row) : null;
    },
    findBySlug(slug: string): Organization | null {
      const row = bySlug.get(slug);
      return row ? toOrganization(row) : null;
    },
    list(): Organization[] {
      return all.all().map(toOrganization);
    },
    /** Null when the slug is taken. */
    create(name: string, slug: string, createdAt: string): Organization | null {
      if (bySlug.get(slug)) return null;
      return toOrganization(insert.get(randomUUID(), name, slug, createdAt)!);
    },
    rename(id: number, name: string): Organization {
      return toOrganization(rename.get(name, id)!);
    },
  };
}
