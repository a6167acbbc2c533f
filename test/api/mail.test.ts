/**
 * Tickets reach people by mail (issue 31), through a real SMTP server on a loopback port (test/helpers/smtp.ts),
 * each message parsed with mailparser: the ticket with its inline QR code (decoded back to the registration's code),
 * its text part, its `.ics` and its link; "awaiting approval" and then the ticket; the cancellation. SMTP down at
 * registration, a 550, a 451; the desk's mail column, Resend ticket and Send tickets. Mail is sent step by step:
 * `autoDispatch` off, `ctx.mailDispatcher.dispatchDue()` runs a round, the test clock moves between them.
 */
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { MailSettingsInput } from '../../server/mail/mail.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import {
  call,
  createEvent,
  createOrganization,
  registration,
  startTestApp,
  type TestApp,
} from '../helpers/app.ts';
import { signedInMember, type DashboardClient } from '../helpers/dashboard.ts';
import {
  decodeQrPng,
  icsInstant,
  icsProperty,
  mailSettingsFor,
  startTestSmtp,
  testCertificate,
  type TestSmtp,
} from '../helpers/smtp.ts';

let t: TestApp;
let smtp: TestSmtp;
let org: Organization;
let event: EventRecord;

const settings = (overrides: Partial<MailSettingsInput> = {}) => mailSettingsFor(smtp, overrides);

let trustedCa: string;

beforeEach(async () => {
  // STARTTLS on offer, for the tests that sign in (a password needs STARTTLS or TLS: issue 36).
  const certificate = await testCertificate();
  trustedCa = certificate.ca;
  smtp = await startTestSmtp(0, { tls: certificate });
  t = await startTestApp({
    kioskDir: false,
    mail: { autoDispatch: false, random: () => 0.5, trustedCertificates: [trustedCa] },
  });
  org = createOrganization(t.app, 'City Hall Events');
  event = createEvent(t.app, org, {
    name: 'Open Day',
    timezone: 'Europe/Paris',
    starts_at: '2026-12-01T09:00:00+01:00',
    ends_at: '2026-12-01T17:30:00+01:00',
    location: 'Salle des fêtes',
  });
  t.app.ctx.mail.saveSettings(org.id, settings());
});

afterEach(async () => {
  await t.close();
  await smtp.close();
});

async function register(email: string, language?: string, path = 'public') {
  const url =
    path === 'kiosk' ? `/kiosk/api/events/${event.uuid}/register` : `/public/events/${event.uuid}/register`;
  const answer = await call(t.app, 'POST', url, {
    body: registration(email),
    headers: language ? { 'accept-language': language } : {},
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { ...answer, secret: String(answer.headers.location).replace('/t/', '') };
}

const dispatch = () => t.app.ctx.mailDispatcher.dispatchDue();
const outbox = () =>
  t.app.store.db
    .prepare('SELECT kind, status, attempts, error, smtp_reply, message_id FROM mail_outbox ORDER BY id')
    .all() as {
    kind: string;
    status: string;
    attempts: number;
    error: string | null;
    smtp_reply: string | null;
    message_id: string;
  }[];
const codeOf = (email: string) =>
  (
    t.app.store.db.prepare('SELECT checkin_code FROM attendees WHERE email = ?').get(email) as {
      checkin_code: string;
    }
  ).checkin_code;

describe('the ticket mail', () => {
  it('has a subject, a text and an HTML part, the QR code inline, the code in text, event.ics and the link', async () => {
    const { secret } = await register('ada@example.com');
    expect(smtp.received).toHaveLength(0);
    await dispatch();

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    const { parsed } = mail!;
    expect(mail!.to).toEqual(['ada@example.com']);
    expect(mail!.from).toBe('tickets@cityhall.example');
    expect(parsed.subject).toBe('Your ticket for Open Day');
    expect(parsed.from?.text).toBe('"City Hall Events" <tickets@cityhall.example>');
    expect(parsed.replyTo?.text).toBe('help@cityhall.example');
    const code = codeOf('ada@example.com');
    const link = `https://tickets.cityhall.example/t/${secret}`;
    // Written in groups of four, to read and type at the desk; the QR code holds it whole.
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(parsed.text).toContain(
      `Your check-in code: ${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`,
    );
    expect(parsed.text).toContain(link);
    // As the event page writes it (issue 39: one way to write a time), the zone by its name, not its IANA id.
    expect(parsed.text!.replaceAll('\u202f', ' ')).toContain(
      'When: Tuesday, December 1, 2026 at 9:00 AM – 5:30 PM (Central European Time)',
    );
    expect(parsed.html).toContain(`href="${link}"`);

    // The QR code: an inline image the HTML shows by its Content-ID, which decodes to the registration's code.
    const qr = parsed.attachments.find((a) => a.contentType === 'image/png')!;
    expect(qr.contentDisposition).toBe('inline');
    expect(parsed.html).toContain(`src="cid:${qr.cid}"`);
    expect(decodeQrPng(qr.content)).toBe(`ARV1:${code}`);

    // event.ics: the event's start and end, and the same link.
    const ics = parsed.attachments.find((a) => a.filename === 'event.ics')!;
    expect(ics.contentType).toBe('text/calendar');
    const text = ics.content.toString('utf8');
    expect(icsInstant(icsProperty(text, 'DTSTART')!)).toBe('2026-12-01T08:00:00.000Z');
    expect(icsInstant(icsProperty(text, 'DTEND')!)).toBe('2026-12-01T16:30:00.000Z');
    expect(icsProperty(text, 'SUMMARY')).toBe('Open Day');
    expect(icsProperty(text, 'LOCATION')).toBe('Salle des fêtes');
    expect(icsProperty(text, 'URL')).toBe(link);

    // The link's secret opens the ticket, with the same code.
    const linked = new URL(link).pathname.replace('/t/', '');
    const ticket = await call(t.app, 'GET', `/public/tickets/${linked}`);
    expect(ticket.status).toBe(200);
    expect(ticket.body.data).toMatchObject({ name: 'Ada Lovelace', status: 'confirmed', checkin_code: code });

    // The Message-ID the outbox fixed is the one the mail carries.
    expect(parsed.messageId).toBe(outbox()[0]!.message_id);
    expect(outbox()[0]).toMatchObject({ status: 'sent', attempts: 1, error: null });
    expect(outbox()[0]!.smtp_reply).toMatch(/^250 /);
  });

  it('is in the language the registration was made in', async () => {
    await register('amelie@example.com', 'fr-FR,fr;q=0.9,en;q=0.5');
    await dispatch();
    const { parsed } = smtp.received[0]!;
    expect(parsed.subject).toBe('Votre billet pour Open Day');
    // French typography (issue 39): a no-break space before each colon, the 24-hour clock, the zone by its name.
    const code = codeOf('amelie@example.com');
    expect(parsed.text).toContain(
      `Votre code d’enregistrement\u00a0: ${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`,
    );
    expect(parsed.text).toContain(
      'Quand\u00a0: mardi 1 décembre 2026 à 09:00 – 17:30 (heure d’Europe centrale)',
    );
    expect(parsed.text).not.toMatch(/ [:;?!]/);
    expect(parsed.headers.get('content-language')).toBe('fr');
  });

  it('is sent for a walk-in; for a kiosk registration only when the organization says so', async () => {
    await register('kiosk1@example.com', undefined, 'kiosk');
    await dispatch();
    expect(smtp.received).toHaveLength(0);
    expect(outbox()).toEqual([]);

    t.app.ctx.mail.saveSettings(org.id, settings({ mailKioskRegistrations: true }));
    await register('kiosk2@example.com', undefined, 'kiosk');
    const walkIn = t.app.ctx.registrations.addWalkIn(event, registration('walkin@example.com'));
    expect(walkIn.ok).toBe(true);
    await dispatch();
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['kiosk2@example.com', 'walkin@example.com']);
  });

  it('is not queued while the organization has no mail settings', async () => {
    t.app.ctx.mail.removeSettings(org.id);
    await register('nomail@example.com');
    await dispatch();
    expect(outbox()).toEqual([]);
    expect(smtp.received).toHaveLength(0);
  });
});

describe('pending, approval and cancellation', () => {
  it('says "received, awaiting approval", then sends the ticket when approved, then the cancellation', async () => {
    const moderated = createEvent(t.app, org, {
      name: 'Board Dinner',
      requires_approval: true,
      starts_at: '2026-12-02T19:00:00+01:00',
    });
    const answer = await call(t.app, 'POST', `/public/events/${moderated.uuid}/register`, {
      body: registration('grace@example.com'),
    });
    expect(answer.body.data.status).toBe('pending');
    await dispatch();
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual(['Registration received: Board Dinner']);
    expect(smtp.received[0]!.parsed.text).toContain('awaiting approval');
    // No code and no QR before approval.
    expect(smtp.received[0]!.parsed.attachments).toEqual([]);

    const attendee = t.app.ctx.attendees.findRegistration(moderated, 'grace@example.com')!;
    expect(t.app.ctx.attendees.approveRegistration(moderated, attendee).ok).toBe(true);
    await dispatch();
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual([
      'Registration received: Board Dinner',
      'Your ticket for Board Dinner',
    ]);

    const secret = String(answer.headers.location).replace('/t/', '');
    const cancelled = await call(t.app, 'POST', `/public/tickets/${secret}/cancel`);
    expect(cancelled).toMatchObject({
      status: 200,
      body: { message: 'Your registration has been cancelled.' },
    });
    await dispatch();
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual([
      'Registration received: Board Dinner',
      'Your ticket for Board Dinner',
      'Registration cancelled: Board Dinner',
    ]);
  });

  it('skips a ticket whose registration was cancelled before it went, and sends no cancellation then', async () => {
    await register('late@example.com');
    const cancel = await call(t.app, 'POST', `/public/events/${event.uuid}/cancel`, {
      body: { email: 'late@example.com' },
    });
    expect(cancel.status).toBe(200);
    await dispatch();
    expect(smtp.received).toHaveLength(0);
    expect(outbox().map(({ kind, status, error }) => ({ kind, status, error }))).toEqual([
      {
        kind: 'confirmation',
        status: 'skipped',
        error: 'The registration was cancelled before the mail went out.',
      },
      // Cancelled with the email alone minutes after registering: no cancellation is even queued (issue 36).
    ]);
  });
});

describe('when the mail server fails', () => {
  it('answers 201 at once while SMTP is down, and mails once it is back', async () => {
    await smtp.stop();
    const { status } = await register('down@example.com');
    expect(status).toBe(201);
    await dispatch();
    expect(outbox()[0]).toMatchObject({ status: 'queued', attempts: 1 });
    expect(outbox()[0]!.error).toMatch(/^The mail server could not be reached \(.*ECONNREFUSED/);

    await smtp.start();
    // Not yet due: nothing is sent before its retry time.
    await dispatch();
    expect(smtp.received).toHaveLength(0);
    t.clock.advance(30_000);
    await dispatch();
    expect(smtp.received.map((m) => m.to[0])).toEqual(['down@example.com']);
    expect(outbox()[0]).toMatchObject({ status: 'sent', attempts: 2, error: null });
  });

  it('sends what waited for the server as soon as a newer mail gets through', async () => {
    await smtp.stop();
    await register('first@example.com');
    await dispatch();
    await smtp.start();
    // A second registration is due at once; its success releases the first, which waited only for the server.
    await register('second@example.com');
    await dispatch();
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['first@example.com', 'second@example.com']);
  });

  it('fails a mail the server refuses for good (550), with the reason on the desk', async () => {
    smtp.onRecipient(/^nobody@/, {
      kind: 'refuse',
      code: 550,
      message: '5.1.1 <nobody@example.com>: Recipient address rejected',
    });
    await register('nobody@example.com');
    await dispatch();
    expect(outbox()[0]).toMatchObject({ status: 'failed', attempts: 1 });

    const staff = await signedInMember(t.app, org, 'staff');
    const desk = await staff.send('GET', `/events/${event.uuid}/attendees`);
    expect(desk.status).toBe(200);
    const row = desk.body.data.find((a: { email: string }) => a.email === 'nobody@example.com');
    expect(row.mail).toEqual({
      kind: 'confirmation',
      status: 'failed',
      // The address refused for good (issue 39).
      bounced: true,
      queued_at: '2026-11-21T10:00:00+00:00',
      sent_at: null,
      error: '550 5.1.1 <nobody@example.com>: Recipient address rejected',
    });
    // Never tried again.
    t.clock.advance(24 * 60 * 60_000);
    await dispatch();
    expect(smtp.attempts).toHaveLength(0);
    expect(outbox()[0]!.attempts).toBe(1);
  });

  it('retries a temporary refusal (451) on the schedule, then sends it', async () => {
    smtp.onData({ kind: 'refuse', code: 451, message: '4.3.0 Try again later' });
    await register('busy@example.com');
    await dispatch();
    expect(outbox()[0]).toMatchObject({ status: 'queued', attempts: 1, error: '451 4.3.0 Try again later' });
    smtp.onData({ kind: 'accept' });
    t.clock.advance(29_000);
    await dispatch();
    expect(smtp.received).toHaveLength(0);
    t.clock.advance(1_000);
    await dispatch();
    expect(smtp.received).toHaveLength(1);
    // The same mail: the Message-ID of the refused attempt is the one that arrived.
    expect(smtp.received[0]!.parsed.messageId).toBe(smtp.attempts[0]!.parsed.messageId);
  });

  it('waits a minute after the server asks to slow down (421), then goes on', async () => {
    smtp.onData({ kind: 'refuse', code: 421, message: '4.7.0 Too many messages, slow down' });
    await register('one@example.com');
    await dispatch();
    smtp.onData({ kind: 'accept' });
    await register('two@example.com');
    // Both due, neither sent: the organization's mail is paused.
    t.clock.advance(30_000);
    await dispatch();
    expect(smtp.received).toHaveLength(0);
    t.clock.advance(30_000);
    await dispatch();
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['one@example.com', 'two@example.com']);
  });

  it('keeps a mail whose sign-in is refused waiting for the settings, and sends it once they are fixed', async () => {
    smtp.requireAuth('tickets', 'right password');
    const signingIn = { security: 'starttls', username: 'tickets' } as const;
    t.app.ctx.mail.saveSettings(org.id, settings({ ...signingIn, password: 'wrong password' }));
    await register('auth@example.com');
    await dispatch();
    expect(outbox()[0]).toMatchObject({
      status: 'queued',
      error: '535 5.7.8 Authentication credentials invalid',
    });
    t.app.ctx.mail.saveSettings(org.id, settings({ ...signingIn, password: 'right password' }));
    await dispatch();
    expect(smtp.received.map((m) => m.to[0])).toEqual(['auth@example.com']);
  });
});

describe('the pace', () => {
  it('sends no faster than the settings allow', async () => {
    t.app.ctx.mail.saveSettings(org.id, settings({ maxPerMinute: 600 }));
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) await register(email);
    await dispatch();
    expect(smtp.received).toHaveLength(1);
    await dispatch();
    expect(smtp.received).toHaveLength(1);
    t.clock.advance(100);
    await dispatch();
    expect(smtp.received).toHaveLength(2);
    t.clock.advance(100);
    await dispatch();
    expect(smtp.received).toHaveLength(3);
  });
});

describe('the desk', () => {
  let staff: DashboardClient;
  beforeEach(async () => {
    staff = await signedInMember(t.app, org, 'staff');
  });

  it("shows each attendee's mail and resends the ticket as a new mail with the same link", async () => {
    const { secret } = await register('ada@example.com');
    const before = await staff.send('GET', `/events/${event.uuid}/attendees`);
    expect(before.body.data[0].mail).toMatchObject({ kind: 'confirmation', status: 'queued', sent_at: null });
    await dispatch();
    const after = await staff.send('GET', `/events/${event.uuid}/attendees`);
    expect(after.body.data[0].mail).toMatchObject({ status: 'sent', sent_at: '2026-11-21T10:00:00+00:00' });

    const attendeeId = after.body.data[0].id as string;
    const resent = await staff.send('POST', `/events/${event.uuid}/mail/attendees/${attendeeId}/resend`);
    expect(resent.status).toBe(202);
    expect(resent.body).toMatchObject({
      message: 'The ticket is on its way.',
      data: { kind: 'confirmation', status: 'queued' },
    });
    await dispatch();
    expect(smtp.received).toHaveLength(2);
    const [first, second] = smtp.received;
    expect(second!.parsed.messageId).not.toBe(first!.parsed.messageId);
    expect(second!.parsed.text).toContain(`/t/${secret}`);

    const history = await staff.send('GET', `/events/${event.uuid}/mail/attendees/${attendeeId}`);
    expect(history.body.data.map((m: { status: string }) => m.status)).toEqual(['sent', 'sent']);
  });

  it('refuses to resend a cancelled registration, and everything while mail is not set up', async () => {
    await register('gone@example.com');
    const id = (await staff.send('GET', `/events/${event.uuid}/attendees`)).body.data[0].id as string;
    await call(t.app, 'POST', `/public/events/${event.uuid}/cancel`, { body: { email: 'gone@example.com' } });
    const cancelled = await staff.send('POST', `/events/${event.uuid}/mail/attendees/${id}/resend`);
    expect(cancelled).toMatchObject({
      status: 422,
      body: { message: 'This registration is cancelled: it has no ticket to send.' },
    });
    t.app.ctx.mail.removeSettings(org.id);
    const unset = await staff.send('POST', `/events/${event.uuid}/mail/send-tickets`);
    expect(unset).toMatchObject({
      status: 409,
      body: { message: 'Mail is not set up for this organization. An owner sets up its mail server first.' },
    });
  });

  it('sends tickets to everyone not yet sent one, as a job with progress, once', async () => {
    t.app.ctx.mail.removeSettings(org.id);
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) await register(email);
    t.app.ctx.mail.saveSettings(org.id, settings());
    await register('d@example.com');
    await dispatch();
    expect(smtp.received.map((m) => m.to[0])).toEqual(['d@example.com']);

    const overview = await staff.send('GET', `/events/${event.uuid}/mail`);
    expect(overview.body.data).toEqual({
      configured: true,
      sent_here: true,
      counts: { queued: 0, sent: 1, failed: 0, suppressed: 0, not_sent: 3 },
      // People by where their mail stands (issue 39).
      people: { sent: 1, queued: 0, failed: 0, bounced: 0, suppressed: 0, none: 3 },
      job: null,
      limits: { per_address_per_hour: 3, per_address_per_day: 10 },
    });
    const started = await staff.send('POST', `/events/${event.uuid}/mail/send-tickets`);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      message: 'Sending 3 tickets.',
      data: { total: 3, queued: 3, sent: 0, finished_at: null },
    });
    const again = await staff.send('POST', `/events/${event.uuid}/mail/send-tickets`);
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'Tickets are already being sent for this event.' },
    });

    await dispatch();
    const done = await staff.send('GET', `/events/${event.uuid}/mail`);
    expect(done.body.data.counts).toEqual({ queued: 0, sent: 4, failed: 0, suppressed: 0, not_sent: 0 });
    expect(done.body.data.job).toMatchObject({
      total: 3,
      queued: 0,
      sent: 3,
      finished_at: '2026-11-21T10:00:00+00:00',
    });
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
      'd@example.com',
    ]);
    const nothing = await staff.send('POST', `/events/${event.uuid}/mail/send-tickets`);
    expect(nothing).toMatchObject({
      status: 409,
      body: { message: 'Every confirmed registration has already been sent its ticket.' },
    });
  });
});

describe('the mail settings', () => {
  let owner: DashboardClient;
  beforeEach(async () => {
    owner = await signedInMember(t.app, org, 'owner');
  });

  it('never shows the password, keeps it when left out, and leave staff out', async () => {
    const put = await owner.send('PUT', '/mail-settings', {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'starttls',
      username: 'tickets',
      password: 'the smtp password',
      from_address: 'tickets@cityhall.example',
      public_url: 'https://tickets.cityhall.example/',
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      username: 'tickets',
      has_password: true,
      public_url: 'https://tickets.cityhall.example',
    });
    expect(JSON.stringify(put.body)).not.toContain('the smtp password');
    const renamed = await owner.send('PUT', '/mail-settings', {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'starttls',
      username: 'tickets',
      from_address: 'tickets@cityhall.example',
      from_name: 'Box office',
      public_url: 'https://tickets.cityhall.example',
    });
    expect(renamed.body.data).toMatchObject({ from_name: 'Box office', has_password: true });
    expect(t.app.ctx.mail.settingsOf(org.id)!.password).toBe('the smtp password');
    const shown = await owner.send('GET', '/mail-settings');
    expect(JSON.stringify(shown.body)).not.toContain('the smtp password');

    const staff = await signedInMember(t.app, org, 'staff');
    expect((await staff.send('GET', '/mail-settings')).status).toBe(403);
  });

  it('takes the security the port usually has when none is sent: TLS on 465, else STARTTLS, never plain', async () => {
    const saved = [];
    for (const port of [465, 587, 25, 2525]) {
      const put = await owner.send('PUT', '/mail-settings', {
        host: 'smtp.cityhall.example',
        port,
        from_address: 'tickets@cityhall.example',
        public_url: 'https://tickets.cityhall.example',
      });
      expect(put.status).toBe(200);
      saved.push(put.body.data.security);
    }
    expect(saved).toEqual(['tls', 'starttls', 'starttls', 'starttls']);
    // Sent, it is taken as sent.
    const relay = await owner.send('PUT', '/mail-settings', {
      host: 'smtp.cityhall.example',
      port: 465,
      security: 'none',
      from_address: 'tickets@cityhall.example',
      public_url: 'https://tickets.cityhall.example',
    });
    expect(relay.body.data.security).toBe('none');
  });

  it('refuses settings that cannot work, field by field', async () => {
    const bad = await owner.send('PUT', '/mail-settings', {
      host: 'smtp example',
      port: 70000,
      security: 'ssl',
      from_address: 'not an address',
      public_url: 'ftp://tickets.example',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'from_address',
      'host',
      'port',
      'public_url',
      'security',
    ]);
    expect(bad.body.errors.public_url).toEqual(['The public url field must be an http or https URL.']);
  });

  it("answers the test email with the server's own reply, taken or refused", async () => {
    const sent = await owner.send('POST', '/mail-settings/test', { to: 'olive@example.com' });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('The test email was sent.');
    expect(sent.body.data.sent).toBe(true);
    expect(sent.body.data.reply).toMatch(/^250 2\.0\.0 Ok: queued/);
    expect(smtp.received[0]!.parsed.subject).toBe('Arrivals test email for City Hall Events');

    smtp.requireAuth('tickets', 'right password');
    t.app.ctx.mail.saveSettings(
      org.id,
      settings({ security: 'starttls', username: 'tickets', password: 'wrong' }),
    );
    const refused = await owner.send('POST', '/mail-settings/test', { to: 'olive@example.com' });
    expect(refused.body).toEqual({
      message: 'The mail server did not take the test email.',
      // The likely fix, since issue 39.
      data: {
        sent: false,
        reply: '535 5.7.8 Authentication credentials invalid',
        detail: null,
        hint: 'credentials',
      },
    });

    await smtp.stop();
    const down = await owner.send('POST', '/mail-settings/test', { to: 'olive@example.com' });
    expect(down.body.data).toMatchObject({ sent: false, reply: null });
    expect(down.body.data.detail).toMatch(/ECONNREFUSED/);
  });

  it('never writes the password to the log, however the server answers', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await startTestApp({
      kioskDir: false,
      logger: { level: 'debug', stream },
      mail: { autoDispatch: false, trustedCertificates: [trustedCa] },
    });
    try {
      const organization = createOrganization(logged.app, 'Logged Org');
      const loggedEvent = createEvent(logged.app, organization);
      const client = await signedInMember(logged.app, organization, 'owner');
      smtp.requireAuth('tickets', 'the right one');
      const put = await client.send('PUT', '/mail-settings', {
        host: '127.0.0.1',
        port: smtp.port,
        security: 'starttls',
        username: 'tickets',
        password: 'a secret smtp password',
        from_address: 'tickets@cityhall.example',
        public_url: 'https://tickets.cityhall.example',
      });
      expect(put.status).toBe(200);
      await call(logged.app, 'POST', `/public/events/${loggedEvent.uuid}/register`, {
        body: registration('x@example.com'),
      });
      await logged.app.ctx.mailDispatcher.dispatchDue();
      await client.send('POST', '/mail-settings/test', { to: 'x@example.com' });
      const log = lines.join('');
      expect(log).toContain('mail not sent; it will be retried');
      expect(log).not.toContain('a secret smtp password');
    } finally {
      await logged.close();
    }
  });
});
