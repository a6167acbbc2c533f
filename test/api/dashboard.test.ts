import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import { call, createEvent, createUser, registration, startTestApp, type TestApp } from '../helpers/app.ts';
import { dashboardClient, SAME_ORIGIN } from '../helpers/dashboard.ts';
import { seedDemo } from '../../server/demo/demo.service.ts';

// Setup, adding staff, a new password and every sign-in run scrypt at its full cost (128 MiB; about 100 ms on an idle
// machine, seconds on a busy one), several times in some tests.
vi.setConfig({ testTimeout: 90_000 });

let t: TestApp;
const ORIGIN = SAME_ORIGIN;
const client = (app = () => t.app) => dashboardClient(app);

const OWNER = {
  organization_name: 'City Hall Events',
  name: 'Olive Owner',
  email: 'olive@example.com',
  password: 'correct horse battery',
};

async function setUp() {
  const owner = client();
  const res = await owner.send('POST', '/setup', OWNER);
  expect(res.status).toBe(201);
  return owner;
}

async function addStaff(owner: ReturnType<typeof client>, role: 'owner' | 'staff' = 'staff') {
  const email = `${role}-${Math.random().toString(36).slice(2)}@example.com`;
  const created = await owner.send('POST', '/staff', {
    name: 'Sam Staff',
    email,
    password: 'another long password',
    role,
  });
  expect(created.status).toBe(201);
  const member = client();
  expect((await member.send('POST', '/session', { email, password: 'another long password' })).status).toBe(
    200,
  );
  return { member, id: created.body.data.id as string, email };
}

beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => t.close());

describe('first run and sign-in', () => {
  it('setup creates the organization and owner once, signs in, and can load the demo event', async () => {
    expect((await client().send('GET', '/setup')).body).toEqual({
      data: { needs_setup: true, needs_setup_code: false },
    });
    const owner = client();
    const res = await owner.send('POST', '/setup', { ...OWNER, load_demo: true });
    expect(res.status).toBe(201);
    expect(res.body.data.organization).toMatchObject({ name: 'City Hall Events', slug: 'city-hall-events' });
    expect(res.headers['set-cookie']).toMatch(
      /^arrivals_session=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/,
    );
    expect((await owner.send('GET', '/session')).body.data.staff).toMatchObject({
      email: 'olive@example.com',
      role: 'owner',
    });
    expect((await owner.send('GET', '/events')).body.data.map((e: { name: string }) => e.name)).toEqual([
      'Arrivals Demo Night',
    ]);

    expect((await client().send('GET', '/setup')).body).toEqual({
      data: { needs_setup: false, needs_setup_code: false },
    });
    const again = await client().send('POST', '/setup', { ...OWNER, email: 'other@example.com' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Arrivals is already set up. Please sign in.' });
  });

  it("the demo event loaded at setup is on the organizer's time zone, a valid one", async () => {
    const bad = await client().send('POST', '/setup', {
      ...OWNER,
      load_demo: true,
      timezone: 'Mars/Olympus',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ timezone: ['The timezone field must be a valid IANA time zone.'] });

    const owner = client();
    const res = await owner.send('POST', '/setup', { ...OWNER, load_demo: true, timezone: 'Europe/Paris' });
    expect(res.status).toBe(201);
    const [demo] = (await owner.send('GET', '/events')).body.data;
    expect(demo).toMatchObject({ name: 'Arrivals Demo Night', timezone: 'Europe/Paris' });
  });

  it("setup after `arrivals demo` makes the demo organization the owner's, renamed, with no second demo event", async () => {
    const demo = seedDemo(t.app.store);
    expect((await client().send('GET', '/setup')).body.data.needs_setup).toBe(true);
    const owner = client();
    const res = await owner.send('POST', '/setup', { ...OWNER, load_demo: true });
    expect(res.status).toBe(201);
    expect(res.body.data.organization).toEqual({
      id: demo.organization.uuid,
      name: 'City Hall Events',
      slug: 'demo',
    });
    expect((await owner.send('GET', '/events')).body.data.map((e: { id: string }) => e.id)).toEqual([
      demo.events[0]!.uuid,
    ]);
    expect(t.app.store.repos.organizations.list()).toHaveLength(1);
    expect((await client().send('GET', '/setup')).body.data.needs_setup).toBe(false);
  });

  it('setup with several organizations and no staff makes a new one, on a slug of its own', async () => {
    createEvent(
      t.app,
      t.app.store.repos.organizations.create('A', 'city-hall-events', '2026-11-21T10:00:00+00:00')!,
    );
    t.app.store.repos.organizations.create('B', 'b', '2026-11-21T10:00:00+00:00');
    const res = await client().send('POST', '/setup', { ...OWNER, load_demo: true });
    expect(res.status).toBe(201);
    expect(res.body.data.organization).toMatchObject({
      name: 'City Hall Events',
      slug: 'city-hall-events-2',
    });
    expect(t.app.store.repos.organizations.list().map((o) => o.slug)).toEqual([
      'city-hall-events',
      'b',
      'city-hall-events-2',
    ]);
  });

  it('setup refuses a short password', async () => {
    const res = await client().send('POST', '/setup', { ...OWNER, password: 'short' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ password: ['The password field must be at least 12 characters.'] });
  });

  it('sign-in with the right password only, the same answer for an unknown email; sign-out ends the session', async () => {
    await setUp();
    const wrong = await client().send('POST', '/session', {
      email: OWNER.email,
      password: 'wrong password!!',
    });
    const unknown = await client().send('POST', '/session', {
      email: 'nobody@example.com',
      password: 'wrong password!!',
    });
    expect(wrong.status).toBe(422);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.message).toBe('These credentials do not match our records.');

    const owner = client();
    expect(
      (await owner.send('POST', '/session', { email: 'OLIVE@example.com', password: OWNER.password })).status,
    ).toBe(200);
    const stolen = owner.cookie();
    expect((await owner.send('DELETE', '/session')).status).toBe(200);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/dashboard/api/session',
      headers: { cookie: stolen },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: 'Please sign in.' });
  });

  it('sessions expire after 12 idle hours and slide while used', async () => {
    const owner = await setUp();
    t.clock.advance(11 * 60 * 60 * 1000);
    expect((await owner.send('GET', '/session')).status).toBe(200);
    t.clock.advance(11 * 60 * 60 * 1000);
    expect((await owner.send('GET', '/session')).status).toBe(200);
    t.clock.advance(12 * 60 * 60 * 1000);
    expect((await owner.send('GET', '/session')).status).toBe(401);
  });

  it('a session ends 7 days after sign-in however busy it is, and its cookie is renewed as it slides', async () => {
    const owner = await setUp();
    const cookieOf = (res: { headers: Record<string, unknown> }) =>
      res.headers['set-cookie'] as string | undefined;

    // Within a minute of the last write the session is not slid, and the cookie is not sent again.
    t.clock.advance(30_000);
    expect(cookieOf(await owner.send('GET', '/session'))).toBeUndefined();
    t.clock.advance(60 * 60 * 1000);
    const renewed = await owner.send('GET', '/session');
    expect(cookieOf(renewed)).toBe(`${owner.cookie()}; Path=/; HttpOnly; SameSite=Strict; Max-Age=43200`);

    // Used every 11 hours, up to the seventh day: the last renewal lives only until the week is up.
    const weekAfterSignIn = Date.parse('2026-11-21T10:00:00Z') + 7 * 24 * 60 * 60 * 1000;
    for (let i = 0; i < 14; i++) {
      t.clock.advance(11 * 60 * 60 * 1000);
      expect((await owner.send('GET', '/session')).status).toBe(200);
    }
    t.clock.set('2026-11-28T09:00:00Z');
    const last = await owner.send('GET', '/session');
    expect(last.status).toBe(200);
    expect(cookieOf(last)).toMatch(/; Max-Age=3600$/);
    t.clock.set(new Date(weekAfterSignIn - 1000).toISOString());
    expect((await owner.send('GET', '/session')).status).toBe(200);
    t.clock.set(new Date(weekAfterSignIn).toISOString());
    expect((await owner.send('GET', '/session')).status).toBe(401);
  });

  it('a new password of your own ends your other sessions and keeps this one', async () => {
    const here = await setUp();
    const elsewhere = client();
    expect(
      (await elsewhere.send('POST', '/session', { email: OWNER.email, password: OWNER.password })).status,
    ).toBe(200);
    const { member } = await addStaff(here, 'staff');
    const me = (await here.send('GET', '/session')).body.data.staff.id;

    const renamed = await here.send('PATCH', `/staff/${me}`, { name: 'Olive O.' });
    expect(renamed.status).toBe(200);
    expect((await elsewhere.send('GET', '/session')).status).toBe(200);

    expect((await here.send('PATCH', `/staff/${me}`, { password: 'a brand new password' })).status).toBe(200);
    expect((await here.send('GET', '/session')).status).toBe(200);
    expect((await elsewhere.send('GET', '/session')).status).toBe(401);
    expect((await member.send('GET', '/session')).status).toBe(200);
  });

  it('sign-in is throttled per account, wherever the attempts come from', async () => {
    await setUp();
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/dashboard/api/session',
        remoteAddress: `10.0.0.${i + 1}`,
        headers: { ...ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: OWNER.email, password: 'guess number ' + i }),
      });
      expect(res.statusCode).toBe(422);
    }
    const blocked = await client().send('POST', '/session', { email: OWNER.email, password: OWNER.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: 'Too Many Attempts.' });
    t.clock.advance(60_000);
    expect(
      (await client().send('POST', '/session', { email: OWNER.email, password: OWNER.password })).status,
    ).toBe(200);
  });
});

describe('guards', () => {
  it('every dashboard route refuses the signed-out', async () => {
    await setUp();
    const anyone = client();
    const routes: [string, string][] = [
      ['GET', '/session'],
      ['GET', '/staff'],
      ['GET', '/events'],
      ['POST', '/events'],
      ['GET', '/events/x'],
      ['PATCH', '/events/x'],
      ['GET', '/events/x/attendees'],
      ['GET', '/events/x/stats'],
      ['POST', '/events/x/attendees'],
      ['POST', '/events/x/attendees/y/check-in'],
      ['POST', '/events/x/attendees/y/undo-check-in'],
      ['POST', '/events/x/attendees/y/approve'],
      ['POST', '/events/x/attendees/y/cancel'],
      ['POST', '/events/x/attendees/y/no-show'],
      ['GET', '/events/x/bulk-no-show'],
      ['POST', '/events/x/bulk-no-show'],
      ['GET', '/events/x/attendees.csv'],
      ['POST', '/events/x/import'],
      ['POST', '/events/x/import/preview'],
      ['GET', '/users'],
      ['POST', '/users'],
      ['GET', '/users/x'],
      ['PATCH', '/users/x'],
      ['GET', '/tokens'],
      ['POST', '/tokens'],
      ['DELETE', '/tokens/1'],
      ['PATCH', '/staff/x'],
      ['DELETE', '/staff/x'],
    ];
    for (const [method, path] of routes) {
      const res = await anyone.send(
        method as 'GET',
        path,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ message: 'Please sign in.' });
    }
  });

  it('state-changing requests need the dashboard origin', async () => {
    const owner = await setUp();
    for (const headers of [{ origin: 'http://evil.example' }, { origin: '' }, { origin: 'null' }]) {
      const res = await owner.send('POST', '/events', { name: 'Forged' }, headers);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'This request must come from the Arrivals dashboard itself.' });
    }
    expect((await owner.send('GET', '/events')).body.data).toEqual([]);
  });

  it('staff get the desk, not the owner pages', async () => {
    const owner = await setUp();
    const created = await owner.send('POST', '/events', { name: 'Gala', is_published: true });
    const { member } = await addStaff(owner, 'staff');
    expect((await member.send('GET', '/events')).status).toBe(200);
    expect((await member.send('GET', `/events/${created.body.data.id}/attendees`)).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/events', { name: 'Nope' }],
      ['PATCH', `/events/${created.body.data.id}`, { name: 'Nope' }],
      ['GET', '/staff'],
      ['GET', '/tokens'],
      ['POST', '/tokens', { name: 'x', expires: '7d' }],
      ['GET', '/users'],
      ['GET', '/users/8f14e45f-ceea-467f-a0e6-8f3b1c4b0a61'],
      ['POST', `/events/${created.body.data.id}/import`, { rows: [{ email: 'a@b.co' }] }],
      ['POST', `/events/${created.body.data.id}/import/preview`, { rows: [{ email: 'a@b.co' }] }],
    ] as const) {
      const res = await member.send(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ message: 'Only organization owners can do this.' });
    }
  });

  it("another organization's event or person is not found", async () => {
    const owner = await setUp();
    const org = t.app.store.repos.organizations.create('Other', 'other', '2026-11-21T10:00:00+00:00')!;
    const foreign = createEvent(t.app, org);
    expect((await owner.send('GET', `/events/${foreign.uuid}`)).status).toBe(404);
    expect((await owner.send('GET', `/events/${foreign.uuid}/attendees`)).body).toEqual({
      message: 'Event not found.',
    });
    const stranger = createUser(t.app, org, { firstName: 'Sam' });
    for (const method of ['GET', 'PATCH'] as const) {
      const res = await owner.send(
        method,
        `/users/${stranger.uuid}`,
        method === 'PATCH' ? { first_name: 'X' } : undefined,
      );
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ message: 'User not found.' });
    }
    expect(t.app.store.repos.users.findByUuid(stranger.uuid)!.firstName).toBe('Sam');
  });
});

describe('staff management', () => {
  it('owners add staff, reset their password (signing them out) and remove them', async () => {
    const owner = await setUp();
    const { member, id, email } = await addStaff(owner);
    const reset = await owner.send('PATCH', `/staff/${id}`, { password: 'a brand new password' });
    expect(reset.status).toBe(200);
    expect((await member.send('GET', '/session')).status).toBe(401);
    expect(
      (await client().send('POST', '/session', { email, password: 'a brand new password' })).status,
    ).toBe(200);
    expect((await owner.send('DELETE', `/staff/${id}`)).status).toBe(200);
    expect(
      (await client().send('POST', '/session', { email, password: 'a brand new password' })).status,
    ).toBe(422);
  });

  it('keeps at least one owner and refuses removing yourself; a taken email is 422', async () => {
    const owner = await setUp();
    const me = (await owner.send('GET', '/session')).body.data.staff.id;
    expect((await owner.send('PATCH', `/staff/${me}`, { role: 'staff' })).body.errors).toEqual({
      role: ['An organization needs at least one owner.'],
    });
    expect((await owner.send('DELETE', `/staff/${me}`)).body).toEqual({
      message: 'You cannot remove your own account.',
    });
    const taken = await owner.send('POST', '/staff', {
      name: 'X',
      email: OWNER.email,
      password: 'long enough password',
      role: 'staff',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'] });
  });
});

describe('attendee desk', () => {
  let owner: ReturnType<typeof client>;
  let event: EventRecord;
  const register = (email: string) =>
    call(t.app, 'POST', `/public/events/${event.uuid}/register`, { body: registration(email) });
  const idOf = (email: string) => t.app.store.repos.attendees.findForEmail(event.id, email)!.uuid;

  beforeEach(async () => {
    owner = await setUp();
    const org = t.app.store.repos.organizations.list()[0]!;
    event = createEvent(t.app, org, { allow_self_checkin: false, timezone: 'UTC' });
  });

  it('lists, searches and filters; counts by status; checks in even with self check-in off; undo', async () => {
    await register('ada@example.com');
    await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: { email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' },
    });
    const search = await owner.send('GET', `/events/${event.uuid}/attendees?q=hop`);
    expect(search.body.data.map((a: { name: string }) => a.name)).toEqual(['Grace Hopper']);
    expect(search.body.data[0].answers).toEqual({
      email: 'grace@example.com',
      first_name: 'Grace',
      last_name: 'Hopper',
    });

    t.clock.set('2026-11-21T10:07:00Z');
    const checkIn = await owner.send(
      'POST',
      `/events/${event.uuid}/attendees/${idOf('ada@example.com')}/check-in`,
    );
    expect(checkIn.status).toBe(200);
    expect(checkIn.body.data.checked_in_at).toBe('2026-11-21T10:07:00+00:00');
    const twice = await owner.send(
      'POST',
      `/events/${event.uuid}/attendees/${idOf('ada@example.com')}/check-in`,
    );
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: 'Already checked in at Nov 21, 2026 10:07 AM.' });

    const checkedIn = await owner.send('GET', `/events/${event.uuid}/attendees?checked_in=true`);
    expect(checkedIn.body.meta.total).toBe(1);
    t.clock.set('2026-11-21T10:12:00Z');
    const stats = await owner.send('GET', `/events/${event.uuid}/stats`);
    expect(stats.body.data).toEqual({
      counts: { pending: 0, confirmed: 2, canceled: 0, no_show: 0, checked_in: 1, total: 2 },
      arrivals_last_15_min: 1,
      still_expected: 1,
      checkins_per_5_min: [
        { start: '2026-11-21T10:05:00+00:00', count: 1 },
        { start: '2026-11-21T10:10:00+00:00', count: 0 },
      ],
    });

    const undo = await owner.send(
      'POST',
      `/events/${event.uuid}/attendees/${idOf('ada@example.com')}/undo-check-in`,
    );
    expect(undo.body.data.checked_in_at).toBeNull();
    expect(
      (await owner.send('POST', `/events/${event.uuid}/attendees/${idOf('ada@example.com')}/undo-check-in`))
        .status,
    ).toBe(422);
  });

  it('a no-show who turns up is checked in; undoing that check-in makes them a no-show again', async () => {
    await register('late@example.com');
    const late = idOf('late@example.com');
    expect((await owner.send('POST', `/events/${event.uuid}/attendees/${late}/no-show`)).status).toBe(200);
    const arrived = await owner.send('POST', `/events/${event.uuid}/attendees/${late}/check-in`);
    expect(arrived.body.data).toMatchObject({ status: 'confirmed', checked_in_at: expect.any(String) });
    // A mistaken scan: undo puts back what the check-in overrode (sync/conflict.rules.ts).
    const undone = await owner.send('POST', `/events/${event.uuid}/attendees/${late}/undo-check-in`);
    expect(undone.body.data).toMatchObject({ status: 'no_show', checked_in_at: null });
    // The public side still shows the status it had before it was marked.
    const check = await call(t.app, 'GET', `/public/events/${event.uuid}/check?email=late%40example.com`);
    expect(check.status).toBe(200);
    expect(check.body.data.attendee.status).toBe('confirmed');
  });

  it('approves pending registrations; cancel and no-show are the same operations as the token API', async () => {
    const approval = createEvent(t.app, t.app.store.repos.organizations.list()[0]!, {
      requires_approval: true,
    });
    await call(t.app, 'POST', `/public/events/${approval.uuid}/register`, {
      body: registration('p@example.com'),
    });
    const pendingId = t.app.store.repos.attendees.findForEmail(approval.id, 'p@example.com')!.uuid;
    const approved = await owner.send('POST', `/events/${approval.uuid}/attendees/${pendingId}/approve`);
    expect(approved.body.data.status).toBe('confirmed');
    expect((await owner.send('POST', `/events/${approval.uuid}/attendees/${pendingId}/approve`)).status).toBe(
      422,
    );

    await register('gone@example.com');
    await register('here@example.com');
    await owner.send('POST', `/events/${event.uuid}/attendees/${idOf('here@example.com')}/check-in`);
    expect(
      (await owner.send('POST', `/events/${event.uuid}/attendees/${idOf('gone@example.com')}/cancel`)).status,
    ).toBe(200);
    const cancelAfter = await owner.send(
      'POST',
      `/events/${event.uuid}/attendees/${idOf('here@example.com')}/cancel`,
    );
    expect(cancelAfter.body).toEqual({
      message: 'Cannot cancel registration. Attendee has already checked in.',
    });
    const noShow = await owner.send(
      'POST',
      `/events/${event.uuid}/attendees/${idOf('here@example.com')}/no-show`,
    );
    expect(noShow.body).toEqual({ message: 'Cannot mark as no show. Attendee has already checked in.' });
  });

  it('bulk no-show marks everyone not checked in, after confirming the count', async () => {
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) await register(email);
    await owner.send('POST', `/events/${event.uuid}/attendees/${idOf('c@example.com')}/check-in`);
    const preview = await owner.send('GET', `/events/${event.uuid}/bulk-no-show`);
    expect(preview.body).toEqual({ data: { count: 2 } });
    await register('late@example.com');
    const stale = await owner.send('POST', `/events/${event.uuid}/bulk-no-show`, { expected_count: 2 });
    expect(stale.status).toBe(409);
    const done = await owner.send('POST', `/events/${event.uuid}/bulk-no-show`, { expected_count: 3 });
    expect(done.body).toEqual({ message: 'Bulk no-show completed.', success_count: 3, failed_count: 0 });
    const noShows = await owner.send('GET', `/events/${event.uuid}/attendees?status=no_show`);
    expect(noShows.body.meta.total).toBe(3);
  });

  it('adds a walk-in with the registration rules', async () => {
    const bad = await owner.send('POST', `/events/${event.uuid}/attendees`, { email: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toEqual(['The email field must be a valid email address.']);
    const ok = await owner.send('POST', `/events/${event.uuid}/attendees`, registration('walk@example.com'));
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ email: 'walk@example.com', status: 'confirmed' });
    expect(
      (await owner.send('POST', `/events/${event.uuid}/attendees`, registration('walk@example.com'))).status,
    ).toBe(409);
  });

  it('exports CSV with every field, status and times, every field quoted, defusing formulas', async () => {
    await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: { email: 'eve@example.com', first_name: '=HYPERLINK("x")', last_name: 'Smith, Jr.' },
    });
    const res = await owner.send('GET', `/events/${event.uuid}/attendees.csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    // After the byte order mark that keeps Excel reading UTF-8: the fields by their labels.
    expect((res.body as string).startsWith('\uFEFF')).toBe(true);
    const lines = (res.body as string).slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      '"id","Email","First name","Last name","Company","status","registered_at","checked_in_at","checkin_code"',
    );
    const eve = t.app.store.repos.attendees.findForEmail(event.id, 'eve@example.com')!;
    expect(lines[1]).toBe(
      `"${eve.uuid}","eve@example.com","'=HYPERLINK(""x"")","Smith, Jr.","","confirmed","2026-11-21T10:00:00+00:00","","${eve.checkinCode}"`,
    );
  });

  it('exports a name like `x;=1+1;` so that no cell starts with = when a spreadsheet splits on `;`', async () => {
    await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: { email: 'semi@example.com', first_name: 'x;=1+1;', last_name: 'Doe' },
    });
    const res = await owner.send('GET', `/events/${event.uuid}/attendees.csv`);
    const row = (res.body as string).trim().split('\r\n')[1]!;
    expect(row).toContain(`"x;'=1+1;"`);
    // How a German or French spreadsheet reads a .csv: `;` separates, and the quotes do not protect anything.
    for (const cell of row.split(';')) expect(cell.replace(/^"+/, '')).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('imports all or nothing, reporting each bad row', async () => {
    await register('taken@example.com');
    const rows = Array.from({ length: 20 }, (_, i) => registration(`guest${i}@example.com`));
    rows[3] = { ...rows[3]!, email: 'not an email' };
    rows[7] = { ...rows[7]!, first_name: '' };
    rows[12] = registration('TAKEN@example.com');
    const refused = await owner.send('POST', `/events/${event.uuid}/import`, { rows });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: 'Some rows are invalid. Nothing was imported.',
      rows: [
        { row: 4, errors: { email: ['The email field must be a valid email address.'] } },
        { row: 8, errors: { first_name: ['The first name field is required.'] } },
        { row: 13, errors: { email: ['The email has already been taken.'] } },
      ],
    });
    expect((await owner.send('GET', `/events/${event.uuid}/attendees`)).body.meta.total).toBe(1);

    rows[3] = registration('fixed3@example.com');
    rows[7] = registration('fixed7@example.com');
    rows[12] = registration('fixed12@example.com');
    const imported = await owner.send('POST', `/events/${event.uuid}/import`, { rows });
    expect(imported.body).toEqual({ message: 'Imported 20 attendees.', imported: 20 });
    expect((await owner.send('GET', `/events/${event.uuid}/attendees`)).body.meta.total).toBe(21);
  });
});

describe('people and tokens', () => {
  it('owners manage people and their profile visibility', async () => {
    const owner = await setUp();
    const created = await owner.send('POST', '/users', {
      email: 'p@example.com',
      first_name: 'Pat',
      profile_public: true,
      public_fields: ['first_name'],
    });
    expect(created.status).toBe(201);
    expect((await owner.send('GET', `/users/${created.body.data.id}`)).body).toEqual({
      data: created.body.data,
    });
    const missing = await owner.send('GET', '/users/8f14e45f-ceea-467f-a0e6-8f3b1c4b0a61');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'User not found.' });
    const profile = await call(t.app, 'GET', `/public/profile/${created.body.data.profile_code}`);
    expect(profile.body).toEqual({ data: { first_name: 'Pat' } });
    await owner.send('PATCH', `/users/${created.body.data.id}`, { profile_public: false });
    expect((await call(t.app, 'GET', `/public/profile/${created.body.data.profile_code}`)).status).toBe(403);
    expect((await owner.send('GET', '/users')).body.data).toHaveLength(1);
  });

  it('creates a token shown once, which works against the API until deleted', async () => {
    const owner = await setUp();
    const org = t.app.store.repos.organizations.list()[0]!;
    const event = createEvent(t.app, org);
    await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('api@example.com'),
    });
    const attendeeId = t.app.store.repos.attendees.findForEmail(event.id, 'api@example.com')!.uuid;

    const created = await owner.send('POST', '/tokens', {
      name: 'CRM',
      expires: '90d',
      scopes: ['attendees:read'],
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'CRM',
      scopes: ['attendees:read'],
      event_ids: null,
      last_used_at: null,
    });
    const token = created.body.token as string;
    expect((await call(t.app, 'GET', `/api/attendees/${attendeeId}`, { token })).status).toBe(200);

    const listed = await owner.send('GET', '/tokens');
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect(listed.body.data[0].last_used_at).toBe('2026-11-21T10:00:00+00:00');

    expect((await owner.send('POST', '/tokens', { name: 'CRM', expires: '7d' })).body.errors).toEqual({
      name: ['The name has already been taken.'],
    });
    expect((await owner.send('DELETE', `/tokens/${created.body.data.id}`)).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/attendees/${attendeeId}`, { token })).status).toBe(401);
    expect((await owner.send('DELETE', `/tokens/${created.body.data.id}`)).status).toBe(404);
  });
});
