/**
 * A hub that restarts (its machine up, its server not listening for a moment) gets its kiosks' waiting changes within
 * a quarter of a second of listening again, not at their usual retry a second later (RESTARTING_RETRY_MS in
 * sync/replica.service.ts). The kiosk's timers are faked: what is asserted is which of its retries reached the hub.
 */
import fs from 'node:fs';
import { afterEach, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { MIN_PUSH_INTERVAL_MS, RESTARTING_RETRY_MS } from '../../server/sync/replica.service.ts';
import {
  call,
  createEvent,
  createOrganization,
  registration,
  startTestApp,
  UNLIMITED,
} from '../helpers/app.ts';
import { pairedReplicaDir } from '../helpers/replica.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Turns of the event loop (no timer) until `done`, at most `turns`: real sockets answer meanwhile. */
async function turnsUntil(done: () => boolean, turns = 100_000): Promise<boolean> {
  for (let turn = 0; turn < turns && !done(); turn++) await new Promise((resolve) => setImmediate(resolve));
  return done();
}

it('pushes what waited within a quarter second of a refusing hub listening again', async () => {
  const hub = await startTestApp();
  await hub.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = hub.app.server.address() as { port: number };
  const organization = createOrganization(hub.app);
  const event = createEvent(hub.app, organization);
  const replicaDir = await pairedReplicaDir(hub.app, organization.id, [event.uuid], hub.clock);
  // The kiosk's usual retry (a second): a refused connection is tried again sooner than that.
  const replica = await buildApp({
    dataDir: replicaDir,
    clock: hub.clock,
    rateLimits: UNLIMITED,
    kioskDir: false,
    replica: { longPollMs: 0, retryMs: 1_000 },
  });
  cleanups.push(async () => {
    fs.rmSync(replicaDir, { recursive: true, force: true });
    fs.rmSync(hub.dataDir, { recursive: true, force: true });
  });
  cleanups.push(() => replica.close());
  // Every wait the kiosk's loops make from their start waits for the test to move the clock.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await replica.ready();
  await replica.ctx.replica!.syncNow();
  // A change made at the kiosk wakes its push, which waits a moment for the changes that follow (as each does);
  // meanwhile the hub's server stops. The push is refused, and so is the next pull: the kiosk works offline.
  const made = await call(replica, 'POST', `/public/events/${event.uuid}/register`, {
    body: registration('waited@example.com'),
  });
  expect(made.status).toBe(201);
  await hub.app.close();
  await vi.advanceTimersByTimeAsync(MIN_PUSH_INTERVAL_MS);
  expect(await turnsUntil(() => replica.ctx.replica!.status().offline)).toBe(true);
  expect(replica.ctx.replica!.status().waiting).toBe(1);

  const back = await buildApp({
    dataDir: hub.dataDir,
    clock: hub.clock,
    rateLimits: UNLIMITED,
    kioskDir: false,
  });
  cleanups.push(() => back.close());
  await back.listen({ host: '127.0.0.1', port });
  await vi.advanceTimersByTimeAsync(RESTARTING_RETRY_MS);
  expect(await turnsUntil(() => replica.ctx.replica!.status().waiting === 0)).toBe(true);
  const atHub = back.store.db.prepare('SELECT email FROM attendees WHERE event_id = ?').pluck().all(event.id);
  expect(atHub).toEqual(['waited@example.com']);
});
