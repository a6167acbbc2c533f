import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './migrations/index.ts';

export type Db = Database.Database;

export const DATABASE_FILE = 'arrivals.db';

/**
 * Opens (creating when missing) the database in `dataDir` and brings its schema up to date.
 *
 * synchronous=FULL: kiosks lose power, and a registration acknowledged with 201 must survive that. In WAL mode
 * better-sqlite3's default (NORMAL) can lose the last commits on power loss.
 */
export function openDatabase(dataDir: string, options: { nativeBinding?: string } = {}): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(
    path.join(dataDir, DATABASE_FILE),
    // The desktop shell's copy of the addon built for Electron; undefined keeps the one in node_modules.
    options.nativeBinding ? { nativeBinding: options.nativeBinding } : {},
  );
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // The CLI writes to the same file while `serve` runs; wait for the other writer instead of failing.
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

export function migrate(db: Db): void {
  const applied = db.pragma('user_version', { simple: true }) as number;
  if (applied > migrations.length) {
    throw new Error(
      `The database schema (version ${applied}) is newer than this version of Arrivals (${migrations.length}).`,
    );
  }
  // IMMEDIATE takes the write lock first, so two processes starting together cannot both migrate.
  const apply = db.transaction(() => {
    const current = db.pragma('user_version', { simple: true }) as number;
    for (let version = current; version < migrations.length; version++) {
      const migration = migrations[version]!;
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
      db.pragma(`user_version = ${version + 1}`);
    }
  });
  if (applied < migrations.length) apply.immediate();
}
