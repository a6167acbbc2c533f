import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './migrations/index.ts';

export type Db = Database.Database;

export const DATABASE_FILE = 'arrivals.db';

/** The database file is damaged: nothing opened it for writing, and the message is one line that names it. */
export class DamagedDatabaseError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(
      `The database ${file} is damaged (${problem.replace(/\s+/g, ' ').trim().slice(0, 200)}). Arrivals will not ` +
        'open it and has left it as it is: restore it from a backup, or move it aside to start with an empty one.',
    );
    this.name = 'DamagedDatabaseError';
  }
}

export interface OpenDatabaseOptions {
  /** The desktop shell's copy of the addon built for Electron; undefined keeps the one in node_modules. */
  nativeBinding?: string;
  /**
   * Run `PRAGMA quick_check` before opening (the default). Off only for a second connection to a file that was just
   * checked, since the check reads every page.
   */
  checkIntegrity?: boolean;
}

/**
 * Opens (creating when missing) the database in `dataDir` and brings its schema up to date. A damaged file is
 * refused with `DamagedDatabaseError` before anything writes to it.
 *
 * synchronous=FULL: kiosks lose power, and a registration acknowledged with 201 must survive that. In WAL mode
 * better-sqlite3's default (NORMAL) can lose the last commits on power loss.
 */
export function openDatabase(dataDir: string, options: OpenDatabaseOptions = {}): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATABASE_FILE);
  const binding = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {};
  if (options.checkIntegrity !== false) refuseDamagedDatabase(file, binding);
  const db = new Database(file, binding);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // The CLI writes to the same file while `serve` runs; wait for the other writer instead of failing.
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/**
 * A damaged database that serves would hand out wrong answers and fail writes at random, and each write could damage
 * it further. The check runs on a read-only connection: a read-write one checkpoints the WAL into the file when it
 * closes, which would change the very file staff must take to a backup or a recovery tool.
 */
function refuseDamagedDatabase(file: string, binding: { nativeBinding?: string }): void {
  if (!fs.existsSync(file)) return;
  let problem: string | null;
  try {
    const check = new Database(file, { ...binding, readonly: true, fileMustExist: true });
    try {
      const answer = check.pragma('quick_check(1)', { simple: true }) as string | undefined;
      problem = answer === 'ok' ? null : (answer ?? 'quick_check gave no answer');
    } finally {
      check.close();
    }
  } catch (error) {
    // Only what SQLite says about the file's content counts as damage; any other failure (no permission, no disk)
    // is not the file's fault and is reported as it is.
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !/^SQLITE_(CORRUPT|NOTADB)/.test(code)) throw error;
    problem = (error as Error).message;
  }
  if (problem !== null) throw new DamagedDatabaseError(file, problem);
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
      db.exec(migrations[version]!);
      db.pragma(`user_version = ${version + 1}`);
    }
  });
  if (applied < migrations.length) apply.immediate();
}
