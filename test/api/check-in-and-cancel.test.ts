import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import {
  call,
  createEvent,
  createOrganization,
  registration,
  startTestApp,
  type TestApp,
} from '../helpers/app.ts';

let t: TestApp;
let org: Organization;
let event: EventRecord;

beforeEach(async () => {
  t = await startTestApp();
  org = createOrganization(t.app);
  event = createEvent(t.app, org, { timezone: 'America/New_York' });
});
afterEach(async () => t.close());

const url = (e: { uuid: string }, suffix: string) => `/public/events/${e.uuid}${suffix}`;
const register = (e: EventRecord, email: string) =>
  call(t.app, 'POST', url(e, '/register'), { body: registration(email) });
const checkIn = (e: EventRecord, email: string) =>
  call(t.app, 'POST', url(e, '/check-in'), { body: { email } });
const cancel = (e: EventRecord, email: string) => call(t.app, 'POST', url(e, '/cancel'), { body: { email } });

describe('POST /public/events/{uuid}/check-in', () => {
  it('checks a confirmed attendee in, keeping the status and setting checked_in_at', async () => {
    const reg = await register(event, 'in@example.com');
    t.clock.set('2026-11-21T15:42:05Z');
    const res = await checkIn(event, 'IN@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Check-in successful.',
      data: {
        id: reg.body.data.id,
        email: 'in@example.com',
        name: 'Ada Lovelace',
        checked_in_at: '2026-11-21T15:42:05+00:00',
      },
    });
    const check = await call(t.app, 'GET', url(event, '/check?email=in%40example.com'));
    expect(check.body.data.attendee).toMatchObject({
      status: 'confirmed',
      checked_in_at: '2026-11-21T15:42:05+00:00',
    });
  });

  it('409 names the earlier check-in in the event time zone', async () => {
    await register(event, 'twice@example.com');
    t.clock.set('2026-11-21T15:42:05Z');
    await checkIn(event, 'twice@example.com');
    t.clock.advance(60_000);
    const res = await checkIn(event, 'twice@example.com');
    expect(res.status).toBe(409);
    // 15:42 UTC is 10:42 in New York.
    expect(res.body).toEqual({ message: 'You have already checked in at Nov 21, 2026 10:42 AM.' });
  });

  it('404 for an email that is not registered', async () => {
    const res = await checkIn(event, 'stranger@example.com');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'You are not registered for this event.' });
  });

  it('403 when check-in is disabled or outside its period, before looking at the attendee', async () => {
    const disabled = createEvent(t.app, org, { checkin_period_type: 'disabled' });
    const later = createEvent(t.app, org, {
      checkin_period_type: 'starts_on',
      checkin_starts_at: '2026-11-21T18:00:00Z',
    });
    const range = createEvent(t.app, org, {
      checkin_period_type: 'date_range',
      checkin_starts_at: '2026-11-20T08:00:00Z',
      checkin_ends_at: '2026-11-20T20:00:00Z',
    });
    for (const closed of [disabled, later, range]) {
      await register(closed, 'early@example.com');
      for (const email of ['early@example.com', 'stranger@example.com']) {
        const res = await checkIn(closed, email);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: 'Check-in is not available for this event.' });
      }
    }
  });

  it('starts_on opens at its instant; date_range admits both ends', async () => {
    const startsOn = createEvent(t.app, org, {
      checkin_period_type: 'starts_on',
      checkin_starts_at: '2026-11-21T12:00:00Z',
    });
    const range = createEvent(t.app, org, {
      checkin_period_type: 'date_range',
      checkin_starts_at: '2026-11-21T12:00:00Z',
      checkin_ends_at: '2026-11-21T14:00:00Z',
    });
    await register(startsOn, 'a@example.com');
    await register(range, 'a@example.com');
    await register(range, 'b@example.com');
    t.clock.set('2026-11-21T11:59:59Z');
    expect((await checkIn(startsOn, 'a@example.com')).status).toBe(403);
    expect((await call(t.app, 'GET', `/public/events/${startsOn.uuid}`)).body.data.is_checkin_allowed).toBe(
      false,
    );
    t.clock.set('2026-11-21T12:00:00Z');
    expect((await call(t.app, 'GET', `/public/events/${startsOn.uuid}`)).body.data.is_checkin_allowed).toBe(
      true,
    );
    expect((await checkIn(startsOn, 'a@example.com')).status).toBe(200);
    expect((await checkIn(range, 'a@example.com')).status).toBe(200);
    t.clock.set('2026-11-21T14:00:00Z');
    expect((await checkIn(range, 'b@example.com')).status).toBe(200);
    t.clock.set('2026-11-21T14:00:01Z');
    expect((await call(t.app, 'GET', `/public/events/${range.uuid}`)).body.data.is_checkin_allowed).toBe(
      false,
    );
  });

  it('403 with the staff message when self check-in is off', async () => {
    const staffOnly = createEvent(t.app, org, { allow_self_checkin: false });
    await register(staffOnly, 'desk@example.com');
    const res = await checkIn(staffOnly, 'desk@example.com');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message: 'Self check-in is not enabled for this event. Please check in with event staff.',
    });
  });

  it('refuses pending and cancelled registrations with clear messages', async () => {
    const approval = createEvent(t.app, org, { requires_approval: true });
    await register(approval, 'wait@example.com');
    const pending = await checkIn(approval, 'wait@example.com');
    expect(pending.status).toBe(403);
    expect(pending.body).toEqual({
      message: 'Your registration is awaiting approval. Please check in with event staff.',
    });

    await register(event, 'gone@example.com');
    await cancel(event, 'gone@example.com');
    const cancelled = await checkIn(event, 'gone@example.com');
    expect(cancelled.status).toBe(403);
    expect(cancelled.body).toEqual({
      message: 'Your registration has been cancelled. Please see event staff.',
    });
  });

  it('422 for a missing or malformed email', async () => {
    const missing = await call(t.app, 'POST', url(event, '/check-in'), { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      message: 'Validation failed.',
      errors: { email: ['The email field is required.'] },
    });
    const bad = await checkIn(event, 'nope');
    expect(bad.body).toEqual({
      message: 'Validation failed.',
      errors: { email: ['The email field must be a valid email address.'] },
    });
  });

  it('404 Event not found. for an unknown event', async () => {
    const res = await call(t.app, 'POST', url({ uuid: 'x' } as EventRecord, '/check-in'), {
      body: { email: 'a@b.co' },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Event not found.' });
  });
});

describe('POST /public/events/{uuid}/cancel', () => {
  it('cancels a registration: 200 with only a message', async () => {
    await register(event, 'bye@example.com');
    const res = await cancel(event, 'BYE@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your registration has been cancelled.' });
    const row = t.app.store.db.prepare("SELECT status FROM attendees WHERE email = 'bye@example.com'").get();
    expect(row).toEqual({ status: 'canceled' });
  });

  it('422 when already cancelled', async () => {
    await register(event, 'bye@example.com');
    await cancel(event, 'bye@example.com');
    const res = await cancel(event, 'bye@example.com');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'Registration is already cancelled.' });
  });

  it('422 after check-in, and the attendee stays checked in', async () => {
    await register(event, 'here@example.com');
    await checkIn(event, 'here@example.com');
    const res = await cancel(event, 'here@example.com');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'Cannot cancel after check-in.' });
    const row = t.app.store.db.prepare("SELECT status FROM attendees WHERE email = 'here@example.com'").get();
    expect(row).toEqual({ status: 'confirmed' });
  });

  it('404 for an email that is not registered, and for an unknown event', async () => {
    const notRegistered = await cancel(event, 'who@example.com');
    expect(notRegistered.status).toBe(404);
    expect(notRegistered.body).toEqual({ message: 'You are not registered for this event.' });
    const noEvent = await call(t.app, 'POST', '/public/events/none/cancel', { body: { email: 'a@b.co' } });
    expect(noEvent.status).toBe(404);
    expect(noEvent.body).toEqual({ message: 'Event not found.' });
  });

  it('a pending registration can be cancelled', async () => {
    const approval = createEvent(t.app, org, { requires_approval: true });
    await register(approval, 'p@example.com');
    expect((await cancel(approval, 'p@example.com')).status).toBe(200);
  });
});
