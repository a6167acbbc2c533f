import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import {
  call,
  createEvent,
  createOrganization,
  createUser,
  registration,
  startWithEvent,
  type TestApp,
} from '../helpers/app.ts';
import { signedInMember } from '../helpers/dashboard.ts';
import { startHubAndReplica, type HubAndReplica } from '../helpers/replica.ts';

/**
 * What a kiosk's scan tells beside its refusal, for the kiosk to say what it saw (issue 39): the event a ticket of
 * another event of the organization is for, and whose, when and where a ticket used before was used; and nothing
 * more for a code that is no ticket of the organization's.
 */

let t: TestApp;
let org: Organization;
let event: EventRecord;

beforeEach(async () => {
  ({ t, org, event } = await startWithEvent({ name: 'Open Day', timezone: 'Europe/Paris' }));
});
afterEach(async () => t.close());

const register = (e: EventRecord, email: string, extra: Record<string, unknown> = {}) =>
  call(t.app, 'POST', `/public/events/${e.uuid}/register`, { body: registration(email, extra) });
const codeOf = (e: EventRecord, email: string) =>
  t.app.store.repos.attendees.findForEmail(e.id, email)!.checkinCode;
const scan = (e: EventRecord, code: string) =>
  call(t.app, 'POST', `/kiosk/api/events/${e.uuid}/scan`, { body: { code } });
const badge = (e: EventRecord, body: Record<string, string>) =>
  call(t.app, 'POST', `/kiosk/api/events/${e.uuid}/badge`, { body });

describe('a code the event does not know', () => {
  it('is the bare 404 when no registration of the organization has it', async () => {
    for (const code of ['ARV1:7KQ4MZ2C9TXB', 'NoSuchCode000000']) {
      const res = await scan(event, code);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'You are not registered for this event.' });
    }
  });

  it('names the event a ticket of another event of the organization is for, and no one', async () => {
    const launch = createEvent(t.app, org, { name: 'Launch Night' });
    await register(launch, 'ada@example.com');
    const res = await scan(event, `ARV1:${codeOf(launch, 'ada@example.com')}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      message: 'You are not registered for this event.',
      other_event: { name: 'Launch Night' },
    });
    // Typed as people type it, too; and the other event's ticket is not checked in there.
    expect((await scan(event, codeOf(launch, 'ada@example.com').toLowerCase())).body.other_event).toEqual({
      name: 'Launch Night',
    });
    expect(t.app.store.repos.attendees.findForEmail(launch.id, 'ada@example.com')!.checkedInAt).toBeNull();
  });

  it("says nothing of another organization's event: its ticket is as unknown as a made-up code", async () => {
    const other = createEvent(t.app, createOrganization(t.app, 'Other Org'), { name: 'Secret Gala' });
    await register(other, 'ada@example.com');
    const res = await scan(event, `ARV1:${codeOf(other, 'ada@example.com')}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'You are not registered for this event.' });
    expect(JSON.stringify(res.body)).not.toContain('Secret Gala');
  });

  it('a profile code of a person not registered here names no event', async () => {
    const ada = createUser(t.app, org, { email: 'ada@example.com' });
    await register(createEvent(t.app, org, { name: 'Launch Night' }), 'ada@example.com');
    expect((await scan(event, ada.profileCode)).body).toEqual({
      message: 'You are not registered for this event.',
    });
  });
});

describe('a ticket used before', () => {
  it('says whose (the first name only), when and where: at a kiosk by its code, or by email', async () => {
    await register(event, 'ada@example.com', { company: 'Analytical Engines' });
    const code = codeOf(event, 'ada@example.com');
    t.clock.set('2026-11-21T09:42:05Z');
    expect((await scan(event, `ARV1:${code}`)).status).toBe(200);
    t.clock.advance(60_000);
    const again = await scan(event, `ARV1:${code}`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'You have already checked in at Nov 21, 2026 10:42 AM.',
      checked_in: {
        first_name: 'Ada',
        checked_in_at: '2026-11-21T09:42:05+00:00',
        place: 'kiosk',
        device: null,
      },
    });
    // Nothing else of the person: no last name, email or company.
    for (const secret of ['Lovelace', 'ada@example.com', 'Analytical']) {
      expect(JSON.stringify(again.body)).not.toContain(secret);
    }

    await register(event, 'grace@example.com', { first_name: 'Grace', last_name: 'Hopper' });
    await call(t.app, 'POST', `/public/events/${event.uuid}/check-in`, {
      body: { email: 'grace@example.com' },
    });
    expect((await scan(event, codeOf(event, 'grace@example.com'))).body.checked_in).toMatchObject({
      first_name: 'Grace',
      place: 'kiosk',
    });
  });

  it('at the desk', async () => {
    await register(event, 'ada@example.com');
    const code = codeOf(event, 'ada@example.com');
    const staff = await signedInMember(t.app, org, 'staff');
    expect((await staff.send('POST', `/events/${event.uuid}/scan`, { code })).status).toBe(200);
    expect((await scan(event, code)).body.checked_in).toEqual({
      first_name: 'Ada',
      checked_in_at: '2026-11-21T10:00:00+00:00',
      place: 'desk',
      device: null,
    });
  });

  it('with no first name where the event asks none, and no place where the check-in is older than places', async () => {
    const named = createEvent(t.app, org, {
      registration_fields: [
        { key: 'email', label: 'Email', type: 'email', required: true },
        { key: 'name', label: 'Name', type: 'text', required: true },
      ],
    });
    const bare = createEvent(t.app, org, {
      registration_fields: [{ key: 'email', label: 'Email', type: 'email', required: true }],
    });
    await call(t.app, 'POST', `/public/events/${named.uuid}/register`, {
      body: { email: 'ada@example.com', name: '  Ada  King Lovelace' },
    });
    await call(t.app, 'POST', `/public/events/${bare.uuid}/register`, { body: { email: 'ada@example.com' } });
    for (const e of [named, bare]) await scan(e, codeOf(e, 'ada@example.com'));
    expect((await scan(named, codeOf(named, 'ada@example.com'))).body.checked_in.first_name).toBe('Ada');
    expect((await scan(bare, codeOf(bare, 'ada@example.com'))).body.checked_in.first_name).toBeNull();

    // A check-in recorded before check-in lists has no detail, so no way.
    t.app.store.db.prepare('UPDATE attendee_facts SET detail = NULL').run();
    expect((await scan(bare, codeOf(bare, 'ada@example.com'))).body.checked_in).toMatchObject({
      first_name: null,
      place: null,
      device: null,
    });
  });
});

describe('the badge of a scanned code', () => {
  it('is given shortly after the check-in (its own screen), never to a code shown again later', async () => {
    await register(event, 'ada@example.com');
    const code = `ARV1:${codeOf(event, 'ada@example.com')}`;
    expect((await scan(event, code)).status).toBe(200);
    expect((await badge(event, { code })).status).toBe(200);
    t.clock.advance(5 * 60_000);
    expect((await badge(event, { code })).status).toBe(200);
    t.clock.advance(1_000);
    expect(await badge(event, { code })).toMatchObject({
      status: 404,
      body: { message: 'No checked-in registration of this event matches: check in first.' },
    });
    // By the email typed at an "already checked in" screen, as before.
    expect((await badge(event, { email: 'ada@example.com' })).status).toBe(200);
  });
});

describe('between a hub and its replica kiosk', () => {
  let door: HubAndReplica;
  beforeEach(async () => {
    // The kiosk's first request starts its loops: a held pull, as a kiosk's, not pulls back to back, which would
    // spend its sync limit at the hub within the test.
    door = await startHubAndReplica({ longPollMs: 25_000 });
  });
  afterEach(() => door.close());

  it('each knows where the other checked a ticket in: the kiosk by its name at the hub, the desk at the kiosk', async () => {
    const { hub, event: shared, replica } = door;
    for (const email of ['ada@example.com', 'grace@example.com']) {
      await call(hub.app, 'POST', `/public/events/${shared.uuid}/register`, { body: registration(email) });
    }
    const code = (email: string) => hub.app.store.repos.attendees.findForEmail(shared.id, email)!.checkinCode;
    await replica.ctx.replica!.syncNow();
    const scanAt = (app: typeof replica, text: string) =>
      call(app, 'POST', `/kiosk/api/events/${shared.uuid}/scan`, { body: { code: text } });

    // Ada scans at the kiosk; Grace is checked in at the hub's desk.
    expect((await scanAt(replica, code('ada@example.com'))).status).toBe(200);
    const staff = await signedInMember(hub.app, hub.app.store.repos.organizations.list()[0]!, 'staff');
    expect(
      (await staff.send('POST', `/events/${shared.uuid}/scan`, { code: code('grace@example.com') })).status,
    ).toBe(200);
    await replica.ctx.replica!.syncNow();

    expect((await scanAt(hub.app, code('ada@example.com'))).body.checked_in).toMatchObject({
      place: 'kiosk',
      device: 'Door 2',
    });
    expect((await scanAt(replica, code('grace@example.com'))).body.checked_in).toMatchObject({
      first_name: 'Ada',
      place: 'desk',
      device: null,
    });
  });
});
