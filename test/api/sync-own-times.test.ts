/**
 * A kiosk whose clock agrees with its hub's keeps its own times (sync/clock.rules.ts, `CLOCK_AGREEMENT_MS`): what it
 * wrote and showed comes back from the hub as it was, so a drained kiosk confirms its facts without making its
 * people's rows again. A kiosk further off gets the hub's measure, as before.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import { CLOCK_AGREEMENT_MS } from '../../server/sync/clock.rules.ts';
import {
  createEvent,
  createOrganization,
  startTestApp,
  testClock,
  UNLIMITED,
  type TestApp,
} from '../helpers/app.ts';
import { pairedReplicaDir } from '../helpers/replica.ts';

const HUB_TIME = '2026-11-21T10:00:00.000Z';

let hub: TestApp;
let organization: Organization;
let event: EventRecord;
let kiosk: FastifyInstance | null = null;

beforeEach(async () => {
  hub = await startTestApp({ clock: testClock(HUB_TIME) });
  await hub.app.listen({ host: '127.0.0.1', port: 0 });
  organization = createOrganization(hub.app);
  event = createEvent(hub.app, organization);
});

afterEach(async () => {
  await kiosk?.close();
  kiosk = null;
  await hub.close();
});

/** A kiosk whose clock is `aheadMs` ahead of the hub's, paired (the hub measures it), then cut off from it. */
async function kioskAhead(aheadMs: number) {
  const clock = testClock(new Date(Date.parse(HUB_TIME) + aheadMs).toISOString());
  const dir = await pairedReplicaDir(hub.app, organization.id, [event.uuid], clock, 'Door 1');
  // Never made ready, so its sync loops never start: it syncs only when the test says so.
  kiosk = await buildApp({ dataDir: dir, clock, rateLimits: UNLIMITED, kioskDir: false });
  await kiosk.ctx.replica!.syncNow();
  const local = kiosk.ctx.events.findEvent(event.uuid)!;
  const pass = (ms: number) => {
    clock.advance(ms);
    hub.clock.advance(ms);
  };
  pass(90_000);
  const made = kiosk.ctx.registrations.addWalkIn(local, {
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
  });
  if (!made.ok) throw new Error(made.reason);
  pass(30_000);
  expect(kiosk.ctx.attendees.selfCheckIn(local, 'ada@example.com').ok).toBe(true);
  return kiosk;
}

const timesOf = (app: FastifyInstance) =>
  app.store.db
    .prepare(
      `SELECT a.registered_at, a.checked_in_at, f.at AS fact_at FROM attendees a
       JOIN attendee_facts f ON f.subject = a.uuid AND f.kind = 'check_in' WHERE a.email = 'ada@example.com'`,
    )
    .get() as { registered_at: string; checked_in_at: string; fact_at: string };

describe('the times of a kiosk’s changes, once its hub has them', () => {
  it('are the kiosk’s own where its clock agrees with the hub’s', async () => {
    const door = await kioskAhead(CLOCK_AGREEMENT_MS - 10);
    const shown = timesOf(door);
    expect(shown.fact_at).toBe('2026-11-21T10:02:00.090Z');
    await door.ctx.replica!.syncNow();
    expect(timesOf(hub.app)).toEqual(shown);
    // Read back from the hub, nothing the kiosk showed moved.
    expect(timesOf(door)).toEqual(shown);
    expect(door.store.db.prepare('SELECT pending_upstream FROM attendee_facts').pluck().all()).toEqual([0]);
  });

  it('are the hub’s measure where the kiosk’s clock is further off', async () => {
    const door = await kioskAhead(5_000);
    expect(timesOf(door).fact_at).toBe('2026-11-21T10:02:05.000Z');
    await door.ctx.replica!.syncNow();
    expect(timesOf(hub.app)).toMatchObject({
      registered_at: '2026-11-21T10:01:30+00:00',
      checked_in_at: '2026-11-21T10:02:00+00:00',
      fact_at: '2026-11-21T10:02:00.000Z',
    });
    expect(timesOf(door).fact_at).toBe('2026-11-21T10:02:00.000Z');
  });
});
