/**
 * Check-in lists with kiosks cut off from their hub (issue 38, docs/sync.md "List scans"), with real processes on
 * loopback: the hub is `arrivals serve`, each kiosk reaches it through a TCP proxy the test cuts (the kiosks run in
 * this process, where the test drives their clocks). Whatever order their scans reach the hub in, every node ends
 * with the same history and the same figures.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/app.ts';
import { presentScan } from '../../server/lists/list.presenters.ts';
import type { ServerProcess } from '../helpers/server-process.ts';
import {
  attendeeRows,
  cutOff,
  inProcessKiosk,
  readDb,
  reconnect,
  seedHub,
  send,
  signIn,
  startHub,
  until,
  venueResources,
  type HubSeed,
  type InProcessKiosk,
} from '../helpers/sync-venue.ts';

const hubSide = venueResources();
const perTest = venueResources();
let hubDir: string;
let hub: ServerProcess;
let seed: HubSeed;
let event: string;

const GUESTS = ['ada', 'grace', 'alan', 'edsger', 'barbara'].map((name) => `${name}@example.com`);

/**
 * A zone where it is about noon now, so that "the same day" of a once-per-day list holds for the whole test
 * whenever it runs (Etc/GMT-N is UTC+N).
 */
function noonZone(): string {
  const offset = (((12 - new Date().getUTCHours()) % 24) + 24) % 24;
  const hours = offset > 12 ? offset - 24 : offset;
  return hours === 0 ? 'UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

beforeAll(async () => {
  hubDir = hubSide.dir();
  seed = await seedHub(hubDir, { events: { main: { timezone: noonZone() } }, attendees: { main: GUESTS } });
  event = seed.events.main!;
  hub = await hubSide.process(startHub(hubDir));
}, 60_000);
afterEach(() => perTest.teardown());
afterAll(() => hubSide.teardown());

const hubApi = (method: string, path: string, body?: unknown) =>
  send(hub.baseUrl, method, path, { token: seed.token, body });

async function createList(body: Record<string, unknown>): Promise<string> {
  const created = await hubApi('POST', `/api/events/${event}/check-in-lists`, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id as string;
}

/** The check-in code of a guest, as their ticket carries it. */
const codeOf = (email: string) =>
  readDb(
    hubDir,
    (db) =>
      (
        db.prepare('SELECT checkin_code FROM attendees WHERE email = ?').get(email) as {
          checkin_code: string;
        }
      ).checkin_code,
  );
const uuidOf = (email: string) => attendeeRows(hubDir, event).find((row) => row.email === email)!.uuid;

/**
 * Real time passes between two scans: their order is their time on the hub's clock, which a kiosk's own clock cannot
 * move (the hub measures each kiosk's clock at every push).
 */
const later = () => new Promise((resolve) => setTimeout(resolve, 300));

/** A kiosk scanning at its door. */
async function scanAt(
  kiosk: InProcessKiosk,
  list: string,
  email: string,
  direction: 'entry' | 'exit' = 'entry',
) {
  const scanned = await call(kiosk.app, 'POST', `/kiosk/api/events/${event}/check-in-lists/${list}/scan`, {
    body: { code: `ARV1:${codeOf(email)}`, direction },
  });
  expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
  return scanned.body as { message: string; data: { result: string; inside_now: number } };
}

/**
 * What a node says of a person's scans and of who is inside: the hub through its API, a kiosk from its own copy
 * (its services, as its desk answers them).
 */
async function seenAt(app: FastifyInstance | null, email: string) {
  if (app === null) {
    const scans = await hubApi('GET', `/api/events/${event}/attendees/${uuidOf(email)}/scans`);
    const inside = await hubApi('GET', `/api/events/${event}/inside-now`);
    return { scans: scans.body.data as ScanWire[], inside: inside.body.data as InsideWire };
  }
  const here = app.ctx.events.findEvent(event)!;
  const attendee = app.ctx.attendees.findAttendee(uuidOf(email));
  const inside = app.ctx.lists.insideNow(here);
  return {
    scans: attendee ? app.ctx.lists.historyOf(here, attendee).map(presentScan) : [],
    inside: {
      inside_now: inside.event,
      lists: inside.lists.map(({ list, insideNow }) => ({
        id: list.uuid,
        name: list.name,
        inside_now: insideNow,
        capacity: list.history.at(-1)!.capacity,
      })),
    },
  };
}

type ScanWire = ReturnType<typeof presentScan>;
interface InsideWire {
  inside_now: number;
  lists: { id: string; name: string; inside_now: number; capacity: number | null }[];
}

/** Every node agrees on the person's history and on who is inside, once the hub's feed has reached the kiosks. */
async function everyNodeAgrees(kiosks: InProcessKiosk[], email: string) {
  const atHub = await seenAt(null, email);
  for (const kiosk of kiosks) {
    await until(
      `${kiosk.name} shows what the hub shows`,
      async () => seenAt(kiosk.app, email),
      (seen) => JSON.stringify(seen) === JSON.stringify(atHub),
    );
  }
  return atHub;
}

describe('two kiosks cut off from the hub', () => {
  it('admit one person to a once-per-day list: the earlier stands, the other stays in history as a duplicate', async () => {
    const list = await createList({ name: 'Day pass', entry_rule: 'once_per_day' });
    const one = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Hall door');
    const two = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Garden door');
    await cutOff(one);
    await cutOff(two);

    expect((await scanAt(one, list, 'ada@example.com')).data.result).toBe('admitted');
    await later();
    // The second kiosk has not heard of the first: it lets Ada in too.
    expect((await scanAt(two, list, 'ada@example.com')).message).toBe('Welcome, Hub ada@example.com.');

    // The later scan reaches the hub first.
    await reconnect(two);
    await reconnect(one);
    const seen = await everyNodeAgrees([one, two], 'ada@example.com');
    expect(seen.scans.map((scan) => [scan.result, scan.duplicate])).toEqual([
      ['admitted', false],
      ['admitted', true],
    ]);
    expect(seen.inside.inside_now).toBe(1);
    expect(seen.inside.lists.find((l) => l.id === list)!.inside_now).toBe(1);
    // The hub shows staff what it settled.
    const cookie = await signIn(hub.baseUrl);
    const conflicts = (await send(hub.baseUrl, 'GET', '/dashboard/api/sync', { cookie })).body.data.conflicts;
    expect(conflicts.map((c: { kind: string }) => c.kind)).toContain('duplicate_entry');
  }, 120_000);

  it('an exit on one kiosk and a re-entry on another are ordered by their time, never by arrival', async () => {
    const terrace = await createList({ name: 'Terrace', entry_rule: 'every_time', exits_scanned: true });
    const inside = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Terrace in');
    const outside = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Terrace out');
    expect((await scanAt(inside, terrace, 'grace@example.com')).data.result).toBe('admitted');
    await until(
      'the other kiosk knows Grace is on the terrace',
      () => seenAt(outside.app, 'grace@example.com'),
      (s) => s.scans.length === 1,
    );
    await cutOff(inside);
    await cutOff(outside);

    // Grace goes out through one door, then comes back in through the other a little later.
    await later();
    expect((await scanAt(outside, terrace, 'grace@example.com', 'exit')).data.result).toBe('exit_recorded');
    await later();
    expect((await scanAt(inside, terrace, 'grace@example.com')).data.result).toBe('admitted');

    // The re-entry arrives first, the exit after: by arrival she would be out; by time she is in.
    await reconnect(inside);
    await reconnect(outside);
    const seen = await everyNodeAgrees([inside, outside], 'grace@example.com');
    expect(seen.scans.map((scan) => scan.direction)).toEqual(['entry', 'exit', 'entry']);
    expect(seen.inside.lists.find((l) => l.id === terrace)!.inside_now).toBe(1);
  }, 120_000);

  it('a list’s rules edited on the hub while a kiosk is cut off apply to its scans by their time', async () => {
    const workshop = await createList({ name: 'Workshop', entry_rule: 'every_time' });
    const kiosk = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Workshop door');
    await cutOff(kiosk);
    expect((await scanAt(kiosk, workshop, 'alan@example.com')).data.result).toBe('admitted');
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    // Meanwhile, on the hub: one entry a person from now on.
    const edited = await hubApi('PATCH', `/api/events/${event}/check-in-lists/${workshop}`, {
      entry_rule: 'once',
    });
    expect(edited.body.data.entry_rule).toBe('once');
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    // The kiosk, still on the old rules, lets Alan in again and Edsger once.
    expect((await scanAt(kiosk, workshop, 'alan@example.com')).data.result).toBe('admitted');
    expect((await scanAt(kiosk, workshop, 'edsger@example.com')).data.result).toBe('admitted');

    await reconnect(kiosk);
    const alan = await everyNodeAgrees([kiosk], 'alan@example.com');
    // The second entry was made under the new rule: a duplicate, by its time; the first, under the old, stands.
    expect(alan.scans.map((scan) => scan.duplicate)).toEqual([false, true]);
    expect(
      (await everyNodeAgrees([kiosk], 'edsger@example.com')).scans.map((scan) => scan.duplicate),
    ).toEqual([false]);
    // Back in touch, the kiosk decides by the new rule.
    expect((await scanAt(kiosk, workshop, 'alan@example.com')).data.result).toBe('already_entered');
  }, 120_000);

  it('admit past a list’s capacity: the entry stands, counted inside, and is flagged over capacity', async () => {
    const room = await createList({ name: 'Small room', capacity: 1 });
    const one = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Room door 1');
    const two = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Room door 2');
    await cutOff(one);
    await cutOff(two);
    expect((await scanAt(one, room, 'barbara@example.com')).data.result).toBe('admitted');
    await later();
    expect((await scanAt(two, room, 'edsger@example.com')).data.result).toBe('admitted');
    await reconnect(one);
    await reconnect(two);
    const barbara = await everyNodeAgrees([one, two], 'barbara@example.com');
    const edsger = await everyNodeAgrees([one, two], 'edsger@example.com');
    const onRoom = (seen: typeof barbara) =>
      seen.scans.filter((scan) => scan.result === 'admitted').at(-1) as unknown as { over_capacity: boolean };
    expect(onRoom(barbara).over_capacity).toBe(false);
    expect(onRoom(edsger).over_capacity).toBe(true);
    expect(edsger.inside.lists.find((l) => l.id === room)!.inside_now).toBe(2);
  }, 120_000);
});
