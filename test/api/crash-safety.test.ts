/**
 * Crash safety of registrations: the real `arrivals serve` process takes concurrent registrations over HTTP and is
 * killed with SIGKILL mid-stream, twice, then restarted on the same data directory. Whatever it acknowledged with a
 * 201 must be stored exactly once, nothing it refused may be stored, the live-email and seat rules must hold, and
 * SQLite must find its file intact.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../../server/platform/database.ts';
import { emailKey } from '../../server/platform/email.ts';
import { toTimestamp } from '../../server/platform/time.ts';
import type { RegistrationField } from '../../server/contract/vocabulary.ts';
import { createRepositories } from '../../server/store.ts';
import { applyEventInput } from '../../server/events/event.input.ts';
import { tempDataDir } from '../helpers/app.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';

/** Requests in flight at once, as from a hall full of kiosks and phones. */
const CONCURRENCY = 16;
/** Each round kills the server once this many registrations have been acknowledged in it. */
const KILL_AFTER_ACKS = 120;
const SEATS = 40;

const servers: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.kill();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

interface Seeded {
  open: string;
  limited: string;
}

/** An organization with an open event and a small one, written with the store itself before any server runs. */
function seed(dataDir: string): Seeded {
  const db = openDatabase(dataDir);
  try {
    const repos = createRepositories(db);
    const now = toTimestamp(new Date());
    const organization = repos.organizations.create('Crash Hall', 'crash-hall', now)!;
    const event = (name: string, seats: number | null) =>
      repos.events.create(
        organization.id,
        applyEventInput(null, {
          name,
          is_published: true,
          checkin_period_type: 'immediate',
          timezone: 'UTC',
          seats,
        }),
        now,
      ).uuid;
    return { open: event('Open house', null), limited: event('Limited', SEATS) };
  } finally {
    db.close();
  }
}

interface Attempt {
  event: string;
  email: string;
  /** The HTTP status, or null when no answer came (the server died first). */
  status: number | null;
}

interface Round {
  attempts: Attempt[];
  inFlightAtKill: number;
  acked: number;
}

/**
 * Sends every registration in `queue` with CONCURRENCY requests in flight and SIGKILLs the server as soon as
 * KILL_AFTER_ACKS of them got a 201. A worker stops at its first request without an answer.
 */
async function registerUntilKilled(
  server: ServerProcess,
  queue: readonly { event: string; email: string }[],
  bodyFor: (event: string, email: string) => Record<string, string>,
): Promise<Round> {
  const attempts: Attempt[] = [];
  let next = 0;
  let acked = 0;
  let inFlight = 0;
  let inFlightAtKill = -1;

  const worker = async () => {
    while (next < queue.length) {
      const { event, email } = queue[next++]!;
      const attempt: Attempt = { event, email, status: null };
      attempts.push(attempt);
      inFlight++;
      try {
        const response = await fetch(`${server.baseUrl}/public/events/${event}/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(bodyFor(event, email)),
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer();
        attempt.status = response.status;
      } catch {
        return; // No answer: the server is gone.
      } finally {
        inFlight--;
      }
      if (attempt.status === 201 && ++acked === KILL_AFTER_ACKS) {
        inFlightAtKill = inFlight;
        void server.kill();
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  // The queue ran out before enough acknowledgements: stop anyway, the caller's checks say why.
  if (inFlightAtKill < 0) await server.kill();
  await server.exited;
  return { attempts, inFlightAtKill, acked };
}

/** Each email twice in a row (the second time in upper case), so two workers race to register it. */
function racingQueue(event: string, prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => [
    { event, email: `${prefix}-${i}@example.com` },
    { event, email: `${prefix.toUpperCase()}-${i}@EXAMPLE.COM` },
  ]).flat();
}

/** Pair by pair from each list in turn. */
function interleavePairs<T>(a: readonly T[], b: readonly T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i += 2)
    out.push(...a.slice(i, i + 2), ...b.slice(i, i + 2));
  return out;
}

interface Row {
  event: string;
  email_key: string;
  status: string;
}

/**
 * What SQLite says about the database in `dataDir`. It reads a copy of the file and its write-ahead log, so the
 * restarted server still meets the files exactly as the crash left them and does the recovery itself.
 */
function inspect(dataDir: string) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-crash-copy-'));
  for (const suffix of ['', '-wal']) {
    const file = path.join(dataDir, DATABASE_FILE + suffix);
    if (fs.existsSync(file)) fs.copyFileSync(file, path.join(copy, DATABASE_FILE + suffix));
  }
  const db = new Database(path.join(copy, DATABASE_FILE));
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }),
      foreignKeyProblems: db.pragma('foreign_key_check') as unknown[],
      rows: db
        .prepare(
          `SELECT e.uuid AS event, a.email_key, a.status FROM attendees a JOIN events e ON e.id = a.event_id`,
        )
        .all() as Row[],
      liveDuplicates: db
        .prepare(
          `SELECT event_id, email_key, COUNT(*) AS n FROM attendees WHERE status <> 'canceled'
           GROUP BY event_id, email_key HAVING n > 1`,
        )
        .all(),
      counts: db
        .prepare(
          `SELECT e.uuid AS event, e.attendees_count AS kept,
             (SELECT COUNT(*) FROM attendees a WHERE a.event_id = e.id AND a.status <> 'canceled') AS live
           FROM events e`,
        )
        .all() as { event: string; kept: number; live: number }[],
    };
  } finally {
    db.close();
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

describe('crash safety of registrations', () => {
  it('after SIGKILL mid-stream, every acknowledged registration is stored exactly once and the file is intact', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const events = seed(dataDir);
    const start = async () => {
      const server = await startServer({
        dataDir,
        env: { ARRIVALS_RATE_LIMIT_PUBLIC_EVENTS: '1000000' },
        readyPath: `/public/events/${events.open}`,
      });
      servers.push(server);
      return server;
    };

    // A valid body for whatever fields the events ask for.
    let server = await start();
    const fields = new Map<string, RegistrationField[]>();
    for (const uuid of [events.open, events.limited]) {
      const details = (await (await fetch(`${server.baseUrl}/public/events/${uuid}`)).json()) as {
        data: { registration_fields: RegistrationField[] };
      };
      fields.set(uuid, details.data.registration_fields);
    }
    const bodyFor = (event: string, email: string) => {
      const body: Record<string, string> = {};
      for (const field of fields.get(event)!) {
        if (field.type === 'email') body[field.key] = email;
        else if (field.type === 'select') body[field.key] = field.options![0]!.value;
        else if (field.type === 'date') body[field.key] = '2000-01-01';
        else if (field.required) body[field.key] = 'Crash';
      }
      return body;
    };

    const attempts: Attempt[] = [];
    const rounds = [
      // Round 1: fresh emails on both events at once; the small event fills up on the way.
      interleavePairs(racingQueue(events.open, 'first', 1_000), racingQueue(events.limited, 'seat', 60)),
      // Round 2 (after a restart): every email again (none may get in twice), then fresh ones.
      [...racingQueue(events.open, 'first', 150), ...racingQueue(events.open, 'second', 1_000)],
    ];
    for (const queue of rounds) {
      const round = await registerUntilKilled(server, queue, bodyFor);
      attempts.push(...round.attempts);

      const statuses = round.attempts.map((a) => a.status);
      expect(
        round.acked,
        `acknowledged before the kill; statuses: ${summarize(statuses)}`,
      ).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(round.inFlightAtKill, 'requests were in flight when the server was killed').toBeGreaterThan(0);
      expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(
        statuses.every((s) => s === null || [201, 403, 409].includes(s)),
        summarize(statuses),
      ).toBe(true);

      checkStore(dataDir, attempts, events);
      server = await start();
    }

    // The restarted server sees every acknowledged registration and still refuses a second one.
    const acked = [
      ...new Set(attempts.filter((a) => a.status === 201).map((a) => `${a.event} ${emailKey(a.email)}`)),
    ];
    for (const key of acked) {
      const [event, email] = key.split(' ') as [string, string];
      const response = await fetch(
        `${server.baseUrl}/public/events/${event}/check?email=${encodeURIComponent(email)}`,
      );
      const body = (await response.json()) as { data: { is_registered: boolean } };
      expect(body.data.is_registered, `${email} was acknowledged`).toBe(true);
    }
    const [event, email] = acked[0]!.split(' ') as [string, string];
    const again = await fetch(`${server.baseUrl}/public/events/${event}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(bodyFor(event, email)),
    });
    expect(again.status).toBe(409);
    attempts.push({ event, email, status: again.status });
    const fresh = await fetch(`${server.baseUrl}/public/events/${events.open}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(bodyFor(events.open, 'after-the-crash@example.com')),
    });
    expect(fresh.status).toBe(201);
    attempts.push({ event: events.open, email: 'after-the-crash@example.com', status: fresh.status });

    await server.stop();
    checkStore(dataDir, attempts, events);
  }, 120_000);
});

/** What the store must look like given what the clients were told. */
function checkStore(dataDir: string, attempts: readonly Attempt[], events: Seeded): void {
  const store = inspect(dataDir);
  expect(store.integrity).toBe('ok');
  expect(store.foreignKeyProblems).toEqual([]);
  expect(store.liveDuplicates).toEqual([]);

  const rowsByKey = new Map<string, Row[]>();
  for (const row of store.rows) {
    const key = `${row.event} ${row.email_key}`;
    rowsByKey.set(key, [...(rowsByKey.get(key) ?? []), row]);
  }
  const outcomes = new Map<string, (number | null)[]>();
  for (const a of attempts) {
    const key = `${a.event} ${emailKey(a.email)}`;
    outcomes.set(key, [...(outcomes.get(key) ?? []), a.status]);
  }

  // Nothing is ever cancelled here: one row per email and event at most, in any status.
  const duplicated = [...rowsByKey].filter(([, rows]) => rows.length > 1);
  expect(duplicated, 'emails stored more than once').toEqual([]);

  for (const [key, statuses] of outcomes) {
    const acknowledged = statuses.filter((s) => s === 201).length;
    expect(acknowledged, `${key} acknowledged more than once: ${statuses.join(',')}`).toBeLessThanOrEqual(1);
    if (acknowledged === 1) {
      expect(
        rowsByKey.get(key)?.map((r) => r.status),
        `${key} was acknowledged with 201`,
      ).toEqual(['confirmed']);
    }
  }
  for (const key of rowsByKey.keys()) {
    const statuses = outcomes.get(key) ?? [];
    // A stored row needs a request that was acknowledged or never answered; a refusal must not write.
    expect(
      statuses.some((s) => s === 201 || s === null),
      `${key} is stored, but its requests got ${statuses.join(',') || 'nothing'}`,
    ).toBe(true);
  }

  for (const { event, kept, live } of store.counts) {
    expect(kept, `attendees_count of ${event}`).toBe(live);
    if (event === events.limited) expect(live).toBeLessThanOrEqual(SEATS);
  }
}

function summarize(statuses: readonly (number | null)[]): string {
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(String(s), (counts.get(String(s)) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${s}: ${n}`).join(', ');
}
