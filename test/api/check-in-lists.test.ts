/**
 * Check-in lists over HTTP (issue 38's contract, byte for byte): managing lists, every answer of a scan on a list
 * with its reason and message, the kiosk's door, who is inside, a person's history, a list's export, webhooks, and
 * the default list keeping today's check-in.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../server/platform/database.ts';
import { migrations } from '../../server/platform/migrations/index.ts';
import { checkInLists } from '../../server/platform/migrations/032_check_in_lists.ts';
import { sql as lighterWrites } from '../../server/platform/migrations/035_lighter_writes.ts';
import { defaultListUuid } from '../../server/lists/list.rules.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import {
  call,
  createEvent,
  createOrganization,
  createToken,
  registration,
  startTestApp,
  tempDataDir,
  testClock,
  type TestApp,
} from '../helpers/app.ts';
import { signedInMember } from '../helpers/dashboard.ts';
import { createEndpoint } from '../helpers/webhooks.ts';

const FIELDS = [
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'first_name', label: 'First name', type: 'text', required: true },
  { key: 'last_name', label: 'Last name', type: 'text', required: true },
  { key: 'company', label: 'Company', type: 'text', required: false },
  {
    key: 'ticket',
    label: 'Ticket',
    type: 'select',
    required: false,
    options: [
      { value: 'workshop_a', label: 'Workshop A' },
      { value: 'workshop_b', label: 'Workshop B' },
      { value: 'general', label: 'General' },
    ],
  },
] as const;

let t: TestApp;
let org: Organization;
let event: EventRecord;
let token: string;

/** A fresh app with the scene: an organization, its event in Paris with a ticket choice, a token. */
async function startScene(options: Parameters<typeof startTestApp>[0] = {}) {
  t = await startTestApp(options);
  org = createOrganization(t.app);
  event = createEvent(t.app, org, {
    name: 'Trade Fair',
    timezone: 'Europe/Paris',
    registration_fields: FIELDS as never,
  });
  token = createToken(t.app, org);
}

/** The scene again, with the webhook outbox as the changes wrote it: nothing sends or expands it meanwhile. */
async function withoutDispatch() {
  await t.close();
  await startScene({ webhooks: { autoDispatch: false } });
}

beforeEach(() => startScene());
afterEach(() => t.close());

const base = (e: EventRecord = event) => `/api/events/${e.uuid}/check-in-lists`;
const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, extra = {}) =>
  call(t.app, method, url, { token, body, ...extra });

/** Someone registered on the event page: their UUID and check-in code. */
async function person(email: string, answers: Record<string, string> = {}, e: EventRecord = event) {
  const done = await call(t.app, 'POST', `/public/events/${e.uuid}/register`, {
    body: registration(email, { last_name: email.split('@')[0], ...answers }),
  });
  expect(done.status).toBe(201);
  const row = t.app.store.repos.attendees.findForEmail(e.id, email)!;
  return { uuid: row.uuid, code: `ARV1:${row.checkinCode}`, name: row.name };
}

async function createList(body: Record<string, unknown>) {
  const created = await api('POST', base(), body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { id: string; name: string };
}

const scanOn = (listId: string, body: Record<string, unknown>, extra = {}) =>
  api('POST', `${base()}/${listId}/scans`, body, extra);

/** The next second: scans of one person come in the order they were made. */
const tick = (seconds = 1) => t.clock.advance(seconds * 1000);

const defaultId = () => defaultListUuid(event.uuid);

describe('managing lists', () => {
  it('every event has its default list, Main entrance, first; a new list takes the defaults', async () => {
    const lists = await api('GET', base());
    expect(lists.status).toBe(200);
    expect(lists.body.data).toEqual([
      {
        id: defaultId(),
        name: 'Main entrance',
        is_default: true,
        admits: null,
        windows: [],
        entry_rule: 'once',
        exits_scanned: false,
        auto_checkout_at: null,
        capacity: null,
        inside_now: 0,
        created_at: expect.stringMatching(/\+00:00$/),
        updated_at: expect.stringMatching(/\+00:00$/),
      },
    ]);
    const created = await api('POST', base(), { name: 'Workshop A' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Workshop A',
      is_default: false,
      admits: null,
      windows: [],
      entry_rule: 'once',
      exits_scanned: false,
      auto_checkout_at: null,
      capacity: null,
      inside_now: 0,
    });
    const shown = await api('GET', `${base()}/${created.body.data.id}`);
    expect(shown.body.data).toEqual(created.body.data);
    expect((await api('GET', base())).body.data.map((l: { name: string }) => l.name)).toEqual([
      'Main entrance',
      'Workshop A',
    ]);
  });

  it('refuses what the contract refuses, under the field it names', async () => {
    await createList({ name: 'Workshop A' });
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'name'],
      [{ name: 'workshop a' }, 'name'],
      [{ name: 'W', admits: { field: 'company', values: ['x'] } }, 'admits.field'],
      [{ name: 'W', admits: { field: 'ticket', values: ['general', 'vip'] } }, 'admits.values.1'],
      [{ name: 'W', admits: { field: 'ticket', values: [] } }, 'admits.values'],
      [{ name: 'W', windows: [{ from: '2026-11-21T12:00', until: '2026-11-21T09:00' }] }, 'windows.0.until'],
      [{ name: 'W', windows: [{ from: '2026-11-21 09:00', until: '2026-11-21T12:00' }] }, 'windows.0.from'],
      [{ name: 'W', entry_rule: 'twice' }, 'entry_rule'],
      [{ name: 'W', auto_checkout_at: '25:00' }, 'auto_checkout_at'],
      [{ name: 'W', capacity: 0 }, 'capacity'],
      [{ name: 'W', capacity: 1_000_001 }, 'capacity'],
      [{ name: 'x'.repeat(256) }, 'name'],
      [{ name: 'W', exits_scanned: 'yes' }, 'exits_scanned'],
      [
        {
          name: 'W',
          windows: Array.from({ length: 51 }, (_, i) => ({
            from: `2026-11-21T09:${String(i).padStart(2, '0')}`,
            until: `2026-11-21T10:${String(i).padStart(2, '0')}`,
          })),
        },
        'windows',
      ],
    ];
    for (const [body, field] of cases) {
      const refused = await api('POST', base(), body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.message).toBe('The given data was invalid.');
      expect(Object.keys(refused.body.errors), JSON.stringify(body)).toContain(field);
    }
    // The words of a window's two refusals, which the dashboard shows in its language (shared/i18n/refusals.ts).
    const [backwards, spaced] = [cases[5]![0], cases[6]![0]];
    expect((await api('POST', base(), backwards)).body.errors['windows.0.until']).toEqual([
      'The until field must be a time after from.',
    ]);
    expect((await api('POST', base(), spaced)).body.errors['windows.0.from']).toEqual([
      'The windows.0.from field must be a wall-clock time such as 2026-11-21T09:00.',
    ]);
  });

  it('at most 100 lists per event', async () => {
    for (let i = 1; i < 100; i++) await createList({ name: `Door ${i}` });
    const refused = await api('POST', base(), { name: 'One too many' });
    expect(refused).toMatchObject({
      status: 422,
      body: { message: 'An event can have at most 100 check-in lists.' },
    });
  });

  it('PATCH changes only the keys sent; the default list keeps the event’s check-in rules', async () => {
    const list = await createList({ name: 'Terrace', exits_scanned: true, capacity: 40 });
    const edited = await api('PATCH', `${base()}/${list.id}`, { capacity: 30 });
    expect(edited.body.data).toMatchObject({ name: 'Terrace', exits_scanned: true, capacity: 30 });
    const renamed = await api('PATCH', `${base()}/${defaultId()}`, {
      name: 'North door',
      exits_scanned: true,
      auto_checkout_at: '03:00',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      name: 'North door',
      exits_scanned: true,
      auto_checkout_at: '03:00',
    });
    for (const body of [
      { capacity: 10 },
      { entry_rule: 'every_time' },
      { windows: [] as unknown[] },
      { admits: null },
    ]) {
      const fixed = await api('PATCH', `${base()}/${defaultId()}`, {
        ...body,
        ...(body.windows ? { windows: [{ from: '2026-11-21T09:00', until: '2026-11-21T10:00' }] } : {}),
        ...('admits' in body ? { admits: { field: 'ticket', values: ['general'] } } : {}),
      });
      expect(fixed.body.message, JSON.stringify(body)).toBe(
        "The default list keeps the event's check-in rules: only its name, exits_scanned and auto_checkout_at can change.",
      );
      expect(fixed.status).toBe(422);
    }
  });

  it('DELETE takes the list away, keeps its scans in people’s history, and never the default list', async () => {
    const ada = await person('ada@example.com');
    const list = await createList({ name: 'Workshop A' });
    expect((await scanOn(list.id, { code: ada.code })).body.data.result).toBe('admitted');
    const deleted = await api('DELETE', `${base()}/${list.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Check-in list deleted.' } });
    expect((await api('GET', `${base()}/${list.id}`)).body).toEqual({ message: 'Check-in list not found.' });
    const history = await api('GET', `/api/events/${event.uuid}/attendees/${ada.uuid}/scans`);
    expect(history.body.data.map((s: { list: unknown }) => s.list)).toEqual([
      { id: list.id, name: 'Workshop A' },
    ]);
    expect((await api('GET', `/api/events/${event.uuid}/inside-now`)).body.data.inside_now).toBe(0);
    expect(await api('DELETE', `${base()}/${defaultId()}`)).toMatchObject({
      status: 422,
      body: { message: 'The default list cannot be deleted.' },
    });
    // A new list may take the deleted one's name.
    expect((await api('POST', base(), { name: 'Workshop A' })).status).toBe(201);
  });
});

describe('who may call, on every token route', () => {
  it('401, 403 without the scope named, 403 Access denied outside a restricted token, 404 for an event or a list not the event’s', async () => {
    const other = createEvent(t.app, org, { name: 'Other night' });
    const foreign = createEvent(t.app, createOrganization(t.app), { name: 'Foreign' });
    const list = await createList({ name: 'Workshop A', exits_scanned: true });
    const ada = await person('ada@example.com');
    const otherList = (await api('POST', base(other), { name: 'Elsewhere' })).body.data.id as string;
    const routes: {
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
      path: (e: EventRecord, l: string) => string;
      scope: string;
      body?: unknown;
    }[] = [
      { method: 'GET', path: (e) => base(e), scope: 'events:read' },
      { method: 'POST', path: (e) => base(e), scope: 'events:write', body: { name: 'New' } },
      { method: 'GET', path: (e, l) => `${base(e)}/${l}`, scope: 'events:read' },
      { method: 'PATCH', path: (e, l) => `${base(e)}/${l}`, scope: 'events:write', body: { capacity: 5 } },
      {
        method: 'POST',
        path: (e, l) => `${base(e)}/${l}/scans`,
        scope: 'attendees:write',
        body: { code: ada.code },
      },
      { method: 'GET', path: (e) => `/api/events/${e.uuid}/inside-now`, scope: 'events:read' },
      { method: 'GET', path: (e, l) => `${base(e)}/${l}/inside`, scope: 'attendees:read' },
      {
        method: 'GET',
        path: (e) => `/api/events/${e.uuid}/attendees/${ada.uuid}/scans`,
        scope: 'attendees:read',
      },
      { method: 'GET', path: (e, l) => `${base(e)}/${l}/scans.csv`, scope: 'attendees:read' },
      { method: 'DELETE', path: (e, l) => `${base(e)}/${l}`, scope: 'events:write' },
    ];
    const restricted = createToken(t.app, org, { eventIds: [other.uuid] });
    for (const route of routes) {
      const url = route.path(event, list.id);
      const name = `${route.method} ${url}`;
      expect((await call(t.app, route.method, url, { body: route.body })).status, name).toBe(401);
      const scopeless = createToken(t.app, org, {
        scopes: (['events:read', 'events:write', 'attendees:read', 'attendees:write'] as const).filter(
          (scope) => scope !== route.scope,
        ),
      });
      expect(
        await call(t.app, route.method, url, { token: scopeless, body: route.body }),
        name,
      ).toMatchObject({
        status: 403,
        body: { message: 'Token does not have required permissions.' },
      });
      expect(
        await call(t.app, route.method, url, { token: restricted, body: route.body }),
        name,
      ).toMatchObject({
        status: 403,
        body: { message: 'Access denied.' },
      });
      expect(await api(route.method, route.path(foreign, list.id), route.body), name).toMatchObject({
        status: 404,
        body: { message: 'Event not found.' },
      });
      if (route.path(event, 'x') !== route.path(event, 'y')) {
        expect(await api(route.method, route.path(event, otherList), route.body), name).toMatchObject({
          status: 404,
          body: { message: 'Check-in list not found.' },
        });
      }
    }
    const unknown = await api(
      'GET',
      `/api/events/${event.uuid}/attendees/6f1c7d3e-1111-4222-8333-944455556666/scans`,
    );
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Attendee not found.' } });
  });

  it('the dashboard: staff read and scan, only owners change lists', async () => {
    const staff = await signedInMember(t.app, org, 'staff');
    const owner = await signedInMember(t.app, org, 'owner');
    const path = `/events/${event.uuid}/check-in-lists`;
    expect((await staff.send('GET', path)).status).toBe(200);
    expect(await staff.send('POST', path, { name: 'Desk list' })).toMatchObject({
      status: 403,
      body: { message: 'Only organization owners can do this.' },
    });
    const created = await owner.send('POST', path, { name: 'Desk list' });
    expect(created.status).toBe(201);
    const id = (created.body as { data: { id: string } }).data.id;
    expect((await staff.send('PATCH', `${path}/${id}`, { capacity: 2 })).status).toBe(403);
    expect((await staff.send('DELETE', `${path}/${id}`)).status).toBe(403);
    const ada = await person('ada@example.com');
    const scanned = await staff.send('POST', `${path}/${id}/scans`, { attendee_id: ada.uuid });
    expect(scanned.body).toMatchObject({ message: `Welcome, ${ada.name}.`, data: { result: 'admitted' } });
    const history = await staff.send('GET', `/events/${event.uuid}/attendees/${ada.uuid}/scans`);
    expect((history.body as { data: unknown[] }).data[0]).toMatchObject({
      via: 'desk',
      staff: { name: 'Sam Member' },
      device: null,
    });
    expect((await staff.send('GET', `/events/${event.uuid}/inside-now`)).body).toMatchObject({
      data: { inside_now: 1 },
    });
    const chart = await staff.send('GET', `/events/${event.uuid}/inside-now/chart`);
    expect(chart.status).toBe(200);
  });
});

describe('scanning on a list: every answer of the contract', () => {
  it('goes row by row, with the contract’s messages', async () => {
    const ada = await person('ada@example.com', { ticket: 'workshop_a', company: 'Analytical Engines' });
    const grace = await person('grace@example.com', { ticket: 'workshop_b' });
    const alan = await person('alan@example.com', { ticket: 'general' });
    const a = await createList({
      name: 'Workshop A',
      admits: { field: 'ticket', values: ['workshop_a'] },
      capacity: 1,
      exits_scanned: true,
    });
    await createList({
      name: 'Workshop B',
      admits: { field: 'ticket', values: ['workshop_b', 'workshop_a'] },
    });

    const unknown = await scanOn(a.id, { code: 'ARV1:NoSuchCode' });
    expect(unknown.body).toEqual({
      message: 'No registration for this event has this code.',
      data: {
        result: 'unknown_code',
        accepted: false,
        forced: false,
        direction: 'entry',
        scan_id: null,
        scanned_at: '2026-11-21T10:00:00+00:00',
        list: { id: a.id, name: 'Workshop A' },
        attendee: null,
        entered_at: null,
        belongs_to: [],
        opens_at: null,
        inside_now: 0,
        capacity: 1,
      },
    });

    const notOn = await scanOn(a.id, { code: grace.code });
    expect(notOn.body.message).toBe('Not on Workshop A. Go to Main entrance, Workshop B.');
    expect(notOn.body.data).toMatchObject({
      result: 'not_on_list',
      accepted: false,
      belongs_to: [{ id: defaultId(), name: 'Main entrance' }, { name: 'Workshop B' }],
      attendee: { id: grace.uuid, status: 'confirmed' },
    });

    const welcome = await scanOn(a.id, { code: ada.code });
    expect(welcome.body.message).toBe('Welcome, Ada ada.');
    expect(welcome.body.data).toMatchObject({
      result: 'admitted',
      accepted: true,
      forced: false,
      scan_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      attendee: {
        id: ada.uuid,
        name: 'Ada ada',
        company: 'Analytical Engines',
        status: 'confirmed',
        checked_in_at: null,
      },
      inside_now: 1,
      capacity: 1,
    });

    tick(12 * 60);
    const again = await scanOn(a.id, { code: ada.code });
    // 10:00 UTC is 11:00 in Paris.
    expect(again.body).toMatchObject({
      message: 'Already entered at Nov 21, 2026 11:00 AM.',
      data: { result: 'already_entered', accepted: false, entered_at: '2026-11-21T10:00:00+00:00' },
    });

    const full = await scanOn(a.id, { attendee_id: grace.uuid, force: false });
    expect(full.body.data.result).toBe('not_on_list');
    const b = (await api('GET', base())).body.data[2].id as string;
    await api('PATCH', `${base()}/${b}`, { capacity: 1 });
    tick();
    expect((await scanOn(b, { code: grace.code })).body.data.result).toBe('admitted');
    tick();
    const isFull = await scanOn(b, { code: ada.code });
    expect(isFull.body).toMatchObject({
      message: 'Workshop B is full.',
      data: { result: 'full', inside_now: 1, capacity: 1 },
    });

    tick();
    const goodbye = await scanOn(a.id, { code: ada.code, direction: 'exit' });
    expect(goodbye.body).toMatchObject({
      message: 'Goodbye, Ada ada.',
      data: { result: 'exit_recorded', accepted: true, direction: 'exit', inside_now: 0 },
    });
    tick();
    const back = await scanOn(a.id, { code: ada.code });
    expect(back.body).toMatchObject({
      message: 'Welcome back, Ada ada.',
      data: { result: 'reentered', accepted: true },
    });

    // An exit is recorded for anyone of the event, inside or not; only an unknown code refuses it.
    tick();
    expect((await scanOn(a.id, { code: alan.code, direction: 'exit' })).body.data.result).toBe(
      'exit_recorded',
    );
    expect((await scanOn(a.id, { code: 'ARV1:Nobody', direction: 'exit' })).body.data.result).toBe(
      'unknown_code',
    );
    // A list that does not scan exits refuses one.
    expect(await scanOn(b, { code: ada.code, direction: 'exit' })).toMatchObject({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { direction: ['This list does not scan exits.'] },
      },
    });
  });

  it('cancelled and pending registrations are refused, even forced', async () => {
    const pendingEvent = createEvent(t.app, org, { name: 'Gala', requires_approval: true });
    const pending = await person('pat@example.com', {}, pendingEvent);
    const main = defaultListUuid(pendingEvent.uuid);
    const refused = await api('POST', `${base(pendingEvent)}/${main}/scans`, {
      attendee_id: pending.uuid,
      force: true,
    });
    expect(refused.body).toMatchObject({
      message: 'Your registration is awaiting approval. Please check in with event staff.',
      data: { result: 'pending', accepted: false, forced: false },
    });
    const gone = await person('gone@example.com');
    await call(t.app, 'POST', `/public/events/${event.uuid}/cancel`, { body: { email: 'gone@example.com' } });
    const cancelled = await scanOn(defaultId(), { code: gone.code, force: true });
    expect(cancelled.body).toMatchObject({
      message: 'Your registration has been cancelled. Please see event staff.',
      data: { result: 'canceled', accepted: false },
    });
  });

  it('not_now: outside every window it says when the list opens, or that it is closed', async () => {
    const list = await createList({
      name: 'Workshop A',
      windows: [{ from: '2026-11-21T14:00', until: '2026-11-21T15:30' }],
    });
    const ada = await person('ada@example.com');
    const early = await scanOn(list.id, { code: ada.code });
    expect(early.body).toMatchObject({
      message: 'Workshop A opens at Nov 21, 2026 2:00 PM.',
      data: { result: 'not_now', opens_at: '2026-11-21T13:00:00+00:00', accepted: false },
    });
    t.clock.set('2026-11-21T14:31:00Z');
    const late = await scanOn(list.id, { code: ada.code });
    expect(late.body).toMatchObject({
      message: 'Workshop A is closed now.',
      data: { result: 'not_now', opens_at: null },
    });
    // Force admits anyway, recorded as forced.
    const forced = await scanOn(list.id, { code: ada.code, force: true });
    expect(forced.body).toMatchObject({
      message: 'Welcome, Ada ada.',
      data: { result: 'admitted', forced: true, accepted: true },
    });
    const history = await api('GET', `/api/events/${event.uuid}/attendees/${ada.uuid}/scans`);
    expect(history.body.data[0]).toMatchObject({ forced: true, via: 'api', staff: null });
  });

  it('force admits over already_entered and full, flagged; never over an unknown code', async () => {
    const list = await createList({ name: 'Workshop A', capacity: 1 });
    const ada = await person('ada@example.com');
    const grace = await person('grace@example.com');
    await scanOn(list.id, { code: ada.code });
    tick();
    const overFull = await scanOn(list.id, { code: grace.code, force: true });
    expect(overFull.body.data).toMatchObject({ result: 'admitted', forced: true, inside_now: 2 });
    tick();
    const again = await scanOn(list.id, { code: ada.code, force: true });
    expect(again.body.data).toMatchObject({ result: 'admitted', forced: true });
    const history = (await api('GET', `/api/events/${event.uuid}/attendees/${grace.uuid}/scans`)).body.data;
    expect(history[0]).toMatchObject({ forced: true, over_capacity: true, duplicate: false });
    const adaHistory = (await api('GET', `/api/events/${event.uuid}/attendees/${ada.uuid}/scans`)).body.data;
    // Let in again while inside, on a list that admits once: kept, a duplicate, counting for nothing.
    expect(adaHistory.map((s: { duplicate: boolean }) => s.duplicate)).toEqual([false, true]);
    expect((await scanOn(list.id, { code: 'ARV1:Nobody', force: true })).body.data.result).toBe(
      'unknown_code',
    );
  });

  it('a no-show admitted on any list becomes confirmed', async () => {
    const ada = await person('ada@example.com');
    await api('POST', `/api/events/${event.uuid}/attendees/${ada.uuid}/no-show`);
    const list = await createList({ name: 'Workshop A' });
    const admitted = await scanOn(list.id, { code: ada.code });
    expect(admitted.body.data).toMatchObject({
      result: 'admitted',
      attendee: { status: 'confirmed', checked_in_at: null },
    });
  });

  it('exactly one of code and attendee_id, else 422 under code', async () => {
    const ada = await person('ada@example.com');
    for (const body of [{}, { code: ada.code, attendee_id: ada.uuid }, { code: 'not a code!' }]) {
      const refused = await scanOn(defaultId(), body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.message).toBe('The given data was invalid.');
      expect(Object.keys(refused.body.errors)).toEqual(['code']);
    }
    expect((await scanOn(defaultId(), { attendee_id: 'not-a-uuid' })).status).toBe(422);
    expect((await scanOn(defaultId(), { code: ada.code, direction: 'sideways' })).body.errors).toHaveProperty(
      'direction',
    );
  });

  it('Idempotency-Key: the same key answers the first answer again and records nothing more', async () => {
    const list = await createList({ name: 'Workshop A', exits_scanned: true });
    const ada = await person('ada@example.com');
    const key = { headers: { 'idempotency-key': 'retry-0123456789abcdef' } };
    const first = await scanOn(list.id, { code: ada.code }, key);
    tick(30);
    const second = await scanOn(list.id, { code: ada.code }, key);
    expect(second.body).toEqual(first.body);
    // The same key on another list or direction is another scan.
    tick();
    expect((await scanOn(list.id, { code: ada.code, direction: 'exit' }, key)).body.data.result).toBe(
      'exit_recorded',
    );
    const scans = (await api('GET', `/api/events/${event.uuid}/attendees/${ada.uuid}/scans`)).body.data;
    expect(scans).toHaveLength(2);
    expect(
      (await scanOn(list.id, { code: ada.code }, { headers: { 'idempotency-key': 'short' } })).body.errors,
    ).toHaveProperty('idempotency_key');
    // On the kiosk's scan too.
    const kiosk = `/kiosk/api/events/${event.uuid}/check-in-lists/${list.id}/scan`;
    const grace = await person('grace@example.com');
    const kioskKey = { 'idempotency-key': 'kiosk-0123456789abcdef' };
    const one = await call(t.app, 'POST', kiosk, { body: { code: grace.code }, headers: kioskKey });
    tick(5);
    const two = await call(t.app, 'POST', kiosk, { body: { code: grace.code }, headers: kioskKey });
    expect(two.body).toEqual(one.body);
    expect(
      (await api('GET', `/api/events/${event.uuid}/attendees/${grace.uuid}/scans`)).body.data,
    ).toHaveLength(1);
  });
});

describe('the default list keeps today’s check-in', () => {
  it('today’s check-ins are its entries; checked_in_at is the first standing entry; an undo at the desk undoes them', async () => {
    await api('PATCH', `${base()}/${defaultId()}`, { exits_scanned: true });
    const ada = await person('ada@example.com');
    const checkedIn = await call(t.app, 'POST', `/public/events/${event.uuid}/check-in`, {
      body: { email: 'ada@example.com' },
    });
    expect(checkedIn.status).toBe(200);
    expect((await api('GET', `/api/events/${event.uuid}/inside-now`)).body.data).toEqual({
      inside_now: 1,
      lists: [{ id: defaultId(), name: 'Main entrance', inside_now: 1, capacity: null }],
    });
    tick();
    expect((await scanOn(defaultId(), { code: ada.code })).body.data.result).toBe('already_entered');
    expect((await scanOn(defaultId(), { code: ada.code, direction: 'exit' })).body.data.inside_now).toBe(0);
    tick();
    const back = await scanOn(defaultId(), { code: ada.code });
    expect(back.body.data).toMatchObject({
      result: 'reentered',
      attendee: { checked_in_at: '2026-11-21T10:00:00+00:00' },
    });
    // Today's check-in answers as it did.
    const again = await call(t.app, 'POST', `/public/events/${event.uuid}/check-in`, {
      body: { email: 'ada@example.com' },
    });
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'You have already checked in at Nov 21, 2026 11:00 AM.' },
    });
    const history = (await api('GET', `/api/events/${event.uuid}/attendees/${ada.uuid}/scans`)).body.data;
    expect(history.map((s: { result: string; via: string }) => [s.result, s.via])).toEqual([
      ['admitted', 'self'],
      ['exit_recorded', 'api'],
      ['reentered', 'api'],
    ]);
    const owner = await signedInMember(t.app, org, 'owner');
    const undone = await owner.send('POST', `/events/${event.uuid}/attendees/${ada.uuid}/undo-check-in`);
    expect(undone.status).toBe(200);
    const after = (await api('GET', `/api/events/${event.uuid}/attendees/${ada.uuid}/scans`)).body.data;
    expect(after.map((s: { undone: boolean }) => s.undone)).toEqual([true, false, true]);
    expect((await api('GET', `/api/events/${event.uuid}/inside-now`)).body.data.inside_now).toBe(0);
    expect((await api('GET', `/api/attendees/${ada.uuid}`)).body.data.checked_in_at).toBeNull();
  });

  it('an event that existed before lists gets its default list, holding its check-ins as its first entries', async () => {
    const dir = tempDataDir();
    try {
      // The schema as it was before check-in lists, with an event and a checked-in registration.
      const db = new Database(`${dir}/${DATABASE_FILE}`);
      const before = migrations.indexOf(checkInLists);
      db.transaction(() => {
        for (const migration of migrations.slice(0, before)) {
          if (typeof migration === 'string') db.exec(migration);
          else migration(db);
        }
        db.pragma(`user_version = ${before}`);
        db.exec(`INSERT INTO organizations (uuid, name, slug, created_at) VALUES ('o1', 'Old', 'old', '2026-11-01T00:00:00+00:00');
          INSERT INTO events (uuid, organization_id, name, timezone, checkin_period_type, registration_fields, created_at, updated_at)
            VALUES ('3f1c7d3e-1111-4222-8333-944455556666', 1, 'Old', 'UTC', 'immediate', '[]', '2026-11-01T00:00:00+00:00', '2026-11-01T00:00:00+00:00');
          INSERT INTO registrations (uuid, id, event_id, email, email_key, name, answers, status, registered_at, op_id, checkin_code)
            VALUES ('r1', 1, 1, 'old@example.com', 'old@example.com', 'Old Timer', '{}', 'confirmed', '2026-11-02T00:00:00.000Z', 'op-r1', 'CODE1');
          INSERT INTO attendee_facts (op_id, event_id, subject, kind, at) VALUES ('op-c1', 1, 'r1', 'check_in', '2026-11-03T00:00:00.000Z');
          INSERT INTO ledger_rebuild (event_id, email_key) VALUES (1, 'old@example.com');`);
      })();
      db.close();
      const old = await startTestApp({ dataDir: dir, clock: testClock() });
      try {
        const oldOrg = old.app.store.repos.organizations.findById(1)!;
        const oldToken = createToken(old.app, oldOrg);
        const inside = await call(
          old.app,
          'GET',
          '/api/events/3f1c7d3e-1111-4222-8333-944455556666/inside-now',
          { token: oldToken },
        );
        expect(inside.body.data).toEqual({
          inside_now: 1,
          lists: [
            {
              id: defaultListUuid('3f1c7d3e-1111-4222-8333-944455556666'),
              name: 'Main entrance',
              inside_now: 1,
              capacity: null,
            },
          ],
        });
        const history = await call(
          old.app,
          'GET',
          '/api/events/3f1c7d3e-1111-4222-8333-944455556666/attendees/r1/scans',
          { token: oldToken },
        );
        expect(history.body.data).toEqual([
          expect.objectContaining({
            result: 'admitted',
            direction: 'entry',
            via: 'desk',
            scanned_at: '2026-11-03T00:00:00+00:00',
          }),
        ]);
      } finally {
        await old.app.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it('a node upgraded to lighter writes keeps who is inside, its counts and its edits (migration 035)', async () => {
    const dir = tempDataDir();
    const EVENT = '3f1c7d3e-1111-4222-8333-944455556666';
    const ADA = '0a0a0a0a-1111-4222-8333-000000000001';
    const GRACE = '0a0a0a0a-1111-4222-8333-000000000002';
    // The registration a kiosk knew Ada by when it corrected her address, which this node never heard of.
    const ALIAS = '0a0a0a0a-1111-4222-8333-000000000003';
    try {
      // The schema just before, with Grace checked in (inside the default list and the event) and Ada's address
      // corrected by an edit that names her registration among the ones it was about.
      const db = new Database(`${dir}/${DATABASE_FILE}`);
      const before = migrations.indexOf(lighterWrites);
      db.transaction(() => {
        for (const migration of migrations.slice(0, before)) {
          if (typeof migration === 'string') db.exec(migration);
          else migration(db);
        }
        db.pragma(`user_version = ${before}`);
        const history = JSON.stringify([
          {
            from: '2026-11-01T00:00:00.000Z',
            admits: null,
            windows: [],
            entry_rule: 'once',
            exits_scanned: false,
            auto_checkout_at: null,
            capacity: null,
          },
        ]);
        db.exec(`INSERT INTO organizations (uuid, name, slug, created_at) VALUES ('o1', 'Old', 'old', '2026-11-01T00:00:00+00:00');
          INSERT INTO events (uuid, organization_id, name, timezone, checkin_period_type, registration_fields, created_at, updated_at)
            VALUES ('${EVENT}', 1, 'Old', 'UTC', 'immediate', '[]', '2026-11-01T00:00:00+00:00', '2026-11-01T00:00:00+00:00');
          INSERT INTO check_in_lists (uuid, event_id, name, is_default, history, created_at, updated_at)
            VALUES ('${defaultListUuid(EVENT)}', 1, 'Main entrance', 1, '${history}', '2026-11-01T00:00:00+00:00', '2026-11-01T00:00:00+00:00');
          INSERT INTO registrations (uuid, id, event_id, email, email_key, name, answers, status, registered_at, op_id, checkin_code)
            VALUES ('${ADA}', 1, 1, 'ada@exmaple.com', 'ada@example.com', 'Ada Lovelace', '{}', 'confirmed', '2026-11-02T00:00:00.000Z', 'op-r1', 'CODE1'),
                   ('${GRACE}', 2, 1, 'grace@example.com', 'grace@example.com', 'Grace Hopper', '{}', 'confirmed', '2026-11-02T00:00:00.000Z', 'op-r2', 'CODE2');
          INSERT INTO attendee_facts (op_id, event_id, subject, kind, at, names, detail) VALUES
            ('op-e1', 1, '${ALIAS}', 'edit', '2026-11-02T01:00:00.000Z', '["${ALIAS}", "${ADA}"]',
             '{"fields":{"email":"ada@example.com"},"via":"desk","staff":null}'),
            ('op-c2', 1, '${GRACE}', 'check_in', '2026-11-03T00:00:00.000Z', '[]', NULL);
          INSERT INTO list_presence (list_id, event_id, email_key, attendee_uuid, entered_at, entry_op, checkout_at)
            VALUES (1, 1, 'grace@example.com', '${GRACE}', '2026-11-03T00:00:00.000Z', 'op-c2', NULL);
          INSERT INTO event_presence (event_id, email_key, checkout_at) VALUES (1, 'grace@example.com', NULL);
          INSERT INTO ledger_rebuild (event_id, email_key) VALUES (1, 'ada@example.com'), (1, 'grace@example.com');`);
      })();
      db.close();
      const old = await startTestApp({ dataDir: dir, clock: testClock() });
      try {
        const token = createToken(old.app, old.app.store.repos.organizations.findById(1)!);
        const api = (method: 'GET' | 'POST', url: string, body?: object) =>
          call(old.app, method, url, { token, ...(body ? { body } : {}) });
        // Grace's presence came through: written again from her facts, it is the same row, counted once.
        expect((await api('GET', `/api/events/${EVENT}/inside-now`)).body.data).toMatchObject({
          inside_now: 1,
          lists: [{ name: 'Main entrance', inside_now: 1 }],
        });
        const inside = await api(
          'GET',
          `/api/events/${EVENT}/check-in-lists/${defaultListUuid(EVENT)}/inside`,
        );
        expect(inside.body.data.map((person: { name: string }) => person.name)).toEqual(['Grace Hopper']);
        // Ada's edit is found by her registration: her row shows the corrected address, before and after her
        // check-in writes her row again from her facts.
        expect((await api('GET', `/api/attendees/${ADA}`)).body.data.email).toBe('ada@example.com');
        const checkIn = await api(
          'POST',
          `/api/events/${EVENT}/check-in-lists/${defaultListUuid(EVENT)}/scans`,
          {
            attendee_id: ADA,
          },
        );
        expect(checkIn.body).toMatchObject({ data: { result: 'admitted' } });
        expect((await api('GET', `/api/attendees/${ADA}`)).body.data).toMatchObject({
          email: 'ada@example.com',
          checked_in_at: expect.any(String),
        });
        expect((await api('GET', `/api/events/${EVENT}/inside-now`)).body.data).toMatchObject({
          inside_now: 2,
          lists: [{ name: 'Main entrance', inside_now: 2 }],
        });
      } finally {
        await old.app.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the kiosk on a list', () => {
  it('shows its door, scans by its rules, answers name and company only, and refuses as the kiosk’s scan does', async () => {
    const list = await createList({
      name: 'Workshop A',
      exits_scanned: true,
      windows: [{ from: '2026-11-21T11:00', until: '2026-11-21T18:00' }],
    });
    const door = `/kiosk/api/events/${event.uuid}/check-in-lists/${list.id}`;
    const shown = await call(t.app, 'GET', door);
    expect(shown.body).toEqual({
      data: {
        id: list.id,
        name: 'Workshop A',
        exits_scanned: true,
        windows: [{ from: '2026-11-21T11:00', until: '2026-11-21T18:00' }],
        opens_at: null,
      },
    });
    const ada = await person('ada@example.com', { company: 'Analytical Engines' });
    const scanned = await call(t.app, 'POST', `${door}/scan`, { body: { code: ada.code } });
    expect(scanned.body).toMatchObject({
      message: 'Welcome, Ada ada.',
      data: { result: 'admitted', attendee: { name: 'Ada ada', company: 'Analytical Engines' } },
    });
    expect(Object.keys(scanned.body.data.attendee)).toEqual(['name', 'company']);
    tick();
    expect(
      (await call(t.app, 'POST', `${door}/scan`, { body: { code: ada.code, direction: 'exit' } })).body.data
        .result,
    ).toBe('exit_recorded');
    const history = (await api('GET', `/api/events/${event.uuid}/attendees/${ada.uuid}/scans`)).body.data;
    expect(history.map((s: { via: string }) => s.via)).toEqual(['kiosk', 'kiosk']);

    // Another event's list, an unknown event, an unpublished one.
    const other = createEvent(t.app, org, { name: 'Other' });
    expect(
      await call(t.app, 'GET', `/kiosk/api/events/${other.uuid}/check-in-lists/${list.id}`),
    ).toMatchObject({
      status: 404,
      body: { message: 'Check-in list not found.' },
    });
    expect(
      await call(t.app, 'POST', `/kiosk/api/events/${other.uuid}/check-in-lists/${list.id}/scan`, {
        body: { code: ada.code },
      }),
    ).toMatchObject({
      status: 404,
      body: { message: 'Check-in list not found.' },
    });
    const hidden = createEvent(t.app, org, { name: 'Hidden', is_published: false });
    expect(
      await call(
        t.app,
        'GET',
        `/kiosk/api/events/${hidden.uuid}/check-in-lists/${defaultListUuid(hidden.uuid)}`,
      ),
    ).toMatchObject({
      status: 404,
      body: { message: 'Event not found.' },
    });
    // Self check-in off: refused as the kiosk's scan is.
    await api('PATCH', `/api/events/${event.uuid}`, { allow_self_checkin: false });
    expect(await call(t.app, 'POST', `${door}/scan`, { body: { code: ada.code } })).toMatchObject({
      status: 403,
      body: { message: 'Self check-in is not enabled for this event. Please check in with event staff.' },
    });
    // Outside the check-in period: not_now, with when it opens.
    await api('PATCH', `/api/events/${event.uuid}`, {
      allow_self_checkin: true,
      checkin_period_type: 'starts_on',
      checkin_starts_at: '2026-11-22T08:00:00+00:00',
    });
    // Its window was yesterday's only, as the period opens: closed for good.
    const closed = await call(t.app, 'POST', `${door}/scan`, { body: { code: ada.code } });
    expect(closed.body).toMatchObject({
      message: 'Workshop A is closed now.',
      data: { result: 'not_now', opens_at: null },
    });
    // The main entrance opens with the period (08:00 UTC is 09:00 in Paris).
    const main = `/kiosk/api/events/${event.uuid}/check-in-lists/${defaultId()}`;
    const opens = await call(t.app, 'POST', `${main}/scan`, { body: { code: ada.code } });
    expect(opens.body).toMatchObject({
      message: 'Main entrance opens at Nov 22, 2026 9:00 AM.',
      data: { result: 'not_now', opens_at: '2026-11-22T08:00:00+00:00' },
    });
    expect((await call(t.app, 'GET', main)).body.data.opens_at).toBe('2026-11-22T08:00:00+00:00');
  });

  it('counts under the kiosk scan limit, per address', async () => {
    const limited = await startTestApp({ rateLimits: { kioskScan: 2 } });
    try {
      const o = createOrganization(limited.app);
      const e = createEvent(limited.app, o);
      const url = `/kiosk/api/events/${e.uuid}/check-in-lists/${defaultListUuid(e.uuid)}/scan`;
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await call(limited.app, 'POST', url, { body: { code: 'ARV1:Nobody' }, remoteAddress: '10.1.1.1' }))
            .status,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(
        (await call(limited.app, 'POST', url, { body: { code: 'ARV1:Nobody' }, remoteAddress: '10.1.1.2' }))
          .status,
      ).toBe(200);
      // Reading the door is not a scan.
      expect(
        (await call(limited.app, 'GET', url.replace(/\/scan$/, ''), { remoteAddress: '10.1.1.1' })).status,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('inside now, who is inside, automatic check-out', () => {
  it('counts each person once for the event, never below zero, and lists who is inside, latest first', async () => {
    const a = await createList({ name: 'Hall A', exits_scanned: true });
    const b = await createList({ name: 'Hall B', exits_scanned: true, capacity: 50 });
    const people = [];
    for (const name of ['ada', 'grace', 'alan']) people.push(await person(`${name}@example.com`));
    for (const who of people) {
      tick();
      await scanOn(a.id, { code: who.code });
    }
    tick();
    await scanOn(b.id, { code: people[0]!.code });
    tick();
    // An exit of someone not inside changes nothing: never below zero.
    await scanOn(b.id, { code: people[2]!.code, direction: 'exit' });
    await scanOn(b.id, { code: people[2]!.code, direction: 'exit' });
    const inside = await api('GET', `/api/events/${event.uuid}/inside-now`);
    expect(inside.body.data).toEqual({
      inside_now: 3,
      lists: [
        { id: defaultId(), name: 'Main entrance', inside_now: 0, capacity: null },
        { id: a.id, name: 'Hall A', inside_now: 3, capacity: null },
        { id: b.id, name: 'Hall B', inside_now: 1, capacity: 50 },
      ],
    });
    const page = await api('GET', `${base()}/${a.id}/inside?per_page=2`);
    expect(page.body).toEqual({
      data: [
        {
          id: people[2]!.uuid,
          name: 'Ada alan',
          email: 'alan@example.com',
          entered_at: '2026-11-21T10:00:03+00:00',
        },
        {
          id: people[1]!.uuid,
          name: 'Ada grace',
          email: 'grace@example.com',
          entered_at: '2026-11-21T10:00:02+00:00',
        },
      ],
      meta: { total: 3, page: 1, per_page: 2 },
    });
    expect(
      (await api('GET', `${base()}/${a.id}/inside?page=2&per_page=2`)).body.data.map(
        (r: { id: string }) => r.id,
      ),
    ).toEqual([people[0]!.uuid]);
    tick();
    await scanOn(a.id, { code: people[0]!.code, direction: 'exit' });
    // Still inside Hall B: still inside the event.
    expect((await api('GET', `/api/events/${event.uuid}/inside-now`)).body.data.inside_now).toBe(3);
    tick();
    await scanOn(b.id, { code: people[0]!.code, direction: 'exit' });
    expect((await api('GET', `/api/events/${event.uuid}/inside-now`)).body.data.inside_now).toBe(2);
  });

  it('the automatic check-out empties a list at its time in the event’s zone, recorded as an exit of everyone then inside', async () => {
    const list = await createList({ name: 'Night hall', auto_checkout_at: '03:00' });
    const ada = await person('ada@example.com');
    t.clock.set('2026-11-21T20:00:00Z');
    await scanOn(list.id, { code: ada.code });
    t.clock.set('2026-11-22T01:59:59Z');
    expect((await api('GET', `/api/events/${event.uuid}/inside-now`)).body.data.inside_now).toBe(1);
    // 03:00 in Paris is 02:00 UTC: a read after it reflects it, before any sweep.
    t.clock.set('2026-11-22T02:00:00Z');
    expect((await api('GET', `/api/events/${event.uuid}/inside-now`)).body.data.inside_now).toBe(0);
    expect((await api('GET', `${base()}/${list.id}/inside`)).body).toMatchObject({
      data: [],
      meta: { total: 0 },
    });
    t.app.ctx.lists.sweep();
    expect((await api('GET', `/api/events/${event.uuid}/inside-now`)).body.data.inside_now).toBe(0);
    const history = (await api('GET', `/api/events/${event.uuid}/attendees/${ada.uuid}/scans`)).body.data;
    expect(history[1]).toEqual({
      id: expect.any(String),
      list: { id: list.id, name: 'Night hall' },
      direction: 'exit',
      result: 'exit_recorded',
      scanned_at: '2026-11-22T02:00:00+00:00',
      via: 'auto',
      device: null,
      staff: null,
      forced: false,
      duplicate: false,
      over_capacity: false,
      undone: false,
    });
    // The next morning, back in: the check-out was an exit.
    t.clock.set('2026-11-22T08:00:00Z');
    expect((await scanOn(list.id, { code: ada.code })).body.data.result).toBe('reentered');
    expect((await api('GET', `/api/events/${event.uuid}/inside-now`)).body.data.inside_now).toBe(1);
  });
});

describe('a check-out time changed while people are inside', () => {
  it('moves when their stay ends, by the rules in force at each check-out', async () => {
    const list = await createList({ name: 'Night hall', auto_checkout_at: '03:00' });
    const ada = await person('ada@example.com');
    t.clock.set('2026-11-21T20:00:00Z');
    await scanOn(list.id, { code: ada.code });
    t.clock.set('2026-11-21T21:00:00Z');
    expect((await api('PATCH', `${base()}/${list.id}`, { auto_checkout_at: '05:00' })).status).toBe(200);
    // 03:00 in Paris has passed; 05:00 (04:00 UTC) has not.
    t.clock.set('2026-11-22T03:30:00Z');
    expect((await api('GET', `/api/events/${event.uuid}/inside-now`)).body.data.inside_now).toBe(1);
    t.clock.set('2026-11-22T04:00:00Z');
    expect((await api('GET', `/api/events/${event.uuid}/inside-now`)).body.data.inside_now).toBe(0);
    const history = (await api('GET', `/api/events/${event.uuid}/attendees/${ada.uuid}/scans`)).body.data;
    expect(history.map((s: { via: string; scanned_at: string }) => [s.via, s.scanned_at])).toEqual([
      ['api', '2026-11-21T20:00:00+00:00'],
      ['auto', '2026-11-22T04:00:00+00:00'],
    ]);
  });
});

describe('the export of a list', () => {
  it('is the attendee export’s CSV: a BOM, every field quoted and guarded, the list’s name, times in the zone', async () => {
    const list = await createList({ name: 'Atelier été', exits_scanned: true });
    const owner = await signedInMember(t.app, org, 'owner');
    const ada = await person('ada@example.com', { first_name: '=HYPERLINK("x")' });
    await scanOn(list.id, { code: ada.code });
    tick(60);
    await owner.send('POST', `/events/${event.uuid}/check-in-lists/${list.id}/scans`, {
      attendee_id: ada.uuid,
      direction: 'exit',
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: `${base()}/${list.id}/scans.csv`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="Atelier-ete.csv"; filename*=UTF-8''Atelier%20%C3%A9t%C3%A9.csv`,
    );
    const row = t.app.store.repos.attendees.findByUuid(ada.uuid)!;
    expect(csv.body).toBe(
      '\uFEFF' +
        '"scanned_at","direction","result","attendee_id","name","email","checkin_code","via","device","staff","forced","duplicate","over_capacity","undone"\r\n' +
        `"2026-11-21T11:00:00+01:00","entry","admitted","${ada.uuid}","'=HYPERLINK(""x"") ada","ada@example.com","${row.checkinCode}","api","","","false","false","false","false"\r\n` +
        `"2026-11-21T11:01:00+01:00","exit","exit_recorded","${ada.uuid}","'=HYPERLINK(""x"") ada","ada@example.com","${row.checkinCode}","desk","","Sam Member","false","false","false","false"\r\n`,
    );
  });
});

describe('webhooks', () => {
  const outbox = () =>
    (
      t.app.store.db.prepare('SELECT type, items FROM webhook_outbox ORDER BY id').all() as {
        type: string;
        items: string;
      }[]
    ).map((row) => ({ type: row.type, data: JSON.parse(row.items)[0] }));

  it('attendee.entered and attendee.exited name the list and the scan, once per scan that counts; checked_in is unchanged', async () => {
    await withoutDispatch();
    createEndpoint(t.app, org, 'https://hooks.example.com/arrivals');
    const list = await createList({ name: 'Workshop A', exits_scanned: true });
    const ada = await person('ada@example.com');
    t.app.store.db.prepare('DELETE FROM webhook_outbox').run();
    await scanOn(list.id, { code: ada.code });
    tick();
    // A duplicate (forced while inside) says nothing.
    await scanOn(list.id, { code: ada.code, force: true });
    tick();
    await scanOn(list.id, { code: ada.code, direction: 'exit' });
    tick();
    await call(t.app, 'POST', `/public/events/${event.uuid}/check-in`, {
      body: { email: 'ada@example.com' },
    });
    const told = outbox();
    expect(told.map((n) => n.type)).toEqual([
      'attendee.entered',
      'attendee.exited',
      'attendee.entered',
      'attendee.checked_in',
    ]);
    const lookup = (await api('GET', `/api/attendees/${ada.uuid}`)).body.data;
    expect(told[0]!.data).toEqual({
      attendee: { ...lookup, checked_in_at: null },
      list: { id: list.id, name: 'Workshop A' },
      scan: expect.objectContaining({
        list: { id: list.id, name: 'Workshop A' },
        direction: 'entry',
        result: 'admitted',
        via: 'api',
        duplicate: false,
      }),
    });
    expect(told[2]!.data.list).toEqual({ id: defaultId(), name: 'Main entrance' });
    expect(told[3]!.data).toEqual(lookup);
  });

  it('an automatic check-out is told as an exit of each person it checked out, once, when it passes', async () => {
    await withoutDispatch();
    createEndpoint(t.app, org, 'https://hooks.example.com/arrivals', ['attendee.exited']);
    const list = await createList({ name: 'Night hall', auto_checkout_at: '03:00' });
    const ada = await person('ada@example.com');
    t.clock.set('2026-11-21T20:00:00Z');
    await scanOn(list.id, { code: ada.code });
    t.clock.set('2026-11-22T01:00:00Z');
    t.app.ctx.lists.sweep();
    expect(outbox()).toEqual([]);
    t.clock.set('2026-11-22T02:30:00Z');
    t.app.ctx.lists.sweep();
    t.app.ctx.lists.sweep();
    const told = outbox();
    expect(told.map((n) => n.type)).toEqual(['attendee.exited']);
    expect(told[0]!.data.scan).toMatchObject({
      via: 'auto',
      direction: 'exit',
      scanned_at: '2026-11-22T02:00:00+00:00',
    });
    expect(told[0]!.data.attendee.id).toBe(ada.uuid);
  });
});
