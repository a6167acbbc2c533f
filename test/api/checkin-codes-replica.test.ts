import fs from 'node:fs';
import { pairedReplicaDir } from '../helpers/replica.ts';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { FastifyInstance } from 'fastify';
import {
  call,
  createEvent,
  createOrganization,
  registration,
  startTestApp,
  testClock,
  UNLIMITED,
  type TestApp,
} from '../helpers/app.ts';

let hub: TestApp;
let event: EventRecord;
let replica: FastifyInstance;
let replicaDir: string;
let hubPort: number;

/** A kiosk paired with the hub, as `arrivals device pair` leaves it, with the hub's first snapshot taken. */
beforeEach(async () => {
  hub = await startTestApp();
  await hub.app.listen({ host: '127.0.0.1', port: 0 });
  hubPort = (hub.app.server.address() as { port: number }).port;
  const organization = createOrganization(hub.app);
  event = createEvent(hub.app, organization);
  const clock = testClock();
  replicaDir = await pairedReplicaDir(hub.app, organization.id, [event.uuid], clock, 'Door 2');
  replica = await buildApp({
    dataDir: replicaDir,
    clock,
    rateLimits: UNLIMITED,
    checkResponseShapes: true,
    kioskDir: false,
    replica: { longPollMs: 0, retryMs: 50 },
  });
});

afterEach(async () => {
  await replica.close();
  await hub.close();
  fs.rmSync(replicaDir, { recursive: true, force: true });
});

const scan = (app: FastifyInstance, code: string) =>
  call(app, 'POST', `/kiosk/api/events/${event.uuid}/scan`, { body: { code: `ARV1:${code}` } });

it("a code scanned at a replica kiosk decides against the replica's own database, and the hub learns of it", async () => {
  await call(hub.app, 'POST', `/public/events/${event.uuid}/register`, {
    body: registration('ada@example.com'),
  });
  const { checkinCode } = hub.app.store.repos.attendees.findForEmail(event.id, 'ada@example.com')!;
  await replica.ctx.replica!.syncNow();

  // The hub goes away: the replica decides alone.
  await hub.app.close();
  const scanned = await scan(replica, checkinCode);
  expect(scanned.status).toBe(200);
  expect(scanned.body.data.name).toBe('Ada Lovelace');
  expect(await scan(replica, checkinCode)).toMatchObject({ status: 409 });

  // Back on the same address: the check-in made at the replica reaches it.
  await restartHub();
  await replica.ctx.replica!.syncNow();
  expect(hub.app.store.repos.attendees.findForEmail(event.id, 'ada@example.com')!.checkedInAt).not.toBeNull();
  expect((await scan(hub.app, checkinCode)).status).toBe(409);
});

it('a registration made at a replica kiosk keeps its code at the hub', async () => {
  await replica.ctx.replica!.syncNow();
  const registered = await call(replica, 'POST', `/kiosk/api/events/${event.uuid}/register`, {
    body: registration('grace@example.com'),
  });
  expect(registered.status).toBe(201);
  const code = registered.body.data.checkin_code as string;
  await replica.ctx.replica!.syncNow();
  expect(hub.app.store.repos.attendees.findForEmail(event.id, 'grace@example.com')!.checkinCode).toBe(code);
  expect((await scan(hub.app, code)).status).toBe(200);
});

async function restartHub(): Promise<void> {
  const port = hubPort;
  const app = await buildApp({
    dataDir: hub.dataDir,
    clock: hub.clock,
    rateLimits: UNLIMITED,
    kioskDir: false,
  });
  await app.listen({ host: '127.0.0.1', port });
  hub = {
    ...hub,
    app,
    close: async () => {
      await app.close();
      fs.rmSync(hub.dataDir, { recursive: true, force: true });
    },
  };
}
