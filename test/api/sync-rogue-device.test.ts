/**
 * A paired device is a stranger (issue 32, docs/sync.md "What a device can and can never do"): a real hub process,
 * and devices paired with it as any kiosk is, one of which pushes what no kiosk would. What it may do is what staff
 * at that kiosk could do through its screens, on the events it serves; everything else is refused or kept aside, and
 * the rest of the hub, other organizations most of all, stays byte for byte as it was.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { systemClock } from '../../server/platform/clock.ts';
import { createEvent, createOrganization } from '../helpers/app.ts';
import { pairRogue, type RogueDevice } from '../helpers/rogue-device.ts';
import type { ServerProcess } from '../helpers/server-process.ts';
import { startServer } from '../helpers/server-process.ts';
import { person, readDb, seedHub, send, venueResources, type HubSeed } from '../helpers/sync-venue.ts';
import { defaultListUuid } from '../../server/lists/list.rules.ts';
import type { OpPayload } from '../../server/sync/sync.types.ts';

const venue = venueResources();
let hubDir: string;
let hub: ServerProcess;
let seed: HubSeed;
/** Another organization on the same hub, and an event of the venue's that the rogue does not serve. */
let victim: { event: string; attendee: string };
let unserved: { event: string; attendee: string };
let own: { event: string };

/** Requests a minute each device may send to /sync/ops and /sync/changes in this test's hub. */
const SYNC_LIMIT = 40;

beforeAll(async () => {
  hubDir = venue.dir();
  seed = await seedHub(hubDir, {
    events: { main: {}, unserved: {} },
    attendees: { unserved: ['grace@example.com'] },
  });
  // A second organization shares the hub (one server can host several).
  const app = await buildApp({ dataDir: hubDir, kioskDir: false, clock: systemClock });
  try {
    const other = createOrganization(app, 'Other Org');
    const event = createEvent(app, other, { name: 'Their gala' });
    const added = app.ctx.registrations.addWalkIn(event, person('victim@example.com'));
    if (!added.ok) throw new Error(added.reason);
    victim = { event: event.uuid, attendee: added.attendee.uuid };
    const unservedEvent = app.ctx.events.findEvent(seed.events.unserved!)!;
    unserved = {
      event: unservedEvent.uuid,
      attendee: app.store.repos.attendees.findForEmail(unservedEvent.id, 'grace@example.com')!.uuid,
    };
  } finally {
    await app.close();
  }
  own = { event: seed.events.main! };
  hub = await venue.process(
    startServer({
      dataDir: hubDir,
      readyPath: '/satellite/status',
      // Pairing is limited like sign-in (10 a minute per address): this test pairs more devices than that.
      env: { ARRIVALS_RATE_LIMIT_SYNC: String(SYNC_LIMIT), ARRIVALS_RATE_LIMIT_SIGN_IN: '1000' },
    }),
  );
}, 120_000);

afterAll(() => venue.teardown());

const rogue = (): Promise<RogueDevice> =>
  pairRogue(hubDir, hub.baseUrl, { organization: seed.organizationSlug, events: [own.event] });

/** Everything the hub holds about the attendees of `eventUuid`, as it is stored. */
function storedAbout(eventUuid: string) {
  return readDb(hubDir, (db) => {
    const event = db.prepare('SELECT id FROM events WHERE uuid = ?').get(eventUuid) as { id: number };
    return {
      rows: db.prepare('SELECT * FROM attendees WHERE event_id = ? ORDER BY id').all(event.id),
      registrations: db.prepare('SELECT * FROM registrations WHERE event_id = ? ORDER BY rev').all(event.id),
      facts: db.prepare('SELECT * FROM attendee_facts WHERE event_id = ? ORDER BY rev').all(event.id),
      conflicts: db.prepare('SELECT * FROM sync_conflicts WHERE event_id = ?').all(event.id),
    };
  });
}

/** The hub's public registration of `email` in the venue's main event: the integer id it answers. */
async function registerAtHub(email: string): Promise<{ id: number; uuid: string }> {
  const answer = await send(hub.baseUrl, 'POST', `/public/events/${own.event}/register`, {
    body: person(email),
  });
  expect(answer.status).toBe(201);
  const uuid = readDb(
    hubDir,
    (db) => (db.prepare('SELECT uuid FROM attendees WHERE email = ?').get(email) as { uuid: string }).uuid,
  );
  return { id: answer.body.data.id as number, uuid };
}

const registration = (uuid: string, number: number, email: string) => ({
  event: own.event,
  attendee: {
    uuid,
    number,
    email,
    name: 'Rogue Guest',
    answers: { email, first_name: 'Rogue', last_name: 'Guest' },
    status: 'confirmed' as const,
  },
});

describe('a device holding only its own credential', () => {
  it('changes nobody outside the events it serves, and learns nothing of them (row 1)', async () => {
    const device = await rogue();
    const theirs = storedAbout(victim.event);
    const notServed = storedAbout(unserved.event);
    const ops = [];
    for (const target of [victim, unserved]) {
      for (const event of [target.event, own.event]) {
        const about = { event, attendee: target.attendee };
        ops.push(
          device.op('cancel', { ...about, merged: [] }),
          device.op('check_in', { ...about, via: 'scan' }),
          device.op('no_show', { ...about, merged: [] }),
          device.op('approve', about),
          device.op('undo_check_in', { ...about, check_in: null }),
        );
      }
    }
    const madeUp = device.op('cancel', { event: own.event, attendee: randomUUID(), merged: [] });
    const answer = await device.push([...ops, madeUp]);
    expect(answer.status).toBe(200);
    const outcomes = answer.body.outcomes as { op_id: string; status: string; attendee?: string }[];
    // An event it does not serve: not found. Its own event, someone of another: the very answer a UUID nobody has
    // gets, so it learns nothing of who exists elsewhere.
    const shape = ({ op_id: _op, ...rest }: { op_id: string }) => rest;
    for (const [index, op] of ops.entries()) {
      const expected = op.payload.event === own.event ? shape(outcomes.at(-1)!) : { status: 'not_found' };
      expect(shape(outcomes[index]!), `${op.kind} in ${op.payload.event}`).toEqual({
        conflicts: [],
        ...expected,
      });
    }
    expect(storedAbout(victim.event)).toEqual(theirs);
    expect(storedAbout(unserved.event)).toEqual(notServed);
  });

  it('cannot take an id the hub or another device hands out, nor a UUID or code that exists (row 2)', async () => {
    const device = await rogue();
    const first = await registerAtHub('first@example.com');
    const nextOfTheHub = first.id + 1;
    const planted = [
      device.op('register', registration(randomUUID(), nextOfTheHub, 'plant-hub@example.com')),
      device.op('register', registration(randomUUID(), device.grant.to, 'plant-next@example.com')),
      device.op('walk_in', registration(victim.attendee, device.grant.from + 7, 'plant-uuid@example.com')),
    ];
    const mine = device.op('register', registration(randomUUID(), device.grant.from, 'mine@example.com'));
    const answer = await device.push([...planted, mine]);
    expect(answer.status).toBe(200);
    expect(answer.body.outcomes.map((outcome: { status: string; reason?: string }) => outcome)).toMatchObject(
      [
        { status: 'refused', reason: 'id_outside_grant' },
        { status: 'refused', reason: 'id_outside_grant' },
        { status: 'refused', reason: 'uuid_taken' },
        { status: 'applied' },
      ],
    );
    // The hub's own registrations go on, with the id the planted row would have broken.
    expect((await registerAtHub('second@example.com')).id).toBe(nextOfTheHub);
    // Another kiosk gets the block the rogue tried to plant into, and registers there.
    const honest = await rogue();
    expect(honest.grant.from).toBe(device.grant.to);
    const walkIn = honest.op('walk_in', registration(randomUUID(), honest.grant.from, 'honest@example.com'));
    expect((await honest.push([walkIn])).body.outcomes[0]).toMatchObject({ status: 'applied' });
  });

  it('cannot make each next scan of one person dearer: duplicates are counted, not kept (row 3)', async () => {
    const device = await rogue();
    const { uuid } = await registerAtHub('scanned@example.com');
    const statuses: string[] = [];
    for (let push = 0; push < 3; push++) {
      const ops = Array.from({ length: 500 }, () =>
        device.op('check_in', { event: own.event, attendee: uuid, via: 'scan' }),
      );
      const answer = await device.push(ops);
      expect(answer.status).toBe(200);
      statuses.push(...answer.body.outcomes.map((outcome: { status: string }) => outcome.status));
    }
    expect(statuses.filter((status) => status === 'applied')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'dropped')).toHaveLength(1_499);
    const kept = readDb(hubDir, (db) =>
      db
        .prepare("SELECT COUNT(*) AS n FROM attendee_facts WHERE subject = ? AND kind = 'check_in'")
        .get(uuid),
    );
    expect(kept).toEqual({ n: 1 });
    const counted = readDb(hubDir, (db) =>
      db
        .prepare("SELECT details FROM sync_conflicts WHERE attendee_uuid = ? AND kind = 'duplicate_check_in'")
        .all(uuid),
    ) as { details: string }[];
    expect(counted.map((row) => JSON.parse(row.details).count)).toEqual([1_499]);
  });

  it('scans only on the check-in lists of the events it serves, exits only where they are scanned, force only at a desk', async () => {
    const device = await rogue();
    const { uuid } = await registerAtHub('lists@example.com');
    const createList = async (event: string, body: Record<string, unknown>) =>
      (await send(hub.baseUrl, 'POST', `/api/events/${event}/check-in-lists`, { token: seed.token, body }))
        .body.data.id as string;
    const workshop = await createList(own.event, { name: 'Rogue workshop' });
    const elsewhere = await createList(unserved.event, { name: 'Elsewhere' });
    const about = { event: own.event, attendee: uuid };
    const scan = (list: string, extra: Record<string, unknown> = {}) =>
      device.op('scan', { ...about, list, direction: 'entry', via: 'kiosk', ...extra } as OpPayload);
    const ops = [
      scan(elsewhere),
      scan(randomUUID()),
      scan(workshop, { direction: 'exit' }),
      scan(defaultListUuid(own.event)),
      scan(workshop, { forced: true }),
      device.op('check_in', { ...about, via: 'scan', forced: true } as OpPayload),
      scan(workshop, { via: 'desk', forced: true, staff: { id: randomUUID(), name: 'Sam' } }),
    ];
    const answer = await device.push(ops);
    expect(answer.status).toBe(200);
    expect(
      answer.body.outcomes.map((o: { status: string; reason?: string }) => [o.status, o.reason]),
    ).toEqual([
      ['refused', 'unknown_list'],
      ['refused', 'unknown_list'],
      ['refused', 'invalid'],
      ['refused', 'invalid'],
      ['refused', 'force_not_allowed'],
      ['refused', 'force_not_allowed'],
      ['applied', undefined],
    ]);
    const kept = readDb(hubDir, (db) =>
      db
        .prepare("SELECT kind FROM attendee_facts WHERE subject = ? AND kind IN ('scan', 'check_in')")
        .all(uuid),
    );
    expect(kept).toEqual([{ kind: 'scan' }]);
  });

  it('cannot make every replica start over by claiming the hub lost its ops (row 4)', async () => {
    const honest = await rogue();
    const before = await honest.changes();
    const device = await rogue();
    const claim = await device.push([], { acked_seq: 999_999_999 });
    // It alone is asked to send its ops again.
    expect(claim.body).toMatchObject({ restored: true, acked_seq: 0, epoch: before.body.epoch });
    const after = await honest.changes(`since=${before.body.revision}&epoch=${before.body.epoch}`);
    expect(after.body).toMatchObject({ reset: false, epoch: before.body.epoch });
  });

  it('is limited per device, with the interface’s 429, and pushes are bounded in size (row 8)', async () => {
    const device = await rogue();
    const other = await rogue();
    const answers = [];
    for (let i = 0; i <= SYNC_LIMIT; i++) answers.push(await device.push([]));
    expect(answers.slice(0, SYNC_LIMIT - 1).every((answer) => answer.status === 200)).toBe(true);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
    expect(refused.headers.get('x-ratelimit-limit')).toBe(String(SYNC_LIMIT));
    expect(refused.headers.get('retry-after')).not.toBeNull();
    // Another device's own count is its own.
    expect((await other.push([])).status).toBe(200);
    const big = await other.push([
      other.op('register', {
        ...registration(randomUUID(), other.grant.from, 'big@example.com'),
        attendee: {
          ...registration(randomUUID(), other.grant.from, 'big@example.com').attendee,
          answers: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, 'x'.repeat(5_000)])),
        },
      }),
    ]);
    expect(big.status).toBe(413);
  });

  it('cannot give an op a time that cannot be: it is brought inside and flagged, never a 500 (row 9)', async () => {
    const device = await rogue();
    const far = await registerAtHub('far-future@example.com');
    const huge = await registerAtHub('huge-time@example.com');
    const startedMs = Date.now();
    const answer = await device.push([
      device.op(
        'check_in',
        { event: own.event, attendee: far.uuid, via: 'scan' },
        { wall_ms: 8.64e15, boot_id: 'never-measured' },
      ),
      device.op(
        'check_in',
        { event: own.event, attendee: huge.uuid, via: 'scan' },
        { wall_ms: 1e20, mono_ms: 1e20 },
      ),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.outcomes).toMatchObject([
      { status: 'applied', conflicts: ['time_uncertain'] },
      { status: 'applied', conflicts: ['time_uncertain'] },
    ]);
    for (const email of ['far-future@example.com', 'huge-time@example.com']) {
      const checkedIn = readDb(
        hubDir,
        (db) =>
          (
            db.prepare('SELECT checked_in_at FROM attendees WHERE email = ?').get(email) as {
              checked_in_at: string;
            }
          ).checked_in_at,
      );
      expect(Date.parse(checkedIn)).toBeGreaterThanOrEqual(startedMs - 2_000);
      expect(Date.parse(checkedIn)).toBeLessThanOrEqual(Date.now() + 61_000);
    }
    // A kiosk checking the person in meanwhile sees an ordinary answer, not a year 275760.
    const again = await send(hub.baseUrl, 'POST', `/public/events/${own.event}/check-in`, {
      body: { email: 'far-future@example.com' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).not.toMatch(/27\d{4}/);
  });
});

describe('an honest kiosk beside a rogue one', () => {
  it('gets every registration and check-in through, and its feed never starts over', async () => {
    const honest = await rogue();
    const device = await rogue();
    const snapshot = await honest.changes();
    const theirs = storedAbout(victim.event);
    let revision = snapshot.body.revision as number;
    for (let round = 0; round < 4; round++) {
      const uuid = randomUUID();
      const email = `honest-${round}@example.com`;
      const registered = honest.op('register', registration(uuid, honest.grant.from + round, email));
      const checkedIn = honest.op('check_in', { event: own.event, attendee: uuid, via: 'self' });
      const registering = await honest.push([registered]);
      expect(registering.body.outcomes[0]).toMatchObject({ status: 'applied', attendee: uuid });
      // The rogue does its worst meanwhile: scans of the person, another organization's people, ids of others,
      // and a claim that the hub lost its ops.
      await device.push([
        ...Array.from({ length: 50 }, () =>
          device.op('check_in', { event: own.event, attendee: uuid, via: 'scan' }),
        ),
        device.op('cancel', { event: own.event, attendee: victim.attendee, merged: [] }),
        device.op('register', registration(randomUUID(), honest.grant.from + 100 + round, `p${round}@x.org`)),
      ]);
      await device.push([], { acked_seq: 10 ** 9 });
      const checking = await honest.push([checkedIn]);
      expect(checking.body.outcomes[0]).toMatchObject({ status: 'applied', attendee: uuid });
      const page = await honest.changes(`since=${revision}&epoch=${snapshot.body.epoch}`);
      expect(page.body.reset).toBe(false);
      expect(page.body.page.registrations.map((row: { uuid: string }) => row.uuid)).toContain(uuid);
      expect(page.body.page.facts.map((fact: { op_id: string }) => fact.op_id)).toContain(checkedIn.op_id);
      const row = readDb(hubDir, (db) =>
        db.prepare('SELECT * FROM attendees WHERE email = ?').get(email),
      ) as {
        uuid: string;
        checked_in_at: string | null;
      };
      expect(row.uuid).toBe(uuid);
      expect(row.checked_in_at).not.toBeNull();
      revision = page.body.revision;
    }
    expect(storedAbout(victim.event)).toEqual(theirs);
  }, 120_000);
});
