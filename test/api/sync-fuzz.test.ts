/**
 * Whatever a paired device pushes (issue 32), the hub never answers 5xx and never changes anything outside the
 * events the device serves: fast-check makes batches of ops from every kind, every event a device could name (its
 * own, another of its organization's, another organization's, none), every attendee (known here or there, made up),
 * ids inside and outside its blocks, and times from the past to the year 275760.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import { SCHEMA_VERSION } from '../../server/platform/database.ts';
import { OP_KINDS } from '../../server/sync/sync.types.ts';
import {
  call,
  createEvent,
  createOrganization,
  pairDevice,
  registration,
  startTestApp,
  type TestApp,
} from '../helpers/app.ts';

let t: TestApp;
let own: EventRecord;
let unserved: EventRecord;
let foreign: EventRecord;
let credential: string;
let grantFrom: number;
const attendees: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ logger: false });
  const organization = createOrganization(t.app, 'Venue');
  own = createEvent(t.app, organization, { name: 'Served' });
  unserved = createEvent(t.app, organization, { name: 'Not served' });
  foreign = createEvent(t.app, createOrganization(t.app, 'Someone else'), { name: 'Theirs' });
  for (const event of [own, unserved, foreign]) {
    for (const email of ['ada@example.com', 'grace@example.com']) {
      const answer = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
        body: registration(email),
      });
      expect(answer.status).toBe(201);
      attendees.push(t.app.store.repos.attendees.findForEmail(event.id, email)!.uuid);
    }
  }
  credential = await pairDevice(t.app, organization, [own.uuid]);
  grantFrom = t.app.ctx.syncHub.deviceOf(credential)!.grantedFrom!;
});

afterAll(() => t.close());

/** What the hub holds of the events the device does not serve, as stored. */
function outside(): unknown {
  const ids = [unserved.id, foreign.id];
  const of = (table: string) =>
    t.app.store.db.prepare(`SELECT * FROM ${table} WHERE event_id IN (?, ?) ORDER BY rowid`).all(...ids);
  return {
    attendees: of('attendees'),
    registrations: of('registrations'),
    facts: of('attendee_facts'),
    conflicts: of('sync_conflicts'),
  };
}

const times = fc.oneof(
  fc.constant(Date.parse('2026-11-21T10:00:00Z')),
  fc.integer({ min: -8.64e15, max: 8.64e15 }),
  fc.constantFrom(0, -1, 1e20, -1e20, 8.64e15, Number.MAX_SAFE_INTEGER),
);
/** What an op names that is nobody's: made up, empty, malformed. (Known attendees are picked by index.) */
const uuids = fc.oneof(fc.uuid(), fc.constantFrom('', 'not-a-uuid', 'A'.repeat(64)));

const ops = fc.array(
  fc.record({
    kind: fc.constantFrom(...OP_KINDS),
    event: fc.constantFrom('own', 'unserved', 'foreign', 'made-up'),
    attendee: fc.nat(8),
    madeUp: fc.uuid(),
    number: fc.oneof(
      fc.constantFrom('grant', 'next-of-hub', 'random-range', 'huge'),
      fc.integer({ min: 1, max: 2 ** 45 }),
    ),
    email: fc.oneof(fc.constant('ada@example.com'), fc.emailAddress(), fc.string({ maxLength: 20 })),
    names: fc.array(fc.oneof(fc.nat(8), fc.uuid()), { maxLength: 4 }),
    wall: times,
    mono: times,
    status: fc.constantFrom('pending', 'confirmed'),
    code: fc.option(fc.stringMatching(/^[0-9A-Za-z]{1,20}$/)),
  }),
  { maxLength: 12 },
);

it('never answers 5xx, and leaves every other event as it was', async () => {
  const before = outside();
  let seq = 0;
  const statuses: number[] = [];
  await fc.assert(
    fc.asyncProperty(ops, uuids, async (steps, junk) => {
      const pick = (index: number) => attendees[index] ?? junk;
      const eventOf = (which: string) =>
        which === 'own'
          ? own.uuid
          : which === 'unserved'
            ? unserved.uuid
            : which === 'foreign'
              ? foreign.uuid
              : junk;
      const batch = steps.map((step) => {
        seq += 1;
        const number =
          step.number === 'grant'
            ? grantFrom + seq
            : step.number === 'next-of-hub'
              ? seq
              : step.number === 'random-range'
                ? 2 ** 52 + seq
                : step.number === 'huge'
                  ? Number.MAX_SAFE_INTEGER
                  : step.number;
        const about = { event: eventOf(step.event), attendee: pick(step.attendee) };
        const named = step.names.map((name) => (typeof name === 'number' ? pick(name) : name));
        const payload =
          step.kind === 'register' || step.kind === 'walk_in'
            ? {
                event: about.event,
                attendee: {
                  uuid: step.attendee < 6 ? about.attendee : step.madeUp,
                  number,
                  email: step.email,
                  name: 'Fuzz',
                  answers: { email: step.email },
                  status: step.status,
                  ...(step.code ? { checkin_code: step.code } : {}),
                },
              }
            : step.kind === 'check_in'
              ? { ...about, via: 'scan' }
              : step.kind === 'undo_check_in'
                ? { ...about, check_in: randomBytes(16).toString('hex'), also: named }
                : step.kind === 'cancel' || step.kind === 'no_show'
                  ? { ...about, merged: named }
                  : step.kind === 'scan'
                    ? // A list that is nobody's, or a known attendee's made-up one: refused before anything is read.
                      { ...about, list: step.madeUp, direction: 'entry', via: 'kiosk' }
                    : step.kind === 'edit'
                      ? // Issue 39: any email (a valid one moves the person), a field the event may not have.
                        {
                          ...about,
                          fields: { email: step.email, [step.code ?? 'first_name']: step.status },
                          merged: named,
                          via: 'desk',
                        }
                      : about;
        return {
          op_id: randomBytes(16).toString('hex'),
          seq,
          device: randomUUID(),
          kind: step.kind,
          payload,
          wall_ms: step.wall,
          mono_ms: step.mono,
          boot_id: 'fuzz',
          schema_version: SCHEMA_VERSION,
        };
      });
      const answer = await call(t.app, 'POST', '/sync/ops', {
        token: credential,
        body: {
          sent_wall_ms: Date.parse('2026-11-21T10:00:00Z'),
          sent_mono_ms: 1,
          boot_id: 'fuzz',
          waiting: batch.length,
          acked_seq: 0,
          wants_ids: false,
          ops: batch,
        },
      });
      statuses.push(answer.status);
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      expect(outside()).toEqual(before);
    }),
    { numRuns: 60, seed: 32 },
  );
  // Most batches are taken (and so applied op by op): the fuzzing reaches the hub's rules, not only the schema.
  expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(statuses.length / 2);
});
