/**
 * Webhook delivery, end to end: changes made through the API are stored with their notification, and the
 * dispatcher sends them to real HTTP receivers on loopback. Tests step the app's clock through the retry schedule
 * and run the dispatcher themselves with `dispatchDue()`.
 */
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toTimestamp } from '../../server/platform/time.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import { WEBHOOK_EVENT_TYPES } from '../../server/webhooks/webhook.rules.ts';
import { defaultListUuid } from '../../server/lists/list.rules.ts';
import {
  call,
  createEvent,
  createToken,
  registration,
  startTestApp,
  testClock,
  type TestApp,
} from '../helpers/app.ts';
import { registerOn } from '../helpers/ledger.ts';
import { collectGarbage } from '../helpers/gc.ts';
import {
  createEndpoint,
  deliveryRows,
  isSignedWith,
  notificationCount,
  startReceiver,
  startWebhookScene,
  verifyWithLibrary,
  type Receiver,
  createReceivingOrganization,
} from '../helpers/webhooks.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

let t: TestApp;
let receiver: Receiver;
let org: Organization;
let event: EventRecord;
let token: string;

beforeEach(async () => {
  ({ t, receiver, org, event, token } = await startWebhookScene({
    starts_at: '2026-12-01T18:00:00Z',
    location: 'Main Hall',
  }));
});
afterEach(async () => {
  await t.close();
  await receiver.close();
});

const dispatch = () => t.app.ctx.webhookDispatcher.dispatchDue();

async function register(email: string, e: EventRecord = event): Promise<string> {
  const res = await call(t.app, 'POST', `/public/events/${e.uuid}/register`, { body: registration(email) });
  expect(res.status).toBe(201);
  return t.app.store.repos.attendees.findForEmail(e.id, email)!.uuid;
}

/** What the authenticated lookup answers for the attendee right now. */
async function lookup(attendeeId: string) {
  const res = await call(t.app, 'GET', `/api/attendees/${attendeeId}`, { token });
  expect(res.status).toBe(200);
  return res.body.data;
}

const seedAttendees = (count: number, e: EventRecord = event) =>
  t.app.store.db.transaction(() =>
    Array.from({ length: count }, (_, i) => {
      // Written straight into the ledger: these registrations tell no webhook.
      const result = registerOn(t.app.store.db, e.id, { email: `guest${i}@example.com`, name: `Guest ${i}` });
      if (!result.ok) throw new Error(result.reason);
      return result.attendee.uuid;
    }),
  )();

describe('the outbox', () => {
  it('notifies every kind of change with the attendee exactly as the authenticated lookup returns it', async () => {
    createEndpoint(t.app, org, receiver.url);
    const approval = createEvent(t.app, org, { name: 'By invitation', requires_approval: true });
    const last = async () => {
      await dispatch();
      return receiver.requests.at(-1)!.json;
    };
    const { attendees, registrations } = t.app.ctx;
    const record = (id: string) => t.app.store.repos.attendees.findByUuid(id)!;

    const ada = await register('ada@example.com', approval);
    expect(await last()).toMatchObject({ type: 'attendee.registered', data: await lookup(ada) });
    expect((await lookup(ada)).status).toBe('pending');

    expect(attendees.approveRegistration(approval, record(ada)).ok).toBe(true);
    expect(await last()).toMatchObject({ type: 'attendee.approved', data: await lookup(ada) });

    const checkIn = await call(t.app, 'POST', `/public/events/${approval.uuid}/check-in`, {
      body: { email: 'ada@example.com' },
    });
    expect(checkIn.status).toBe(200);
    const checkedIn = await last();
    expect(checkedIn).toMatchObject({ type: 'attendee.checked_in', data: await lookup(ada) });
    expect(checkedIn.data.checked_in_at).not.toBeNull();

    // A check-in is an entry on the event's main entrance (issue 38), and an exit there is told too.
    const mainEntrance = `/api/events/${approval.uuid}/check-in-lists/${defaultListUuid(approval.uuid)}`;
    expect((await call(t.app, 'PATCH', mainEntrance, { token, body: { exits_scanned: true } })).status).toBe(
      200,
    );
    const exit = await call(t.app, 'POST', `${mainEntrance}/scans`, {
      token,
      body: { attendee_id: ada, direction: 'exit' },
    });
    expect(exit.body.data.result).toBe('exit_recorded');
    expect(await last()).toMatchObject({ type: 'attendee.exited', data: { attendee: await lookup(ada) } });

    expect(attendees.undoCheckIn(approval, record(ada)).ok).toBe(true);
    expect(await last()).toMatchObject({ type: 'attendee.check_in_undone', data: await lookup(ada) });

    const noShow = `/api/events/${approval.uuid}/attendees/${ada}/no-show`;
    expect((await call(t.app, 'POST', noShow, { token })).status).toBe(200);
    expect(await last()).toMatchObject({ type: 'attendee.no_show', data: await lookup(ada) });

    expect(attendees.checkInAtDesk(approval, record(ada)).ok).toBe(true);
    expect(await last()).toMatchObject({ type: 'attendee.checked_in', data: await lookup(ada) });

    const edit = `/api/events/${approval.uuid}/attendees/${ada}`;
    expect((await call(t.app, 'PATCH', edit, { token, body: { last_name: 'King' } })).status).toBe(200);
    const updated = await last();
    expect(updated).toMatchObject({ type: 'attendee.updated', data: await lookup(ada) });
    expect(updated.data.name).toBe('Ada King');

    const walkIn = registrations.addWalkIn(event, registration('walk@example.com'));
    expect(walkIn.ok).toBe(true);
    const walkInId = walkIn.ok ? walkIn.attendee.uuid : '';
    expect(await last()).toMatchObject({ type: 'attendee.registered', data: await lookup(walkInId) });

    const cancel = `/api/events/${event.uuid}/attendees/${walkInId}/cancel`;
    expect((await call(t.app, 'POST', cancel, { token })).status).toBe(200);
    const canceled = await last();
    expect(canceled).toMatchObject({ type: 'attendee.canceled', data: await lookup(walkInId) });
    expect(canceled.data.status).toBe('canceled');

    const imported = await t.app.ctx.imports.importAttendees(
      event,
      JSON.stringify({ rows: [registration('i1@example.com'), registration('i2@example.com')] }),
    );
    expect(imported).toEqual({ ok: true, imported: 2 });
    await dispatch();
    const importedIds = receiver.requests.slice(-2).map((r) => r.json.data.email);
    expect(importedIds).toEqual(['i1@example.com', 'i2@example.com']);

    const patched = await call(t.app, 'PATCH', `/api/events/${event.uuid}`, { token, body: { seats: 300 } });
    expect(patched.status).toBe(200);
    expect(await last()).toMatchObject({ type: 'event.updated', data: patched.body.data });

    const created = await call(t.app, 'POST', '/api/events', { token, body: { name: 'Afterparty' } });
    expect(created.status).toBe(201);
    expect(await last()).toMatchObject({ type: 'event.created', data: created.body.data });

    const kinds = new Set(receiver.requests.map((r) => r.json.type));
    expect([...kinds].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const request of receiver.requests) {
      expect(Object.keys(request.json)).toEqual(['id', 'type', 'timestamp', 'data']);
      expect(request.json.id).toBe(request.id);
      expect(request.json.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    }
  });

  it('stores nothing when no enabled endpoint subscribes to the kind, or when the change is refused', async () => {
    await register('nobody-listens@example.com');
    expect(notificationCount(t.app)).toBe(0);

    const endpoint = createEndpoint(t.app, org, receiver.url, ['attendee.checked_in']);
    await register('not-subscribed@example.com');
    expect(notificationCount(t.app)).toBe(0);

    const other = createReceivingOrganization(t.app, 'Other Org');
    createEndpoint(t.app, other, receiver.url);
    await register('other-org-does-not-hear@example.com');
    expect(notificationCount(t.app)).toBe(0);

    const checkIn = () =>
      call(t.app, 'POST', `/public/events/${event.uuid}/check-in`, {
        body: { email: 'not-subscribed@example.com' },
      });
    expect((await checkIn()).status).toBe(200);
    expect(notificationCount(t.app)).toBe(1);
    expect((await checkIn()).status).toBe(409);
    expect(notificationCount(t.app)).toBe(1);

    t.app.ctx.webhooks.updateEndpoint(t.app.store.repos.webhookEndpoints.findByUuid(endpoint.uuid)!, {
      enabled: false,
    });
    await register('disabled@example.com');
    await call(t.app, 'POST', `/public/events/${event.uuid}/check-in`, {
      body: { email: 'disabled@example.com' },
    });
    expect(notificationCount(t.app)).toBe(1);
  });

  it('a change and its notification are stored together or not at all', async () => {
    createEndpoint(t.app, org, receiver.url);
    const ids = seedAttendees(3);
    t.app.store.db.exec(
      "CREATE TRIGGER outbox_full BEFORE INSERT ON webhook_outbox BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );

    const res = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('lost@example.com'),
    });
    expect(res.status).toBe(500);
    expect(t.app.store.repos.attendees.findForEmail(event.id, 'lost@example.com')).toBeNull();

    const bulk = await call(t.app, 'POST', `/api/events/${event.uuid}/attendees/bulk-no-show`, {
      token,
      body: { attendee_ids: ids },
    });
    expect(bulk.status).toBe(500);
    expect(ids.map((id) => t.app.store.repos.attendees.findByUuid(id)!.status)).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
    ]);
    const patch = await call(t.app, 'PATCH', `/api/events/${event.uuid}`, {
      token,
      body: { name: 'Renamed' },
    });
    expect(patch.status).toBe(500);
    expect(t.app.store.repos.events.findById(event.id)!.name).toBe('Launch Night');
  });

  it('bulk no-show of 1,000 attendees produces 1,000 notifications, each delivered once', async () => {
    createEndpoint(t.app, org, receiver.url, ['attendee.no_show']);
    const other = createEndpoint(t.app, org, 'http://127.0.0.1:9/never-called', ['attendee.checked_in']);
    const ids = seedAttendees(1000);
    const res = await call(t.app, 'POST', `/api/events/${event.uuid}/attendees/bulk-no-show`, {
      token,
      body: { attendee_ids: ids },
    });
    expect(res.body).toEqual({ message: 'Bulk no-show completed.', success_count: 1000, failed_count: 0 });
    expect(notificationCount(t.app)).toBe(1000);
    const waiting = t.app.ctx.webhooks.listEndpoints(org.id).endpoints;
    expect(waiting.map(({ endpoint, waiting }) => [endpoint.id, waiting])).toEqual([
      [waiting[0]!.endpoint.id, 1000],
      [other.id, 0],
    ]);

    await dispatch();
    expect(receiver.requests).toHaveLength(1000);
    expect(new Set(receiver.requests.map((r) => r.id)).size).toBe(1000);
    expect(receiver.requests.map((r) => r.json.data.id).sort()).toEqual([...ids].sort());
    const stored = t.app.store.db.prepare('SELECT uid FROM webhook_messages ORDER BY id').pluck().all();
    expect(receiver.requests.map((r) => r.id)).toEqual(stored);
    expect(
      receiver.requests.every((r) => r.json.type === 'attendee.no_show' && r.json.data.status === 'no_show'),
    ).toBe(true);
    expect(receiver.maxConcurrent()).toBe(1);
    expect(deliveryRows(t.app).every((d) => d.status === 'delivered')).toBe(true);
    // Each carries the attendee as the authenticated lookup shows it, the event included (stored once per batch).
    const sample = receiver.requests[500]!.json.data;
    const lookup = await call(t.app, 'GET', `/api/attendees/${sample.id}`, { token });
    expect(sample).toEqual(lookup.body.data);
    expect(sample.event).toEqual(expect.objectContaining({ id: event.uuid, name: event.name }));

    // Marking them again changes nothing, so nobody is told again; they still count as successes.
    const again = await call(t.app, 'POST', `/api/events/${event.uuid}/attendees/bulk-no-show`, {
      token,
      body: { attendee_ids: ids },
    });
    expect(again.body).toEqual({ message: 'Bulk no-show completed.', success_count: 1000, failed_count: 0 });
    expect(notificationCount(t.app)).toBe(1000);
  }, 60_000);
});

describe('signing', () => {
  it('every notification verifies with the standardwebhooks library; a tampered id, timestamp or body does not', async () => {
    const { secret } = createEndpoint(t.app, org, receiver.url);
    await register('signed@example.com');
    await dispatch();
    const [request] = receiver.requests;
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.timestamp).toBe(String(Math.floor(t.clock.now().getTime() / 1000)));
    expect(request!.signature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifyWithLibrary(secret, request!)).toEqual(JSON.parse(request!.body));

    const tampered = [
      { ...request!, id: 'msg_forged' },
      { ...request!, timestamp: String(Number(request!.timestamp) - 1) },
      { ...request!, body: request!.body.replace('signed@example.com', 'forged@example.com') },
    ];
    for (const forged of tampered) expect(() => verifyWithLibrary(secret, forged)).toThrow(/signature/i);
    const wrongSecret = createEndpoint(t.app, org, receiver.url).secret;
    expect(() => verifyWithLibrary(wrongSecret, request!)).toThrow(/signature/i);
  });

  it('after a rotation both secrets sign for 24 hours, then only the new one', async () => {
    const endpoint = createEndpoint(t.app, org, receiver.url);
    receiver.respond = () => ({ status: 500 });
    const rotated = await call(t.app, 'POST', `/api/webhooks/${endpoint.uuid}/rotate-secret`, { token });
    const newSecret = rotated.body.secret as string;
    expect(newSecret).not.toBe(endpoint.secret);

    await register('rotation@example.com');
    await dispatch();
    const first = receiver.requests[0]!;
    expect(first.signature.split(' ')).toHaveLength(2);
    expect(verifyWithLibrary(endpoint.secret, first)).toBeTruthy();
    expect(verifyWithLibrary(newSecret, first)).toBeTruthy();

    t.clock.advance(24 * HOUR);
    t.app.ctx.webhooks.redeliver(
      t.app.store.repos.webhookEndpoints.findByUuid(endpoint.uuid)!,
      t.app.store.repos.webhookDeliveries.findForEndpoint(endpoint.id, deliveryRows(t.app)[0]!.id)!,
    );
    await dispatch();
    const later = receiver.requests[1]!;
    expect(later.id).toBe(first.id);
    expect(later.signature.split(' ')).toHaveLength(1);
    expect(isSignedWith(newSecret, later)).toBe(true);
    expect(isSignedWith(endpoint.secret, later)).toBe(false);
  });
});

describe('retries', () => {
  it('retries at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 24 h under the same webhook-id, then fails', async () => {
    const endpoint = createEndpoint(t.app, org, receiver.url);
    receiver.respond = () => ({ status: 500, body: 'database is down' });
    await register('retry@example.com');
    await dispatch();
    expect(receiver.requests).toHaveLength(1);

    const waits = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 24 * HOUR];
    for (const [index, delay] of waits.entries()) {
      t.clock.advance(delay - 1);
      await dispatch();
      expect(receiver.requests, `attempt ${index + 2} must wait ${delay} ms`).toHaveLength(index + 1);
      t.clock.advance(1);
      await dispatch();
      expect(receiver.requests).toHaveLength(index + 2);
      expect(receiver.requests.at(-1)!.timestamp).toBe(String(Math.floor(t.clock.now().getTime() / 1000)));
    }
    expect(new Set(receiver.requests.map((r) => r.id)).size).toBe(1);
    expect(deliveryRows(t.app)).toMatchObject([
      { status: 'failed', attempt_count: 8, next_attempt_at: null },
    ]);

    t.clock.advance(72 * HOUR);
    await dispatch();
    expect(receiver.requests).toHaveLength(8);

    const log = await call(t.app, 'GET', `/api/webhooks/${endpoint.uuid}/deliveries`, { token });
    expect(log.body.data[0]).toMatchObject({
      status: 'failed',
      attempt_count: 8,
      last_status_code: 500,
      last_attempt: { number: 8, status_code: 500, response_excerpt: 'database is down', error: null },
    });
  });

  it('410 Gone disables the endpoint: it gets nothing more until enabled again, then what waited goes out', async () => {
    const endpoint = createEndpoint(t.app, org, receiver.url);
    receiver.respond = () => ({ status: 410 });
    await register('gone@example.com');
    await dispatch();
    expect(deliveryRows(t.app)).toMatchObject([
      { status: 'failed', attempt_count: 1, last_status_code: 410 },
    ]);
    const shown = await call(t.app, 'GET', `/api/webhooks/${endpoint.uuid}`, { token });
    expect(shown.body.data).toMatchObject({ enabled: false, disabled_reason: 'gone' });

    // Nothing new is queued for it, and nothing is sent.
    await register('after@example.com');
    t.clock.advance(HOUR);
    await dispatch();
    expect(receiver.requests).toHaveLength(1);
    expect(notificationCount(t.app)).toBe(1);

    receiver.respond = () => ({ status: 204 });
    const failed = deliveryRows(t.app)[0]!.id;
    const redeliver = `/api/webhooks/${endpoint.uuid}/deliveries/${failed}/redeliver`;
    expect((await call(t.app, 'POST', redeliver, { token })).status).toBe(422);
    await call(t.app, 'PATCH', `/api/webhooks/${endpoint.uuid}`, { token, body: { enabled: true } });
    expect((await call(t.app, 'POST', redeliver, { token })).status).toBe(202);
    await dispatch();
    expect(receiver.requests).toHaveLength(2);
    expect(deliveryRows(t.app)).toMatchObject([{ status: 'delivered', attempt_count: 2 }]);
  });

  it('deliveries that wait while an endpoint is disabled go out when it is enabled again', async () => {
    const endpoint = createEndpoint(t.app, org, receiver.url);
    await register('paused@example.com');
    await call(t.app, 'PATCH', `/api/webhooks/${endpoint.uuid}`, { token, body: { enabled: false } });
    await dispatch();
    expect(receiver.requests).toHaveLength(0);
    const list = await call(t.app, 'GET', '/api/webhooks', { token });
    expect(list.body.meta).toEqual({ waiting_count: 1 });
    await call(t.app, 'PATCH', `/api/webhooks/${endpoint.uuid}`, { token, body: { enabled: true } });
    await dispatch();
    expect(receiver.requests).toHaveLength(1);
  });

  it('a redirect is a failure and is not followed', async () => {
    const elsewhere = await startReceiver();
    try {
      createEndpoint(t.app, org, receiver.url);
      receiver.respond = () => ({ status: 302, headers: { location: elsewhere.url }, body: 'moved' });
      await register('redirect@example.com');
      await dispatch();
      t.clock.advance(5 * SECOND);
      await dispatch();
      expect(receiver.requests).toHaveLength(2);
      expect(elsewhere.requests).toHaveLength(0);
      expect(deliveryRows(t.app)).toMatchObject([
        { status: 'pending', attempt_count: 2, last_status_code: 302 },
      ]);
    } finally {
      await elsewhere.close();
    }
  });

  it('honours Retry-After in seconds and as an HTTP date when it is later than the schedule', async () => {
    createEndpoint(t.app, org, receiver.url);
    receiver.respond = () => ({ status: 503, headers: { 'retry-after': '120' } });
    await register('busy@example.com');
    await dispatch();
    t.clock.advance(119 * SECOND);
    await dispatch();
    expect(receiver.requests).toHaveLength(1);
    t.clock.advance(SECOND);

    const inAnHour = new Date(t.clock.now().getTime() + HOUR).toUTCString();
    receiver.respond = () => ({ status: 429, headers: { 'retry-after': inAnHour } });
    await dispatch();
    expect(receiver.requests).toHaveLength(2);
    t.clock.advance(HOUR - SECOND);
    await dispatch();
    expect(receiver.requests).toHaveLength(2);
    t.clock.advance(SECOND);

    // Sooner than the schedule (30 min after the third attempt): the schedule wins.
    receiver.respond = () => ({ status: 429, headers: { 'retry-after': '1' } });
    await dispatch();
    expect(receiver.requests).toHaveLength(3);
    t.clock.advance(30 * MINUTE - SECOND);
    await dispatch();
    expect(receiver.requests).toHaveLength(3);
    t.clock.advance(SECOND);
    await dispatch();
    expect(receiver.requests).toHaveLength(4);
  });

  it('a receiver that does not answer in time is a failed attempt with the reason, and is retried', async () => {
    await t.close();
    t = await startTestApp({
      clock: testClock(new Date().toISOString()),
      webhooks: { autoDispatch: false, random: () => 0.5, timeoutMs: 300 },
    });
    org = createReceivingOrganization(t.app);
    event = createEvent(t.app, org);
    token = createToken(t.app, org);
    const endpoint = createEndpoint(t.app, org, receiver.url);
    receiver.respond = () => 'hang';
    await register('slow@example.com');
    const round = dispatch();
    // A garbage collection while the send waits for its answer: the 0.3 s limit must cut it off all the same.
    await expect.poll(() => receiver.requests.length).toBe(1);
    collectGarbage();
    await round;
    const log = await call(t.app, 'GET', `/api/webhooks/${endpoint.uuid}/deliveries`, { token });
    expect(log.body.data[0]).toMatchObject({
      status: 'pending',
      attempt_count: 1,
      last_status_code: null,
      last_attempt: {
        number: 1,
        status_code: null,
        error: 'No answer within 0.3 seconds.',
        response_excerpt: null,
      },
    });
    expect(log.body.data[0].last_attempt.duration_ms).toBeGreaterThanOrEqual(290);
  });

  it('keeps only the first KiB of a response body', async () => {
    const endpoint = createEndpoint(t.app, org, receiver.url);
    receiver.respond = () => ({ status: 400, body: 'é'.repeat(5000) });
    await register('verbose@example.com');
    await dispatch();
    const log = await call(t.app, 'GET', `/api/webhooks/${endpoint.uuid}/deliveries`, { token });
    expect(log.body.data[0].last_attempt.response_excerpt).toBe('é'.repeat(512));
  });
});

describe('outages', () => {
  it('a receiver down for an hour then up receives every event exactly once after dedupe, in order', async () => {
    createEndpoint(t.app, org, receiver.url);
    await receiver.goDown();
    const emails: string[] = [];
    // An hour of activity while the receiver is unreachable, the dispatcher trying every minute.
    for (let minute = 0; minute < 60; minute++) {
      if (minute % 5 === 0) {
        const email = `during-${minute}@example.com`;
        emails.push(email);
        await register(email);
      }
      await dispatch();
      t.clock.advance(MINUTE);
    }
    expect(receiver.requests).toHaveLength(0);
    expect(deliveryRows(t.app).every((d) => d.status === 'pending' && d.attempt_count >= 1)).toBe(true);
    const waiting = await call(t.app, 'GET', '/api/webhooks', { token });
    expect(waiting.body.meta.waiting_count).toBe(12);

    await receiver.comeBack();
    for (
      let minute = 0;
      minute < 6 * 60 && deliveryRows(t.app).some((d) => d.status !== 'delivered');
      minute++
    ) {
      await dispatch();
      t.clock.advance(MINUTE);
    }
    expect(deliveryRows(t.app).every((d) => d.status === 'delivered')).toBe(true);
    const kept = receiver.deduped();
    expect(kept.map((r) => r.json.data.email).sort()).toEqual([...emails].sort());
    expect(new Set(kept.map((r) => r.id)).size).toBe(12);
    // The first success releases the backlog; it arrives in the order it was stored.
    expect(kept.slice(1).map((r) => r.json.data.email)).toEqual(
      emails.filter((email) => email !== kept[0]!.json.data.email),
    );
    expect((await call(t.app, 'GET', '/api/webhooks', { token })).body.meta.waiting_count).toBe(0);
  });

  it('sends one request at a time per endpoint, and a down endpoint does not hold up the others', async () => {
    const down = await startReceiver();
    try {
      createEndpoint(t.app, org, down.url);
      createEndpoint(t.app, org, receiver.url);
      await down.goDown();
      for (let i = 0; i < 5; i++) await register(`fanout${i}@example.com`);
      await dispatch();
      expect(receiver.requests.map((r) => r.json.data.email)).toEqual(
        [0, 1, 2, 3, 4].map((i) => `fanout${i}@example.com`),
      );
      expect(receiver.maxConcurrent()).toBe(1);
      // The down endpoint was tried once this round; the rest of its queue waits.
      const attempts = t.app.store.db
        .prepare('SELECT COUNT(*) AS n FROM webhook_attempts WHERE status_code IS NULL')
        .get() as { n: number };
      expect(attempts.n).toBe(1);
    } finally {
      await down.close();
    }
  });
});

describe('in the background', () => {
  it('requests never wait for delivery, and closing the app abandons a hanging send without counting it', async () => {
    await t.close();
    t = await startTestApp({ clock: testClock(new Date().toISOString()) });
    org = createReceivingOrganization(t.app);
    event = createEvent(t.app, org);
    createEndpoint(t.app, org, receiver.url);
    receiver.respond = () => 'hang';

    const started = performance.now();
    await register('fast@example.com');
    // The receiver never answers: a send on the request's path would hold it for the 15 s timeout.
    expect(performance.now() - started).toBeLessThan(5000);
    await expect.poll(() => receiver.requests.length, { timeout: 5000 }).toBe(1);

    const closing = performance.now();
    const dataDir = t.dataDir;
    await t.app.close();
    expect(performance.now() - closing).toBeLessThan(5000);

    // Nothing was counted: after a restart it goes out again.
    receiver.respond = () => ({ status: 200 });
    t = await startTestApp({ dataDir, clock: testClock(new Date().toISOString()) });
    expect(deliveryRows(t.app)).toMatchObject([{ status: 'pending', attempt_count: 0 }]);
    await t.app.ready();
    await expect.poll(() => deliveryRows(t.app)[0]!.status, { timeout: 5000 }).toBe('delivered');
    expect(receiver.requests.map((r) => r.id)).toEqual([receiver.requests[0]!.id, receiver.requests[0]!.id]);
  });

  it('notifications stored but not yet expanded when the app stops go out after the restart', async () => {
    createEndpoint(t.app, org, receiver.url);
    await register('stored@example.com');
    expect(t.app.store.db.prepare('SELECT COUNT(*) FROM webhook_outbox').pluck().get()).toBe(1);
    const dataDir = t.dataDir;
    await t.app.close();

    t = await startTestApp({
      dataDir,
      clock: testClock(new Date().toISOString()),
      webhooks: { autoDispatch: false },
    });
    await dispatch();
    expect(receiver.requests.map((r) => r.json.data.email)).toEqual(['stored@example.com']);
    expect(t.app.store.db.prepare('SELECT COUNT(*) FROM webhook_outbox').pluck().get()).toBe(0);
  });

  it('expanding a change again, after a power cut lost its first expansion, repeats its webhook-ids', async () => {
    createEndpoint(t.app, org, receiver.url);
    await register('twice@example.com');
    const stored = t.app.store.db.prepare('SELECT * FROM webhook_outbox').get() as Record<string, unknown>;
    await dispatch();
    // What a power cut leaves when the dispatcher's unsynced commit is lost: the change's row, nothing made from it.
    t.app.store.db.exec('DELETE FROM webhook_messages');
    t.app.store.db
      .prepare(
        `INSERT INTO webhook_outbox (id, notification_key, organization_id, type, endpoint_ids, items, created_at)
         VALUES (@id, @notification_key, @organization_id, @type, @endpoint_ids, @items, @created_at)`,
      )
      .run(stored);
    await dispatch();
    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests[1]!.id).toBe(receiver.requests[0]!.id);
    expect(receiver.requests[1]!.body).toBe(receiver.requests[0]!.body);
  });

  it('a delivery leased by another dispatcher is not sent; leases of a dead process are released at start', async () => {
    createEndpoint(t.app, org, receiver.url);
    await register('leased@example.com');
    t.app.ctx.webhooks.listEndpoints(org.id);
    const lease = t.clock.now().getTime() + HOUR;
    t.app.store.db.prepare('UPDATE webhook_deliveries SET lease_expires_at = ?').run(lease);
    await dispatch();
    expect(receiver.requests).toHaveLength(0);

    t.app.ctx.webhookDispatcher.start(t.app.log);
    await dispatch();
    expect(receiver.requests).toHaveLength(1);
  });

  it('logs failures without the secret, the URL or the payload', async () => {
    await t.close();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    t = await startTestApp({
      clock: testClock(new Date().toISOString()),
      webhooks: { autoDispatch: false, random: () => 0.5 },
      logger: { level: 'info', stream },
    });
    org = createReceivingOrganization(t.app);
    event = createEvent(t.app, org);
    const secretUrl = `${receiver.url}/token-in-path-s3cr3t?key=qs-s3cr3t`;
    const { secret, uuid } = createEndpoint(t.app, org, secretUrl);
    receiver.respond = () => ({ status: 500 });
    await register('private.person@example.com');
    await dispatch();
    receiver.respond = () => ({ status: 410 });
    t.clock.advance(5 * SECOND);
    await dispatch();

    const log = lines.join('');
    expect(log).toContain('webhook delivery failed; it will be retried');
    expect(log).toContain('webhook endpoint answered 410 Gone and was disabled');
    expect(log).toContain(uuid);
    for (const leak of [secret, secret.slice(6), 's3cr3t', 'private.person', receiver.url]) {
      expect(log).not.toContain(leak);
    }
  });
});

describe('retention', () => {
  const DAY = 24 * HOUR;
  const prune = () => t.app.ctx.webhookDispatcher.pruneOld();
  const stored = () =>
    t.app.store.db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM webhook_deliveries) AS deliveries,
                (SELECT COUNT(*) FROM webhook_attempts) AS attempts,
                (SELECT COUNT(*) FROM webhook_messages) AS messages`,
      )
      .get() as { deliveries: number; attempts: number; messages: number };

  /** `count` notifications to the endpoint, delivered at `finishedAt`, as the dispatcher would have left them. */
  function storeDelivered(endpointId: number, count: number, finishedAt: Date): void {
    const at = toTimestamp(finishedAt);
    const db = t.app.store.db;
    const message = db.prepare(
      `INSERT INTO webhook_messages (uid, organization_id, type, payload, created_at)
       VALUES (?, ?, 'attendee.registered', '{}', ?)`,
    );
    const delivery = db.prepare(
      `INSERT INTO webhook_deliveries (message_id, endpoint_id, status, attempt_count, created_at, updated_at)
       VALUES (?, ?, 'delivered', 1, ?, ?)`,
    );
    const attempt = db.prepare(
      `INSERT INTO webhook_attempts (delivery_id, number, status_code, duration_ms, attempted_at)
       VALUES (?, 1, 200, 3, ?)`,
    );
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const messageId = message.run(`msg_old${i}`, org.id, at).lastInsertRowid;
        attempt.run(delivery.run(messageId, endpointId, at, at).lastInsertRowid, at);
      }
    })();
  }

  it('a finished delivery leaves the log 30 days after its last attempt, with its attempts and body; a pending one stays', async () => {
    const gone = await startReceiver();
    try {
      const endpoint = createEndpoint(t.app, org, receiver.url);
      gone.respond = () => ({ status: 410 });
      createEndpoint(t.app, org, gone.url);
      await register('delivered@example.com');
      await dispatch();
      // One delivered and one failed for good (410 also disabled that endpoint, so the next goes to one only).
      receiver.respond = () => ({ status: 500 });
      await register('retrying@example.com');
      await dispatch();
      expect(deliveryRows(t.app).map((row) => row.status)).toEqual(['delivered', 'failed', 'pending']);
      expect(stored()).toEqual({ deliveries: 3, attempts: 3, messages: 2 });

      t.clock.advance(30 * DAY);
      expect(await prune()).toBe(0);
      expect(stored()).toEqual({ deliveries: 3, attempts: 3, messages: 2 });

      t.clock.advance(SECOND);
      expect(await prune()).toBe(2);
      expect(deliveryRows(t.app)).toMatchObject([{ status: 'pending', attempt_count: 1 }]);
      expect(stored()).toEqual({ deliveries: 1, attempts: 1, messages: 1 });

      // The log no longer lists them, and the waiting one still goes out, under its own id.
      const log = await call(t.app, 'GET', `/api/webhooks/${endpoint.uuid}/deliveries`, { token });
      expect(log.body.data.map((delivery: { status: string }) => delivery.status)).toEqual(['pending']);
      receiver.respond = () => ({ status: 200 });
      await dispatch();
      expect(deliveryRows(t.app)).toMatchObject([{ status: 'delivered', attempt_count: 2 }]);
      expect(receiver.requests.at(-1)!.id).toBe(receiver.requests.at(-2)!.id);
    } finally {
      await gone.close();
    }
  });

  it('a redelivered notification starts its 30 days again', async () => {
    const endpoint = createEndpoint(t.app, org, receiver.url);
    await register('again@example.com');
    await dispatch();
    t.clock.advance(29 * DAY);
    const { id } = deliveryRows(t.app)[0]!;
    const redeliver = await call(t.app, 'POST', `/api/webhooks/${endpoint.uuid}/deliveries/${id}/redeliver`, {
      token,
    });
    expect(redeliver.status).toBe(202);
    await dispatch();
    t.clock.advance(2 * DAY);
    expect(await prune()).toBe(0);
    expect(deliveryRows(t.app)).toMatchObject([{ status: 'delivered', attempt_count: 2 }]);
  });

  it('prunes a long log a batch at a time, letting the event loop turn between batches', async () => {
    const endpoint = createEndpoint(t.app, org, receiver.url);
    const monthAgo = toTimestamp(new Date(t.clock.now().getTime() - 31 * DAY));
    storeDelivered(endpoint.id, 1234, new Date(monthAgo));
    // The first notification still waits for a second endpoint: its body must stay.
    const waiting = createEndpoint(t.app, org, `${receiver.url}/other`);
    t.app.store.db
      .prepare(
        `INSERT INTO webhook_deliveries (message_id, endpoint_id, status, next_attempt_at, created_at, updated_at)
         VALUES ((SELECT MIN(id) FROM webhook_messages), ?, 'pending', 0, ?, ?)`,
      )
      .run(waiting.id, monthAgo, monthAgo);

    let turned = false;
    setImmediate(() => (turned = true));
    expect(await prune()).toBe(1234);
    expect(turned, 'requests waiting on the event loop are served between batches').toBe(true);
    expect(stored()).toEqual({ deliveries: 1, attempts: 0, messages: 1 });
    expect(deliveryRows(t.app)).toMatchObject([{ status: 'pending' }]);
  });

  it('the dispatcher prunes when it starts, and on its own timer after that', async () => {
    const endpoint = createEndpoint(t.app, org, receiver.url);
    storeDelivered(endpoint.id, 3, new Date(t.clock.now().getTime() - 31 * DAY));
    const dataDir = t.dataDir;
    await t.app.close();

    // At start (the timer's first turn is an hour away).
    const clock = testClock(t.clock.now().toISOString());
    t = await startTestApp({ dataDir, clock });
    await t.app.ready();
    await expect.poll(() => stored().deliveries, { timeout: 5000 }).toBe(0);
    await t.app.close();

    // On the timer: these are stored after the start's prune.
    t = await startTestApp({ dataDir, clock, webhooks: { pruneIntervalMs: 50 } });
    await t.app.ready();
    await new Promise((resolve) => setTimeout(resolve, 20));
    storeDelivered(endpoint.id, 2, new Date(clock.now().getTime() - 31 * DAY));
    await expect.poll(() => stored().deliveries, { timeout: 5000 }).toBe(0);
  });
});
