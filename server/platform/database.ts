import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './migrations/index.ts';

export type Db = Database.Database;

export const DATABASE_FILE = 'arrivals.db';

/** The schema's version: how many migrations it has. Sync ops carry it (docs/sync.md). */
export const SCHEMA_VERSION = migrations.length;

/**
 * The data directory and the database's files are this account's alone: they hold attendees' names, emails and
 * answers, and a kiosk machine often has other accounts (a venue's shared login, a technician's).
 */
const PRIVATE_DIRECTORY = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Creates the database file, when missing, already private, so it never exists readable by others even for a moment,
 * and tightens files an older version left open. SQLite gives the -wal and -shm files it creates later the mode of
 * the database file, so they follow; the ones already there are tightened here.
 */
function keepPrivate(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE));
  for (const each of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      fs.chmodSync(each, PRIVATE_FILE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

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
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIRECTORY });
  fs.chmodSync(dataDir, PRIVATE_DIRECTORY);
  const file = path.join(dataDir, DATABASE_FILE);
  const binding = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {};
  if (options.checkIntegrity !== false) refuseDamagedDatabase(file, binding);
  keepPrivate(file);
  const db = new Database(file, binding);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // Statement journals in memory: a registration's savepoint (registration.service.ts) dirties ~20 pages, past
  // SQLite's 64 KiB spill, and each was written to a temp file before the commit wrote it again to the WAL.
  db.pragma('temp_store = MEMORY');
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
      const migration = migrations[version]!;
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
      db.pragma(`user_version = ${version + 1}`);
    }
  });
  if (applied < migrations.length) apply.immediate();
}
