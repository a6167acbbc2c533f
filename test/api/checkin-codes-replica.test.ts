import { startHubAndReplica, type HubAndReplica } from '../helpers/replica.ts';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { FastifyInstance } from 'fastify';
import { call, registration, type TestApp } from '../helpers/app.ts';

let hub: TestApp;
let event: EventRecord;
let replica: FastifyInstance;
let door: HubAndReplica;

/** A kiosk paired with the hub, as `arrivals device pair` leaves it. */
beforeEach(async () => {
  door = await startHubAndReplica();
  ({ hub, event, replica } = door);
});

afterEach(() => door.close());

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
  hub = await door.restartHub();
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
