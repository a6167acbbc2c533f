/**
 * Partitions between kiosks and their hub (docs/sync.md), with real processes on loopback: the hub is `arrivals
 * serve`, each kiosk reaches it through a TCP proxy the test cuts. A kiosk is a process of its own, or runs in this
 * process where the test needs to drive its clock.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONFLICT_RULES } from '../../server/sync/sync.presenters.ts';
import type { ServerProcess } from '../helpers/server-process.ts';
import { call } from '../helpers/app.ts';
import {
  attendeeRows,
  checkInAt,
  cutOff,
  inProcessKiosk,
  pairKiosk,
  readDb,
  seedHub,
  send,
  signIn,
  startHub,
  startKioskProcess,
  reconnect,
  until,
  untilAcked,
  venueResources,
  waitingOps,
  type HubSeed,
} from '../helpers/sync-venue.ts';

const hubSide = venueResources();
const perTest = venueResources();
let hubDir: string;
let hub: ServerProcess;
let seed: HubSeed;
let event: string;

const GUESTS = ['alice', 'bob', 'carol', 'dan', 'erin', 'frank'].map((name) => `${name}@example.com`);

beforeAll(async () => {
  hubDir = hubSide.dir();
  seed = await seedHub(hubDir, { attendees: { main: GUESTS } });
  event = seed.events.main!;
  hub = await hubSide.process(startHub(hubDir));
}, 60_000);
afterEach(() => perTest.teardown());
afterAll(() => hubSide.teardown());

/** A kiosk process paired with the hub through a proxy of its own. */
async function kioskProcess(name: string) {
  const proxy = await perTest.proxy(hub);
  const dir = perTest.dir();
  const { device } = await pairKiosk({ hubDir, hubAddress: `127.0.0.1:${proxy.port}`, kioskDir: dir, name });
  const server = await perTest.process(startKioskProcess(dir));
  return { proxy, dir, device, server };
}

const hubRow = (email: string) => attendeeRows(hubDir, event).find((row) => row.email === email)!;
const appliedOps = (opId: string) =>
  readDb(hubDir, (db) => db.prepare('SELECT outcome FROM sync_applied_ops WHERE op_id = ?').all(opId)) as {
    outcome: string;
  }[];

/** The kiosk's op for a check-in it made, from its outbox. */
function checkInOpOf(kioskDir: string, email: string): string {
  const uuid = attendeeRows(kioskDir, event).find((row) => row.email === email)!.uuid;
  return readDb(kioskDir, (db) => {
    const row = db
      .prepare(
        "SELECT op_id FROM sync_outbox WHERE kind = 'check_in' AND json_extract(payload, '$.attendee') = ?",
      )
      .get(uuid) as { op_id: string };
    return row.op_id;
  });
}

async function conflictsAtHub() {
  const cookie = await signIn(hub.baseUrl);
  const overview = await send(hub.baseUrl, 'GET', '/dashboard/api/sync', { cookie });
  expect(overview.status).toBe(200);
  return overview.body.data as {
    devices: { id: string; name: string; waiting_ops: number }[];
    conflicts: {
      kind: string;
      rule: string;
      attendee_id: string;
      device: string;
      details: Record<string, unknown>;
    }[];
  };
}

describe('a check-in whose answer is lost after the hub committed', () => {
  it('is sent again, applied once, and answered with its first outcome', async () => {
    const kiosk = await kioskProcess('Door 1');
    kiosk.proxy.setMode('lose-answers');

    const checkIn = await checkInAt(kiosk.server.baseUrl, event, 'alice@example.com');
    // The kiosk answers from its replica: it never waits on the hub.
    expect(checkIn.status).toBe(200);
    const opId = checkInOpOf(kiosk.dir, 'alice@example.com');
    // Not the first lost answer to a push: a push with nothing to send (after a failed sync) may come first.
    const committed = await until(
      'the hub committed the check-in',
      () => hubRow('alice@example.com'),
      (row) => row.checkin_op_id === opId,
    );
    // The hub answers once the batch is applied, a moment after the chunk that holds the check-in committed.
    await until(
      'the answer to the push was lost',
      () => kiosk.proxy.answersLost(),
      (lost) => lost.includes('POST /sync/ops'),
    );
    // The hub committed; the kiosk never heard, so the op still waits in its outbox.
    expect(waitingOps(kiosk.dir)).toBe(1);

    kiosk.proxy.setMode('open');
    await untilAcked(kiosk.dir, 'the kiosk has its ack');

    expect(hubRow('alice@example.com')).toEqual(committed);
    const applied = appliedOps(opId);
    expect(applied).toHaveLength(1);
    const firstOutcome = JSON.parse(applied[0]!.outcome);
    expect(firstOutcome).toEqual({
      op_id: opId,
      status: 'applied',
      attendee: committed.uuid,
      conflicts: [],
    });
    // The same op sent once more (as a kiosk that lost the answer again would) gets that first outcome back.
    const op = readDb(kiosk.dir, (db) =>
      db.prepare('SELECT * FROM sync_outbox WHERE op_id = ?').get(opId),
    ) as {
      seq: number;
      origin_device: string;
      payload: string;
      wall_ms: number;
      mono_ms: number;
      boot_id: string;
      schema_version: number;
    };
    const { credential, acked_seq } = readDb(kiosk.dir, (db) =>
      db.prepare('SELECT credential, acked_seq FROM sync_upstream').get(),
    ) as { credential: string; acked_seq: number };
    const again = await send(hub.baseUrl, 'POST', '/sync/ops', {
      token: credential,
      body: {
        sent_wall_ms: Date.now(),
        sent_mono_ms: op.mono_ms,
        boot_id: op.boot_id,
        waiting: 1,
        acked_seq,
        wants_ids: false,
        ops: [
          {
            op_id: opId,
            seq: op.seq,
            device: op.origin_device,
            kind: 'check_in',
            payload: JSON.parse(op.payload),
            wall_ms: op.wall_ms,
            mono_ms: op.mono_ms,
            boot_id: op.boot_id,
            schema_version: op.schema_version,
          },
        ],
      },
    });
    expect(again.status).toBe(200);
    expect(again.body.outcomes).toEqual([firstOutcome]);
    expect(hubRow('alice@example.com')).toEqual(committed);
    expect((await conflictsAtHub()).conflicts.filter((c) => c.attendee_id === committed.uuid)).toEqual([]);
  }, 120_000);
  it('when answers keep getting lost, every change still reaches the hub: each push goes whole', async () => {
    const kiosk = await kioskProcess('Door 7');
    kiosk.proxy.setMode('lose-answers');
    const emails = ['erin@example.com', 'frank@example.com'];
    for (const email of emails)
      expect((await checkInAt(kiosk.server.baseUrl, event, email)).status).toBe(200);
    const opIds = emails.map((email) => checkInOpOf(kiosk.dir, email));

    // The kiosk hears no answer and counts each push a failure, but the hub read it: not a hub that is away, to be
    // tried with one op at a time until one answer comes back.
    await until(
      'the hub committed both check-ins',
      () => emails.map((email) => hubRow(email).checkin_op_id),
      (committed) => committed.every((opId, index) => opId === opIds[index]),
    );
    expect(waitingOps(kiosk.dir)).toBe(2);

    kiosk.proxy.setMode('open');
    await untilAcked(kiosk.dir, 'the kiosk has its acks');
    expect(opIds.map((opId) => appliedOps(opId).length)).toEqual([1, 1]);
  }, 60_000);
});

describe('the same attendee checked in twice', () => {
  it('on one kiosk: the second is refused there, hub or no hub', async () => {
    const kiosk = await kioskProcess('Door 2');
    kiosk.proxy.setMode('cut');
    const first = await checkInAt(kiosk.server.baseUrl, event, 'bob@example.com');
    expect(first.status).toBe(200);
    const second = await checkInAt(kiosk.server.baseUrl, event, 'bob@example.com');
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/^You have already checked in at /);
    expect(waitingOps(kiosk.dir)).toBe(1);

    kiosk.proxy.setMode('open');
    await untilAcked(kiosk.dir, 'the kiosk has its ack');
    expect(hubRow('bob@example.com').checkin_op_id).toBe(checkInOpOf(kiosk.dir, 'bob@example.com'));
  }, 120_000);

  it('on two connected kiosks: the second kiosk has heard of the first check-in and answers the usual 409', async () => {
    const one = await kioskProcess('Door 3');
    const two = await kioskProcess('Door 4');
    const first = await checkInAt(one.server.baseUrl, event, 'carol@example.com');
    expect(first.status).toBe(200);
    await until(
      'the second kiosk shows the check-in',
      () => attendeeRows(two.dir, event).find((row) => row.email === 'carol@example.com')!.checked_in_at,
      (at) => at !== null,
    );
    const second = await checkInAt(two.server.baseUrl, event, 'carol@example.com');
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/^You have already checked in at /);
    expect(waitingOps(two.dir)).toBe(0);
  }, 120_000);

  it('on two partitioned kiosks: the earliest check-in wins whatever order they arrive in; the other is a flagged duplicate', async () => {
    const early = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Door 5');
    const late = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Door 6');
    await cutOff(early);
    await cutOff(late);

    expect(
      (
        await call(early.app, 'POST', `/public/events/${event}/check-in`, {
          body: { email: 'dan@example.com' },
        })
      ).status,
    ).toBe(200);
    // Minutes pass at both kiosks (their monotonic clocks say so) before the second check-in, and again after it.
    early.clock.advance(120_000);
    late.clock.advance(120_000);
    expect(
      (
        await call(late.app, 'POST', `/public/events/${event}/check-in`, {
          body: { email: 'dan@example.com' },
        })
      ).status,
    ).toBe(200);
    early.clock.advance(60_000);
    late.clock.advance(60_000);
    const earlyOp = checkInOpOf(early.dir, 'dan@example.com');
    const lateOp = checkInOpOf(late.dir, 'dan@example.com');

    // The later check-in reaches the hub first.
    await reconnect(late);
    expect(hubRow('dan@example.com').checkin_op_id).toBe(lateOp);
    await reconnect(early);

    const row = hubRow('dan@example.com');
    expect(row.checkin_op_id).toBe(earlyOp);
    // The hub's clock through the kiosk's monotonic clock: three minutes before it heard of it.
    expect(Date.now() - Date.parse(row.checked_in_at!)).toBeGreaterThan(170_000);
    const flagged = (await conflictsAtHub()).conflicts.filter((c) => c.attendee_id === row.uuid);
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toMatchObject({
      kind: 'duplicate_check_in',
      rule: CONFLICT_RULES.duplicate_check_in,
      device: 'Door 5',
      details: { kept: earlyOp, duplicate: lateOp },
    });
    // Both kiosks come to show the winner.
    for (const kiosk of [early, late]) {
      await until(
        'the kiosk shows the winning check-in',
        () => attendeeRows(kiosk.dir, event).find((r) => r.email === 'dan@example.com')!.checkin_op_id,
        (op) => op === earlyOp,
      );
    }
  }, 120_000);
});
