/**
 * A registration's ticket, opened by the secret its address carries (issue 31): what the ticket page reads, its
 * `.ics`, cancelling with it; a secret that opens nothing answers as any other; the headers that keep the secret
 * out of Referer, search engines and caches; the rate limit; the secret out of the logs. Also the register answers'
 * `Location` (the bodies keep the interface's shapes) and the fields' French labels.
 */
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import {
  call,
  createEvent,
  createOrganization,
  pairDevice,
  registration,
  startTestApp,
  UNLIMITED,
  type TestApp,
} from '../helpers/app.ts';
import { signedInMember } from '../helpers/dashboard.ts';
import { icsInstant, icsProperty } from '../helpers/smtp.ts';

let t: TestApp;
let org: Organization;
let event: EventRecord;

async function start(options: Parameters<typeof startTestApp>[0] = {}) {
  t = await startTestApp({ kioskDir: false, mail: { autoDispatch: false }, ...options });
  org = createOrganization(t.app, 'City Hall Events');
  event = createEvent(t.app, org, {
    name: 'Open Day',
    description: 'Doors, talks, tours.',
    timezone: 'Europe/Paris',
    starts_at: '2026-12-01T09:00:00+01:00',
    ends_at: '2026-12-01T17:30:00+01:00',
    location: 'Salle des fêtes',
  });
}

afterEach(async () => t.close());

async function register(email: string, headers: Record<string, string> = {}) {
  const answer = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
    body: registration(email),
    headers,
  });
  expect(answer.status).toBe(201);
  return String(answer.headers.location).replace(/^\/t\//, '');
}

describe('the register answers', () => {
  beforeEach(() => start());

  it('name the ticket page in Location, and keep the interface body exactly', async () => {
    const answer = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('ada@example.com'),
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.location).toMatch(/^\/t\/[0-9A-Za-z]{22}$/);
    expect(answer.body).toEqual({
      message: 'Registration successful.',
      data: { id: 1, email: 'ada@example.com', name: 'Ada Lovelace', status: 'confirmed', is_guest: true },
    });
    const stored = t.app.store.db
      .prepare('SELECT ticket_secret, language, door FROM registrations WHERE email = ?')
      .get('ada@example.com');
    expect(stored).toEqual({
      ticket_secret: answer.headers.location!.slice(3),
      language: null,
      door: 'public',
    });
  });

  it("keep the redirect integration as it is, and give the kiosk's registration a ticket too", async () => {
    const redirected = createEvent(t.app, org, { redirect_url: 'https://crm.example/welcome?id={code}' });
    const answer = await call(t.app, 'POST', `/public/events/${redirected.uuid}/register`, {
      body: registration('grace@example.com'),
    });
    expect(answer.body.redirect_url).toMatch(/^https:\/\/crm\.example\/welcome\?id=[0-9a-f-]{36}$/);
    expect(answer.headers.location).toMatch(/^\/t\//);

    const kiosk = await call(t.app, 'POST', `/kiosk/api/events/${event.uuid}/register`, {
      body: registration('kiosk@example.com'),
      headers: { 'accept-language': 'fr-CA' },
    });
    expect(kiosk.status).toBe(201);
    const secret = String(kiosk.headers.location).slice(3);
    expect((await call(t.app, 'GET', `/public/tickets/${secret}`)).body.data.language).toBe('fr');
    expect(
      t.app.store.db
        .prepare('SELECT door FROM registrations WHERE email = ?')
        .pluck()
        .get('kiosk@example.com'),
    ).toBe('kiosk');
  });

  it('give every secret its own 131 bits: no two alike, never the email', async () => {
    const secrets = new Set<string>();
    for (let i = 0; i < 50; i++) secrets.add(await register(`p${i}@example.com`));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(secret).toMatch(/^[0-9A-Za-z]{22}$/);
  });
});

describe('GET /public/tickets/{secret}', () => {
  beforeEach(() => start());

  it('shows the registration, its code for the QR, the event in its own zone', async () => {
    const secret = await register('ada@example.com', { 'accept-language': 'fr-FR,fr;q=0.8' });
    const code = t.app.store.db
      .prepare('SELECT checkin_code FROM attendees WHERE email = ?')
      .pluck()
      .get('ada@example.com');
    const answer = await call(t.app, 'GET', `/public/tickets/${secret}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      status: 'confirmed',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      registered_at: '2026-11-21T10:00:00+00:00',
      checked_in_at: null,
      checkin_code: code,
      qr_text: `ARV1:${code}`,
      language: 'fr',
      can_cancel: true,
      // Issue 39: where the ticket was mailed, and "Wrong address?" corrects it for a day after registering.
      mailed: false,
      email_correctable_until: '2026-11-22T10:00:00+00:00',
      calendar_url: `/public/tickets/${secret}/event.ics`,
      mail_delivery: null,
      event: {
        id: event.uuid,
        name: 'Open Day',
        description: 'Doors, talks, tours.',
        timezone: 'Europe/Paris',
        starts_at: '2026-12-01T08:00:00+00:00',
        ends_at: '2026-12-01T16:30:00+00:00',
        starts_at_local: '2026-12-01T09:00:00+01:00',
        ends_at_local: '2026-12-01T17:30:00+01:00',
        location: 'Salle des fêtes',
        organization: { name: 'City Hall Events', slug: org.slug },
        accent_color: null,
        logo_url: null,
      },
    });
  });

  it('hides the code while pending and once cancelled; a no-show shows what it was', async () => {
    const moderated = createEvent(t.app, org, { requires_approval: true });
    const pending = await call(t.app, 'POST', `/public/events/${moderated.uuid}/register`, {
      body: registration('wait@example.com'),
    });
    const secret = String(pending.headers.location).slice(3);
    expect((await call(t.app, 'GET', `/public/tickets/${secret}`)).body.data).toMatchObject({
      status: 'pending',
      checkin_code: null,
      qr_text: null,
      can_cancel: true,
    });
    const attendee = t.app.ctx.attendees.findRegistration(moderated, 'wait@example.com')!;
    t.app.ctx.attendees.markNoShow(moderated, attendee);
    expect((await call(t.app, 'GET', `/public/tickets/${secret}`)).body.data).toMatchObject({
      status: 'pending',
      checkin_code: null,
    });
    await call(t.app, 'POST', `/public/tickets/${secret}/cancel`);
    expect((await call(t.app, 'GET', `/public/tickets/${secret}`)).body.data).toMatchObject({
      status: 'canceled',
      checkin_code: null,
      can_cancel: false,
    });
  });

  it('answers a malformed, unknown or wrong secret all alike', async () => {
    const secret = await register('ada@example.com');
    const wrong = secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A');
    const answers = await Promise.all(
      [wrong, 'AAAAAAAAAAAAAAAAAAAAAA', 'short', secret.toLowerCase() + 'x', 'a%20b'].map((s) =>
        call(t.app, 'GET', `/public/tickets/${s}`),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        message: 'This ticket link is not valid. Open the link in your latest email from the organizer.',
      });
    }
    const ics = await call(t.app, 'GET', `/public/tickets/${wrong}/event.ics`);
    const cancel = await call(t.app, 'POST', `/public/tickets/${wrong}/cancel`);
    expect([ics.status, ics.body, cancel.status, cancel.body]).toEqual([
      404,
      answers[0]!.body,
      404,
      answers[0]!.body,
    ]);
  });

  it('sends no-referrer, noindex and no-store on every answer of a ticket, page or API, found or not', async () => {
    const secret = await register('ada@example.com');
    for (const url of [
      `/public/tickets/${secret}`,
      `/public/tickets/${secret}/event.ics`,
      '/public/tickets/AAAAAAAAAAAAAAAAAAAAAA',
      `/t/${secret}`,
    ]) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.headers['referrer-policy'], url).toBe('no-referrer');
      expect(answer.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
    const details = await t.app.inject({ method: 'GET', url: `/public/events/${event.uuid}` });
    expect(details.headers['x-robots-tag']).toBeUndefined();
  });
});

describe('the calendar file', () => {
  beforeEach(() => start());

  it("has the event's start, end and place, and the ticket's link under the public address", async () => {
    const secret = await register('ada@example.com');
    t.app.ctx.mail.saveSettings(org.id, {
      host: '127.0.0.1',
      port: 2525,
      security: 'none',
      username: null,
      fromAddress: 'tickets@cityhall.example',
      fromName: null,
      replyTo: null,
      publicUrl: 'https://tickets.cityhall.example',
      mailKioskRegistrations: false,
      mailImports: false,
      maxPerMinute: null,
    });
    const answer = await t.app.inject({ method: 'GET', url: `/public/tickets/${secret}/event.ics` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="event.ics"');
    expect(icsInstant(icsProperty(answer.body, 'DTSTART')!)).toBe('2026-12-01T08:00:00.000Z');
    expect(icsInstant(icsProperty(answer.body, 'DTEND')!)).toBe('2026-12-01T16:30:00.000Z');
    expect(icsProperty(answer.body, 'LOCATION')).toBe('Salle des fêtes');
    expect(icsProperty(answer.body, 'URL')).toBe(`https://tickets.cityhall.example/t/${secret}`);
    const uid = icsProperty(answer.body, 'UID');
    const uuid = t.app.store.db.prepare('SELECT uuid FROM attendees').pluck().get();
    expect(uid).toBe(`${uuid}@arrivals`);
  });

  it('is a 404 saying why while the event has no date', async () => {
    const undated = createEvent(t.app, org, { starts_at: null, ends_at: null });
    const answer = await call(t.app, 'POST', `/public/events/${undated.uuid}/register`, {
      body: registration('x@example.com'),
    });
    const secret = String(answer.headers.location).slice(3);
    const ics = await call(t.app, 'GET', `/public/tickets/${secret}/event.ics`);
    expect(ics).toMatchObject({
      status: 404,
      body: { message: 'This event has no date yet, so there is nothing to add to a calendar.' },
    });
    expect((await call(t.app, 'GET', `/public/tickets/${secret}`)).body.data.calendar_url).toBeNull();
  });
});

describe('cancelling with the ticket', () => {
  beforeEach(() => start());

  it('runs public cancel: its message, its webhook, never after check-in', async () => {
    const secret = await register('ada@example.com');
    const done = await call(t.app, 'POST', `/public/tickets/${secret}/cancel`);
    expect(done).toMatchObject({ status: 200, body: { message: 'Your registration has been cancelled.' } });
    expect(t.app.ctx.attendees.findRegistration(event, 'ada@example.com')!.status).toBe('canceled');
    expect(await call(t.app, 'POST', `/public/tickets/${secret}/cancel`)).toMatchObject({
      status: 422,
      body: { message: 'Registration is already cancelled.' },
    });

    const other = await register('grace@example.com');
    await call(t.app, 'POST', `/public/events/${event.uuid}/check-in`, {
      body: { email: 'grace@example.com' },
    });
    expect(await call(t.app, 'POST', `/public/tickets/${other}/cancel`)).toMatchObject({
      status: 422,
      body: { message: 'Cannot cancel after check-in.' },
    });
    expect((await call(t.app, 'GET', `/public/tickets/${other}`)).body.data.can_cancel).toBe(false);
  });
});

describe('limits and logs', () => {
  it('counts each route of the ticket API per address, found or not', async () => {
    await start({ rateLimits: { ...UNLIMITED, tickets: 3 } });
    const secret = await register('ada@example.com');
    const statuses = [];
    for (const url of [`/public/tickets/${secret}`, '/public/tickets/nope', `/public/tickets/${secret}`]) {
      statuses.push((await t.app.inject({ method: 'GET', url })).statusCode);
    }
    expect(statuses).toEqual([200, 404, 200]);
    const limited = await call(t.app, 'GET', `/public/tickets/${secret}`);
    expect(limited).toMatchObject({ status: 429, body: { message: 'Too Many Attempts.' } });
    expect(limited.headers['referrer-policy']).toBe('no-referrer');
    // Another address has its own count.
    const other = await call(t.app, 'GET', `/public/tickets/${secret}`, { remoteAddress: '192.0.2.7' });
    expect(other.status).toBe(200);
  });

  it('never writes a secret to the request log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    await start({ logger: { level: 'info', stream } });
    const secret = await register('ada@example.com');
    await call(t.app, 'GET', `/public/tickets/${secret}`);
    await call(t.app, 'POST', `/public/tickets/${secret}/cancel`);
    await t.app.inject({ method: 'GET', url: `/t/${secret}?from=mail` });
    const log = lines.join('');
    expect(log).toContain('"url":"/public/tickets/[redacted]"');
    expect(log).toContain('"url":"/t/[redacted]?from=mail"');
    expect(log).not.toContain(secret);
  });
});

describe('French labels of the registration fields', () => {
  beforeEach(() => start());

  it('are set in the editor, shown by the kiosk event and never by the interface event', async () => {
    const owner = await signedInMember(t.app, org, 'owner');
    const edited = await owner.send('PATCH', `/events/${event.uuid}`, {
      registration_fields: [
        { key: 'email', label: 'Email', label_fr: 'Courriel', type: 'email', required: true },
        { key: 'name', label: 'Name', label_fr: '  ', type: 'text', required: true },
        {
          key: 'ticket',
          label: 'Ticket',
          label_fr: 'Billet',
          type: 'select',
          required: true,
          options: [
            { value: 'visitor', label: 'Visitor', label_fr: 'Visiteur' },
            { value: 'press', label: 'Press' },
          ],
        },
      ],
    });
    expect(edited.status).toBe(200);
    const fields = [
      { key: 'email', label: 'Email', label_fr: 'Courriel', type: 'email', required: true },
      { key: 'name', label: 'Name', type: 'text', required: true },
      {
        key: 'ticket',
        label: 'Ticket',
        label_fr: 'Billet',
        type: 'select',
        required: true,
        options: [
          { value: 'visitor', label: 'Visitor', label_fr: 'Visiteur' },
          { value: 'press', label: 'Press' },
        ],
      },
    ];
    expect(edited.body.data.registration_fields).toEqual(fields);
    const kiosk = await call(t.app, 'GET', `/public/events/${event.uuid}/kiosk`);
    expect(kiosk.body.data.registration_fields).toEqual(fields);
    const plain = await call(t.app, 'GET', `/public/events/${event.uuid}`);
    expect(plain.body.data.registration_fields).toEqual([
      { key: 'email', label: 'Email', type: 'email', required: true },
      { key: 'name', label: 'Name', type: 'text', required: true },
      {
        key: 'ticket',
        label: 'Ticket',
        type: 'select',
        required: true,
        options: [
          { value: 'visitor', label: 'Visitor' },
          { value: 'press', label: 'Press' },
        ],
      },
    ]);
    // The desk finds "Visiteur" too.
    await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: { email: 'v@example.com', name: 'Vera', ticket: 'visitor' },
    });
    const found = await owner.send('GET', `/events/${event.uuid}/attendees?q=visiteur`);
    expect(found.body.data.map((a: { email: string }) => a.email)).toEqual(['v@example.com']);
  });
});

describe('the sync feed', () => {
  it('never carries the mail settings: no row of it holds the password', async () => {
    await start();
    await register('ada@example.com');
    const credential = await pairDevice(t.app, org, [event.uuid]);
    t.app.ctx.mail.saveSettings(org.id, {
      host: '127.0.0.1',
      port: 2525,
      security: 'none',
      username: 'tickets',
      password: 'the smtp password',
      fromAddress: 'tickets@cityhall.example',
      fromName: null,
      replyTo: null,
      publicUrl: 'https://tickets.cityhall.example',
      mailKioskRegistrations: false,
      mailImports: false,
      maxPerMinute: null,
    });
    const feed = await call(t.app, 'GET', '/sync/changes?since=0', {
      headers: { authorization: `Bearer ${credential}` },
    });
    expect(feed.status).toBe(200);
    expect(feed.body.page.registrations.map((r: { email: string }) => r.email)).toEqual(['ada@example.com']);
    expect(JSON.stringify(feed.body)).not.toContain('the smtp password');
    expect(JSON.stringify(feed.body)).not.toContain('smtp');
  });
});
