/**
 * Crashes on either side of sync (docs/sync.md), with real processes: a hub SIGKILLed while it applies a batch, a
 * hub restored from a backup of its database, a kiosk SIGKILLed after the hub committed its op but before it stored
 * the ack, and a kiosk SIGKILLed in the middle of its own writes. Whatever a kiosk acknowledged reaches the hub once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTick } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../server/platform/database.ts';
import { FIRST_GRANTED_ID } from '../../server/sync/id-ranges.rules.ts';
import type { ServerProcess } from '../helpers/server-process.ts';
import {
  attendeeRows,
  reconnect,
  cutOff,
  inProcessKiosk,
  kioskClock,
  pairKiosk,
  person,
  readDb,
  seedHub,
  send,
  startHub,
  startKioskProcess,
  until,
  venueResources,
  waitingOps,
  writeDb,
  type AttendeeRow,
  type InProcessKiosk,
} from '../helpers/sync-venue.ts';

const venue = venueResources();
afterEach(() => venue.teardown());

/** Where the kiosks' proxies send their traffic: moved when the hub restarts on another port. */
interface HubTarget {
  dir: string;
  port: number;
  process: ServerProcess;
}

async function startHubAt(dir: string): Promise<HubTarget> {
  const process = await venue.process(startHub(dir));
  return { dir, port: process.port, process };
}

async function restartHub(target: HubTarget): Promise<void> {
  target.process = await venue.process(startHub(target.dir));
  target.port = target.process.port;
}

/** Walk-ins made at a cut-off kiosk, all in one transaction of its database (each its own op). */
function walkInsAt(kiosk: InProcessKiosk, eventUuid: string, emails: readonly string[]): void {
  const event = kiosk.app.ctx.events.findEvent(eventUuid)!;
  kiosk.app.store.db.transaction(() => {
    for (const email of emails) {
      const outcome = kiosk.app.ctx.registrations.addWalkIn(event, person(email));
      if (!outcome.ok) throw new Error(`walk-in ${email} refused: ${outcome.reason}`);
    }
  })();
}

/**
 * SIGKILLs the hub while it holds its database's write lock for a while: a batch of ops being applied (a feed read
 * writes for a moment only). A second connection that cannot take the lock twice in a row, 5 ms apart, is the sign.
 */
async function killWhileApplying(hub: HubTarget): Promise<void> {
  const probe = new Database(path.join(hub.dir, DATABASE_FILE), { timeout: 0 });
  const busy = () => {
    try {
      probe.exec('BEGIN IMMEDIATE');
      probe.exec('ROLLBACK');
      return false;
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
      throw error;
    }
  };
  try {
    const deadline = Date.now() + 30_000;
    let busySince: number | null = null;
    while (Date.now() < deadline) {
      if (busy()) {
        busySince ??= performance.now();
        if (performance.now() - busySince >= 5) {
          hub.process.child.kill('SIGKILL');
          await hub.process.exited;
          return;
        }
      } else {
        busySince = null;
      }
      await nextTick();
    }
    throw new Error('the hub never held its write lock for 5 ms');
  } finally {
    probe.close();
  }
}

const granted = <T extends { id: number }>(rows: T[]): T[] =>
  rows.filter((row) => row.id >= FIRST_GRANTED_ID);

describe('a hub SIGKILLed while it applies a batch', () => {
  it('keeps the ops it applied and none half applied; the kiosk sends the rest again; nothing is doubled and revisions never go back', async () => {
    const hubDir = venue.dir();
    const event = (await seedHub(hubDir)).events.main!;
    const hub = await startHubAt(hubDir);
    const kiosk = await inProcessKiosk(venue, hub, 'Door', kioskClock(), { batchSize: 500 });
    await cutOff(kiosk);
    const emails = Array.from({ length: 3_000 }, (_, i) => `walk-in-${i}@example.com`);
    walkInsAt(kiosk, event, emails);
    expect(waitingOps(kiosk.dir)).toBe(3_000);

    // The revisions the kiosk reads from the feed, all along.
    const pulled: number[] = [];
    const readPulled = () =>
      pulled.push(
        readDb(
          kiosk.dir,
          (db) =>
            (db.prepare('SELECT pulled_rev FROM sync_upstream').get() as { pulled_rev: number }).pulled_rev,
        ),
      );
    const sampler = setInterval(readPulled, 20);
    try {
      readPulled();
      kiosk.proxy.setMode('open');
      const batchSent = kiosk.proxy.whenForwarded(/^POST \/sync\/ops$/);
      kiosk.app.ctx.replica!.start();
      await batchSent;
      await killWhileApplying(hub);

      const afterKill = writeDb(hubDir, (db) => ({
        applied: (db.prepare('SELECT COUNT(*) AS n FROM sync_applied_ops').get() as { n: number }).n,
        revision: (db.prepare('SELECT revision FROM sync_meta').get() as { revision: number }).revision,
      }));
      // Whole ops only (each with its registration), and not all of them: the kill came while applying.
      expect(afterKill.applied).toBeLessThan(3_000);
      expect(granted(attendeeRows(hubDir, event))).toHaveLength(afterKill.applied);
      readPulled();
      expect(afterKill.revision).toBeGreaterThanOrEqual(Math.max(...pulled));

      await restartHub(hub);
      await until(
        'the kiosk drained',
        () => waitingOps(kiosk.dir),
        (n) => n === 0,
        60_000,
      );
      const hubRows = attendeeRows(hubDir, event);
      expect(
        granted(hubRows)
          .map((row) => row.email)
          .sort(),
      ).toEqual([...emails].sort());
      expect(readDb(hubDir, (db) => db.prepare('SELECT COUNT(*) AS n FROM sync_applied_ops').get())).toEqual({
        n: 3_000,
      });
      const revisions = hubRows.map((row) => row.rev);
      expect(new Set(revisions).size).toBe(revisions.length);
      const hubRevision = readDb(hubDir, (db) => db.prepare('SELECT revision FROM sync_meta').get()) as {
        revision: number;
      };
      await until(
        'the kiosk read the feed up to the hub',
        () => {
          readPulled();
          return pulled.at(-1)!;
        },
        (rev) => rev === hubRevision.revision,
      );
    } finally {
      clearInterval(sampler);
    }
    // The kiosk's place in the feed only ever moved forward: the hub's revisions did not go back.
    expect(pulled).toEqual([...pulled].sort((a, b) => a - b));
  }, 180_000);
});

const withoutRev = ({ rev: _rev, ...row }: AttendeeRow) => row;

/** The hub's database files, copied or put back while the hub is stopped. */
function copyDatabase(fromDir: string, toDir: string): void {
  for (const name of fs.readdirSync(toDir)) {
    if (name.startsWith(DATABASE_FILE)) fs.rmSync(path.join(toDir, name));
  }
  for (const name of fs.readdirSync(fromDir)) {
    if (name.startsWith(DATABASE_FILE)) fs.copyFileSync(path.join(fromDir, name), path.join(toDir, name));
  }
}

describe('a hub restored from a backup', () => {
  it('gets again from its kiosks everything they had acked since the backup, and they start over from it', async () => {
    const hubDir = venue.dir();
    const event = (await seedHub(hubDir)).events.main!;
    const hub = await startHubAt(hubDir);
    const kiosk = await inProcessKiosk(venue, hub, 'Door');
    const before = ['before-1@example.com', 'before-2@example.com'];
    walkInsAt(kiosk, event, before);
    await reconnect(kiosk);

    await hub.process.stop();
    const backup = venue.dir();
    copyDatabase(hubDir, backup);
    await restartHub(hub);

    const after = ['after-1@example.com', 'after-2@example.com', 'after-3@example.com'];
    walkInsAt(kiosk, event, after);
    expect(kiosk.app.ctx.attendees.selfCheckIn(kiosk.app.ctx.events.findEvent(event)!, before[0]!).ok).toBe(
      true,
    );
    await reconnect(kiosk);
    const acked = granted(attendeeRows(hubDir, event));
    expect(acked.map((row) => row.email).sort()).toEqual([...before, ...after].sort());

    // The hub loses what came after the backup; the kiosk is idle, with nothing waiting, when it comes back.
    await hub.process.stop();
    copyDatabase(backup, hubDir);
    const backupEpoch = readDb(hubDir, (db) => db.prepare('SELECT epoch FROM sync_meta').get());
    await restartHub(hub);

    // The check-in's time is the hub's reading of the kiosk's clock, measured again by the restarted hub: it may
    // fall a second apart from the first one.
    const project = (rows: AttendeeRow[]) =>
      rows.map((row) => [
        row.uuid,
        row.id,
        row.email,
        row.status,
        row.checked_in_at !== null,
        row.checkin_op_id,
      ]);
    await until(
      'the restored hub has everything the kiosk had acked',
      () => project(granted(attendeeRows(hubDir, event))),
      (rows) => JSON.stringify(rows) === JSON.stringify(project(acked)),
      60_000,
    );
    const checkedInAt = (rows: AttendeeRow[]) =>
      Date.parse(rows.find((row) => row.email === before[0])!.checked_in_at!);
    expect(Math.abs(checkedInAt(attendeeRows(hubDir, event)) - checkedInAt(acked))).toBeLessThanOrEqual(
      2_000,
    );
    // It noticed the restore itself (its history is behind the mark it keeps beside the database) and took a new
    // epoch: every replica starts over.
    expect(readDb(hubDir, (db) => db.prepare('SELECT epoch FROM sync_meta').get())).not.toEqual(backupEpoch);
    await until(
      'the kiosk has the acks again',
      () => waitingOps(kiosk.dir),
      (n) => n === 0,
    );
    // The kiosk starts over from the hub's new epoch and shows what the hub shows.
    await until(
      'the kiosk read the new epoch',
      () => granted(attendeeRows(kiosk.dir, event)),
      (rows) =>
        JSON.stringify(rows.map(withoutRev)) ===
        JSON.stringify(granted(attendeeRows(hubDir, event)).map(withoutRev)),
    );
  }, 180_000);
});

describe('a hub stopped while its kiosks long-poll it', () => {
  it('stops at once: the long-polls it answers on its way out do not keep their connections', async () => {
    const hubDir = venue.dir();
    await seedHub(hubDir);
    const hub = await startHubAt(hubDir);
    // The kiosk long-polls the hub's feed from now on. Stopped right after the kiosk's first push and pull, the hub
    // is busy enough that the long-poll it holds is answered after the server closed its idle connections: that
    // kept-alive connection is the one that would hold the close for the keep-alive timeout (5 s).
    await inProcessKiosk(venue, hub, 'Door');
    const started = Date.now();
    await hub.process.stop();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await hub.process.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});

describe('a kiosk SIGKILLed', () => {
  it('after the hub committed its op but before it stored the ack: it sends the op again, applied once', async () => {
    const hubDir = venue.dir();
    const seed = await seedHub(hubDir);
    const event = seed.events.main!;
    const hub = await startHubAt(hubDir);
    const proxy = await venue.proxy(hub);
    const kioskDir = venue.dir();
    await pairKiosk({ hubDir, hubAddress: `127.0.0.1:${proxy.port}`, kioskDir, name: 'Door' });
    const kiosk = await venue.process(startKioskProcess(kioskDir));

    proxy.setMode('hold-answers');
    const registered = await send(kiosk.baseUrl, 'POST', `/public/events/${event}/register`, {
      body: person('held@example.com'),
    });
    expect(registered.status).toBe(201);
    // Not the first held answer to a push: a push with nothing to send may be held first, until it times out.
    const atHub = await until(
      'the hub committed the registration',
      () => attendeeRows(hubDir, event).filter((row) => row.email === 'held@example.com'),
      (rows) => rows.length === 1,
      60_000,
    );
    expect(proxy.answersLost()).toContain('POST /sync/ops');
    expect(atHub[0]!.id).toBe(registered.body.data.id);
    await kiosk.kill();
    expect(waitingOps(kioskDir)).toBe(1);

    proxy.setMode('open');
    await venue.process(startKioskProcess(kioskDir));
    await until(
      'the kiosk drained',
      () => waitingOps(kioskDir),
      (n) => n === 0,
    );
    expect(attendeeRows(hubDir, event).filter((row) => row.email === 'held@example.com')).toEqual(atHub);
    expect(readDb(hubDir, (db) => db.prepare('SELECT COUNT(*) AS n FROM sync_applied_ops').get())).toEqual({
      n: 1,
    });
    // The id and UUID the kiosk answered with are the hub's.
    const lookedUp = await send(hub.process.baseUrl, 'GET', `/api/attendees/${atHub[0]!.uuid}`, {
      token: seed.token,
    });
    expect(lookedUp.status).toBe(200);
    expect(lookedUp.body.data.email).toBe('held@example.com');
  }, 120_000);

  it('in the middle of its own writes: each registration it acknowledged is there with its op, and reaches the hub once', async () => {
    const hubDir = venue.dir();
    const event = (await seedHub(hubDir)).events.main!;
    const hub = await startHubAt(hubDir);
    const proxy = await venue.proxy(hub);
    const kioskDir = venue.dir();
    await pairKiosk({ hubDir, hubAddress: `127.0.0.1:${proxy.port}`, kioskDir, name: 'Door' });
    const kiosk = await venue.process(startKioskProcess(kioskDir));

    const acknowledged = new Map<string, number>();
    let next = 0;
    const worker = async () => {
      while (acknowledged.size < 60) {
        const email = `rush-${next++}@example.com`;
        try {
          const answer = await send(kiosk.baseUrl, 'POST', `/public/events/${event}/register`, {
            body: person(email),
          });
          if (answer.status === 201) acknowledged.set(email, answer.body.data.id as number);
        } catch {
          return; // No answer: the kiosk is gone.
        }
        if (acknowledged.size === 60) void kiosk.kill();
      }
    };
    await Promise.all(Array.from({ length: 12 }, worker));
    await kiosk.exited;

    // Every registration made at the kiosk went into its outbox in the same transaction, and nothing else did.
    const local = granted(attendeeRows(kioskDir, event));
    const ops = readDb(kioskDir, (db) =>
      db
        .prepare(
          "SELECT op_id, json_extract(payload, '$.attendee.uuid') AS uuid FROM sync_outbox WHERE kind = 'register'",
        )
        .all(),
    ) as { op_id: string; uuid: string }[];
    expect(ops.map((op) => op.uuid).sort()).toEqual(local.map((row) => row.uuid).sort());
    expect(ops.map((op) => op.op_id).sort()).toEqual(local.map((row) => row.op_id).sort());
    for (const [email, id] of acknowledged) expect(local.find((row) => row.email === email)?.id).toBe(id);

    await venue.process(startKioskProcess(kioskDir));
    await until(
      'the kiosk drained',
      () => waitingOps(kioskDir),
      (n) => n === 0,
      60_000,
    );
    const atHub = granted(attendeeRows(hubDir, event));
    expect(atHub.map((row) => [row.uuid, row.id, row.email])).toEqual(
      local.map((row) => [row.uuid, row.id, row.email]),
    );
  }, 120_000);
});
