import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_CHUNK_ROWS } from '../../server/attendees/import.service.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import { DATABASE_FILE } from '../../server/platform/database.ts';
import { call, createEvent, pairDevice, registration, startTestApp, type TestApp } from '../helpers/app.ts';
import { setUpOwner, type DashboardClient, SAME_ORIGIN } from '../helpers/dashboard.ts';
import { registerOn } from '../helpers/ledger.ts';
import { allowLanHost, createEndpoint } from '../helpers/webhooks.ts';

let t: TestApp;
let owner: DashboardClient;
let event: EventRecord;
/** Another connection to the app's database, as the CLI would have: holding its write lock stalls the import. */
let other: Database.Database | null = null;

const guests = (count: number, prefix = 'guest') =>
  Array.from({ length: count }, (_, i) => registration(`${prefix}${i}@example.com`));

const importRows = (rows: unknown[]) => owner.send('POST', `/events/${event.uuid}/import`, { rows });

const attendeeCount = () =>
  (
    t.app.store.db.prepare('SELECT COUNT(*) AS n FROM attendees WHERE event_id = ?').get(event.id) as {
      n: number;
    }
  ).n;

/** Resolves once `condition` holds, looking again at every turn of the event loop. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

/** Tracks whether a promise has settled, to tell a request that waits from one that was answered. */
function tracked<T>(promise: Promise<T>) {
  const state = { settled: false, promise };
  void promise.finally(() => {
    state.settled = true;
  });
  return state;
}

function holdWriteLock(): Database.Database {
  other = new Database(path.join(t.dataDir, DATABASE_FILE));
  other.exec('BEGIN IMMEDIATE');
  return other;
}

/** A registration by another process (as the CLI's connection would write it), inside its open transaction. */
function lateRegistration(connection: Database.Database, email: string): void {
  const late = registerOn(connection, event.id, { email, name: 'Late Comer' });
  expect(late.ok).toBe(true);
}

beforeEach(async () => {
  t = await startTestApp({ webhooks: { autoDispatch: false } });
  owner = await setUpOwner(t.app, 'City Hall Events');
  event = createEvent(t.app, t.app.store.repos.organizations.list()[0]!);
});

afterEach(async () => {
  if (other?.inTransaction) other.exec('ROLLBACK');
  other?.close();
  other = null;
  await t.close();
});

describe('CSV import beside the server', () => {
  it('keeps answering while the import waits to write: reads at once, writes once it has committed', async () => {
    await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('ada@example.com'),
    });
    const ada = t.app.store.repos.attendees.findForEmail(event.id, 'ada@example.com')!;
    const lock = holdWriteLock();
    const importing = tracked(importRows(guests(100)));
    // The worker has checked every row and now holds the gate; its transaction waits for our lock.
    await until(() => t.app.ctx.imports.isWriting());

    const check = await call(t.app, 'GET', `/public/events/${event.uuid}/check?email=ada@example.com`);
    expect(check.status).toBe(200);
    expect(check.body.data.is_registered).toBe(true);
    // A write without a body, so that it comes to its write as soon as a read would.
    const checkingIn = tracked(owner.send('POST', `/events/${event.uuid}/attendees/${ada.uuid}/check-in`));
    // Reads answered one after another, long after the check-in came to its write: it waits at the gate, off
    // the event loop, rather than for our lock inside SQLite (which would hold every request here for seconds).
    for (let i = 0; i < 20; i++) expect((await call(t.app, 'GET', '/satellite/status')).status).toBe(200);
    expect(checkingIn.settled).toBe(false);
    expect(importing.settled).toBe(false);

    lock.exec('ROLLBACK');
    expect((await importing.promise).body).toEqual({ message: 'Imported 100 attendees.', imported: 100 });
    expect((await checkingIn.promise).status).toBe(200);
    expect(attendeeCount()).toBe(101);
  });

  it('checks again inside its transaction what another writer may have changed since its first look', async () => {
    const lock = holdWriteLock();
    const importing = importRows(guests(100));
    await until(() => t.app.ctx.imports.isWriting());
    // Registered by another process after the worker's checks, before its transaction.
    registerOn(lock, event.id, { email: 'guest41@example.com', name: 'Guest 41' });
    lock.exec('COMMIT');

    const refused = await importing;
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: 'Some rows are invalid. Nothing was imported.',
      rows: [{ row: 42, errors: { email: ['The email has already been taken.'] } }],
    });
    expect(attendeeCount()).toBe(1);
  });

  it('leaves out, in a valid_rows import, a row another writer registered between its checks and its transaction', async () => {
    await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('guest7@example.com'),
    });
    const lock = holdWriteLock();
    const rows = guests(100);
    const importing = owner.send('POST', `/events/${event.uuid}/import`, { rows, mode: 'valid_rows' });
    await until(() => t.app.ctx.imports.isWriting());
    lateRegistration(lock, 'guest41@example.com');
    lock.exec('COMMIT');

    const imported = await importing;
    expect(imported.status).toBe(200);
    // Row 8 was taken before the checks, row 42 after them: both answered alike, and in row order.
    expect(imported.body).toEqual({
      message: 'Imported 98 attendees. 2 rows were left out: see why below.',
      imported: 98,
      skipped: [
        { row: 8, errors: { email: ['The email has already been taken.'] } },
        { row: 42, errors: { email: ['The email has already been taken.'] } },
      ],
    });
    expect(attendeeCount()).toBe(100);
    // The late registration is the one that stands, as the other writer wrote it.
    expect(t.app.store.repos.attendees.findForEmail(event.id, 'guest41@example.com')!.name).toBe(
      'Late Comer',
    );
  });

  it('a refusal after another write lands between its checks and its transaction leaves nothing behind', async () => {
    const organization = t.app.store.repos.organizations.list()[0]!;
    allowLanHost(t.app, organization, '127.0.0.1:9');
    createEndpoint(t.app, organization, 'http://127.0.0.1:9/hooks', ['attendee.registered']);
    const lock = holdWriteLock();
    const importing = importRows(guests(100));
    await until(() => t.app.ctx.imports.isWriting());
    lateRegistration(lock, 'guest99@example.com');
    lock.exec('COMMIT');

    expect((await importing).status).toBe(422);
    expect(attendeeCount()).toBe(1);
    const events = t.app.store.repos.events.findById(event.id)!;
    expect(events.attendeesCount).toBe(1);
    // Nothing for the webhooks to tell, and the same file imports once the taken row is gone.
    expect(t.app.store.repos.webhookDeliveries.hasOutboxBatches()).toBe(false);
    const rest = guests(100).filter((row) => row.email !== 'guest99@example.com');
    expect((await importRows(rest)).body).toEqual({ message: 'Imported 99 attendees.', imported: 99 });
    expect(attendeeCount()).toBe(100);
  });

  it('a failure inside the worker leaves nothing written, and the server and the next import go on', async () => {
    const organization = t.app.store.repos.organizations.list()[0]!;
    allowLanHost(t.app, organization, '127.0.0.1:9');
    createEndpoint(t.app, organization, 'http://127.0.0.1:9/hooks', ['attendee.registered']);
    // Half way through the INSERT, as a full disk or a broken file would fail it.
    t.app.store.db
      .exec(`CREATE TRIGGER import_breaks BEFORE INSERT ON attendees WHEN NEW.email = 'guest50@example.com'
      BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`);

    const failed = await importRows(guests(100));
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(attendeeCount()).toBe(0);
    expect(t.app.store.repos.webhookDeliveries.hasOutboxBatches()).toBe(false);

    // The gate was given back: a write goes through, on this thread.
    const walkIn = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('walk@example.com'),
    });
    expect(walkIn.status).toBe(201);

    t.app.store.db.exec('DROP TRIGGER import_breaks');
    expect((await importRows(guests(100))).body).toEqual({
      message: 'Imported 100 attendees.',
      imported: 100,
    });
    expect(attendeeCount()).toBe(101);
    // Each imported row has its own check-in code, as every registration has.
    const codes = t.app.store.db.prepare('SELECT checkin_code FROM attendees').pluck().all() as (
      string | null
    )[];
    expect(new Set(codes.filter((code) => code !== null && code.length >= 12)).size).toBe(101);
    expect(t.app.store.repos.webhookDeliveries.hasOutboxBatches()).toBe(false);
    // Fanned out by the worker: a delivery per notification, ready for the dispatcher.
    const deliveries = t.app.store.db.prepare('SELECT COUNT(*) AS n FROM webhook_deliveries').get() as {
      n: number;
    };
    expect(deliveries.n).toBe(101);
  });

  it('answers a body the worker refuses as every route does', async () => {
    const send = (payload: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/dashboard/api/events/${event.uuid}/import`,
        headers: { ...SAME_ORIGIN, cookie: owner.cookie(), 'content-type': 'application/json', ...headers },
        payload,
      });
    const answers = await Promise.all([
      send(''),
      send('{"rows": "x"}'),
      send('{"rows": [1]}'),
      send(JSON.stringify({ rows: guests(10_001) })),
      send('{"rows": ['),
      send('{"rows": [{"__proto__": {"x": 1}}]}'),
      send('{"rows": []}', { 'content-encoding': 'gzip' }),
    ]);
    expect(answers.map((answer) => [answer.statusCode, answer.json()])).toEqual([
      [422, { message: 'Validation failed.', errors: { rows: ['The rows field is required.'] } }],
      [422, { message: 'Validation failed.', errors: { rows: ['The rows field must be an array.'] } }],
      [422, { message: 'Validation failed.', errors: { 'rows.0': ['The rows.0 field must be an object.'] } }],
      [
        422,
        {
          message: 'Validation failed.',
          errors: { rows: ['The rows field must not have more than 10000 items.'] },
        },
      ],
      [400, { message: 'The request body is not valid JSON.' }],
      [400, { message: 'The request body may not contain the keys __proto__ or constructor.prototype.' }],
      [415, { message: 'Unsupported content encoding. Send the JSON body uncompressed.' }],
    ]);
    expect(attendeeCount()).toBe(0);
  });

  it('refuses rows beyond the seats, counting the seats when it writes', async () => {
    const small = createEvent(t.app, t.app.store.repos.organizations.list()[0]!, { seats: 100 });
    const lock = holdWriteLock();
    const importing = owner.send('POST', `/events/${small.uuid}/import`, { rows: guests(90) });
    await until(() => t.app.ctx.imports.isWriting());
    // Seats taken by another process after the worker's checks: 90 rows no longer fit in the 89 left.
    for (let i = 0; i < 11; i++) {
      const email = `late${i}@example.com`;
      const taken = registerOn(lock, small.id, { email, name: 'Late Comer' });
      expect(taken.ok).toBe(true);
    }
    lock.exec('COMMIT');
    const refused = await importing;
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: 'Not enough seats: 89 left.' });
  });
});

describe("an import's preview", () => {
  const preview = (rows: unknown[], e = event) =>
    owner.send('POST', `/events/${e.uuid}/import/preview`, { rows });

  it('finds every problem in one pass: bad rows, emails twice or taken, and whether the seats hold the rest', async () => {
    const small = createEvent(t.app, t.app.store.repos.organizations.list()[0]!, { seats: 150 });
    await call(t.app, 'POST', `/public/events/${small.uuid}/register`, {
      body: registration('ada@example.com'),
    });
    const rows: Record<string, string>[] = guests(200);
    rows[9] = { ...rows[9]!, email: 'not-an-email' };
    rows[49] = { ...rows[49]!, last_name: '' };
    rows[99] = registration('ada@example.com');
    rows[149] = { ...rows[0]! };

    const res = await preview(rows, small);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        rows: 200,
        importable: 196,
        refused: [
          { row: 10, errors: { email: ['The email field must be a valid email address.'] } },
          { row: 50, errors: { last_name: ['The last name field is required.'] } },
          { row: 100, errors: { email: ['The email has already been taken.'] } },
          { row: 150, errors: { email: ['The email has already been taken.'] } },
        ],
        // 149 seats left: the 196 good rows do not fit, which the import itself says only once its rows pass.
        seats_left: 149,
      },
    });
    // Nothing written, nothing staged for the next import.
    expect(t.app.store.repos.attendees.countsByStatus(small.id)).toEqual([
      { status: 'confirmed', total: 1, checked_in: 0 },
    ]);
    const imported = await owner.send('POST', `/events/${small.uuid}/import`, { rows: guests(10, 'next') });
    expect(imported.body).toEqual({ message: 'Imported 10 attendees.', imported: 10 });
  });

  it('counts every row of a clean file, and no seats left for an unlimited event', async () => {
    const res = await preview(guests(300));
    expect(res.body).toEqual({ data: { rows: 300, importable: 300, refused: [], seats_left: null } });
    expect(attendeeCount()).toBe(0);
  });

  it("refuses as the import does: a body the worker refuses, another organization's event, staff", async () => {
    expect(await preview([1])).toMatchObject({
      status: 422,
      body: { message: 'Validation failed.', errors: { 'rows.0': ['The rows.0 field must be an object.'] } },
    });
    const foreign = createEvent(
      t.app,
      t.app.store.repos.organizations.create('Other', 'other', '2026-01-01')!,
    );
    expect(await preview(guests(1), foreign)).toMatchObject({
      status: 404,
      body: { message: 'Event not found.' },
    });
  });
});

/**
 * A big import writes a chunk of rows at a time (IMPORT_CHUNK_ROWS, the last rows first) and gives the write gate
 * back between chunks, so that other writes wait for one chunk, never for all of it; yet it stays all or nothing.
 * A write sent while the import waits for our lock is queued at the gate: it goes in right after the first chunk.
 */
describe('a big import, written in chunks', () => {
  const ROWS = 2 * IMPORT_CHUNK_ROWS + IMPORT_CHUNK_ROWS / 2;
  const publicRegistration = (email: string, into = event) =>
    call(t.app, 'POST', `/public/events/${into.uuid}/register`, { body: registration(email) });

  it('lets a write waiting for it go between two chunks, long before the import has written every row', async () => {
    // What the walk-in's own INSERT sees, kept by a trigger of this connection: the import half written.
    t.app.store.db.exec(`
      CREATE TEMP TABLE seen_by_walk_in (attendees INTEGER, imports_under_way INTEGER);
      CREATE TEMP TRIGGER walk_in_looks AFTER INSERT ON attendees WHEN NEW.email = 'walk-in@example.com' BEGIN
        INSERT INTO seen_by_walk_in SELECT (SELECT COUNT(*) FROM attendees), (SELECT COUNT(*) FROM imports_under_way);
      END`);
    const lock = holdWriteLock();
    const importing = tracked(importRows(guests(ROWS)));
    await until(() => t.app.ctx.imports.isWriting());
    const walkIn = tracked(publicRegistration('walk-in@example.com'));
    await until(() => t.app.writeGate.waiting() === 1);
    lock.exec('ROLLBACK');

    expect((await walkIn.promise).status).toBe(201);
    expect(t.app.store.db.prepare('SELECT * FROM seen_by_walk_in').all()).toEqual([
      { attendees: IMPORT_CHUNK_ROWS + 1, imports_under_way: 1 },
    ]);
    expect((await importing.promise).body).toEqual({
      message: `Imported ${ROWS} attendees.`,
      imported: ROWS,
    });
    expect(attendeeCount()).toBe(ROWS + 1);
    // The walk-in's id is above every imported row's: the first chunk took the import's ids whole.
    const ids = t.app.store.db.prepare('SELECT email, id FROM attendees ORDER BY id').all() as {
      email: string;
      id: number;
    }[];
    expect(ids.at(-1)!.email).toBe('walk-in@example.com');
    expect(ids.slice(0, -1).map((row) => row.email)).toEqual(guests(ROWS).map((row) => row.email));
    expect(t.app.store.repos.importsUnderWay.list()).toEqual([]);
  });

  it('is refused whole when an email of a later chunk is registered between two chunks; the registration stands', async () => {
    const organization = t.app.store.repos.organizations.list()[0]!;
    allowLanHost(t.app, organization, '127.0.0.1:9');
    createEndpoint(t.app, organization, 'http://127.0.0.1:9/hooks', ['attendee.registered']);
    const lock = holdWriteLock();
    const importing = importRows(guests(ROWS));
    await until(() => t.app.ctx.imports.isWriting());
    // Row 1 is in the last chunk.
    const between = publicRegistration('guest0@example.com');
    await until(() => t.app.writeGate.waiting() === 1);
    lock.exec('ROLLBACK');

    expect((await between).status).toBe(201);
    const refused = await importing;
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: 'Some rows are invalid. Nothing was imported.',
      rows: [{ row: 1, errors: { email: ['The email has already been taken.'] } }],
    });
    // The chunks written before are gone, with their seats, and nobody was told of them.
    expect(attendeeCount()).toBe(1);
    expect(t.app.store.repos.events.findById(event.id)!.attendeesCount).toBe(1);
    expect(t.app.store.repos.importsUnderWay.list()).toEqual([]);
    const told = t.app.store.db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM webhook_outbox WHERE items LIKE '%guest1@%')
              + (SELECT COUNT(*) FROM webhook_messages WHERE payload LIKE '%guest1@%')`,
      )
      .pluck()
      .get();
    expect(told).toBe(0);
  });

  it('leaves out, in a valid_rows import, the row of a later chunk registered between two chunks', async () => {
    const lock = holdWriteLock();
    const importing = owner.send('POST', `/events/${event.uuid}/import`, {
      rows: guests(ROWS),
      mode: 'valid_rows',
    });
    await until(() => t.app.ctx.imports.isWriting());
    const between = publicRegistration('guest3@example.com');
    await until(() => t.app.writeGate.waiting() === 1);
    lock.exec('ROLLBACK');

    expect((await between).status).toBe(201);
    expect((await importing).body).toEqual({
      message: `Imported ${ROWS - 1} attendees. 1 row was left out: see why below.`,
      imported: ROWS - 1,
      skipped: [{ row: 4, errors: { email: ['The email has already been taken.'] } }],
    });
    expect(attendeeCount()).toBe(ROWS);
  });

  it('is refused whole when the seats it needs are taken between two chunks', async () => {
    const small = createEvent(t.app, t.app.store.repos.organizations.list()[0]!, { seats: ROWS });
    const lock = holdWriteLock();
    const importing = owner.send('POST', `/events/${small.uuid}/import`, { rows: guests(ROWS) });
    await until(() => t.app.ctx.imports.isWriting());
    const between = publicRegistration('walk-in@example.com', small);
    await until(() => t.app.writeGate.waiting() === 1);
    lock.exec('ROLLBACK');

    expect((await between).status).toBe(201);
    const refused = await importing;
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: `Not enough seats: ${ROWS - 1} left.` });
    expect(t.app.store.repos.events.findById(small.id)!.attendeesCount).toBe(1);
    expect(t.app.store.repos.importsUnderWay.list()).toEqual([]);
  });

  it('a failure in its last chunk takes the chunks written before with it', async () => {
    // Row 1 is in the last chunk: as a full disk would fail it, after the others were written.
    t.app.store.db
      .exec(`CREATE TRIGGER import_breaks BEFORE INSERT ON attendees WHEN NEW.email = 'guest0@example.com'
      BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`);
    const failed = await importRows(guests(ROWS));
    expect(failed.status).toBe(500);
    expect(attendeeCount()).toBe(0);
    expect(t.app.store.repos.events.findById(event.id)!.attendeesCount).toBe(0);
    expect(t.app.store.repos.importsUnderWay.list()).toEqual([]);
  });

  it('holds the sync feed back to the revision before an import under way, and shows it whole once it ends', async () => {
    const organization = t.app.store.repos.organizations.list()[0]!;
    const device = t.app.ctx.syncHub.deviceOf(await pairDevice(t.app, organization, [event.uuid]))!;
    const feed = () => t.app.ctx.syncHub.readFeed(device, 0, null);
    expect((await publicRegistration('early@example.com')).status).toBe(201);
    const { importsUnderWay } = t.app.store.repos;
    const underWay = t.app.store.inTransaction(() =>
      importsUnderWay.begin(event.id, 9_000, 9_999, '2026-11-21T10:00:00Z'),
    );
    // Written after the import began (as its chunks are, and anything between them): not in the feed yet.
    expect((await publicRegistration('later@example.com')).status).toBe(201);
    const held = feed();
    expect(held.page.registrations.map((row) => row.email)).toEqual(['early@example.com']);
    expect([held.revision, held.latest, held.more]).toEqual([
      importsUnderWay.list()[0]!.firstRev - 1,
      held.revision,
      false,
    ]);

    t.app.store.inTransaction(() => importsUnderWay.finish(underWay));
    expect(
      feed()
        .page.registrations.map((row) => row.email)
        .sort(),
    ).toEqual(['early@example.com', 'later@example.com']);
  });
});
