import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import { openDatabase } from '../../server/platform/database.ts';
import { toTimestamp } from '../../server/platform/time.ts';
import { createStore } from '../../server/store.ts';
import { deviceService } from '../../server/sync/device.service.ts';
import {
  call,
  createEvent,
  createOrganization,
  startTestApp,
  tempDataDir,
  testClock,
  UNLIMITED,
  type TestApp,
  type TestClock,
} from './app.ts';

/**
 * A kiosk's data dir paired with `hub` (listening on loopback) for `eventUuids`, as `arrivals device pair` leaves it
 * before its first snapshot: a pairing code from the hub, `POST /sync/pair`, the answer remembered.
 */
export async function pairedReplicaDir(
  hub: FastifyInstance,
  organizationId: number,
  eventUuids: string[],
  clock: TestClock,
  name = 'Door 2',
): Promise<string> {
  const { port } = hub.server.address() as { port: number };
  const pairing = hub.ctx.syncHub.createPairingCode(organizationId, eventUuids);
  if (!pairing.ok) throw new Error('no pairing code');
  const paired = await call(hub, 'POST', '/sync/pair', { body: { code: pairing.code, name } });
  if (paired.status !== 201) throw new Error(`pairing answered ${paired.status}`);
  const dataDir = tempDataDir();
  const store = createStore(openDatabase(dataDir), clock);
  try {
    deviceService(store).rememberPairing({
      role: 'kiosk',
      url: `http://127.0.0.1:${port}`,
      deviceUuid: paired.body.data.device,
      credential: paired.body.data.credential,
      organizationUuid: paired.body.data.organization,
      eventIds: paired.body.data.event_ids,
      grantedNext: paired.body.data.grant.from,
      grantedTo: paired.body.data.grant.to,
      pairedAt: toTimestamp(clock.now()),
    });
  } finally {
    store.db.close();
  }
  return dataDir;
}

/** A hub on loopback with one event, and a replica kiosk paired with it for that event (not yet synced). */
export interface HubAndReplica {
  /** The hub as it runs now (`restartHub` replaces it). */
  hub: TestApp;
  event: EventRecord;
  replica: FastifyInstance;
  /** A new hub app on the same data dir and port, once the test closed the hub (`hub.app.close()`). */
  restartHub(): Promise<TestApp>;
  close(): Promise<void>;
}

/**
 * A hub listening on loopback with an event, and a replica kiosk's app on a data dir paired with it, as
 * `arrivals device pair` leaves one: the replica syncs when a test calls `syncNow()`, and retries quickly.
 * `longPollMs`: how long the replica's own pull loop asks the hub to hold a pull, once the test makes the replica
 * listen (which starts its loops); 0 (the default, for tests that never start them) would pull back to back.
 * `replicaClock`: the kiosk's, by default one reading what the hub's does.
 */
export async function startHubAndReplica({
  longPollMs = 0,
  replicaClock,
}: { longPollMs?: number; replicaClock?: TestClock } = {}): Promise<HubAndReplica> {
  const first = await startTestApp();
  await first.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = first.app.server.address() as { port: number };
  const organization = createOrganization(first.app);
  const event = createEvent(first.app, organization);
  const clock = replicaClock ?? testClock();
  const replicaDir = await pairedReplicaDir(first.app, organization.id, [event.uuid], clock, 'Door 2');
  const replica = await buildApp({
    dataDir: replicaDir,
    clock,
    rateLimits: UNLIMITED,
    checkResponseShapes: true,
    kioskDir: false,
    replica: { longPollMs, retryMs: 50 },
  });
  const door: HubAndReplica = {
    hub: first,
    event,
    replica,
    async restartHub() {
      const app = await buildApp({
        dataDir: first.dataDir,
        clock: first.clock,
        rateLimits: UNLIMITED,
        kioskDir: false,
      });
      // The replica knows the hub by its address: the same port again.
      await app.listen({ host: '127.0.0.1', port });
      door.hub = { ...first, app, close: () => app.close() };
      return door.hub;
    },
    async close() {
      await replica.close();
      await door.hub.app.close();
      fs.rmSync(first.dataDir, { recursive: true, force: true });
      fs.rmSync(replicaDir, { recursive: true, force: true });
    },
  };
  return door;
}
