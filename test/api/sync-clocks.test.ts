/**
 * Kiosk clocks that are wrong, stepped, or restarted while cut off from the hub (docs/sync.md, sync/clock.rules.ts).
 * The hub is a real `arrivals serve` process on the real clock; the kiosks run in this process on clocks the test
 * drives (`{ now, monotonicMs, bootId }`), each behind a TCP proxy the test cuts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/app.ts';
import type { ServerProcess } from '../helpers/server-process.ts';
import {
  attendeeRows,
  cutOff,
  inProcessKiosk,
  kioskClock,
  readDb,
  reconnect,
  restartCutOff,
  seedHub,
  send,
  signIn,
  startHub,
  until,
  venueResources,
  type InProcessKiosk,
  type KioskClock,
} from '../helpers/sync-venue.ts';

const venue = venueResources();
let hubDir: string;
let hub: ServerProcess;
let event: string;

const GUESTS = ['p1', 'p2', 'p3', 'p4', 'p5', 'q1'].map((name) => `${name}@example.com`);
const MINUTE = 60_000;

beforeAll(async () => {
  hubDir = venue.dir();
  event = (await seedHub(hubDir, { attendees: { main: GUESTS } })).events.main!;
  hub = await venue.process(startHub(hubDir));
}, 60_000);
afterAll(() => venue.teardown());

async function cutOffKiosk(name: string, clock: KioskClock): Promise<InProcessKiosk> {
  const kiosk = await inProcessKiosk(venue, { dir: hubDir, port: hub.port }, name, clock);
  await cutOff(kiosk);
  return kiosk;
}

/** A check-in at the kiosk, noting when it happened in the room and how much kiosk time passes after it. */
interface Made {
  email: string;
  kiosk: InProcessKiosk;
  atMs: number;
  passedAfter: number;
}

const checkedIn = (dir: string) =>
  attendeeRows(dir, event)
    .filter((row) => row.checked_in_at !== null)
    .map((row) => row.email)
    .sort();

describe('kiosk clocks ten minutes ahead and an hour behind, stepped and restarted while cut off', () => {
  it('leave the set of checked-in people as the kiosks had it, correct the times, and flag the uncertain one', async () => {
    const ahead = await cutOffKiosk('Ahead', kioskClock(10 * MINUTE));
    const behind = await cutOffKiosk('Behind', kioskClock(-60 * MINUTE));

    const made: Made[] = [];
    const checkIn = async (k: InProcessKiosk, email: string) => {
      const answer = await call(k.app, 'POST', `/public/events/${event}/check-in`, { body: { email } });
      expect(answer.status).toBe(200);
      made.push({ email, kiosk: k, atMs: Date.now(), passedAfter: 0 });
    };
    const pass = (ms: number, ...kiosks: InProcessKiosk[]) => {
      for (const k of kiosks) k.clock.advance(ms);
      for (const m of made) if (kiosks.includes(m.kiosk)) m.passedAfter += ms;
    };

    // The fast kiosk restarts while cut off, checks p4 in, and restarts again: nobody ever measured the clock of the
    // boot p4 was checked in under.
    await restartCutOff(ahead);
    await checkIn(ahead, 'p4@example.com');
    pass(MINUTE, ahead, behind);
    await restartCutOff(ahead);
    await checkIn(ahead, 'p1@example.com');
    await checkIn(ahead, 'p2@example.com');
    pass(MINUTE, ahead, behind);
    // By their wall clocks the kiosk an hour behind checked p2 in long before the other did.
    await checkIn(behind, 'p2@example.com');
    pass(MINUTE, ahead, behind);
    // NTP steps the slow kiosk's wall clock forward by the hour while it is cut off.
    behind.clock.stepWall(60 * MINUTE);
    await checkIn(behind, 'p3@example.com');
    pass(MINUTE, ahead, behind);

    const atInProcessKiosks = [...new Set([...checkedIn(ahead.dir), ...checkedIn(behind.dir)])].sort();
    expect(atInProcessKiosks).toEqual(['p1', 'p2', 'p3', 'p4'].map((n) => `${n}@example.com`));

    await reconnect(behind);
    await reconnect(ahead);

    expect(checkedIn(hubDir)).toEqual(atInProcessKiosks);
    const hubRows = attendeeRows(hubDir, event);
    const opOf = (k: InProcessKiosk, email: string) => {
      const uuid = hubRows.find((row) => row.email === email)!.uuid;
      return (
        readDb(k.dir, (db) =>
          db
            .prepare(
              "SELECT op_id FROM sync_outbox WHERE kind = 'check_in' AND json_extract(payload, '$.attendee') = ?",
            )
            .get(uuid),
        ) as { op_id: string }
      ).op_id;
    };
    // p2: the check-in made first in the room wins, though the other kiosk's wall clock said an hour earlier.
    const p2 = hubRows.find((row) => row.email === 'p2@example.com')!;
    expect(p2.checkin_op_id).toBe(opOf(ahead, 'p2@example.com'));

    // Times measured through the monotonic clocks come out as the room's, whatever the wall clocks said; the
    // uncertain one is the kiosk's wall time moved by its last measured offset, here right too (its wall clock was
    // not stepped).
    for (const m of made) {
      const row = hubRows.find((r) => r.email === m.email)!;
      if (row.checkin_op_id !== opOf(m.kiosk, m.email)) continue;
      const expected = m.atMs - m.passedAfter;
      expect(Math.abs(Date.parse(row.checked_in_at!) - expected), m.email).toBeLessThan(15_000);
    }

    const cookie = await signIn(hub.baseUrl);
    const overview = await send(hub.baseUrl, 'GET', '/dashboard/api/sync', { cookie });
    const conflicts = (
      overview.body.data.conflicts as { kind: string; attendee_id: string; device: string }[]
    )
      .filter((c) => hubRows.some((row) => row.uuid === c.attendee_id))
      .map((c) => ({
        kind: c.kind,
        who: hubRows.find((row) => row.uuid === c.attendee_id)!.email,
        device: c.device,
      }))
      .sort((a, b) => `${a.kind}${a.who}`.localeCompare(`${b.kind}${b.who}`));
    expect(conflicts).toEqual([
      // Found when the fast kiosk's op arrived, second, and won.
      { kind: 'duplicate_check_in', who: 'p2@example.com', device: 'Ahead' },
      { kind: 'time_uncertain', who: 'p4@example.com', device: 'Ahead' },
    ]);

    // And the kiosks come to the hub's picture.
    for (const k of [ahead, behind]) {
      await until(
        `${k.name} shows the hub's check-ins`,
        () => attendeeRows(k.dir, event).map((row) => [row.email, row.checked_in_at, row.checkin_op_id]),
        (rows) =>
          JSON.stringify(rows) ===
          JSON.stringify(
            attendeeRows(hubDir, event).map((row) => [row.email, row.checked_in_at, row.checkin_op_id]),
          ),
      );
    }
  }, 120_000);
});

async function conflictsOf(email: string): Promise<string[]> {
  const uuid = attendeeRows(hubDir, event).find((row) => row.email === email)!.uuid;
  const cookie = await signIn(hub.baseUrl);
  const overview = await send(hub.baseUrl, 'GET', '/dashboard/api/sync', { cookie });
  return (overview.body.data.conflicts as { kind: string; attendee_id: string }[])
    .filter((c) => c.attendee_id === uuid)
    .map((c) => c.kind);
}

describe('a kiosk that restarts while cut off', () => {
  it('keeps the times of what it did in a boot the hub measured before the cut, though it comes back an hour off', async () => {
    // The hub measures a kiosk's clock when it first reaches it, with nothing to send yet.
    const measured = await cutOffKiosk('Measured', kioskClock());
    const answer = await call(measured.app, 'POST', `/public/events/${event}/check-in`, {
      body: { email: 'q1@example.com' },
    });
    expect(answer.status).toBe(200);
    const atMs = Date.now();
    // It restarts with its wall clock an hour behind (a flat clock battery), and only then is the hub back.
    await restartCutOff(measured, -60 * MINUTE);
    await reconnect(measured);

    const row = attendeeRows(hubDir, event).find((r) => r.email === 'q1@example.com')!;
    expect(Math.abs(Date.parse(row.checked_in_at!) - atMs)).toBeLessThan(15_000);
    expect(await conflictsOf('q1@example.com')).toEqual([]);
  }, 120_000);
});
