import Database from 'better-sqlite3';
import type { Db } from '../platform/database.ts';
import type { ApiTokenRecord } from './access.types.ts';
import type { TokenScope } from '../contract/vocabulary.ts';
import { cachedJsonColumn, type JsonColumnReader } from '../platform/json-column.ts';

interface ApiTokenRow {
  id: number;
  organization_id: number;
  name: string;
  token_hash: string;
  scopes: string;
  event_ids: string | null;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}

interface JsonColumns {
  scopes: JsonColumnReader<TokenScope[]>;
  eventIds: JsonColumnReader<string[]>;
}

const toToken = (row: ApiTokenRow, json: JsonColumns): ApiTokenRecord => ({
  id: row.id,
  organizationId: row.organization_id,
  name: row.name,
  tokenHash: row.token_hash,
  scopes: json.scopes(row.id, row.scopes),
  eventIds: row.event_ids ? json.eventIds(row.id, row.event_ids) : null,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  expiresAt: row.expires_at,
});

export interface NewApiToken {
  organizationId: number;
  name: string;
  tokenHash: string;
  scopes: readonly TokenScope[];
  eventIds: readonly string[] | null;
  createdAt: string;
  expiresAt: string | null;
}

export function apiTokensRepository(db: Db) {
  // Every token-authenticated request reads its token (parsed-json.ts).
  const json: JsonColumns = { scopes: cachedJsonColumn(), eventIds: cachedJsonColumn() };
  const toRecord = (row: ApiTokenRow) => toToken(row, json);
  const byHash = db.prepare<[string], ApiTokenRow>('SELECT * FROM api_tokens WHERE token_hash = ?');
  const forOrganization = db.prepare<[number], ApiTokenRow>(
    'SELECT * FROM api_tokens WHERE organization_id = ? ORDER BY created_at, id',
  );
  const insert = db.prepare<Record<string, unknown>, ApiTokenRow>(
    `INSERT INTO api_tokens (organization_id, name, token_hash, scopes, event_ids, created_at, expires_at)
     VALUES (@organization_id, @name, @token_hash, @scopes, @event_ids, @created_at, @expires_at) RETURNING *`,
  );
  const removeById = db.prepare<[number, number]>(
    'DELETE FROM api_tokens WHERE organization_id = ? AND id = ?',
  );
  const removeByName = db.prepare<[number, string]>(
    'DELETE FROM api_tokens WHERE organization_id = ? AND name = ?',
  );
  const touch = db.prepare<[string, number]>('UPDATE api_tokens SET last_used_at = ? WHERE id = ?');

  return {
    findByHash(tokenHash: string): ApiTokenRecord | null {
      const row = byHash.get(tokenHash);
      return row ? toRecord(row) : null;
    },
    listForOrganization(organizationId: number): ApiTokenRecord[] {
      return forOrganization.all(organizationId).map(toRecord);
    },
    /** Null when the organization already has a token of that name. */
    create(token: NewApiToken): ApiTokenRecord | null {
      try {
        return toRecord(
          insert.get({
            organization_id: token.organizationId,
            name: token.name,
            token_hash: token.tokenHash,
            scopes: JSON.stringify(token.scopes),
            event_ids: token.eventIds ? JSON.stringify(token.eventIds) : null,
            created_at: token.createdAt,
            expires_at: token.expiresAt,
          })!,
        );
      } catch (error) {
        if (error instanceof Database.SqliteError && error.code === 'SQLITE_CONSTRAINT_UNIQUE') return null;
        throw error;
      }
    },
    deleteById(organizationId: number, id: number): boolean {
      return removeById.run(organizationId, id).changes === 1;
    },
    deleteByName(organizationId: number, name: string): boolean {
      return removeByName.run(organizationId, name).changes === 1;
    },
    recordUse(tokenId: number, at: string): void {
      touch.run(at, tokenId);
    },
  };
}
