/**
 * A venue's hub following an online server (issue "Online registration meets the venue", docs/sync.md): the
 * refusals, the download, and changes flowing both ways, with the online server and the hub as real servers on
 * loopback ports in this process and sync driven step by step (`syncNow`). The same with three real processes,
 * partitions and SIGKILLs is test/api/upstream-processes.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import { SCHEMA_VERSION } from '../../server/platform/database.ts';
import {
  call,
  createEvent,
  createOrganization,
  createToken,
  registration,
  startTestApp,
  type TestApp,
} from '../helpers/app.ts';
import { allowLanHost, createEndpoint, notificationCount } from '../helpers/webhooks.ts';

let online: TestApp;
let venue: TestApp;
let organization: Organization;
let event: EventRecord;
let onlineUrl: string;

beforeEach(async () => {
  online = await startTestApp({ replica: { longPollMs: 0, retryMs: 50 } });
  await online.app.listen({ host: '127.0.0.1', port: 0 });
  onlineUrl = `http://127.0.0.1:${(online.app.server.address() as { port: number }).port}`;
  organization = createOrganization(online.app, 'City Hall Events');
  event = createEvent(online.app, organization, { name: 'Open Day' });
  venue = await startTestApp({ replica: { longPollMs: 0, retryMs: 50 } });
});

afterEach(async () => {
  await venue.close();
  await online.close();
});

const syncToken = (eventIds?: string[]) =>
  createToken(online.app, organization, { scopes: ['attendees:read', 'sync'], eventIds });

async function connect(token = syncToken()) {
  const outcome = await venue.app.ctx.venue!.connect({ url: onlineUrl, token, eventIds: [event.uuid] });
  expect(outcome).toEqual({ ok: true });
  await venue.app.ctx.venue!.whenDownloaded();
}

const attendeeOn = (t: TestApp, email: string) =>
  t.app.store.db
    .prepare('SELECT id, uuid, status, checked_in_at FROM attendees WHERE email = ?')
    .get(email) as { id: number; uuid: string; status: string; checked_in_at: string | null } | undefined;

describe('refusals: one line each, nothing stored', () => {
  it('a wrong token, a token without sync, an event the token does not cover, a different schema', async () => {
    const other = createEvent(online.app, organization, { name: 'Other' });
    const attempts = [
      { token: 'arv_wrong', events: [event.uuid] },
      { token: createToken(online.app, organization, { scopes: ['attendees:read'] }), events: [event.uuid] },
      { token: syncToken([event.uuid]), events: [other.uuid] },
    ];
    const answers = [];
    for (const attempt of attempts) {
      answers.push(
        await venue.app.ctx.venue!.connect({
          url: onlineUrl,
          token: attempt.token,
          eventIds: attempt.events,
        }),
      );
    }
    expect(answers).toEqual([
      { ok: false, reason: 'refused', status: 401, message: 'Invalid API token.' },
      {
        ok: false,
        reason: 'refused',
        status: 403,
        message: 'This token does not have the sync scope. Create a token with it on the online server.',
      },
      {
        ok: false,
        reason: 'refused',
        status: 403,
        message: `This token does not cover the event ${other.uuid}.`,
      },
    ]);

    const newer = await call(online.app, 'POST', '/sync/connect', {
      token: syncToken(),
      body: { name: 'Venue', event_ids: [event.uuid], schema_version: SCHEMA_VERSION + 1 },
    });
    expect(newer.status).toBe(409);
    expect(newer.body).toEqual({
      message: `This server runs schema version ${SCHEMA_VERSION} and the venue runs ${SCHEMA_VERSION + 1}. Run the same Arrivals version on both.`,
    });
    expect(venue.app.ctx.venue!.status().connected).toBe(false);
    expect(venue.app.store.db.prepare('SELECT count(*) AS n FROM sync_upstream').get()).toEqual({ n: 0 });
    expect(online.app.store.db.prepare('SELECT count(*) AS n FROM sync_devices').get()).toEqual({ n: 0 });
  });

  it('an address that is no server, and a hub that holds registrations of its own', async () => {
    const unreachable = await venue.app.ctx.venue!.connect({
      url: 'http://127.0.0.1:9',
      token: syncToken(),
      eventIds: [event.uuid],
    });
    expect(unreachable).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(
      await venue.app.ctx.venue!.connect({ url: 'ftp://example.com', token: 'x', eventIds: [event.uuid] }),
    ).toEqual({ ok: false, reason: 'invalid_url' });

    const own = createEvent(venue.app, createOrganization(venue.app, 'Venue Hall'));
    await call(venue.app, 'POST', `/public/events/${own.uuid}/register`, {
      body: registration('x@example.com'),
    });
    expect(
      await venue.app.ctx.venue!.connect({ url: onlineUrl, token: syncToken(), eventIds: [event.uuid] }),
    ).toEqual({ ok: false, reason: 'holds_registrations' });
  });
});

describe('a venue following an online server', () => {
  it('downloads the event with its attendees, under the same UUIDs and ids', async () => {
    for (let i = 0; i < 30; i++) {
      await call(online.app, 'POST', `/public/events/${event.uuid}/register`, {
        body: registration(`early${i}@example.com`),
      });
    }
    await connect();
    const status = venue.app.ctx.venue!.status();
    expect(status).toMatchObject({ connected: true, url: onlineUrl, attendeesHere: 30, waitingUp: 0 });
    expect(attendeeOn(venue, 'early7@example.com')).toEqual(attendeeOn(online, 'early7@example.com'));
    const page = await call(venue.app, 'GET', `/public/events/${event.uuid}`);
    expect(page.body.data.name).toBe('Open Day');
  });

  it('grants its kiosks blocks out of its own block from the online server, so ids stay unique across venues', async () => {
    await connect();
    const own = venue.app.store.db.prepare('SELECT granted_next, granted_to FROM sync_upstream').get() as {
      granted_next: number;
      granted_to: number;
    };
    const localOrganization = venue.app.store.repos.organizations.list()[0]!;
    const code = venue.app.ctx.syncHub.createPairingCode(localOrganization.id, [event.uuid]);
    if (!code.ok) throw new Error('no pairing code');
    const paired = await call(venue.app, 'POST', '/sync/pair', { body: { code: code.code, name: 'Door 1' } });
    expect(paired.status).toBe(201);
    expect(paired.body.data.grant.from).toBeGreaterThanOrEqual(own.granted_next);
    expect(paired.body.data.grant.to).toBeLessThanOrEqual(own.granted_to);
    const after = venue.app.store.db
      .prepare('SELECT granted_next FROM sync_upstream')
      .pluck()
      .get() as number;
    expect(after).toBe(paired.body.data.grant.to);
  });

  it('online registrations reach the venue; venue registrations and check-ins reach the online server', async () => {
    await connect();
    await call(online.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('web@example.com'),
    });
    await venue.app.ctx.venue!.syncNow();
    expect(attendeeOn(venue, 'web@example.com')).toEqual(attendeeOn(online, 'web@example.com'));

    const walkIn = await call(venue.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('door@example.com'),
    });
    expect(walkIn.status).toBe(201);
    await call(venue.app, 'POST', `/public/events/${event.uuid}/check-in`, {
      body: { email: 'web@example.com' },
    });
    expect(venue.app.ctx.venue!.status().waitingUp).toBe(2);
    await venue.app.ctx.venue!.syncNow();
    expect(venue.app.ctx.venue!.status().waitingUp).toBe(0);

    // The registration the venue made is found by the authenticated lookup online, under its UUID and the id the
    // venue answered.
    const made = attendeeOn(venue, 'door@example.com')!;
    expect(made.id).toBe(walkIn.body.data.id);
    const lookup = await call(online.app, 'GET', `/api/attendees/${made.uuid}`, { token: syncToken() });
    expect(lookup.status).toBe(200);
    expect(lookup.body.data).toMatchObject({ id: made.uuid, email: 'door@example.com' });
    expect(attendeeOn(online, 'door@example.com')!.id).toBe(walkIn.body.data.id);
    expect(attendeeOn(online, 'web@example.com')!.checked_in_at).not.toBeNull();
    expect(attendeeOn(online, 'web@example.com')).toEqual(attendeeOn(venue, 'web@example.com'));
  });

  it('cancelled online while checked in at the venue: the check-in stands, flagged on both sides', async () => {
    await call(online.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('ada@example.com'),
    });
    await connect();
    // The venue checks Ada in while the online server has cancelled her, before either heard of the other: its
    // loops stopped meanwhile (they pull all the time here), and one sync afterwards.
    await venue.app.ctx.venue!.stop();
    await call(online.app, 'POST', `/public/events/${event.uuid}/cancel`, {
      body: { email: 'ada@example.com' },
    });
    await call(venue.app, 'POST', `/public/events/${event.uuid}/check-in`, {
      body: { email: 'ada@example.com' },
    });
    await venue.app.ctx.venue!.syncNow();

    for (const side of [online, venue]) {
      expect(attendeeOn(side, 'ada@example.com')).toMatchObject({ status: 'confirmed' });
      expect(attendeeOn(side, 'ada@example.com')!.checked_in_at).not.toBeNull();
      const kinds = side.app.store.db.prepare('SELECT kind FROM sync_conflicts').pluck().all();
      expect(kinds).toEqual(['check_in_after_cancel']);
    }
  });

  it('the online server sends its webhooks once per change made at the venue, however often it is sent', async () => {
    allowLanHost(online.app, organization, '127.0.0.1:9');
    createEndpoint(online.app, organization, 'http://127.0.0.1:9/hooks', [
      'attendee.registered',
      'attendee.checked_in',
    ]);
    await connect();
    await call(venue.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('door@example.com'),
    });
    await call(venue.app, 'POST', `/public/events/${event.uuid}/check-in`, {
      body: { email: 'door@example.com' },
    });
    await venue.app.ctx.venue!.syncNow();
    // The same ops again, as after an answer lost on the way back: applied once, told once.
    venue.app.store.db.exec('UPDATE sync_outbox SET acked_at = NULL');
    venue.app.store.db.exec('UPDATE sync_upstream SET acked_seq = 0, outbox_acked_through = 0');
    await venue.app.ctx.venue!.syncNow();
    expect(notificationCount(online.app)).toBe(2);
    expect(notificationCount(venue.app)).toBe(0);
  });
});
