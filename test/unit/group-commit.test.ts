import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { groupCommit, registerGroupCommit } from '../../server/platform/group-commit.ts';
import { createWriteGate, type WriteGate } from '../../server/platform/write-gate.ts';

/** The next check phase: a group opened in this turn has committed by then. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

const opened: Database.Database[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
});

/** A database file with two connections, as the app and its mail sender have. */
function twoConnections() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-group-')), 'db.sqlite');
  const app = new Database(file);
  app.pragma('journal_mode = WAL');
  app.pragma('foreign_keys = ON');
  app.exec(`
    CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
    CREATE TABLE scans (id INTEGER PRIMARY KEY,
      person INTEGER NOT NULL REFERENCES people (id) DEFERRABLE INITIALLY DEFERRED);
  `);
  // No busy timeout: a write that met a lock would throw at once instead of holding the event loop for seconds.
  const other = new Database(file, { timeout: 0 });
  opened.push(app, other);
  const count = (table: 'people' | 'scans') =>
    (other.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  return { app, other, count };
}

/** Another thread (the import's worker) asking for the write gate: `granted` once it had it (given back at once). */
function askForGate(gate: WriteGate) {
  const asked = { granted: false };
  void gate.exclusive().then((release) => {
    asked.granted = true;
    release();
  });
  return asked;
}

function started(db: Database.Database) {
  const gate = createWriteGate();
  const commits = groupCommit(db, gate);
  commits.start();
  return { gate, commits };
}

describe('group commit', () => {
  it('commits the writes of one turn together, once the turn is over', async () => {
    const { app, count } = twoConnections();
    const { commits } = started(app);
    const insert = app.prepare('INSERT INTO people (name) VALUES (?)');
    commits.run(() => insert.run('Ada'));
    commits.run(() => insert.run('Bertrand'));
    expect(commits.isOpen()).toBe(true);
    // Another connection sees nothing of them yet; this one sees its own writes.
    expect(count('people')).toBe(0);
    expect((app.prepare('SELECT COUNT(*) AS n FROM people').get() as { n: number }).n).toBe(2);
    await nextTurn();
    expect(commits.isOpen()).toBe(false);
    expect(count('people')).toBe(2);
  });

  it('undoes only the write that threw: the others of its turn still commit', async () => {
    const { app, count } = twoConnections();
    const { commits } = started(app);
    const insert = app.prepare('INSERT INTO people (name) VALUES (?)');
    commits.run(() => insert.run('Ada'));
    expect(() =>
      commits.run(() => {
        insert.run('Charles');
        insert.run('Ada');
      }),
    ).toThrow(/UNIQUE/);
    commits.run(() => insert.run('Bertrand'));
    await nextTurn();
    expect(count('people')).toBe(2);
  });

  it('ends the group when its first write throws (it runs without a savepoint): nothing of it stays', async () => {
    const { app, count } = twoConnections();
    const { gate, commits } = started(app);
    const insert = app.prepare('INSERT INTO people (name) VALUES (?)');
    expect(() =>
      commits.run(() => {
        insert.run('Ada');
        insert.run('Ada');
      }),
    ).toThrow(/UNIQUE/);
    expect(commits.isOpen()).toBe(false);
    expect(app.inTransaction).toBe(false);
    // The gate was given back: another thread may have it at once.
    const other = askForGate(gate);
    await Promise.resolve();
    expect(other.granted).toBe(true);
    commits.run(() => insert.run('Bertrand'));
    await nextTurn();
    expect(count('people')).toBe(1);
  });

  it('writes alone before it starts (while the app is built), and while another thread holds the gate', async () => {
    const { app, count } = twoConnections();
    const gate = createWriteGate();
    const commits = groupCommit(app, gate);
    const insert = app.prepare('INSERT INTO people (name) VALUES (?)');
    commits.run(() => insert.run('Ada'));
    expect(commits.isOpen()).toBe(false);
    expect(count('people')).toBe(1);

    commits.start();
    const release = await gate.exclusive();
    commits.run(() => insert.run('Bertrand'));
    expect(commits.isOpen()).toBe(false);
    expect(count('people')).toBe(2);
    release();
  });

  it('commits the open group before a write through another connection of this thread', async () => {
    const { app, other, count } = twoConnections();
    const { gate, commits } = started(app);
    commits.run(() => app.prepare('INSERT INTO people (name) VALUES (?)').run('Ada'));
    // The mail sender's own connection: without the commit first it would meet the group's lock.
    await gate.write(() => other.prepare('INSERT INTO people (name) VALUES (?)').run('Bertrand'));
    expect(commits.isOpen()).toBe(false);
    expect(count('people')).toBe(2);
  });

  it('holds the gate while a group is open: another thread waits for its commit', async () => {
    const { app } = twoConnections();
    const { gate, commits } = started(app);
    commits.run(() => app.prepare('INSERT INTO people (name) VALUES (?)').run('Ada'));
    const other = askForGate(gate);
    await Promise.resolve();
    expect(other.granted).toBe(false);
    await nextTurn();
    await nextTurn();
    expect(other.granted).toBe(true);
  });

  it('sends an answer only once its write has committed, and an error if the commit fails', async () => {
    const { app, count } = twoConnections();
    const { commits } = started(app);
    const server = Fastify();
    registerGroupCommit(server, commits);
    server.post<{ Body: { person: number } }>('/scans', async (request) => {
      commits.run(() => app.prepare('INSERT INTO scans (person) VALUES (?)').run(request.body.person));
      return { recorded: true };
    });
    app.prepare('INSERT INTO people (id, name) VALUES (1, ?)').run('Ada');

    const answered = await server.inject({ method: 'POST', url: '/scans', payload: { person: 1 } });
    expect(answered.statusCode).toBe(200);
    expect(count('scans')).toBe(1);

    // The scan of nobody passes its statement (the check is deferred) and fails at the commit: it was never stored,
    // so it must not be answered as recorded.
    const refused = await server.inject({ method: 'POST', url: '/scans', payload: { person: 2 } });
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).not.toMatchObject({ recorded: true });
    expect(count('scans')).toBe(1);
    await server.close();
  });
});
