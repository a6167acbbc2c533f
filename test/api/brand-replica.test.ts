import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import { call, registration, type TestApp } from '../helpers/app.ts';
import { startHubAndReplica, type HubAndReplica } from '../helpers/replica.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

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

const kioskEvent = async (app: FastifyInstance) =>
  (await call(app, 'GET', `/public/events/${event.uuid}/kiosk`)).body.data;

it("a replica kiosk shows the hub's accent, logo and badge layout from its own database, and follows a change", async () => {
  hub.app.ctx.brand.setAccent(event, '#0f766e');
  hub.app.ctx.brand.setLogo(event, PNG);
  hub.app.ctx.badges.update(event, { layout: 'side_qr' });
  await replica.ctx.replica!.syncNow();

  // The hub goes away: the replica answers alone.
  await hub.app.close();
  const shown = await kioskEvent(replica);
  expect(shown.accent_color).toBe('#0f766e');
  expect(shown.logo_url).toMatch(/^\/public\/events\/.+\/logo\?v=/);
  const logo = await replica.inject({ method: 'GET', url: shown.logo_url });
  expect(logo.statusCode).toBe(200);
  expect(logo.headers['content-type']).toBe('image/png');
  expect(logo.rawPayload.equals(PNG)).toBe(true);

  await call(replica, 'POST', `/public/events/${event.uuid}/register`, {
    body: registration('ada@example.com'),
  });
  await call(replica, 'POST', `/public/events/${event.uuid}/check-in`, {
    body: { email: 'ada@example.com' },
  });
  const badge = await call(replica, 'POST', `/kiosk/api/events/${event.uuid}/badge`, {
    body: { email: 'ada@example.com' },
  });
  expect(badge.body.data).toMatchObject({ layout: 'side_qr', logo_url: shown.logo_url });
});

it('a logo removed at the hub is removed at the replica', async () => {
  hub.app.ctx.brand.setLogo(event, PNG);
  await replica.ctx.replica!.syncNow();
  expect((await kioskEvent(replica)).logo_url).not.toBeNull();

  hub.app.ctx.brand.removeLogo(event);
  hub.app.ctx.brand.setAccent(event, null);
  await replica.ctx.replica!.syncNow();
  expect(await kioskEvent(replica)).toMatchObject({ logo_url: null, accent_color: null });
  expect((await call(replica, 'GET', `/public/events/${event.uuid}/logo`)).status).toBe(404);
});
