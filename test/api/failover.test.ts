import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import { checkInOpIdFor } from '../../server/failover/failover.rules.ts';
import { call, registration, startTestApp, type TestApp, type TestClock } from '../helpers/app.ts';
import { SAME_ORIGIN, signedInMember } from '../helpers/dashboard.ts';
import { startHubAndReplica, type HubAndReplica } from '../helpers/replica.ts';

let door: HubAndReplica;
let hub: TestApp;
let event: EventRecord;
let replica: FastifyInstance;
let hubOrigin: string;
let replicaOrigin: string;

/**
 * A hub and a replica kiosk paired with it, both listening on loopback as a venue's servers do on the LAN (the
 * replica on 127.0.0.2, so the two are two hosts to a browser), the replica having told the hub where it serves.
 */
beforeEach(async () => {
  // Listening starts the replica's loops: its pulls wait at the hub as a kiosk's do, not back to back.
  door = await startHubAndReplica({ longPollMs: 2_000 });
  ({ hub, event, replica } = door);
  await replica.listen({ host: '127.0.0.2', port: 0 });
  hubOrigin = `http://127.0.0.1:${(hub.app.server.address() as { port: number }).port}`;
  replicaOrigin = `http://127.0.0.2:${(replica.server.address() as { port: number }).port}`;
  await replica.ctx.failover.syncNow();
});

afterEach(() => door.close());

const servers = async (app: FastifyInstance) => {
  const answer = await call(app, 'GET', '/venue/servers');
  expect(answer.status).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  return answer.body.data as { servers: Record<string, unknown>[]; roaming_key: string | null };
};

describe('the venue’s servers', () => {
  it('the hub lists itself and each paired kiosk where it serves; the kiosk lists them too, hub or no hub', async () => {
    const device = hub.app.ctx.syncHub.listDevices(event.organizationId)[0]!;
    const fromHub = await servers(hub.app);
    expect(fromHub.servers).toEqual([
      expect.objectContaining({ role: 'hub', device_id: null, origins: [hubOrigin], events: null }),
      {
        role: 'kiosk',
        device_id: device.uuid,
        name: 'Door 2',
        origins: [replicaOrigin],
        events: [event.uuid],
        last_seen_at: device.lastContactAt,
      },
    ]);
    expect(fromHub.roaming_key).toMatch(/^[A-Za-z0-9+/]+=*$/);

    // The kiosk keeps the hub's list: it still knows the venue while the hub is away, and after a restart.
    await hub.app.close();
    const fromKiosk = await servers(replica);
    expect(fromKiosk.servers).toEqual([
      expect.objectContaining({ role: 'hub', origins: [hubOrigin] }),
      expect.objectContaining({ role: 'kiosk', device_id: device.uuid, origins: [replicaOrigin] }),
    ]);
    expect(fromKiosk.roaming_key).toBe(fromHub.roaming_key);
  });

  it('only a paired kiosk says where it serves, and only origins are kept', async () => {
    const refused = await call(hub.app, 'PUT', '/sync/origins', {
      body: { origins: ['http://10.0.0.9:8787'] },
    });
    expect(refused).toMatchObject({ status: 401, body: { message: expect.stringContaining('not paired') } });
    const credential = replica.store.db
      .prepare('SELECT credential FROM sync_upstream')
      .pluck()
      .get() as string;
    const kept = await call(hub.app, 'PUT', '/sync/origins', {
      token: credential,
      body: {
        origins: [
          'http://10.0.0.9:8787',
          'https://10.0.0.9:8443',
          'http://x/path',
          'javascript:alert(1)',
          'ftp://a',
        ],
      },
    });
    expect(kept).toMatchObject({
      status: 200,
      body: { data: { origins: ['http://10.0.0.9:8787', 'https://10.0.0.9:8443'] } },
    });
  });
});

describe('pages of the venue call the kiosk’s endpoints across origins', () => {
  const preflight = (app: FastifyInstance, origin: string, url: string) =>
    app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,idempotency-key',
      },
    });

  it('a page of another venue server may; a page elsewhere, or the dashboard’s API, may not', async () => {
    const scan = `/kiosk/api/events/${event.uuid}/scan`;
    const asked = await preflight(replica, hubOrigin, scan);
    expect(asked.statusCode).toBe(204);
    expect(asked.headers).toMatchObject({
      'access-control-allow-origin': hubOrigin,
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'accept, content-type, idempotency-key',
      vary: 'Origin',
    });
    expect(asked.headers['access-control-allow-credentials']).toBeUndefined();
    // The kiosk window of this very machine, opened as localhost.
    expect((await preflight(replica, 'http://localhost:8787', scan)).statusCode).toBe(204);

    const stranger = await preflight(replica, 'http://192.0.2.66:8787', scan);
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    const read = await call(replica, 'GET', `/public/events/${event.uuid}`, {
      headers: { origin: 'https://attacker.example' },
    });
    expect(read.status).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();

    const check = await call(hub.app, 'GET', `/public/events/${event.uuid}/check?email=a@example.com`, {
      headers: { origin: replicaOrigin },
    });
    expect(check.headers['access-control-allow-origin']).toBe(replicaOrigin);
    const dashboard = await call(hub.app, 'GET', '/dashboard/api/session', {
      headers: { origin: replicaOrigin },
    });
    expect(dashboard.headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(hub.app, replicaOrigin, '/dashboard/api/session')).headers).not.toHaveProperty(
      'access-control-allow-origin',
    );
  });

  it('a preflight is answered before the scan limit counts it', async () => {
    const limited = await startTestApp({ rateLimits: { kioskScan: 1 } });
    try {
      const url = `/kiosk/api/events/${event.uuid}/scan`;
      for (let i = 0; i < 3; i += 1) {
        expect((await preflight(limited.app, 'http://localhost:8787', url)).statusCode).toBe(204);
      }
      const scanned = await call(limited.app, 'POST', url, { body: { code: 'ARV1:nothing-like-it' } });
      expect(scanned.status).not.toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('a check-in retried with its idempotency key', () => {
  const checkIn = (app: FastifyInstance, key?: string) =>
    call(app, 'POST', `/public/events/${event.uuid}/check-in`, {
      body: { email: 'ada@example.com' },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });

  beforeEach(async () => {
    await call(hub.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('ada@example.com'),
    });
    await replica.ctx.replica!.syncNow();
  });

  it('answers as the first time on the same server, and a malformed key is refused', async () => {
    const key = 'b6f7c1d2-1111-4222-8333-944455556666';
    const first = await checkIn(hub.app, key);
    expect(first.status).toBe(200);
    hub.clock.advance(60_000);
    const again = await checkIn(hub.app, key);
    expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: first.body });
    expect((await checkIn(hub.app)).status).toBe(409);
    expect((await checkIn(hub.app, 'another-key-entirely-0001')).status).toBe(409);
    expect(await checkIn(hub.app, 'short')).toMatchObject({
      status: 422,
      body: {
        message: 'Validation failed.',
        errors: {
          idempotency_key: ['The Idempotency-Key header must be 16 to 128 letters, digits, - or _.'],
        },
      },
    });
  });

  /**
   * The hub checks Ada in, and its answer never reaches the page; the page carries on at the kiosk's server, which
   * had not heard, and asks again with the same key. One check-in, on both, and nothing for staff to sort out.
   */
  async function retriedElsewhere(firstKey: string, secondKey: string) {
    await replica.ctx.replica!.stop();
    expect((await checkIn(hub.app, firstKey)).status).toBe(200);
    expect((await checkIn(replica, secondKey)).status).toBe(200);
    replica.ctx.replica!.start();
    await replica.ctx.replica!.syncNow();
    await replica.ctx.replica!.syncNow();
    const ada = hub.app.store.repos.attendees.findForEmail(event.id, 'ada@example.com')!;
    const conflicts = hub.app.ctx.syncHub.listConflicts(event.organizationId, true);
    return { ada, conflicts };
  }

  it('made again at another server, is one check-in: no duplicate for staff', async () => {
    const key = 'page-key-0123456789abcdef';
    const { ada, conflicts } = await retriedElsewhere(key, key);
    expect(ada.checkinOpId).toBe(checkInOpIdFor(event.uuid, ada.uuid, key));
    expect(conflicts).toEqual([]);
    expect(replica.store.repos.attendees.findForEmail(event.id, 'ada@example.com')!.checkinOpId).toBe(
      ada.checkinOpId,
    );
  });

  it('(without the same key, the two servers made two check-ins, and staff see a duplicate)', async () => {
    const { conflicts } = await retriedElsewhere('page-key-0123456789abcdef', 'other-key-0123456789abcdef');
    expect(conflicts.map((conflict) => conflict.kind)).toEqual(['duplicate_check_in']);
  });
});

describe('roaming sign-in', () => {
  /** An owner signed in on the hub asks for tickets; the kiosk has their account (it comes down the feed). */
  async function ticketsFromHub(): Promise<{ server: string; ticket: string; expires_at: string }[]> {
    const organization = hub.app.store.repos.organizations.findById(event.organizationId)!;
    const owner = await signedInMember(hub.app, organization, 'owner');
    const answer = await owner.send('POST', '/roaming/tickets');
    expect(answer.status).toBe(200);
    await replica.ctx.replica!.syncNow();
    await replica.ctx.failover.syncNow();
    return answer.body.data;
  }

  const redeem = (app: FastifyInstance, ticket: string) =>
    call(app, 'POST', '/dashboard/api/roaming/redeem', { body: { ticket }, headers: SAME_ORIGIN });

  it('a ticket from the hub signs its staff member in on that kiosk, once', async () => {
    const [ticket, ...others] = await ticketsFromHub();
    const device = hub.app.ctx.syncHub.listDevices(event.organizationId)[0]!;
    expect(others).toEqual([]);
    expect(ticket).toMatchObject({ server: device.uuid, expires_at: '2026-11-21T10:10:00+00:00' });

    const redeemed = await redeem(replica, ticket!.ticket);
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.data.staff).toMatchObject({ role: 'owner', email: expect.stringMatching(/^owner/) });
    const cookie = /arrivals_session=[^;]+/.exec(String(redeemed.headers['set-cookie']))![0];
    const session = await call(replica, 'GET', '/dashboard/api/session', { headers: { cookie } });
    expect(session).toMatchObject({ status: 200, body: { data: { staff: redeemed.body.data.staff } } });

    const again = await redeem(replica, ticket!.ticket);
    expect(again).toMatchObject({
      status: 422,
      body: { message: 'This move to another desk could not sign you in here. Please sign in.' },
    });
  });

  it('refuses a ticket that was changed, has expired, or is not for this server', async () => {
    const { ticket } = (await ticketsFromHub())[0]!;
    const { ticket: later } = (await ticketsFromHub())[0]!;
    const [body, claims, signature] = ticket.split('.') as [string, string, string];
    const forged = JSON.parse(Buffer.from(claims, 'base64url').toString());
    const changed = `${body}.${Buffer.from(JSON.stringify({ ...forged, exp: '2030-01-01T00:00:00Z' })).toString('base64url')}.${signature}`;
    expect((await redeem(replica, changed)).status).toBe(422);
    expect((await redeem(replica, 'not a ticket')).status).toBe(422);
    // The hub redeems none: a desk going back to the hub has the hub's own session.
    expect((await redeem(hub.app, ticket)).status).toBe(422);
    // The very ticket, unchanged, was good: only the changes were refused.
    expect((await redeem(replica, ticket)).status).toBe(200);

    (replica.ctx.clock as TestClock).advance(10 * 60 * 1000);
    expect((await redeem(replica, later)).status).toBe(422);
  });
});
