/**
 * A big import writes its rows a chunk at a time (attendees/import.service.ts). The real `arrivals serve` process is
 * killed with SIGKILL after some of the chunks of a 10,000-row import and before the rest: the next start rolls the
 * import back whole (migration 012), and the same file then imports. Linux: the test reads /proc to see the process
 * stopped.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../server/platform/database.ts';
import { tempDataDir } from '../helpers/app.ts';
import type { ServerProcess } from '../helpers/server-process.ts';
import { readDb, seedHub, signIn, startHub } from '../helpers/sync-venue.ts';

const ROWS = 10_000;
const servers: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.kill();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const rows = Array.from({ length: ROWS }, (_, i) => ({
  email: `guest${i}@example.com`,
  first_name: 'Grace',
  last_name: `Hopper ${i}`,
}));

async function importRows(server: ServerProcess, cookie: string, event: string) {
  const response = await fetch(`${server.baseUrl}/dashboard/api/events/${event}/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie },
    body: JSON.stringify({ rows }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** SIGSTOP, and wait until the kernel has stopped every thread of the process (the import's worker too). */
function stop(pid: number): void {
  process.kill(pid, 'SIGSTOP');
  // A thread's state is the field after its command's name (in parentheses) in its stat: T once stopped.
  // A thread that ends meanwhile is gone from the list (or read as gone): nothing of it runs either.
  const stopped = (task: string) => {
    try {
      return /\) [TZX] /.test(fs.readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8'));
    } catch {
      return true;
    }
  };
  while (!fs.readdirSync(`/proc/${pid}/task`).every(stopped)) {
    // Stopping takes the kernel a moment at most.
  }
}

/** What `read` gives, or undefined when the database is busy (SQLITE_BUSY, or the WAL index caught half written). */
function lookedAt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof Database.SqliteError && /^SQLITE_(BUSY|PROTOCOL)/.test(error.code)) return undefined;
    throw error;
  }
}

/** Resolves once `condition` holds, looking again at every turn of this process's event loop. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

it('an import killed between two chunks is rolled back whole at the next start', async () => {
  const dataDir = tempDataDir();
  dirs.push(dataDir);
  const { events } = await seedHub(dataDir);
  const event = events.main!;
  const first = await startHub(dataDir);
  servers.push(first);
  const cookie = await signIn(first.baseUrl);

  // No busy wait: the server may be stopped holding a lock a reader needs for a moment; then it runs on and we look
  // again.
  const watcher = new Database(path.join(dataDir, DATABASE_FILE), { timeout: 0 });
  const counts = () =>
    watcher
      .prepare(
        `SELECT (SELECT COUNT(*) FROM attendees) AS attendees,
                (SELECT COUNT(*) FROM imports_under_way) AS under_way`,
      )
      .get() as { attendees: number; under_way: number };
  try {
    void importRows(first, cookie, event).catch(() => undefined);
    // Looked at only while the server is stopped (SIGSTOP): the moment it is seen half way is the moment it dies.
    const pid = first.child.pid!;
    await until(() => {
      stop(pid);
      if (lookedAt(counts)?.under_way === 1) return true;
      process.kill(pid, 'SIGCONT');
      return false;
    });
    await first.kill();
    const left = counts();
    expect(left.under_way).toBe(1);
    expect(left.attendees).toBeGreaterThan(0);
    expect(left.attendees).toBeLessThan(ROWS);
  } finally {
    watcher.close();
  }

  const second = await startHub(dataDir);
  servers.push(second);
  expect(second.output()).toContain('an import the server stopped in was rolled back');
  expect(
    readDb(dataDir, (db) =>
      db
        .prepare(
          `SELECT (SELECT COUNT(*) FROM attendees) AS attendees,
                  (SELECT COUNT(*) FROM imports_under_way) AS under_way,
                  (SELECT attendees_count FROM events WHERE uuid = ?) AS seats_taken`,
        )
        .get(event),
    ),
  ).toEqual({ attendees: 0, under_way: 0, seats_taken: 0 });

  const again = await importRows(second, await signIn(second.baseUrl), event);
  expect(again).toEqual({ status: 200, body: { message: `Imported ${ROWS} attendees.`, imported: ROWS } });
}, 120_000); // two server starts and two 10,000-row imports, real processes on a machine that may be busy
