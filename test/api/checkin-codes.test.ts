import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import { DATABASE_FILE, openDatabase } from '../../server/platform/database.ts';
import { migrations } from '../../server/platform/migrations/index.ts';
import { ledgerService } from '../../server/attendees/ledger.service.ts';
import { applyService } from '../../server/sync/apply.service.ts';
import { syncRepository } from '../../server/sync/sync.repository.ts';
import { silentNotifier } from '../../server/webhooks/notifier.ts';
import {
  call,
  createEvent,
  createOrganization,
  createToken,
  createUser,
  pairDevice,
  registration,
  startWithEvent,
  tempDataDir,
  type TestApp,
  UNLIMITED,
} from '../helpers/app.ts';
import { dashboardClient, signedInMember, type DashboardClient } from '../helpers/dashboard.ts';
import { COMPANY_FORM } from '../helpers/fields.ts';

let t: TestApp;
let org: Organization;
let event: EventRecord;

beforeEach(async () => {
  ({ t, org, event } = await startWithEvent({
    timezone: 'America/New_York',
    registration_fields: COMPANY_FORM,
  }));
});
afterEach(async () => t.close());

/** Today's codes: 12 characters of Crockford's base 32 (no I, L, O or U; capitals only). */
const CODE = /^[0-9A-HJKMNP-TV-Z]{12}$/;
/** The codes issued before issue 39, and by migration 008: 16 base62 characters, case-sensitive. */
const OLD_CODE = /^[0-9A-Za-z]{16}$/;

const register = (e: EventRecord, email: string, extra: Record<string, unknown> = {}) =>
  call(t.app, 'POST', `/public/events/${e.uuid}/register`, { body: registration(email, extra) });
const stored = (e: EventRecord, email: string) => t.app.store.repos.attendees.findForEmail(e.id, email)!;
const scan = (e: EventRecord, code: unknown, remoteAddress?: string) =>
  call(t.app, 'POST', `/kiosk/api/events/${e.uuid}/scan`, {
    body: { code },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe('check-in codes', () => {
  it("every registration gets its own: 12 random characters of Crockford's base 32, however it was made", async () => {
    for (let i = 0; i < 30; i++) await register(event, `p${i}@example.com`);
    const kiosk = await call(t.app, 'POST', `/kiosk/api/events/${event.uuid}/register`, {
      body: registration('kiosk@example.com'),
    });
    expect(kiosk.status).toBe(201);
    const owner = await signedInMember(t.app, org, 'owner');
    const secondEvent = createEvent(t.app, org);
    const walkIn = await owner.send(
      'POST',
      `/events/${secondEvent.uuid}/attendees`,
      registration('walk@example.com'),
    );
    expect(walkIn.status).toBe(201);
    const imported = await owner.send('POST', `/events/${secondEvent.uuid}/import`, {
      rows: [registration('imported@example.com')],
    });
    expect(imported.status).toBe(200);

    const codes = (
      t.app.store.db.prepare('SELECT checkin_code FROM attendees').pluck().all() as string[]
    ).sort();
    expect(codes).toHaveLength(33);
    for (const code of codes) expect(code).toMatch(CODE);
    expect(new Set(codes).size).toBe(33);
    // The database itself refuses a second registration with the same code.
    const [first, second] = t.app.store.db
      .prepare('SELECT id, checkin_code FROM attendees ORDER BY id LIMIT 2')
      .all() as { id: number; checkin_code: string }[];
    expect(() =>
      t.app.store.db
        .prepare('UPDATE attendees SET checkin_code = ? WHERE id = ?')
        .run(first!.checkin_code, second!.id),
    ).toThrow(/UNIQUE/);
  });

  it('is in the token API list, the desk list and the CSV export', async () => {
    const owner = await signedInMember(t.app, org, 'owner');
    await register(event, 'ada@example.com');
    const { checkinCode } = stored(event, 'ada@example.com');
    const token = createToken(t.app, org);
    const list = await call(t.app, 'GET', `/api/events/${event.uuid}/attendees`, { token });
    expect(list.status).toBe(200);
    expect(list.body.data[0].checkin_code).toBe(checkinCode);

    const desk = await owner.send('GET', `/events/${event.uuid}/attendees`);
    expect(desk.body.data[0].checkin_code).toBe(checkinCode);
    const csv = await owner.send('GET', `/events/${event.uuid}/attendees.csv`);
    const [header, row] = (csv.body as string).trim().split('\r\n');
    expect(header!.split(',').at(-1)).toBe('"checkin_code"');
    expect(row!.split(',').at(-1)).toBe(`"${checkinCode}"`);
  });

  it("is not in the interface's own answers: the lookup, public registration, check and check-in", async () => {
    const registered = await register(event, 'ada@example.com');
    expect(Object.keys(registered.body.data).sort()).toEqual(['email', 'id', 'is_guest', 'name', 'status']);
    const { uuid, checkinCode } = stored(event, 'ada@example.com');
    const token = createToken(t.app, org);
    const lookup = await call(t.app, 'GET', `/api/attendees/${uuid}`, { token });
    expect(Object.keys(lookup.body.data).sort()).toEqual([
      'checked_in_at',
      'email',
      'event',
      'id',
      'name',
      'registered_at',
      'status',
    ]);
    const check = await call(t.app, 'GET', `/public/events/${event.uuid}/check?email=ada%40example.com`);
    const checkIn = await call(t.app, 'POST', `/public/events/${event.uuid}/check-in`, {
      body: { email: 'ada@example.com' },
    });
    for (const body of [registered.body, lookup.body, check.body, checkIn.body]) {
      expect(JSON.stringify(body)).not.toContain(checkinCode);
    }
  });

  it('a database from before check-in codes gives every existing registration one when it opens', () => {
    const dataDir = tempDataDir();
    try {
      const old = new Database(path.join(dataDir, DATABASE_FILE));
      for (const migration of migrations.slice(0, 5)) old.exec(migration as string);
      old.pragma('user_version = 5');
      old.exec(`INSERT INTO organizations (uuid, name, slug, created_at) VALUES ('o', 'Org', 'org', '');
        INSERT INTO events (uuid, organization_id, name, timezone, checkin_period_type, registration_fields,
          created_at, updated_at) VALUES ('e', 1, 'Old', 'UTC', 'immediate', '[]', '', '');`);
      const insert = old.prepare(
        `INSERT INTO attendees (uuid, event_id, email, email_key, name, answers, status, registered_at, updated_at)
         VALUES (?, 1, ?, ?, 'X', '{}', 'confirmed', '', '')`,
      );
      for (let i = 0; i < 20; i++) insert.run(`u${i}`, `p${i}@x.co`, `p${i}@x.co`);
      old.close();

      const db = openDatabase(dataDir);
      const codes = db.prepare('SELECT checkin_code FROM attendees').pluck().all() as string[];
      db.close();
      expect(codes).toHaveLength(20);
      for (const code of codes) expect(code).toMatch(OLD_CODE);
      expect(new Set(codes).size).toBe(20);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('registrations replayed from a replica', () => {
  const replayRegistration = async (uuid: string, number: number, email: string, checkinCode?: string) => {
    const device = t.app.ctx.syncHub.deviceOf(await pairDevice(t.app, org, [event.uuid]))!;
    const sync = syncRepository(t.app.store.db);
    const ledger = ledgerService(t.app.store, t.app.store.repos.ledger, silentNotifier);
    return applyService(t.app.store, sync, ledger).applyOp(
      {
        op: {
          op_id: `op-${uuid}`,
          seq: number,
          device: 'replica-1',
          kind: 'register',
          payload: {
            event: event.uuid,
            attendee: {
              uuid,
              number,
              email,
              name: 'Ada Lovelace',
              answers: { email },
              status: 'confirmed',
              ...(checkinCode ? { checkin_code: checkinCode } : {}),
            },
          },
          wall_ms: t.clock.now().getTime(),
          mono_ms: 0,
          boot_id: 'boot',
          schema_version: 1,
        },
        at: t.clock.now().toISOString(),
        uncertain: false,
      },
      { device, pendingUpstream: false, allocateId: () => t.app.store.repos.ledger.takeLocalIds() },
    );
  };

  it('keep the code the replica showed, or get one when the op carries none, and check in by it', async () => {
    expect(
      (
        await replayRegistration(
          '00000000-0000-4000-8000-000000000001',
          2 ** 52 + 1,
          'ada@example.com',
          'ReplicaCode00001',
        )
      ).status,
    ).toBe('applied');
    expect(stored(event, 'ada@example.com').checkinCode).toBe('ReplicaCode00001');
    await replayRegistration('00000000-0000-4000-8000-000000000002', 2 ** 52 + 2, 'old@example.com');
    expect(stored(event, 'old@example.com').checkinCode).toMatch(CODE);
    expect((await scan(event, 'ARV1:ReplicaCode00001')).status).toBe(200);
  });

  it('refuse a code taken, or one that reads as a code taken (code_taken): a scan would find the other', async () => {
    await register(event, 'ada@example.com');
    const taken = stored(event, 'ada@example.com').checkinCode;
    const uuids = ['00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000004'];
    for (const [index, code] of [taken, taken.toLowerCase()].entries()) {
      const outcome = await replayRegistration(
        uuids[index]!,
        2 ** 52 + 3 + index,
        `r${index}@example.com`,
        code,
      );
      expect(outcome).toMatchObject({ status: 'refused', reason: 'code_taken' });
    }
  });
});

describe('POST /kiosk/api/events/{uuid}/register', () => {
  it('registers like the public endpoint and answers with the check-in code', async () => {
    const res = await call(t.app, 'POST', `/kiosk/api/events/${event.uuid}/register`, {
      body: registration('ada@example.com', { company: 'Analytical' }),
    });
    expect(res.status).toBe(201);
    const attendee = stored(event, 'ada@example.com');
    expect(res.body).toEqual({
      message: 'Registration successful.',
      data: {
        id: attendee.id,
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        status: 'confirmed',
        is_guest: true,
        checkin_code: attendee.checkinCode,
      },
    });
    const again = await call(t.app, 'POST', `/kiosk/api/events/${event.uuid}/register`, {
      body: registration('ada@example.com'),
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'You are already registered for this event.' });
    const invalid = await call(t.app, 'POST', `/kiosk/api/events/${event.uuid}/register`, { body: {} });
    expect(invalid.status).toBe(422);
    expect(invalid.body.message).toBe('Validation failed.');
  });
});

describe('POST /kiosk/api/events/{uuid}/scan', () => {
  it('checks in by the code of the QR code, answering with the name and company, not the email', async () => {
    await register(event, 'ada@example.com', { company: 'Analytical Engines' });
    const attendee = stored(event, 'ada@example.com');
    t.clock.set('2026-11-21T15:42:05Z');
    const res = await scan(event, `ARV1:${attendee.checkinCode}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Check-in successful.',
      data: {
        id: attendee.id,
        name: 'Ada Lovelace',
        company: 'Analytical Engines',
        checked_in_at: '2026-11-21T15:42:05+00:00',
      },
    });
    expect(stored(event, 'ada@example.com').checkedInAt).toBe('2026-11-21T15:42:05+00:00');

    t.clock.advance(60_000);
    const twice = await scan(event, `ARV1:${attendee.checkinCode}`);
    expect(twice.status).toBe(409);
    // 15:42 UTC is 10:42 in New York, as the email check-in says it; beside it, whose ticket it was, when and where
    // (issue 39: the kiosk says what it saw).
    expect(twice.body).toEqual({
      message: 'You have already checked in at Nov 21, 2026 10:42 AM.',
      checked_in: {
        first_name: 'Ada',
        checked_in_at: '2026-11-21T15:42:05+00:00',
        place: 'kiosk',
        device: null,
      },
    });
  });

  it('takes the code bare or with the prefix in any case, trimmed', async () => {
    await register(event, 'a@example.com');
    await register(event, 'b@example.com');
    const a = stored(event, 'a@example.com').checkinCode;
    const b = stored(event, 'b@example.com').checkinCode;
    expect((await scan(event, `  arv1:${a}\n`)).status).toBe(200);
    expect((await scan(event, b)).status).toBe(200);
  });

  it("today's codes are read as people type them: any case, in groups or not, I and L as 1, O as 0", async () => {
    const typed = (code: string) => [
      code.toLowerCase(),
      `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`.toLowerCase(),
      ` ${code.slice(0, 4)} ${code.slice(4, 8)}  ${code.slice(8)} `,
      `ARV1:${code.slice(0, 6)}-${code.slice(6)}`,
    ];
    for (let i = 0; i < 4; i++) {
      await register(event, `p${i}@example.com`);
      const { checkinCode } = stored(event, `p${i}@example.com`);
      const res = await scan(event, typed(checkinCode)[i]!);
      expect(res.status, typed(checkinCode)[i]).toBe(200);
    }
    // Crockford's look-alikes: a code with a 1 and a 0, typed with I, L and O in any case.
    await register(event, 'crockford@example.com');
    const row = stored(event, 'crockford@example.com');
    const code = `1${'0'.repeat(5)}${row.checkinCode.slice(6)}`;
    for (const table of ['registrations', 'attendees']) {
      t.app.store.db.prepare(`UPDATE ${table} SET checkin_code = ? WHERE uuid = ?`).run(code, row.uuid);
    }
    const rest = code.slice(6).toLowerCase();
    expect((await scan(event, `i0Oo-oO${rest}`)).status).toBe(200);
    expect(stored(event, 'crockford@example.com').checkedInAt).not.toBeNull();
    // Found again (already checked in), read with an L this time.
    expect((await scan(event, `L0OO OO${rest}`)).status).toBe(409);
    // A letter out of the alphabet (U) or a code one character short is no code of anyone's.
    expect((await scan(event, `U${code.slice(1)}`)).status).toBe(404);
    expect((await scan(event, code.slice(1))).status).toBe(404);
  });

  it('a code issued before (16 base62 characters, from a mail already sent) checks in exactly as printed', async () => {
    await register(event, 'old@example.com');
    await register(event, 'older@example.com');
    const legacy = { 'old@example.com': 'aB3dEf6hIj9lMn0p', 'older@example.com': 'OLDCODE1LOOKALIK' };
    for (const [email, code] of Object.entries(legacy)) {
      const { uuid } = stored(event, email);
      t.app.store.db.prepare('UPDATE registrations SET checkin_code = ? WHERE uuid = ?').run(code, uuid);
      t.app.store.db.prepare('UPDATE attendees SET checkin_code = ? WHERE uuid = ?').run(code, uuid);
    }
    // Case-sensitive as it always was, and never read the Crockford way: these are not today's codes.
    expect((await scan(event, 'ab3dEf6hIj9lMn0p')).status).toBe(404);
    expect((await scan(event, 'AB3DEF6H1J91MN0P')).status).toBe(404);
    expect((await scan(event, '0LDC0DE1L00KAL1K')).status).toBe(404);
    expect((await scan(event, 'ARV1:aB3dEf6hIj9lMn0p')).status).toBe(200);
    expect((await scan(event, 'OLDCODE1LOOKALIK')).status).toBe(200);
    expect(stored(event, 'old@example.com').checkedInAt).not.toBeNull();
    expect(stored(event, 'older@example.com').checkedInAt).not.toBeNull();
  });

  it('a wrong code, or the code of another event, is 404 not registered (naming the event a ticket is for)', async () => {
    const other = createEvent(t.app, org, { name: 'Launch Night' });
    await register(other, 'ada@example.com');
    const elsewhere = stored(other, 'ada@example.com').checkinCode;
    for (const code of ['ARV1:NoSuchCode000000', 'NoSuchCode000000', `ARV1:${elsewhere}`, elsewhere]) {
      const res = await scan(event, code);
      expect(res.status, code).toBe(404);
      expect(res.body).toEqual({
        message: 'You are not registered for this event.',
        // Issue 39: a ticket of another event of the organization names that event.
        ...(code.endsWith(elsewhere) ? { other_event: { name: 'Launch Night' } } : {}),
      });
    }
    expect(stored(other, 'ada@example.com').checkedInAt).toBeNull();
  });

  it('refuses as self check-in does: cancelled, pending, check-in closed, self check-in off', async () => {
    await register(event, 'gone@example.com');
    const gone = stored(event, 'gone@example.com').checkinCode;
    await call(t.app, 'POST', `/public/events/${event.uuid}/cancel`, { body: { email: 'gone@example.com' } });
    expect(await scan(event, `ARV1:${gone}`)).toMatchObject({
      status: 403,
      body: { message: 'Your registration has been cancelled. Please see event staff.' },
    });

    const approval = createEvent(t.app, org, { requires_approval: true });
    await register(approval, 'wait@example.com');
    expect(await scan(approval, `ARV1:${stored(approval, 'wait@example.com').checkinCode}`)).toMatchObject({
      status: 403,
      body: { message: 'Your registration is awaiting approval. Please check in with event staff.' },
    });

    const closed = createEvent(t.app, org, { checkin_period_type: 'disabled' });
    await register(closed, 'early@example.com');
    const early = stored(closed, 'early@example.com').checkinCode;
    // Event-level refusals come first: a closed kiosk tells nobody whether a code is right.
    for (const code of [`ARV1:${early}`, 'ARV1:NoSuchCode000000']) {
      expect(await scan(closed, code)).toMatchObject({
        status: 403,
        body: { message: 'Check-in is not available for this event.' },
      });
    }

    const desk = createEvent(t.app, org, { allow_self_checkin: false });
    await register(desk, 'desk@example.com');
    expect(await scan(desk, `ARV1:${stored(desk, 'desk@example.com').checkinCode}`)).toMatchObject({
      status: 403,
      body: { message: 'Self check-in is not enabled for this event. Please check in with event staff.' },
    });
    expect(stored(desk, 'desk@example.com').checkedInAt).toBeNull();
  });

  it('before check-in opens, the scan says when beside the message; the public check-in keeps its bare answer', async () => {
    // The test clock reads 2026-11-21 10:00 UTC.
    const evening = createEvent(t.app, org, {
      checkin_period_type: 'date_range',
      checkin_starts_at: '2026-11-21T18:30:00Z',
      checkin_ends_at: '2026-11-21T23:00:00Z',
    });
    await register(evening, 'early@example.com');
    const code = `ARV1:${stored(evening, 'early@example.com').checkinCode}`;

    for (const scanned of [code, 'ARV1:NoSuchCode000000']) {
      const early = await scan(evening, scanned);
      expect(early.status).toBe(403);
      expect(early.body).toEqual({
        message: 'Check-in is not available for this event.',
        opens_at: '2026-11-21T18:30:00+00:00',
      });
    }
    const publicEarly = await call(t.app, 'POST', `/public/events/${evening.uuid}/check-in`, {
      body: { email: 'early@example.com' },
    });
    expect(publicEarly.status).toBe(403);
    expect(publicEarly.body).toEqual({ message: 'Check-in is not available for this event.' });

    t.clock.set('2026-11-21T18:30:00Z');
    expect((await scan(evening, code)).status).toBe(200);

    // Over: nothing opens any more, so nothing is said of when.
    t.clock.set('2026-11-21T23:00:01Z');
    const late = await scan(evening, 'ARV1:NoSuchCode000000');
    expect(late).toMatchObject({ status: 403 });
    expect(late.body).toEqual({ message: 'Check-in is not available for this event.' });
  });

  it('a profile QR code checks in the registration of that person, found by email in the organization', async () => {
    const ada = createUser(t.app, org, { email: 'Ada@Example.com', profilePublic: false });
    await register(event, 'ada@example.com');
    const res = await scan(event, `http://192.0.2.10:8787/p/${ada.profileCode}`);
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Ada Lovelace');
    expect(stored(event, 'ada@example.com').checkedInAt).not.toBeNull();

    // A bare profile code works too.
    const grace = createUser(t.app, org, { email: 'grace@example.com' });
    await register(event, 'grace@example.com');
    expect((await scan(event, grace.profileCode)).status).toBe(200);
  });

  it("a profile of someone not registered, or of another organization's person, is 404", async () => {
    const stranger = createUser(t.app, org, { email: 'stranger@example.com' });
    const outsider = createUser(t.app, createOrganization(t.app, 'Other Org'), { email: 'ada@example.com' });
    await register(event, 'ada@example.com');
    for (const code of [`https://arrivals.example/p/${stranger.profileCode}`, outsider.profileCode]) {
      expect(await scan(event, code)).toMatchObject({
        status: 404,
        body: { message: 'You are not registered for this event.' },
      });
    }
    expect(stored(event, 'ada@example.com').checkedInAt).toBeNull();
  });

  it('422 for what is no code at all', async () => {
    for (const code of [
      'https://example.com/tickets/42',
      'two words',
      'ARV1:',
      'ARV1:bad-code',
      'x'.repeat(513),
    ]) {
      const res = await scan(event, code);
      expect(res.status, code).toBe(422);
      expect(res.body.message).toBe('Validation failed.');
    }
    expect((await scan(event, 'https://example.com/tickets/42')).body.errors).toEqual({
      code: ['The code field format is invalid.'],
    });
    expect((await scan(event, '')).body.errors).toEqual({ code: ['The code field is required.'] });
  });

  it('404 for an unknown or unpublished event', async () => {
    const hidden = createEvent(t.app, org, { is_published: false });
    await register(event, 'ada@example.com');
    const code = stored(event, 'ada@example.com').checkinCode;
    for (const uuid of ['00000000-0000-4000-8000-000000000000', hidden.uuid]) {
      const res = await call(t.app, 'POST', `/kiosk/api/events/${uuid}/scan`, { body: { code } });
      expect(res).toMatchObject({ status: 404, body: { message: 'Event not found.' } });
    }
  });
});

describe('the kiosk scan limit', () => {
  beforeEach(async () => {
    await t.close();
    ({ t, org, event } = await startWithEvent({}, { rateLimits: { ...UNLIMITED, kioskScan: 3 } }));
  });

  it('counts per IP, 429 Too Many Attempts. above it, leaving other addresses and kiosk registration alone', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await scan(event, `ARV1:Guess${String(i).padStart(11, '0')}`, '192.0.2.7');
      expect(res.status).toBe(404);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const refused = await scan(event, 'ARV1:Guess99999999999', '192.0.2.7');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
    expect((await scan(event, 'ARV1:Guess99999999999', '192.0.2.8')).status).toBe(404);
    const registered = await call(t.app, 'POST', `/kiosk/api/events/${event.uuid}/register`, {
      body: registration('ada@example.com'),
      remoteAddress: '192.0.2.7',
    });
    expect(registered.status).toBe(201);
    expect(registered.headers['x-ratelimit-limit']).toBe('100000');

    t.clock.advance(60_000);
    expect((await scan(event, 'ARV1:Guess99999999999', '192.0.2.7')).status).toBe(404);
  });
});

describe('POST /dashboard/api/events/{event_id}/scan', () => {
  let owner: DashboardClient;
  beforeEach(async () => {
    owner = await signedInMember(t.app, org, 'owner');
    event = createEvent(t.app, org, { allow_self_checkin: false });
  });
  const deskScan = (code: string, e = event) => owner.send('POST', `/events/${e.uuid}/scan`, { code });

  it('checks in with the desk rules: self check-in being off does not apply', async () => {
    await register(event, 'ada@example.com');
    const attendee = stored(event, 'ada@example.com');
    t.clock.set('2026-11-21T10:07:00Z');
    const res = await deskScan(`ARV1:${attendee.checkinCode}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Checked in.',
      data: {
        id: attendee.uuid,
        name: 'Ada Lovelace',
        checked_in_at: '2026-11-21T10:07:00+00:00',
        checkin_code: attendee.checkinCode,
      },
    });
    const twice = await deskScan(attendee.checkinCode);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: 'Already checked in at Nov 21, 2026 10:07 AM.' });
  });

  it("refuses what the desk's Check in button refuses, and a code no registration of the event has", async () => {
    await register(event, 'gone@example.com');
    const gone = stored(event, 'gone@example.com').checkinCode;
    await call(t.app, 'POST', `/public/events/${event.uuid}/cancel`, { body: { email: 'gone@example.com' } });
    expect(await deskScan(gone)).toMatchObject({
      status: 422,
      body: { message: 'This registration is cancelled.' },
    });
    expect(await deskScan('ARV1:NoSuchCode000000')).toMatchObject({
      status: 404,
      body: { message: 'No registration for this event has this code.' },
    });
    expect((await deskScan('not a code')).status).toBe(422);
  });

  it('takes the printed code typed in lower case, with or without its hyphens', async () => {
    await register(event, 'ada@example.com');
    await register(event, 'grace@example.com');
    const ada = stored(event, 'ada@example.com').checkinCode;
    const grace = stored(event, 'grace@example.com').checkinCode;
    expect((await deskScan(ada.toLowerCase())).status).toBe(200);
    const printed = `${grace.slice(0, 4)}-${grace.slice(4, 8)}-${grace.slice(8)}`;
    expect((await deskScan(printed.toLowerCase())).status).toBe(200);
    expect(stored(event, 'grace@example.com').checkedInAt).not.toBeNull();
  });

  it("a profile QR code of a registered person checks them in; another organization's event is not found", async () => {
    const ada = createUser(t.app, org, { email: 'ada@example.com' });
    await register(event, 'ada@example.com');
    expect((await deskScan(`http://localhost/p/${ada.profileCode}`)).status).toBe(200);
    const foreign = createEvent(t.app, createOrganization(t.app, 'Other Org'));
    expect(await deskScan(ada.profileCode, foreign)).toMatchObject({
      status: 404,
      body: { message: 'Event not found.' },
    });
  });

  it('needs a signed-in staff member', async () => {
    const res = await dashboardClient(() => t.app).send('POST', `/events/${event.uuid}/scan`, { code: 'x' });
    expect(res.status).toBe(401);
  });
});
