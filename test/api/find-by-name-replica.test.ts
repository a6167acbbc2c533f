import { startHubAndReplica, type HubAndReplica } from '../helpers/replica.ts';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { FastifyInstance } from 'fastify';
import { call, createUser, registration, type TestApp } from '../helpers/app.ts';

let hub: TestApp;
let event: EventRecord;
let replica: FastifyInstance;
let door: HubAndReplica;

/** A kiosk paired with the hub, as `arrivals device pair` leaves it. */
beforeEach(async () => {
  door = await startHubAndReplica();
  ({ hub, event, replica } = door);
  // Other companies among the organization's people: what an organisation's domain hides among, on the hub and,
  // once they are replicated, on the replica alike.
  const organization = hub.app.store.repos.organizations.findById(event.organizationId)!;
  for (const domain of ['acme.io', 'initech.com', 'globex.fr'])
    createUser(hub.app, organization, { email: `x@${domain}` });
});

afterEach(() => door.close());

const find = (app: FastifyInstance, name: string) =>
  call(app, 'POST', `/kiosk/api/events/${event.uuid}/find`, { body: { name } });
const confirm = (app: FastifyInstance, handle: string, domain: string) =>
  call(app, 'POST', `/kiosk/api/events/${event.uuid}/find/check-in`, { body: { handle, domain } });

async function onlyHandle(app: FastifyInstance, name: string): Promise<string> {
  const found = await find(app, name);
  expect(found.status).toBe(200);
  expect(found.body.data.matches).toHaveLength(1);
  return found.body.data.matches[0].handle as string;
}

it('a replica kiosk finds by name in its own database, checks in through its op outbox, and the hub learns of it', async () => {
  await call(hub.app, 'POST', `/public/events/${event.uuid}/register`, {
    body: registration('ada@example.com', { last_name: 'Lovelace-Byron' }),
  });
  await replica.ctx.replica!.syncNow();
  // The same choices on both: they are drawn from what both hold.
  const choices = async (app: FastifyInstance) =>
    (await find(app, 'byron')).body.data.matches[0].domains as string[];
  expect(await choices(replica)).toEqual(await choices(hub.app));

  // The hub goes away: the replica finds and decides alone.
  await hub.app.close();
  const handle = await onlyHandle(replica, 'byron');
  const checkedIn = await confirm(replica, handle, 'example.com');
  expect(checkedIn.status).toBe(200);
  expect(checkedIn.body.data.name).toBe('Ada Lovelace-Byron');
  expect(await confirm(replica, await onlyHandle(replica, 'byron'), 'example.com')).toMatchObject({
    status: 409,
  });
  // A handle is the replica's own: the hub never issued it.
  hub = await door.restartHub();
  expect(await confirm(hub.app, handle, 'example.com')).toMatchObject({ status: 404 });

  await replica.ctx.replica!.syncNow();
  expect(hub.app.store.repos.attendees.findForEmail(event.id, 'ada@example.com')!.checkedInAt).not.toBeNull();
  expect(await confirm(hub.app, await onlyHandle(hub.app, 'lovelace-byron'), 'example.com')).toMatchObject({
    status: 409,
  });
});

it('a registration made at a replica kiosk is found there by name', async () => {
  await replica.ctx.replica!.syncNow();
  await call(replica, 'POST', `/kiosk/api/events/${event.uuid}/register`, {
    body: registration('grace@example.org', { first_name: 'Grace', last_name: 'Hopper' }),
  });
  const found = await find(replica, 'HOPPER');
  expect(found.body.data.matches).toEqual([expect.objectContaining({ name: 'Grace H.', email: 'g•••@•••' })]);
  expect((await confirm(replica, found.body.data.matches[0].handle, 'example.org')).status).toBe(200);
});
