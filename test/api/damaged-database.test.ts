/**
 * A database file with a damaged page: the server and the CLI refuse it with one line that names the file, and leave
 * its bytes as they were (staff take it to a backup or a recovery tool as it is).
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { runCli } from '../../server/cli.ts';
import { DATABASE_FILE, DamagedDatabaseError, openDatabase } from '../../server/platform/database.ts';
import { tempDataDir } from '../helpers/app.ts';
import { CLI } from '../helpers/server-process.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A real Arrivals database with its tables and a few hundred pages of rows, closed cleanly. */
function databaseWithRows(): { dataDir: string; file: string } {
  const dataDir = tempDataDir();
  dirs.push(dataDir);
  const db = openDatabase(dataDir);
  db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, note TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO filler (note) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < 3_000; i++) insert.run(`row ${i} `.padEnd(300, 'x'));
  })();
  db.close();
  return { dataDir, file: path.join(dataDir, DATABASE_FILE) };
}

/** Garbage over one whole page in the middle of the file, as a failing disk or a torn copy leaves it. */
function damagePage(file: string): void {
  const pageSize = 4096;
  const pages = fs.statSync(file).size / pageSize;
  const handle = fs.openSync(file, 'r+');
  try {
    fs.writeSync(handle, Buffer.alloc(pageSize, 0xa5), 0, pageSize, Math.floor(pages / 2) * pageSize);
  } finally {
    fs.closeSync(handle);
  }
}

const fingerprint = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe('a database with a damaged page', () => {
  it('is served as long as it is intact', async () => {
    const { dataDir } = databaseWithRows();
    const app = await buildApp({ dataDir, kioskDir: false });
    await app.close();
  });

  it('stops `arrivals serve` with one line naming the file and a non-zero exit code; the file is unchanged', async () => {
    const { dataDir, file } = databaseWithRows();
    damagePage(file);
    const before = fingerprint(file);

    const run = promisify(execFile)(
      process.execPath,
      [CLI, 'serve', '--data', dataDir, '--host', '127.0.0.1', '--port', '0'],
      { env: { ...process.env, ARRIVALS_LOG_LEVEL: 'warn' }, timeout: 60_000 },
    );
    const failure = await run.then(
      () => {
        throw new Error('arrivals serve exited with code 0');
      },
      (error: { code: number | null; stderr: string; killed: boolean }) => error,
    );
    expect(failure.killed).toBe(false);
    expect(failure.code).toBe(1);
    const lines = failure.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^arrivals: The database .* is damaged \(.+\)\. Arrivals will not open it/);
    expect(lines[0]).toContain(file);

    expect(fingerprint(file)).toBe(before);
  });

  it('is refused by buildApp and by every CLI command that opens it, without a change', async () => {
    const { dataDir, file } = databaseWithRows();
    damagePage(file);
    const before = fingerprint(file);

    await expect(buildApp({ dataDir, kioskDir: false })).rejects.toThrow(DamagedDatabaseError);
    const err: string[] = [];
    const code = await runCli(['token', 'list', '--org', 'x', '--data', dataDir], {
      out: () => {},
      err: (line) => err.push(line),
    });
    expect(code).toBe(1);
    expect(err).toEqual([expect.stringContaining(`The database ${file} is damaged`)]);

    expect(fingerprint(file)).toBe(before);
  });

  it('refuses a file that is not a database at all', () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const file = path.join(dataDir, DATABASE_FILE);
    fs.writeFileSync(file, 'a spreadsheet saved over the database by mistake\n'.repeat(200));
    const before = fingerprint(file);
    expect(() => openDatabase(dataDir)).toThrow(
      new DamagedDatabaseError(file, 'file is not a database').message,
    );
    expect(fingerprint(file)).toBe(before);
  });
});
