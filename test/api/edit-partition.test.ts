/**
 * Edits of a person with kiosks cut off from their hub (issue 39, docs/sync.md "Edits"), with real processes on
 * loopback: the hub is `arrivals serve`, each kiosk reaches it through a TCP proxy the test cuts (the kiosks run in
 * this process, where the test drives their clocks). An edit made on a cut-off kiosk is kept there, reaches the hub
 * when it comes back, and the hub's feed takes it to every kiosk; two edits of one person on two kiosks converge
 * field by field, the latest by time.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../helpers/server-process.ts';
import {
  cutOff,
  inProcessKiosk,
  readDb,
  reconnect,
  seedHub,
  send,
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

const GUESTS = ['ada@gmial.com', 'grace@example.com', 'alan@example.com'];

beforeAll(async () => {
  hubDir = hubSide.dir();
  seed = await seedHub(hubDir, { attendees: { main: GUESTS } });
  event = seed.events.main!;
  hub = await hubSide.process(startHub(hubDir));
}, 60_000);
afterEach(() => perTest.teardown());
afterAll(() => hubSide.teardown());

const hubApi = (method: string, path: string, body?: unknown) =>
  send(hub.baseUrl, method, path, { token: seed.token, body });

/** A guest's UUID, as the hub holds it (it never changes with an edit). */
const uuidOf = (email: string) =>
  readDb(
    hubDir,
    (db) => db.prepare('SELECT uuid FROM attendees WHERE email = ?').pluck().get(email) as string,
  );

/** Staff at the kiosk's desk edit a person: the attendee service, the one door the desk's route calls. */
function editAt(kiosk: InProcessKiosk, uuid: string, body: Record<string, unknown>) {
  const here = kiosk.app.ctx.events.findEvent(event)!;
  const attendee = kiosk.app.ctx.attendees.findAttendee(uuid)!;
  const outcome = kiosk.app.ctx.attendees.editAttendee(here, attendee, body, {
    via: 'desk',
    staff: { id: 'staff-1', name: 'Sam Member' },
  });
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
}

/** What a node shows of the person: their name, email and answers. */
function seenAt(app: FastifyInstance | null, uuid: string) {
  const row =
    app === null
      ? readDb(
          hubDir,
          (db) =>
            db.prepare('SELECT name, email, answers FROM attendees WHERE uuid = ?').get(uuid) as {
              name: string;
              email: string;
              answers: string;
            },
        )
      : (() => {
          const attendee = app.ctx.attendees.findAttendee(uuid)!;
          return { name: attendee.name, email: attendee.email, answers: JSON.stringify(attendee.answers) };
        })();
  return { name: row.name, email: row.email, answers: JSON.parse(row.answers) as Record<string, string> };
}

/** Every kiosk shows the person as the hub does, once the hub's feed has reached it. */
async function everyNodeAgrees(kiosks: InProcessKiosk[], uuid: string) {
  const atHub = seenAt(null, uuid);
  for (const kiosk of kiosks) {
    await until(
      `${kiosk.name} shows what the hub shows`,
      async () => seenAt(kiosk.app, uuid),
      (seen) => JSON.stringify(seen) === JSON.stringify(atHub),
    );
  }
  return atHub;
}

const later = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('kiosks cut off from the hub', () => {
  it('an edit made on a cut-off kiosk is kept there, reaches the hub, and the hub tells every kiosk', async () => {
    const ada = uuidOf('ada@gmial.com');
    const desk = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Desk');
    const door = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Door');
    await cutOff(desk);

    editAt(desk, ada, { email: 'ada@gmail.com', company: 'Analytical Engines' });
    // Kept on the kiosk while the hub is away: its desk shows the correction, its ledger holds the fact.
    expect(seenAt(desk.app, ada)).toMatchObject({ email: 'ada@gmail.com' });
    expect(
      desk.app.ctx.attendees.findRegistration(desk.app.ctx.events.findEvent(event)!, 'ada@gmail.com')?.uuid,
    ).toBe(ada);
    expect(seenAt(null, ada).email).toBe('ada@gmial.com');

    await reconnect(desk);
    const seen = await everyNodeAgrees([desk, door], ada);
    expect(seen).toMatchObject({
      email: 'ada@gmail.com',
      answers: { email: 'ada@gmail.com', company: 'Analytical Engines' },
    });
    // Over the hub's token API too: the same UUID finds the corrected person, and the old address no one.
    const lookup = await hubApi('GET', `/api/attendees/${ada}`);
    expect(lookup.body.data).toMatchObject({ id: ada, email: 'ada@gmail.com' });
    const byOld = await hubApi('GET', `/api/events/${event}/attendees?email=ada@gmial.com`);
    expect(byOld.body.meta.total).toBe(0);
    const fact = readDb(
      hubDir,
      (db) =>
        db
          .prepare("SELECT device, detail FROM attendee_facts WHERE kind = 'edit' AND subject = ?")
          .get(ada) as {
          device: string;
          detail: string;
        },
    );
    expect(fact.device).toBe(desk.device);
    expect(JSON.parse(fact.detail)).toMatchObject({ via: 'desk', staff: { name: 'Sam Member' } });
  }, 120_000);

  it('two edits of one person on two kiosks converge field by field, the latest by time', async () => {
    const grace = uuidOf('grace@example.com');
    const one = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Hall desk');
    const two = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Garden desk');
    await cutOff(one);
    await cutOff(two);

    editAt(one, grace, { first_name: 'Amazing', company: 'Navy' });
    await later();
    // Later, on the other kiosk, which has not heard of the first edit.
    editAt(two, grace, { first_name: 'Rear Admiral', email: 'grace@navy.example' });

    // The later edit reaches the hub first.
    await reconnect(two);
    await reconnect(one);
    const seen = await everyNodeAgrees([one, two], grace);
    expect(seen.email).toBe('grace@navy.example');
    expect(seen.answers).toMatchObject({
      first_name: 'Rear Admiral',
      company: 'Navy',
      email: 'grace@navy.example',
    });
    expect(seen.name).toBe('Rear Admiral grace@example.com');
  }, 120_000);
});
