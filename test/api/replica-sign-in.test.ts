/**
 * Signing in on a replica kiosk, now that no password hash reaches one (issue 32, row 7; docs/sync.md, "Signing in
 * on a kiosk"): staff with the offline credential their hub made, hub or no hub; owners only through the hub; and
 * what a stolen kiosk's database holds. A private profile's code still checks its holder in at the kiosk.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import { call, createUser, registration, type TestApp } from '../helpers/app.ts';
import { SAME_ORIGIN } from '../helpers/dashboard.ts';
import { startHubAndReplica, type HubAndReplica } from '../helpers/replica.ts';

const PASSWORD = 'correct horse battery';

let door: HubAndReplica;
let hub: TestApp;
let event: EventRecord;
let replica: FastifyInstance;

beforeEach(async () => {
  door = await startHubAndReplica();
  ({ hub, event, replica } = door);
  for (const [email, role] of [
    ['olive@example.com', 'owner'],
    ['sam@example.com', 'staff'],
  ] as const) {
    const created = await hub.app.ctx.staff.createStaff(event.organizationId, {
      name: email,
      email,
      password: PASSWORD,
      role,
    });
    if (!created.ok) throw new Error(created.reason);
  }
  await replica.ctx.replica!.syncNow();
});
afterEach(() => door.close());

const signIn = (email: string, password = PASSWORD) =>
  replica.inject({
    method: 'POST',
    url: '/dashboard/api/session',
    headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
    payload: { email, password },
  });

describe('signing in on a replica kiosk', () => {
  it('holds no password hash of anyone, and an offline credential of staff only', () => {
    const rows = replica.store.db
      .prepare('SELECT email, password_hash, offline_hash FROM staff_accounts ORDER BY email')
      .all() as { email: string; password_hash: string; offline_hash: string | null }[];
    expect(rows.map((row) => [row.email, row.password_hash, row.offline_hash !== null])).toEqual([
      ['olive@example.com', '!', false],
      ['sam@example.com', '!', true],
    ]);
    const hubHashes = hub.app.store.db.prepare('SELECT password_hash FROM staff_accounts').all() as {
      password_hash: string;
    }[];
    const held = JSON.stringify(replica.store.db.prepare('SELECT * FROM staff_accounts').all());
    for (const { password_hash: hash } of hubHashes) expect(held).not.toContain(hash);
  });

  it('signs staff in with the offline credential while the hub is away, and refuses a wrong password', async () => {
    await hub.app.close();
    const signedIn = await signIn('sam@example.com');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.staff).toMatchObject({ email: 'sam@example.com', role: 'staff' });
    // The desk works with that session.
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const desk = await replica.inject({
      method: 'GET',
      url: `/dashboard/api/events/${event.uuid}/attendees`,
      headers: { ...SAME_ORIGIN, cookie },
    });
    expect(desk.statusCode).toBe(200);
    expect((await signIn('sam@example.com', 'not the password at all')).statusCode).toBe(422);
  });

  it('signs an owner in only through the hub: refused while it is away, since the kiosk holds nothing of theirs', async () => {
    const online = await signIn('olive@example.com');
    expect(online.statusCode, online.body).toBe(200);
    expect(online.json().data.staff.role).toBe('owner');
    // Its forwarded owner pages carry the hub's session the confirmation opened.
    const cookie = String(online.headers['set-cookie']).split(';')[0]!;
    const tokens = await replica.inject({
      method: 'GET',
      url: '/dashboard/api/tokens',
      headers: { ...SAME_ORIGIN, cookie },
    });
    expect(tokens.statusCode, tokens.body).toBe(200);
    expect((await signIn('olive@example.com', 'not the password at all')).statusCode).toBe(422);

    await hub.app.close();
    const offline = await signIn('olive@example.com');
    expect(offline.statusCode).toBe(422);
    expect(offline.json()).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
  });
});

describe('a private profile at a replica kiosk', () => {
  it('checks its holder in by its scanned code, though the kiosk holds only its digest', async () => {
    const person = createUser(hub.app, hub.app.store.repos.organizations.findById(event.organizationId)!, {
      email: 'pat@example.com',
      firstName: 'Pat',
      profilePublic: false,
    });
    await call(hub.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('pat@example.com'),
    });
    await replica.ctx.replica!.syncNow();
    expect(JSON.stringify(replica.store.db.prepare('SELECT * FROM users').all())).not.toContain(
      person.profileCode,
    );

    await hub.app.close();
    const scanned = await call(replica, 'POST', `/kiosk/api/events/${event.uuid}/scan`, {
      body: { code: `http://hub.example/p/${person.profileCode}` },
    });
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
    expect(scanned.body.message).toBe('Check-in successful.');
    // Its profile stays private there, as on the hub.
    expect((await call(replica, 'GET', `/public/profile/${person.profileCode}`)).status).toBe(403);
    expect((await call(replica, 'GET', '/public/profile/AAAAAAAAAAAA')).status).toBe(404);
  });
});
