import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { DATABASE_FILE, openDatabase } from '../../server/platform/database.ts';
import { migrations } from '../../server/platform/migrations/index.ts';
import {
  call,
  createEvent,
  createOrganization,
  registration,
  tempDataDir,
  UNLIMITED,
} from '../helpers/app.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function freshDir(): string {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
}

describe('SQLite store', () => {
  it('creates the data dir, applies every migration, and uses WAL with foreign keys on', () => {
    const dir = `${freshDir()}/nested/data`;
    const db = openDatabase(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(Number(db.pragma('busy_timeout', { simple: true }))).toBeGreaterThan(0);
    db.close();
    // Opening again applies nothing twice.
    const again = openDatabase(dir);
    expect(again.pragma('user_version', { simple: true })).toBe(migrations.length);
    again.close();
  });

  it('refuses a database from a newer Arrivals', () => {
    const dir = freshDir();
    const db = openDatabase(dir);
    db.pragma(`user_version = ${migrations.length + 1}`);
    db.close();
    expect(() => openDatabase(dir)).toThrow(/newer than this version/);
  });

  it('the database itself refuses a second live registration for an email and a registration beyond the seats', async () => {
    const dataDir = freshDir();
    const app = await buildApp({ dataDir });
    const org = createOrganization(app);
    const event = createEvent(app, org, { seats: 1 });
    const insert = app.store.db.prepare(
      `INSERT INTO attendees (uuid, event_id, email, email_key, name, answers, status, registered_at, updated_at)
       VALUES (?, ?, ?, ?, 'X', '{}', 'confirmed', '', '')`,
    );
    insert.run('u1', event.id, 'A@x.co', 'a@x.co');
    const roomy = createEvent(app, org);
    insert.run('u2', roomy.id, 'a@x.co', 'a@x.co');
    expect(() => insert.run('u3', roomy.id, 'a@X.co', 'a@x.co')).toThrow(/UNIQUE/);
    expect(() => insert.run('u4', event.id, 'b@x.co', 'b@x.co')).toThrow(/event_full/);
    await app.close();
  });

  it('two servers on one data dir, registering at once, never exceed the seats or duplicate an email', async () => {
    const dataDir = freshDir();
    const first = await buildApp({ dataDir, rateLimits: UNLIMITED });
    const second = await buildApp({ dataDir, rateLimits: UNLIMITED });
    const event = createEvent(first, createOrganization(first), { seats: 25 });
    const attempts = Array.from({ length: 60 }, (_, i) => {
      const app = i % 2 === 0 ? first : second;
      // Every email is tried twice, once on each server.
      return call(app, 'POST', `/public/events/${event.uuid}/register`, {
        body: registration(`p${i % 30}@example.com`),
      });
    });
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(25);
    expect(statuses.every((s) => [201, 403, 409].includes(s))).toBe(true);
    const rows = first.store.db
      .prepare("SELECT email_key, COUNT(*) AS n FROM attendees WHERE status <> 'canceled' GROUP BY email_key")
      .all() as { n: number }[];
    expect(rows).toHaveLength(25);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(first.store.repos.events.findByUuid(event.uuid)!.attendeesCount).toBe(25);
    await first.close();
    await second.close();
  });

  it('keeps attendees_count right through cancel and re-registration', async () => {
    const app = await buildApp({ dataDir: freshDir(), rateLimits: UNLIMITED });
    const event = createEvent(app, createOrganization(app), { seats: 1 });
    const url = `/public/events/${event.uuid}`;
    expect((await call(app, 'POST', `${url}/register`, { body: registration('a@x.co') })).status).toBe(201);
    expect((await call(app, 'POST', `${url}/register`, { body: registration('b@x.co') })).status).toBe(403);
    await call(app, 'POST', `${url}/cancel`, { body: { email: 'a@x.co' } });
    expect((await call(app, 'GET', url)).body.data).toMatchObject({
      attendees_count: 0,
      is_registration_open: true,
    });
    expect((await call(app, 'POST', `${url}/register`, { body: registration('b@x.co') })).status).toBe(201);
    await app.close();
  });

  it('creates the data dir 0700 and the database, its WAL and shared memory 0600, whatever the umask', () => {
    const dir = path.join(freshDir(), 'nested', 'data');
    const previous = process.umask(0);
    let db: ReturnType<typeof openDatabase>;
    try {
      db = openDatabase(dir);
      db.exec('CREATE TABLE probe (x)');
    } finally {
      process.umask(previous);
    }
    expect(modeOf(dir)).toBe(0o700);
    for (const file of DATABASE_FILES) expect(modeOf(path.join(dir, file)), file).toBe(0o600);
    db.close();

    // The WAL and shared memory SQLite creates again on the next open follow the database file.
    const again = openDatabase(dir);
    again.exec('INSERT INTO probe VALUES (1)');
    for (const file of DATABASE_FILES) expect(modeOf(path.join(dir, file)), file).toBe(0o600);
    again.close();
  });

  it('tightens a data dir and database files that an older version left readable by others', () => {
    const dir = freshDir();
    const older = new Database(path.join(dir, DATABASE_FILE));
    older.pragma('journal_mode = WAL');
    older.exec('CREATE TABLE probe (x); INSERT INTO probe VALUES (1)');
    fs.chmodSync(dir, 0o755);
    for (const file of DATABASE_FILES) fs.chmodSync(path.join(dir, file), 0o644);

    const db = openDatabase(dir);
    expect(modeOf(dir)).toBe(0o700);
    for (const file of DATABASE_FILES) expect(modeOf(path.join(dir, file)), file).toBe(0o600);
    db.close();
    older.close();
  });
});

const DATABASE_FILES = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`];
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
