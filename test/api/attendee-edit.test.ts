/**
 * Editing a person (issue 39, part 2 and part 3's "Wrong address?"): the token API's and the desk's
 * `PATCH .../events/{event_id}/attendees/{attendee_id}` and the ticket page's `PATCH /public/tickets/{secret}`. The
 * validation of registration in the spec's 422 shape, one live registration per email, the edit as a fact of the
 * ledger, `attendee.updated`, and mail through a real SMTP server on a loopback port: the ticket goes to the corrected
 * address and nothing more to the old one. Mail is sent step by step (`autoDispatch` off); time is the test clock.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ledgerService } from '../../server/attendees/ledger.service.ts';
import { silentNotifier } from '../../server/webhooks/notifier.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import {
  call,
  createEvent,
  createOrganization,
  createToken,
  registration,
  startTestApp,
  type TestApp,
} from '../helpers/app.ts';
import { signedInMember } from '../helpers/dashboard.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { createEndpoint } from '../helpers/webhooks.ts';

let t: TestApp;
let smtp: TestSmtp;
let org: Organization;
let event: EventRecord;
let token: string;

beforeEach(async () => {
  smtp = await startTestSmtp();
  t = await startTestApp({
    kioskDir: false,
    mail: { autoDispatch: false, random: () => 0.5 },
    webhooks: { autoDispatch: false },
  });
  org = createOrganization(t.app, 'City Hall Events');
  event = createEvent(t.app, org, {
    name: 'Open Day',
    timezone: 'Europe/Paris',
    starts_at: '2026-12-01T09:00:00+01:00',
    ends_at: '2026-12-01T17:30:00+01:00',
    registration_fields: [
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
          { value: 'visitor', label: 'Visitor' },
          { value: 'press', label: 'Press' },
        ],
      },
    ],
  });
  token = createToken(t.app, org);
  t.app.ctx.mail.saveSettings(org.id, {
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    username: null,
    fromAddress: 'tickets@cityhall.example',
    fromName: 'City Hall Events',
    replyTo: null,
    publicUrl: 'https://tickets.cityhall.example',
    mailKioskRegistrations: false,
    mailImports: false,
    maxPerMinute: null,
  });
});

afterEach(async () => {
  await t.close();
  await smtp.close();
});

async function register(email: string, extra: Record<string, unknown> = {}) {
  const answer = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
    body: registration(email, extra),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const row = t.app.store.repos.attendees.findForEmail(event.id, email)!;
  return { uuid: row.uuid, secret: String(answer.headers.location).replace('/t/', '') };
}

const edit = (uuid: string, body: unknown) =>
  call(t.app, 'PATCH', `/api/events/${event.uuid}/attendees/${uuid}`, { body, token });
/**
 * Sends what is due; a pooled connection the test server dropped meanwhile (a busy machine) makes a mail wait for
 * its retry, so the clock moves to it, a few rounds at most.
 */
async function dispatch() {
  for (let round = 0; round < 4; round++) {
    await t.app.ctx.mailDispatcher.dispatchDue();
    if (!mails().some((mail) => mail.status === 'queued')) return;
    t.clock.advance(5 * 60_000);
  }
}
const mails = () =>
  t.app.store.db.prepare('SELECT kind, status, error FROM mail_outbox ORDER BY id').all() as {
    kind: string;
    status: string;
    error: string | null;
  }[];
const notifications = () =>
  (
    t.app.store.db.prepare('SELECT type, items FROM webhook_outbox ORDER BY id').all() as {
      type: string;
      items: string;
    }[]
  ).map((row) => ({ type: row.type, data: JSON.parse(row.items)[0] }));

describe('PATCH /api/events/{event_id}/attendees/{attendee_id}', () => {
  it('changes name and answers, answers the attendee with its answers, and records one edit fact', async () => {
    const ada = await register('ada@example.com', { company: 'Analytical' });
    const answer = await edit(ada.uuid, { first_name: ' Augusta ', company: '', ticket: 'press' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('Attendee updated.');
    expect(answer.body.data).toMatchObject({
      id: ada.uuid,
      name: 'Augusta Lovelace',
      email: 'ada@example.com',
      status: 'confirmed',
      answers: { email: 'ada@example.com', first_name: 'Augusta', last_name: 'Lovelace', ticket: 'press' },
    });
    expect(answer.body.data.answers.company).toBeUndefined();
    expect([...answer.body.data.changed].sort()).toEqual(['company', 'first_name', 'ticket']);
    const lookup = await call(t.app, 'GET', `/api/attendees/${ada.uuid}`, { token });
    expect(lookup.body.data.name).toBe('Augusta Lovelace');
    const facts = t.app.store.db
      .prepare("SELECT kind, detail FROM attendee_facts WHERE kind = 'edit'")
      .all() as { kind: string; detail: string }[];
    expect(facts).toHaveLength(1);
    expect(JSON.parse(facts[0]!.detail)).toEqual({
      fields: { first_name: 'Augusta', company: null, ticket: 'press' },
      via: 'api',
      staff: null,
    });
    // Nothing changed: nothing recorded.
    const again = await edit(ada.uuid, { first_name: 'Augusta' });
    expect(again.body.data.changed).toEqual([]);
    expect(
      t.app.store.db.prepare("SELECT COUNT(*) FROM attendee_facts WHERE kind = 'edit'").pluck().get(),
    ).toBe(1);
  });

  it("refuses what registration refuses, in the spec's 422 shape, and changes nothing", async () => {
    const ada = await register('ada@example.com');
    const answer = await edit(ada.uuid, {
      email: 'not an address',
      first_name: '',
      last_name: 42,
      ticket: 'vip',
      company: 'x'.repeat(256),
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'The given data was invalid.',
      errors: {
        email: ['The email field must be a valid email address.'],
        first_name: ['The first name field is required.'],
        last_name: ['The last name field must be a string.'],
        ticket: ['The selected ticket is invalid.'],
        company: ['The company field must not be greater than 255 characters.'],
      },
    });
    expect(t.app.store.repos.attendees.findByUuid(ada.uuid)!.name).toBe('Ada Lovelace');
    expect(
      t.app.store.db.prepare("SELECT COUNT(*) FROM attendee_facts WHERE kind = 'edit'").pluck().get(),
    ).toBe(0);
  });

  it('keeps one live registration per email: another live one is 422, a cancelled one is not', async () => {
    const ada = await register('ada@example.com');
    await register('grace@example.com');
    const taken = await edit(ada.uuid, { email: 'Grace@Example.com ' });
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({
      message: 'The given data was invalid.',
      errors: { email: ['The email has already been taken.'] },
    });
    const gone = await register('gone@example.com');
    expect(
      (await call(t.app, 'POST', `/api/events/${event.uuid}/attendees/${gone.uuid}/cancel`, { token }))
        .status,
    ).toBe(200);
    const moved = await edit(ada.uuid, { email: 'gone@example.com' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ id: ada.uuid, email: 'gone@example.com', status: 'confirmed' });
    // Registering with the corrected address now meets the person; the old one is free again.
    const again = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('gone@example.com'),
    });
    expect(again.status).toBe(409);
    await register('ada@example.com');
  });

  it('refuses a cancelled registration, an attendee of another event, and another organization', async () => {
    const ada = await register('ada@example.com');
    await call(t.app, 'POST', `/api/events/${event.uuid}/attendees/${ada.uuid}/cancel`, { token });
    const cancelled = await edit(ada.uuid, { first_name: 'Augusta' });
    expect(cancelled.status).toBe(422);
    expect(cancelled.body).toEqual({ message: 'Cannot edit. Registration is cancelled.' });
    const other = createEvent(t.app, org, { name: 'Other' });
    const wrongEvent = await call(t.app, 'PATCH', `/api/events/${other.uuid}/attendees/${ada.uuid}`, {
      body: { first_name: 'X' },
      token,
    });
    expect(wrongEvent.status).toBe(404);
    expect(wrongEvent.body).toEqual({ message: 'Attendee not found.' });
    const stranger = createToken(t.app, createOrganization(t.app, 'Other Org'));
    const foreign = await call(t.app, 'PATCH', `/api/events/${event.uuid}/attendees/${ada.uuid}`, {
      body: { first_name: 'X' },
      token: stranger,
    });
    expect(foreign.status).toBe(404);
    const readOnly = createToken(t.app, org, { scopes: ['attendees:read'] });
    const noScope = await call(t.app, 'PATCH', `/api/events/${event.uuid}/attendees/${ada.uuid}`, {
      body: { first_name: 'X' },
      token: readOnly,
    });
    expect(noScope.status).toBe(403);
  });

  it('tells attendee.updated with the attendee as the lookup shows it, once per edit that changed something', async () => {
    createEndpoint(t.app, org, 'https://hooks.example.com/arrivals');
    const ada = await register('ada@example.com');
    t.app.store.db.prepare('DELETE FROM webhook_outbox').run();
    await edit(ada.uuid, { email: 'ada@example.org' });
    await edit(ada.uuid, { email: 'ada@example.org' });
    const told = notifications();
    expect(told.map((n) => n.type)).toEqual(['attendee.updated']);
    expect(told[0]!.data).toMatchObject({ id: ada.uuid, email: 'ada@example.org', name: 'Ada Lovelace' });
  });

  it('sends the ticket to the corrected address, and nothing more to the old one (queued mail is not sent)', async () => {
    const ada = await register('ada@gmial.com');
    // Its ticket waits (the server was busy): the address is corrected first.
    const answer = await edit(ada.uuid, { email: 'ada@gmail.com' });
    expect(answer.status).toBe(200);
    expect(mails()).toEqual([
      {
        kind: 'confirmation',
        status: 'skipped',
        error: 'The address was corrected before the mail went out: the new address gets its own.',
      },
      { kind: 'confirmation', status: 'queued', error: null },
    ]);
    await dispatch();
    expect(smtp.received.map((mail) => mail.to)).toEqual([['ada@gmail.com']]);

    // Corrected again a minute later, once sent: the new address gets it again, the earlier one nothing more.
    // (Two edits of one person in the same millisecond are ordered by op id: the later is not always the winner.)
    t.clock.advance(60_000);
    await edit(ada.uuid, { email: 'ada.lovelace@gmail.com' });
    await dispatch();
    expect(smtp.received.map((mail) => mail.to)).toEqual([['ada@gmail.com'], ['ada.lovelace@gmail.com']]);
    expect(smtp.received[1]!.parsed.subject).toBe('Your ticket for Open Day');
    expect(smtp.received.flatMap((mail) => mail.to)).not.toContain('ada@gmial.com');
  });

  it('sends no mail when only the name changes', async () => {
    const ada = await register('ada@example.com');
    await dispatch();
    await edit(ada.uuid, { last_name: 'King' });
    await dispatch();
    expect(smtp.received).toHaveLength(1);
  });
});

describe('an edit heard before the registration it corrects', () => {
  it('makes the registration, when it comes, the corrected address’s person (a hub restored from a backup)', () => {
    const ledger = ledgerService(t.app.store, t.app.store.repos.ledger, silentNotifier);
    const uuid = randomUUID();
    const at = t.clock.now().toISOString();
    t.app.store.inTransaction(() => {
      // Kept, waiting for its registration: nothing to write rows for yet.
      const waiting = ledger.recordFact(
        event,
        {
          opId: randomUUID(),
          kind: 'edit',
          subject: uuid,
          at,
          names: [uuid],
          detail: { fields: { email: 'ada@example.com' }, via: 'desk', staff: null },
          device: null,
          pendingUpstream: false,
        },
        { tell: false },
      );
      expect(waiting).toBeNull();
      const change = ledger.register(
        event,
        {
          uuid,
          id: 900,
          opId: randomUUID(),
          at,
          status: 'confirmed',
          email: 'ada@exmaple.com',
          name: 'Ada Lovelace',
          answers: JSON.stringify({ email: 'ada@exmaple.com', first_name: 'Ada', last_name: 'Lovelace' }),
          checkinCode: 'ABCDEFGHJKMN',
          pendingUpstream: false,
        },
        { tell: false },
      );
      expect(change.emailKey).toBe('ada@example.com');
    });
    expect(t.app.store.repos.ledger.personOf(uuid)!.emailKey).toBe('ada@example.com');
    expect(t.app.store.repos.attendees.findByUuid(uuid)).toMatchObject({ email: 'ada@example.com' });
  });
});

describe('the desk: PATCH /dashboard/api/events/{event_id}/attendees/{attendee_id}', () => {
  it('edits as staff, names them in the fact, and answers in the same shape', async () => {
    const ada = await register('ada@example.com');
    const staff = await signedInMember(t.app, org, 'staff');
    const answer = await staff.send('PATCH', `/events/${event.uuid}/attendees/${ada.uuid}`, {
      company: 'Babbage & Co',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.answers.company).toBe('Babbage & Co');
    const detail = JSON.parse(
      t.app.store.db.prepare("SELECT detail FROM attendee_facts WHERE kind = 'edit'").pluck().get() as string,
    );
    expect(detail).toMatchObject({ via: 'desk', staff: { name: 'Sam Member' } });
    const invalid = await staff.send('PATCH', `/events/${event.uuid}/attendees/${ada.uuid}`, { email: 'x' });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({
      message: 'The given data was invalid.',
      errors: { email: ['The email field must be a valid email address.'] },
    });
  });
});

describe('PATCH /public/tickets/{secret}: "Wrong address?"', () => {
  const correct = (secret: string, body: unknown) =>
    call(t.app, 'PATCH', `/public/tickets/${secret}`, { body });

  it('corrects the address for a day after registering; the ticket goes to the new one', async () => {
    const ada = await register('ada@gmial.com');
    const ticket = await call(t.app, 'GET', `/public/tickets/${ada.secret}`);
    expect(ticket.body.data.email_correctable_until).toBe('2026-11-22T10:00:00+00:00');
    await dispatch();
    expect(smtp.received.map((mail) => mail.to)).toEqual([['ada@gmial.com']]);

    t.clock.advance(23 * 60 * 60 * 1000);
    const answer = await correct(ada.secret, { email: ' ada@gmail.com ' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe(
      'Your email address has been corrected. Your ticket is on its way there.',
    );
    expect(answer.body.data).toMatchObject({ email: 'ada@gmail.com', status: 'confirmed' });
    expect(answer.headers['cache-control']).toBe('no-store');
    await dispatch();
    expect(smtp.received.map((mail) => mail.to)).toEqual([['ada@gmial.com'], ['ada@gmail.com']]);
    const detail = JSON.parse(
      t.app.store.db.prepare("SELECT detail FROM attendee_facts WHERE kind = 'edit'").pluck().get() as string,
    );
    expect(detail).toEqual({ fields: { email: 'ada@gmail.com' }, via: 'ticket', staff: null });
    // The same secret still opens the ticket.
    expect((await call(t.app, 'GET', `/public/tickets/${ada.secret}`)).body.data.email).toBe('ada@gmail.com');
  });

  it('is refused once the day has passed (403), and says so on the ticket', async () => {
    const ada = await register('ada@gmial.com');
    t.clock.advance(24 * 60 * 60 * 1000);
    const ticket = await call(t.app, 'GET', `/public/tickets/${ada.secret}`);
    expect(ticket.body.data.email_correctable_until).toBeNull();
    const answer = await correct(ada.secret, { email: 'ada@gmail.com' });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      message: 'This ticket’s email address can no longer be corrected here. Please contact the organizer.',
    });
    expect(t.app.store.repos.attendees.findByUuid(ada.uuid)!.email).toBe('ada@gmial.com');
  });

  it('validates as registration does (422 Validation failed.), keeps addresses unique, and 404s a bad secret', async () => {
    const ada = await register('ada@gmial.com');
    await register('grace@example.com');
    const invalid = await correct(ada.secret, { email: 'ada@' });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({
      message: 'Validation failed.',
      errors: { email: ['The email field must be a valid email address.'] },
    });
    const missing = await correct(ada.secret, {});
    expect(missing.body).toEqual({
      message: 'Validation failed.',
      errors: { email: ['The email field is required.'] },
    });
    const taken = await correct(ada.secret, { email: 'grace@example.com' });
    expect(taken.body).toEqual({
      message: 'Validation failed.',
      errors: { email: ['The email has already been taken.'] },
    });
    const unknown = await correct('AAAAAAAAAAAAAAAAAAAAAA', { email: 'ada@gmail.com' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(
      'This ticket link is not valid. Open the link in your latest email from the organizer.',
    );
  });

  it('is refused for a cancelled ticket', async () => {
    const ada = await register('ada@gmial.com');
    await call(t.app, 'POST', `/public/tickets/${ada.secret}/cancel`);
    const answer = await correct(ada.secret, { email: 'ada@gmail.com' });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: 'Cannot edit. Registration is cancelled.' });
  });
});
