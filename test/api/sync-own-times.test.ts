/**
 * A kiosk whose clock agrees with its hub's keeps its own times (sync/clock.rules.ts, `CLOCK_AGREEMENT_MS`): what it
 * wrote and showed comes back from the hub as it was, so a drained kiosk confirms its facts without making its
 * people's rows again. A kiosk further off gets the hub's measure, as before.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOCK_AGREEMENT_MS } from '../../server/sync/clock.rules.ts';
import { testClock, type TestClock } from '../helpers/app.ts';
import { startHubAndReplica, type HubAndReplica } from '../helpers/replica.ts';

/** Where the hub's test clock starts (test/helpers/app.ts `testClock`). */
const HUB_TIME = '2026-11-21T10:00:00.000Z';

let door: HubAndReplica | null = null;

afterEach(async () => {
  await door?.close();
  door = null;
});

/**
 * A kiosk whose clock is `aheadMs` ahead of the hub's, measured by the hub at its first sync, then cut off from it: a
 * walk-in registered 90 s later, and checked in 30 s after that.
 */
async function kioskAhead(aheadMs: number, { ticking = false } = {}): Promise<FastifyInstance> {
  const start = testClock(new Date(Date.parse(HUB_TIME) + aheadMs).toISOString());
  // `ticking`: a millisecond passes at each reading, as on a real clock between a fact and its op.
  const clock: TestClock = ticking
    ? {
        ...start,
        now: () => {
          start.advance(1);
          return start.now();
        },
      }
    : start;
  door = await startHubAndReplica({ replicaClock: clock });
  const { hub, event, replica } = door;
  expect(hub.clock.now().toISOString()).toBe(HUB_TIME);
  await replica.ctx.replica!.syncNow();
  const local = replica.ctx.events.findEvent(event.uuid)!;
  const pass = (ms: number) => {
    clock.advance(ms);
    hub.clock.advance(ms);
  };
  pass(90_000);
  const made = replica.ctx.registrations.addWalkIn(local, {
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
  });
  if (!made.ok) throw new Error(made.reason);
  pass(30_000);
  expect(replica.ctx.attendees.selfCheckIn(local, 'ada@example.com').ok).toBe(true);
  return replica;
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
    const kiosk = await kioskAhead(CLOCK_AGREEMENT_MS - 10);
    const shown = timesOf(kiosk);
    expect(shown.fact_at).toBe('2026-11-21T10:02:00.090Z');
    await kiosk.ctx.replica!.syncNow();
    expect(timesOf(door!.hub.app)).toEqual(shown);
    // Read back from the hub, nothing the kiosk showed moved.
    expect(timesOf(kiosk)).toEqual(shown);
    expect(kiosk.store.db.prepare('SELECT pending_upstream FROM attendee_facts').pluck().all()).toEqual([0]);
  });

  it('are the kiosk’s own though its clock moved between writing a fact and queueing its op', async () => {
    const kiosk = await kioskAhead(CLOCK_AGREEMENT_MS - 50, { ticking: true });
    const shown = timesOf(kiosk);
    await kiosk.ctx.replica!.syncNow();
    expect(timesOf(door!.hub.app).fact_at).toBe(shown.fact_at);
    expect(timesOf(kiosk)).toEqual(shown);
  });

  it('are the hub’s measure where the kiosk’s clock is further off', async () => {
    const kiosk = await kioskAhead(5_000);
    expect(timesOf(kiosk).fact_at).toBe('2026-11-21T10:02:05.000Z');
    await kiosk.ctx.replica!.syncNow();
    expect(timesOf(door!.hub.app)).toMatchObject({
      registered_at: '2026-11-21T10:01:30+00:00',
      checked_in_at: '2026-11-21T10:02:00+00:00',
      fact_at: '2026-11-21T10:02:00.000Z',
    });
    expect(timesOf(kiosk).fact_at).toBe('2026-11-21T10:02:00.000Z');
  });
});
