import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import {
  call,
  createEvent,
  createToken,
  registration,
  startWithEvent,
  type TestApp,
} from '../helpers/app.ts';

let t: TestApp;
let org: Organization;
let event: EventRecord;
let token: string;

beforeEach(async () => {
  ({ t, org, event } = await startWithEvent({
    starts_at: '2026-11-21T18:00:00Z',
    ends_at: '2026-11-21T23:00:00Z',
    location: 'Main Hall',
  }));
  token = createToken(t.app, org);
});
afterEach(async () => t.close());

async function register(email: string, e: EventRecord = event): Promise<string> {
  const res = await call(t.app, 'POST', `/public/events/${e.uuid}/register`, { body: registration(email) });
  expect(res.status).toBe(201);
  return t.app.store.repos.attendees.findForEmail(e.id, email)!.uuid;
}
const checkIn = (email: string) =>
  call(t.app, 'POST', `/public/events/${event.uuid}/check-in`, { body: { email } });
const attendeePath = (id: string, action: string, e: EventRecord = event) =>
  `/api/events/${e.uuid}/attendees/${id}/${action}`;
const statusOf = (id: string) => t.app.store.repos.attendees.findByUuid(id)!.status;

describe('GET /api/attendees/{id}', () => {
  it('returns the attendee with its event, by UUID', async () => {
    const id = await register('look@example.com');
    const res = await call(t.app, 'GET', `/api/attendees/${id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id,
        name: 'Ada Lovelace',
        email: 'look@example.com',
        status: 'confirmed',
        registered_at: '2026-11-21T10:00:00+00:00',
        checked_in_at: null,
        event: {
          id: event.uuid,
          name: 'Launch Night',
          starts_at: '2026-11-21T18:00:00+00:00',
          ends_at: '2026-11-21T23:00:00+00:00',
          location: 'Main Hall',
        },
      },
    });
  });

  it('404 Attendee not found. for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '1']) {
      const res = await call(t.app, 'GET', `/api/attendees/${id}`, { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Attendee not found.' });
    }
  });
});

describe('POST /api/events/{event_id}/attendees/{attendee_id}/cancel', () => {
  it('cancels: 200 with only a message', async () => {
    const id = await register('c@example.com');
    const res = await call(t.app, 'POST', attendeePath(id, 'cancel'), { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Attendee registration has been cancelled.' });
    expect(statusOf(id)).toBe('canceled');
  });

  it('accepts Content-Type: application/json with an empty body', async () => {
    const id = await register('empty@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: attendeePath(id, 'cancel'),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('422 after check-in and when already cancelled', async () => {
    const here = await register('here@example.com');
    await checkIn('here@example.com');
    const checkedIn = await call(t.app, 'POST', attendeePath(here, 'cancel'), { token });
    expect(checkedIn.status).toBe(422);
    expect(checkedIn.body).toEqual({
      message: 'Cannot cancel registration. Attendee has already checked in.',
    });

    const gone = await register('gone@example.com');
    await call(t.app, 'POST', attendeePath(gone, 'cancel'), { token });
    const again = await call(t.app, 'POST', attendeePath(gone, 'cancel'), { token });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: 'Registration is already cancelled.' });
  });

  it('404 for an attendee of another event, and for an unknown event', async () => {
    const other = createEvent(t.app, org);
    const id = await register('x@example.com', other);
    const wrongEvent = await call(t.app, 'POST', attendeePath(id, 'cancel'), { token });
    expect(wrongEvent.status).toBe(404);
    expect(wrongEvent.body).toEqual({ message: 'Attendee not found.' });
    const noEvent = await call(t.app, 'POST', `/api/events/${randomUUID()}/attendees/${id}/cancel`, {
      token,
    });
    expect(noEvent.status).toBe(404);
    expect(noEvent.body).toEqual({ message: 'Event not found.' });
    expect(statusOf(id)).toBe('confirmed');
  });
});

describe('POST /api/events/{event_id}/attendees/{attendee_id}/no-show', () => {
  it('marks a no-show: 200 with id and status', async () => {
    const id = await register('n@example.com');
    const res = await call(t.app, 'POST', attendeePath(id, 'no-show'), { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Attendee marked as no show.', data: { id, status: 'no_show' } });
    expect(statusOf(id)).toBe('no_show');
    const lookup = await call(t.app, 'GET', `/api/attendees/${id}`, { token });
    expect(lookup.body.data.status).toBe('no_show');
  });

  it('422 once checked in, and the status is unchanged', async () => {
    const id = await register('here@example.com');
    await checkIn('here@example.com');
    const res = await call(t.app, 'POST', attendeePath(id, 'no-show'), { token });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'Cannot mark as no show. Attendee has already checked in.' });
    expect(statusOf(id)).toBe('confirmed');
  });

  it('a no-show who arrives after all is checked in as confirmed', async () => {
    const id = await register('late@example.com');
    await call(t.app, 'POST', attendeePath(id, 'no-show'), { token });
    expect((await checkIn('late@example.com')).status).toBe(200);
    expect(statusOf(id)).toBe('confirmed');
  });

  it('404 Attendee not found. for an unknown attendee', async () => {
    const res = await call(t.app, 'POST', attendeePath(randomUUID(), 'no-show'), { token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Attendee not found.' });
  });
});

describe('POST /api/events/{event_id}/attendees/bulk-no-show', () => {
  it('all succeed: counts and no failed list', async () => {
    const ids = [await register('a@example.com'), await register('b@example.com')];
    const res = await call(t.app, 'POST', `/api/events/${event.uuid}/attendees/bulk-no-show`, {
      token,
      body: { attendee_ids: ids },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Bulk no-show completed.', success_count: 2, failed_count: 0 });
    expect(ids.map(statusOf)).toEqual(['no_show', 'no_show']);
  });

  it('lists checked-in, unknown and cancelled attendees under failed with reasons', async () => {
    const ok = await register('ok@example.com');
    const here = await register('here@example.com');
    await checkIn('here@example.com');
    const gone = await register('gone@example.com');
    await call(t.app, 'POST', attendeePath(gone, 'cancel'), { token });
    const unknown = randomUUID();
    const res = await call(t.app, 'POST', `/api/events/${event.uuid}/attendees/bulk-no-show`, {
      token,
      body: { attendee_ids: [ok, here, unknown, gone, ok] },
    });
    expect(res.body).toEqual({
      message: 'Bulk no-show completed.',
      success_count: 1,
      failed_count: 3,
      failed: [
        { id: here, reason: 'Attendee has already checked in.' },
        { id: unknown, reason: 'Attendee not found.' },
        { id: gone, reason: 'Registration is cancelled.' },
      ],
    });
    expect([ok, here, gone].map(statusOf)).toEqual(['no_show', 'confirmed', 'canceled']);
  });

  it('numbers its facts after every revision before them, one each, and the next change comes after them', async () => {
    const db = t.app.store.db;
    const ids = [
      await register('r1@example.com'),
      await register('r2@example.com'),
      await register('r3@example.com'),
    ];
    const revision = () => db.prepare('SELECT revision FROM sync_meta').pluck().get() as number;
    const before = revision();
    await call(t.app, 'POST', `/api/events/${event.uuid}/attendees/bulk-no-show`, {
      token,
      body: { attendee_ids: ids },
    });
    const revs = db
      .prepare("SELECT rev FROM attendee_facts WHERE kind = 'no_show' ORDER BY rev")
      .pluck()
      .all() as number[];
    // Each fact a revision of its own past the last one, and the revision where the last of them left it: a replica
    // reading the feed after any of them reads the rest.
    expect(revs).toEqual([before + 1, before + 2, before + 3]);
    expect(revision()).toBe(before + 3);
    await register('r4@example.com');
    expect(revision()).toBeGreaterThan(before + 3);
  });

  it('counts a no-show already and an upper-case id as successes; another event’s attendee is not found', async () => {
    const before = await register('before@example.com');
    await call(t.app, 'POST', attendeePath(before, 'no-show'), { token });
    const shouted = await register('shouted@example.com');
    const elsewhere = await register('elsewhere@example.com', createEvent(t.app, org, { name: 'Other' }));
    const res = await call(t.app, 'POST', `/api/events/${event.uuid}/attendees/bulk-no-show`, {
      token,
      body: { attendee_ids: [before, shouted.toUpperCase(), elsewhere, shouted] },
    });
    expect(res.body).toEqual({
      message: 'Bulk no-show completed.',
      success_count: 2,
      failed_count: 1,
      failed: [{ id: elsewhere, reason: 'Attendee not found.' }],
    });
    expect([before, shouted, elsewhere].map(statusOf)).toEqual(['no_show', 'no_show', 'confirmed']);
  });

  it('422 The given data was invalid. when attendee_ids is missing, empty, not an array or not UUIDs', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { attendee_ids: ['The attendee ids field is required.'] }],
      [undefined, { attendee_ids: ['The attendee ids field is required.'] }],
      [{ attendee_ids: [] }, { attendee_ids: ['The attendee ids field is required.'] }],
      [{ attendee_ids: 'abc' }, { attendee_ids: ['The attendee ids field must be an array.'] }],
      [{ attendee_ids: ['abc'] }, { 'attendee_ids.0': ['The attendee ids.0 field must be a valid UUID.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await call(t.app, 'POST', `/api/events/${event.uuid}/attendees/bulk-no-show`, {
        token,
        body,
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: 'The given data was invalid.', errors });
    }
  });

  it('refuses more than 10,000 ids', async () => {
    const ids = Array.from({ length: 10_001 }, () => randomUUID());
    const res = await call(t.app, 'POST', `/api/events/${event.uuid}/attendees/bulk-no-show`, {
      token,
      body: { attendee_ids: ids },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      attendee_ids: ['The attendee ids field must not have more than 10000 items.'],
    });
  });
});

describe('GET /api/events/{event_id}/attendees', () => {
  it('pages, filters by status and email, and searches name or email', async () => {
    for (let i = 1; i <= 5; i++) await register(`person${i}@example.com`);
    await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: { email: 'grace@navy.example', first_name: 'Grace', last_name: 'Hopper' },
    });
    await call(
      t.app,
      'POST',
      attendeePath(
        t.app.store.repos.attendees.findForEmail(event.id, 'person2@example.com')!.uuid,
        'no-show',
      ),
      {
        token,
      },
    );
    const page = await call(t.app, 'GET', `/api/events/${event.uuid}/attendees?per_page=2&page=2`, { token });
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ total: 6, page: 2, per_page: 2 });
    expect(page.body.data.map((a: { email: string }) => a.email)).toEqual([
      'person3@example.com',
      'person4@example.com',
    ]);
    expect(page.body.data[0]).toHaveProperty('event.id', event.uuid);

    const noShows = await call(t.app, 'GET', `/api/events/${event.uuid}/attendees?status=no_show`, { token });
    expect(noShows.body.data.map((a: { email: string }) => a.email)).toEqual(['person2@example.com']);
    const byEmail = await call(
      t.app,
      'GET',
      `/api/events/${event.uuid}/attendees?email=PERSON5@example.com`,
      { token },
    );
    expect(byEmail.body.meta.total).toBe(1);
    const search = await call(t.app, 'GET', `/api/events/${event.uuid}/attendees?q=hopp`, { token });
    expect(search.body.data.map((a: { name: string }) => a.name)).toEqual(['Grace Hopper']);
    const wildcard = await call(t.app, 'GET', `/api/events/${event.uuid}/attendees?q=%25`, { token });
    expect(wildcard.body.meta.total).toBe(0);
  });

  it('422 for per_page above 100 or an unknown status', async () => {
    const big = await call(t.app, 'GET', `/api/events/${event.uuid}/attendees?per_page=101`, { token });
    expect(big.status).toBe(422);
    expect(big.body).toEqual({
      message: 'The given data was invalid.',
      errors: { per_page: ['The per page field must not be greater than 100.'] },
    });
    const status = await call(t.app, 'GET', `/api/events/${event.uuid}/attendees?status=lost`, { token });
    expect(status.body.errors).toEqual({ status: ['The selected status is invalid.'] });
  });
});
