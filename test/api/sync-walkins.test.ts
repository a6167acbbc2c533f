/**
 * Registrations and walk-ins made at a cut-off kiosk, replayed to a hub that moved on meanwhile (docs/sync.md,
 * conflict rules): the event filled up, registration closed, the same email registered at the hub, the attendee
 * cancelled there. A replay never loses a person; what it had to bend is flagged on the hub's Sync page.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONFLICT_RULES } from '../../server/sync/sync.presenters.ts';
import type { ServerProcess } from '../helpers/server-process.ts';
import {
  attendeeRows,
  cutOff,
  inProcessKiosk,
  person,
  reconnect,
  seedHub,
  send,
  signIn,
  startHub,
  until,
  venueResources,
  type HubSeed,
  type InProcessKiosk,
} from '../helpers/sync-venue.ts';

const hubSide = venueResources();
const perTest = venueResources();
let hubDir: string;
let hub: ServerProcess;
let seed: HubSeed;

beforeAll(async () => {
  hubDir = hubSide.dir();
  seed = await seedHub(hubDir, {
    events: { full: { seats: 2 }, closing: {}, merge: {}, cancelled: {}, again: {}, crossing: {} },
    attendees: {
      full: ['seated@example.com'],
      cancelled: ['gone@example.com'],
      again: ['back@example.com', 'back-here@example.com'],
    },
  });
  hub = await hubSide.process(startHub(hubDir));
}, 60_000);
afterEach(() => perTest.teardown());
afterAll(() => hubSide.teardown());

/** The owner's session at the hub: signed in once, as sign-ins are rate-limited (10 a minute). */
let cookie: string | undefined;

async function conflictsAt(attendeeUuid: string) {
  cookie ??= await signIn(hub.baseUrl);
  const overview = await send(hub.baseUrl, 'GET', '/dashboard/api/sync', { cookie });
  expect(overview.status).toBe(200);
  return (
    overview.body.data.conflicts as { kind: string; rule: string; attendee_id: string; device: string }[]
  ).filter((conflict) => conflict.attendee_id === attendeeUuid);
}

const api = (method: string, path: string, body?: unknown) =>
  send(hub.baseUrl, method, path, { token: seed.token, body });

function walkIn(kiosk: InProcessKiosk, eventName: string, email: string): string {
  const event = kiosk.app.ctx.events.findEvent(seed.events[eventName]!)!;
  const outcome = kiosk.app.ctx.registrations.addWalkIn(event, person(email));
  if (!outcome.ok) throw new Error(`walk-in ${email} refused at the kiosk: ${outcome.reason}`);
  return outcome.attendee.uuid;
}

const hubRow = (eventName: string, email: string) =>
  attendeeRows(hubDir, seed.events[eventName]!).filter((row) => row.email === email);

describe('walk-ins replayed to a hub that moved on', () => {
  it('into an event that filled up meanwhile: the walk-in is in, flagged over capacity', async () => {
    const kiosk = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Door 1');
    await cutOff(kiosk);
    // The kiosk saw one seat of two taken: its walk-in takes the second.
    const uuid = walkIn(kiosk, 'full', 'walked-in@example.com');
    const atHub = await send(hub.baseUrl, 'POST', `/public/events/${seed.events.full}/register`, {
      body: person('online@example.com'),
    });
    expect(atHub.status).toBe(201);
    // The hub is full now: another registration there is refused (a full event is closed to registration).
    const refused = await send(hub.baseUrl, 'POST', `/public/events/${seed.events.full}/register`, {
      body: person('too-late@example.com'),
    });
    expect(refused.status).toBe(403);

    await reconnect(kiosk);
    expect(hubRow('full', 'walked-in@example.com')).toMatchObject([{ uuid, status: 'confirmed' }]);
    expect(attendeeRows(hubDir, seed.events.full!).filter((row) => row.status === 'confirmed')).toHaveLength(
      3,
    );
    expect(await conflictsAt(uuid)).toMatchObject([
      { kind: 'over_capacity', rule: CONFLICT_RULES.over_capacity, device: 'Door 1' },
    ]);
  }, 120_000);

  it('after registration closed meanwhile: a self-registration is in and flagged, a walk-in is in as walk-ins are', async () => {
    const kiosk = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Door 2');
    await cutOff(kiosk);
    const event = kiosk.app.ctx.events.findEvent(seed.events.closing!)!;
    const registered = kiosk.app.ctx.registrations.registerAttendee(event, person('self@example.com'));
    if (!registered.ok) throw new Error(`registration refused at the kiosk: ${registered.reason}`);
    const walkedIn = walkIn(kiosk, 'closing', 'desk@example.com');
    // The hub's staff close registration, as of a minute ago: the kiosk's registration came after that.
    const closed = await api('PATCH', `/api/events/${seed.events.closing}`, {
      registration_closes_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(closed.status).toBe(200);

    await reconnect(kiosk);
    expect(hubRow('closing', 'self@example.com')).toMatchObject([
      { uuid: registered.attendee.uuid, status: 'confirmed' },
    ]);
    expect(await conflictsAt(registered.attendee.uuid)).toMatchObject([
      { kind: 'after_close', rule: CONFLICT_RULES.after_close, device: 'Door 2' },
    ]);
    // Staff add walk-ins outside the registration window: nothing to flag.
    expect(hubRow('closing', 'desk@example.com')).toMatchObject([{ uuid: walkedIn, status: 'confirmed' }]);
    expect(await conflictsAt(walkedIn)).toEqual([]);
  }, 120_000);

  it('for an email registered at the hub meanwhile: one registration, the later UUID resolving to the survivor', async () => {
    const kiosk = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Door 3');
    await cutOff(kiosk);
    const atHub = await send(hub.baseUrl, 'POST', `/public/events/${seed.events.merge}/register`, {
      body: person('twice@example.com'),
    });
    expect(atHub.status).toBe(201);
    const hubUuid = hubRow('merge', 'twice@example.com')[0]!.uuid;
    // Times are kept to the second, and a tie goes to the lower op id: the walk-in comes a second later. (The hub
    // dates a kiosk's op by its clock reading, which can only make the op later still.)
    const registeredAt = Date.now();
    await until(
      'the next second',
      () => Date.now(),
      (now) => Math.floor(now / 1000) > Math.floor(registeredAt / 1000) && now % 1000 >= 200,
    );
    const kioskUuid = walkIn(kiosk, 'merge', 'twice@example.com');

    await reconnect(kiosk);
    expect(hubRow('merge', 'twice@example.com')).toMatchObject([{ uuid: hubUuid, status: 'confirmed' }]);
    // The UUID the kiosk handed out finds the survivor.
    const resolved = await api('GET', `/api/attendees/${kioskUuid}`);
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({ id: hubUuid, email: 'twice@example.com' });
    expect(await conflictsAt(hubUuid)).toMatchObject([
      { kind: 'merged_registration', rule: CONFLICT_RULES.merged_registration, device: 'Door 3' },
    ]);
    // The kiosk comes to show the survivor only.
    await until(
      'the kiosk shows the survivor only',
      () => attendeeRows(kiosk.dir, seed.events.merge!).map((row) => row.uuid),
      (uuids) => uuids.length === 1 && uuids[0] === hubUuid,
    );
  }, 120_000);

  it('for an attendee cancelled at the hub meanwhile: checked in at the kiosk, the check-in stands', async () => {
    const kiosk = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Door 4');
    await cutOff(kiosk);
    const event = kiosk.app.ctx.events.findEvent(seed.events.cancelled!)!;
    const [gone] = hubRow('cancelled', 'gone@example.com');
    const checkedIn = kiosk.app.ctx.attendees.selfCheckIn(event, 'gone@example.com');
    expect(checkedIn.ok).toBe(true);
    const cancelled = await api(
      'POST',
      `/api/events/${seed.events.cancelled}/attendees/${gone!.uuid}/cancel`,
    );
    expect(cancelled.status).toBe(200);
    expect(hubRow('cancelled', 'gone@example.com')[0]!.status).toBe('canceled');

    await reconnect(kiosk);
    // The person is in the building.
    const [row] = hubRow('cancelled', 'gone@example.com');
    expect(row).toMatchObject({ uuid: gone!.uuid, status: 'confirmed' });
    expect(row!.checked_in_at).not.toBeNull();
    expect(await conflictsAt(gone!.uuid)).toMatchObject([
      { kind: 'check_in_after_cancel', rule: CONFLICT_RULES.check_in_after_cancel, device: 'Door 4' },
    ]);
  }, 120_000);

  it('for an attendee cancelled and registered again at the hub meanwhile: the check-in stands, the two merge', async () => {
    const kiosk = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Door 5');
    await cutOff(kiosk);
    const event = kiosk.app.ctx.events.findEvent(seed.events.again!)!;
    const [old] = hubRow('again', 'back@example.com');
    expect(kiosk.app.ctx.attendees.selfCheckIn(event, 'back@example.com').ok).toBe(true);
    expect((await api('POST', `/api/events/${seed.events.again}/attendees/${old!.uuid}/cancel`)).status).toBe(
      200,
    );
    const again = await send(hub.baseUrl, 'POST', `/public/events/${seed.events.again}/register`, {
      body: person('back@example.com'),
    });
    expect(again.status).toBe(201);
    const [, fresh] = hubRow('again', 'back@example.com');
    expect(fresh).toMatchObject({ status: 'confirmed' });

    // The check-in brings the cancelled registration back; one live registration per email: they merge into the
    // earlier, the old one. (This op used to fail the hub's batch, so the kiosk's outbox never drained.)
    await reconnect(kiosk);
    const rows = hubRow('again', 'back@example.com');
    expect(rows).toMatchObject([{ uuid: old!.uuid, status: 'confirmed' }]);
    expect(rows[0]!.checked_in_at).not.toBeNull();
    const resolved = await api('GET', `/api/attendees/${fresh!.uuid}`);
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({ id: old!.uuid, status: 'confirmed' });
    expect(resolved.body.data.checked_in_at).not.toBeNull();
    expect((await conflictsAt(old!.uuid)).map((conflict) => conflict.kind).sort()).toEqual([
      'check_in_after_cancel',
      'merged_registration',
    ]);
  }, 120_000);

  it('a kiosk holding a new registration of an email whose cancelled registration the hub brought back: it reads the feed and merges them as the hub does', async () => {
    const checker = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Door 6');
    const kiosk = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Door 7');
    await cutOff(checker);
    const event = kiosk.app.ctx.events.findEvent(seed.events.again!)!;
    const [old] = hubRow('again', 'back-here@example.com');
    expect(checker.app.ctx.attendees.selfCheckIn(event, 'back-here@example.com').ok).toBe(true);
    expect((await api('POST', `/api/events/${seed.events.again}/attendees/${old!.uuid}/cancel`)).status).toBe(
      200,
    );
    await until(
      'the kiosk sees the cancellation',
      () => attendeeRows(kiosk.dir, seed.events.again!).find((row) => row.uuid === old!.uuid)?.status,
      (status) => status === 'canceled',
    );
    // Cut off, the kiosk registers the person again; meanwhile the other kiosk's check-in reaches the hub.
    await cutOff(kiosk);
    const local = walkIn(kiosk, 'again', 'back-here@example.com');
    await reconnect(checker);
    expect(hubRow('again', 'back-here@example.com')).toMatchObject([
      { uuid: old!.uuid, status: 'confirmed' },
    ]);

    // The kiosk reads the hub's feed before its registration reaches the hub: the hub's row, live again, meets the
    // kiosk's own of the same email. (This page used to fail, and with it every page after.)
    kiosk.proxy.setMode('open');
    await kiosk.app.ctx.replica!.pullNow();
    const here = attendeeRows(kiosk.dir, seed.events.again!).filter(
      (row) => row.email === 'back-here@example.com',
    );
    expect(here).toMatchObject([{ uuid: old!.uuid, status: 'confirmed' }]);
    expect(here[0]!.checked_in_at).not.toBeNull();
    const shown = kiosk.app.ctx.attendees.findAttendee(local);
    expect(shown).toMatchObject({ uuid: old!.uuid });

    await reconnect(kiosk);
    expect(hubRow('again', 'back-here@example.com')).toMatchObject([
      { uuid: old!.uuid, status: 'confirmed' },
    ]);
    const resolved = await api('GET', `/api/attendees/${local}`);
    expect(resolved.body.data).toMatchObject({ id: old!.uuid, status: 'confirmed' });
    expect(resolved.body.data.checked_in_at).not.toBeNull();
  }, 120_000);

  it('a cancellation on one kiosk crossing a new registration of the same email on another: the one it did not know of stands, in either order', async () => {
    const early = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Door 8');
    const late = await inProcessKiosk(perTest, { dir: hubDir, port: hub.port }, 'Door 9');
    await cutOff(early);
    await cutOff(late);
    const event = early.app.ctx.events.findEvent(seed.events.crossing!)!;
    const registerAndCancel = (kiosk: InProcessKiosk, email: string) => {
      const uuid = walkIn(kiosk, 'crossing', email);
      const attendee = kiosk.app.ctx.attendees.findAttendee(uuid)!;
      expect(kiosk.app.ctx.attendees.cancelRegistration(event, attendee)).toEqual({ ok: true });
      return uuid;
    };
    // Each kiosk registers someone and cancels them; the other registers the same email, ten minutes later on
    // its clock (the hub's times come from the kiosks' monotonic clocks, which moved together with the wall).
    const mergedFirst = registerAndCancel(early, 'merged-first@example.com');
    const cancelledFirst = registerAndCancel(late, 'cancelled-first@example.com');
    early.clock.advance(10 * 60_000);
    late.clock.advance(10 * 60_000);
    const standsAfterMerge = walkIn(late, 'crossing', 'merged-first@example.com');
    const standsAfterCancel = walkIn(early, 'crossing', 'cancelled-first@example.com');

    // The late kiosk first: its new registration of merged-first is the hub's until the early one's earlier
    // registration arrives and takes its place (they merge), with the cancellation that knew nothing of it right
    // behind. The cancellation of cancelled-first arrives before the other registration of that email.
    await reconnect(late);
    await reconnect(early);
    for (const [email, cancelled, stands] of [
      ['merged-first@example.com', mergedFirst, standsAfterMerge],
      ['cancelled-first@example.com', cancelledFirst, standsAfterCancel],
    ] as const) {
      const rows = hubRow('crossing', email);
      expect(rows, email).toHaveLength(2);
      expect(rows.find((row) => row.uuid === cancelled)?.status, email).toBe('canceled');
      expect(rows.find((row) => row.uuid === stands)?.status, email).toBe('confirmed');
      const found = await api('GET', `/api/attendees/${stands}`);
      expect(found.body.data, email).toMatchObject({ id: stands, status: 'confirmed' });
    }
    expect((await conflictsAt(standsAfterMerge)).map((conflict) => conflict.kind)).toEqual([
      'merged_registration_parted',
    ]);
    // Both kiosks come to show the same: the registration they did not cancel stands.
    for (const kiosk of [early, late]) {
      await until(
        `${kiosk.name} shows the registrations that stand`,
        () =>
          attendeeRows(kiosk.dir, seed.events.crossing!)
            .filter((row) => row.status !== 'canceled')
            .map((row) => row.uuid)
            .sort(),
        (uuids) => JSON.stringify(uuids) === JSON.stringify([standsAfterMerge, standsAfterCancel].sort()),
      );
    }
  }, 120_000);
});
