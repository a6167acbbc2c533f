/**
 * Failed mail is a state staff can act on (issue 39), through a real SMTP server on a loopback port: the desk
 * filters and counts people (not attempts) by where their mail stands; an address the server refused for good is
 * left out of Send tickets until the person's email changes; Retry now sends what waits at once; the ticket page
 * says when its mail is late; the event page's "Send my ticket again" answers the same for every address and mails
 * only the registered one, within its caps; a failed test email names the likely fix. Mail is sent step by step:
 * `autoDispatch` off, `ctx.mailDispatcher.dispatchDue()` runs a round, the test clock moves between them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import { emailKey } from '../../server/platform/email.ts';
import {
  call,
  createEvent,
  createOrganization,
  registration,
  startTestApp,
  type TestApp,
} from '../helpers/app.ts';
import { signedInMember, type DashboardClient } from '../helpers/dashboard.ts';
import { mailSettingsFor, startTestSmtp, testCertificate, type TestSmtp } from '../helpers/smtp.ts';

let t: TestApp;
let smtp: TestSmtp;
let org: Organization;
let event: EventRecord;
let owner: DashboardClient;

beforeEach(async () => {
  smtp = await startTestSmtp(0);
  t = await startTestApp({ kioskDir: false, mail: { autoDispatch: false, random: () => 0.5 } });
  org = createOrganization(t.app, 'City Hall Events');
  event = createEvent(t.app, org, { name: 'Open Day' });
  owner = await signedInMember(t.app, org, 'owner');
  t.app.ctx.mail.saveSettings(org.id, mailSettingsFor(smtp));
});

afterEach(async () => {
  await t.close();
  await smtp.close();
});

const dispatch = () => t.app.ctx.mailDispatcher.dispatchDue();
const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email)).length;
const outboxSize = () => t.app.store.db.prepare('SELECT count(*) FROM mail_outbox').pluck().get() as number;

async function register(email: string) {
  const answer = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
    body: registration(email),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: await deskIdOf(email), secret: String(answer.headers.location).replace('/t/', '') };
}

/** The desk's id of a person (their registration's UUID). */
async function deskIdOf(email: string): Promise<string> {
  const found = await owner.send('GET', `/events/${event.uuid}/attendees?q=${encodeURIComponent(email)}`);
  return found.body.data[0].id as string;
}

async function importPeople(emails: string[]) {
  const rows = emails.map((email, i) => ({ email, first_name: 'Guest', last_name: `Number ${i}` }));
  const imported = await owner.send('POST', `/events/${event.uuid}/import`, { rows });
  expect(imported.body).toMatchObject({ imported: emails.length });
}

const overview = async () => (await owner.send('GET', `/events/${event.uuid}/mail`)).body.data;

async function listed(mail: string): Promise<string[]> {
  const answer = await owner.send('GET', `/events/${event.uuid}/attendees?mail=${mail}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { email: string }[]).map((row) => row.email).sort();
}

/** What the staff-edit change does to a person's address, written here as its rows hold it. */
function changeEmail(from: string, to: string) {
  const db = t.app.store.db;
  db.prepare('UPDATE attendees SET email = ?, email_key = ? WHERE email_key = ?').run(to, emailKey(to), from);
  db.prepare('UPDATE registrations SET email = ?, email_key = ? WHERE email_key = ?').run(
    to,
    emailKey(to),
    from,
  );
}

describe('an address refused for good', () => {
  it('is left out of Send tickets until the email changes, and counted once as bounced', async () => {
    await importPeople(['ada@example.com', 'gone@example.com', 'bob@example.com']);
    smtp.onRecipient(/^gone@/, { kind: 'refuse', code: 550, message: '5.1.1 No such user' });

    const first = await owner.send('POST', `/events/${event.uuid}/mail/send-tickets`);
    expect(first.body).toMatchObject({ message: 'Sending 3 tickets.' });
    await dispatch();
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(['ada@example.com', 'bob@example.com']);

    const after = await overview();
    expect(after.people).toEqual({ sent: 2, queued: 0, failed: 0, bounced: 1, suppressed: 0, none: 0 });
    expect(after.counts.not_sent).toBe(0);
    // Today's Send tickets would mail the refused address again, for nothing: there is nobody to send to.
    const again = await owner.send('POST', `/events/${event.uuid}/mail/send-tickets`);
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'Every confirmed registration has already been sent its ticket.' },
    });
    expect(await listed('bounced')).toEqual(['gone@example.com']);
    const row = (await owner.send('GET', `/events/${event.uuid}/attendees?mail=bounced`)).body.data[0];
    expect(row.mail).toMatchObject({ status: 'failed', bounced: true, error: '550 5.1.1 No such user' });

    // Corrected, the person is worth a try again, at the new address.
    changeEmail('gone@example.com', 'found@example.com');
    expect((await overview()).people).toMatchObject({ bounced: 0, failed: 1 });
    expect((await overview()).counts.not_sent).toBe(1);
    const corrected = await owner.send('POST', `/events/${event.uuid}/mail/send-tickets`);
    expect(corrected.body).toMatchObject({ message: 'Sending 1 ticket.' });
    await dispatch();
    expect(mailsTo('found@example.com')).toBe(1);
    expect(mailsTo('gone@example.com')).toBe(0);
    expect((await overview()).people).toMatchObject({ sent: 3, bounced: 0, failed: 0 });
  });

  it('is only a refusal of the address: a message refused (554 to DATA) is failed, and Send tickets tries it again', async () => {
    await importPeople(['ada@example.com']);
    smtp.onData({ kind: 'refuse', code: 554, message: '5.7.1 Message rejected' });
    await owner.send('POST', `/events/${event.uuid}/mail/send-tickets`);
    await dispatch();
    expect((await overview()).people).toMatchObject({ failed: 1, bounced: 0 });
    expect(await listed('failed')).toEqual(['ada@example.com']);

    smtp.onData({ kind: 'accept' });
    const again = await owner.send('POST', `/events/${event.uuid}/mail/send-tickets`);
    expect(again.body).toMatchObject({ message: 'Sending 1 ticket.' });
    await dispatch();
    expect(mailsTo('ada@example.com')).toBe(1);
  });
});

describe('the desk counts and filters people, not attempts', () => {
  it('puts each person in one state, by their newest mail, however many mails they had', async () => {
    const ada = await register('ada@example.com');
    await register('bob@example.com');
    await register('cy@example.com');
    await importPeople(['dee@example.com']);
    smtp.onRecipient(/^bob@/, { kind: 'refuse', code: 451, message: '4.7.1 Greylisted' });
    await dispatch();
    // Ada's ticket sent, and resent twice: three mails, one person.
    for (let i = 0; i < 2; i++) {
      const resent = await owner.send('POST', `/events/${event.uuid}/mail/attendees/${ada.id}/resend`);
      expect(resent.status).toBe(202);
      await dispatch();
    }
    expect(mailsTo('ada@example.com')).toBe(3);
    // Cy's resend is over the per-address cap once Cy had three.
    const cy = await deskIdOf('cy@example.com');
    for (let i = 0; i < 3; i++) {
      await owner.send('POST', `/events/${event.uuid}/mail/attendees/${cy}/resend`);
      await dispatch();
    }
    const people = (await overview()).people;
    expect(people).toEqual({ sent: 1, queued: 1, failed: 0, bounced: 0, suppressed: 1, none: 1 });
    expect(await listed('sent')).toEqual(['ada@example.com']);
    expect(await listed('queued')).toEqual(['bob@example.com']);
    expect(await listed('suppressed')).toEqual(['cy@example.com']);
    expect(await listed('none')).toEqual(['dee@example.com']);
    expect(await listed('failed')).toEqual([]);
    // The filter goes with the others: a search inside a state.
    const searched = await owner.send('GET', `/events/${event.uuid}/attendees?mail=sent&q=bob`);
    expect(searched.body.meta.total).toBe(0);
    const wrong = await owner.send('GET', `/events/${event.uuid}/attendees?mail=lost`);
    expect(wrong.status).toBe(422);
  });
});

describe('Retry now', () => {
  it('sends a waiting person’s ticket at once after an outage, and the ticket page said it was late', async () => {
    await smtp.stop();
    const ada = await register('ada@example.com');
    await dispatch();
    const waiting = await owner.send('GET', `/events/${event.uuid}/attendees?mail=queued`);
    expect(waiting.body.data.map((row: { id: string }) => row.id)).toEqual([ada.id]);
    const ticket = await call(t.app, 'GET', `/public/tickets/${ada.secret}`);
    expect(ticket.body.data.mail_delivery).toBe('delayed');

    await smtp.start();
    // The retry schedule says later: nothing goes without Retry now (the clock does not move).
    await dispatch();
    expect(smtp.received).toHaveLength(0);
    const retried = await owner.send('POST', `/events/${event.uuid}/mail/attendees/${ada.id}/retry`);
    expect(retried).toMatchObject({
      status: 202,
      body: { message: 'Trying the mail waiting again now.', data: { waiting: 1 } },
    });
    await dispatch();
    expect(mailsTo('ada@example.com')).toBe(1);
    expect((await call(t.app, 'GET', `/public/tickets/${ada.secret}`)).body.data.mail_delivery).toBeNull();

    const nothing = await owner.send('POST', `/events/${event.uuid}/mail/attendees/${ada.id}/retry`);
    expect(nothing).toMatchObject({
      status: 409,
      body: { message: 'No mail is waiting to be sent to this person.' },
    });
  });

  it('on the Email page sends everything that waits, for owners only', async () => {
    smtp.onData({ kind: 'refuse', code: 451, message: '4.3.0 Try again later' });
    await register('ada@example.com');
    await register('bob@example.com');
    await dispatch();
    expect((await overview()).people).toMatchObject({ queued: 2 });
    smtp.onData({ kind: 'accept' });
    await dispatch();
    expect(smtp.received).toHaveLength(0);

    const staff = await signedInMember(t.app, org, 'staff');
    expect((await staff.send('POST', '/mail-settings/outbox/retry')).status).toBe(403);
    const retried = await owner.send('POST', '/mail-settings/outbox/retry');
    expect(retried).toMatchObject({
      status: 200,
      body: { message: 'Trying the 2 mails waiting again now.', data: { waiting: 2 } },
    });
    await dispatch();
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(['ada@example.com', 'bob@example.com']);
    expect((await owner.send('POST', '/mail-settings/outbox/retry')).body).toMatchObject({
      message: 'No mail is waiting to be sent.',
      data: { waiting: 0 },
    });
  });

  it('tells the ticket page when its mail failed', async () => {
    smtp.onRecipient(/^ada@/, { kind: 'refuse', code: 550, message: '5.1.1 No such user' });
    const ada = await register('ada@example.com');
    await dispatch();
    expect((await call(t.app, 'GET', `/public/tickets/${ada.secret}`)).body.data.mail_delivery).toBe(
      'failed',
    );
  });
});

describe('Send my ticket again', () => {
  const again = (email: string, remoteAddress = '203.0.113.7') =>
    call(t.app, 'POST', `/public/events/${event.uuid}/ticket-again`, { body: { email }, remoteAddress });

  it('mails the registered address only, and answers every address alike', async () => {
    await register('ada@example.com');
    await dispatch();
    const before = outboxSize();

    const registered = await again('Ada@Example.com');
    const stranger = await again('nobody@example.com');
    expect(registered.status).toBe(202);
    expect(stranger.status).toBe(registered.status);
    expect(stranger.body).toEqual(registered.body);
    expect(registered.body).toEqual({
      message:
        'If this email address is registered for this event, its ticket is on its way to it. It can take a few minutes.',
    });
    expect(outboxSize()).toBe(before + 1);
    await dispatch();
    expect(smtp.received.map((mail) => mail.to[0])).toEqual(['ada@example.com', 'ada@example.com']);
    expect(smtp.received[1]!.parsed.subject).toBe('Your ticket for Open Day');
  });

  it('stays under the per-address cap, queueing nothing more once it is reached', async () => {
    await register('ada@example.com');
    await dispatch();
    for (let i = 0; i < 5; i++) {
      expect((await again('ada@example.com')).status).toBe(202);
      await dispatch();
    }
    // The ticket and two more: 3 an hour, the default cap; the rest queued nothing (no suppressed rows either).
    expect(mailsTo('ada@example.com')).toBe(3);
    expect(outboxSize()).toBe(3);
    t.clock.advance(60 * 60_000 + 1);
    await again('ada@example.com');
    await dispatch();
    expect(mailsTo('ada@example.com')).toBe(4);
  });

  it('mails nothing for a cancelled registration, yet answers the same', async () => {
    await register('ada@example.com');
    await dispatch();
    await call(t.app, 'POST', `/public/events/${event.uuid}/cancel`, { body: { email: 'ada@example.com' } });
    const before = outboxSize();
    expect((await again('ada@example.com')).status).toBe(202);
    expect(outboxSize()).toBe(before);
  });

  it('refuses a malformed address and an unknown event as every public write does', async () => {
    expect((await again('not an email')).status).toBe(422);
    const unknown = await call(t.app, 'POST', `/public/events/${crypto.randomUUID()}/ticket-again`, {
      body: { email: 'ada@example.com' },
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Event not found.' } });
  });
});

describe('Send my ticket again counts in the public writes’ budget', () => {
  beforeEach(async () => {
    await t.close();
    t = await startTestApp({
      kioskDir: false,
      mail: { autoDispatch: false },
      rateLimits: { publicEvents: 3 },
    });
    org = createOrganization(t.app, 'City Hall Events');
    event = createEvent(t.app, org);
  });

  it('shares it with register and cancel', async () => {
    const client = '203.0.113.9';
    const post = (path: string, body: unknown) =>
      call(t.app, 'POST', `/public/events/${event.uuid}/${path}`, { body, remoteAddress: client });
    expect((await post('register', registration('a@example.com'))).status).toBe(201);
    expect((await post('ticket-again', { email: 'a@example.com' })).status).toBe(202);
    expect((await post('ticket-again', { email: 'b@example.com' })).status).toBe(202);
    const fourth = await post('register', registration('c@example.com'));
    expect(fourth.status).toBe(429);
    expect((await post('ticket-again', { email: 'a@example.com' })).status).toBe(429);
  });
});

describe('a failed test email names the likely fix', () => {
  it.each([
    ['STARTTLS against a server without it', 'plain', 'starttls', 'no_starttls', /^500 /],
    ['TLS against a port that starts in plain text', 'plain', 'tls', 'use_starttls', null],
    ['TLS against a STARTTLS server', 'starttls', 'tls', 'use_starttls', null],
  ] as const)('%s', async (_what, server, security, hint, reply) => {
    const certificate = await testCertificate();
    const far = await startTestSmtp(0, server === 'starttls' ? { tls: certificate } : {});
    try {
      t.app.ctx.mail.saveSettings(org.id, mailSettingsFor(far, { security }));
      const tested = await owner.send('POST', '/mail-settings/test', { to: 'olive@example.com' });
      expect(tested.status).toBe(200);
      expect(tested.body.data).toMatchObject({ sent: false, hint });
      if (reply) expect(tested.body.data.reply).toMatch(reply);
    } finally {
      await far.close();
    }
  });

  it('names the user and password when the sign-in is refused, and nothing when all went well', async () => {
    const certificate = await testCertificate();
    await t.close();
    const far = await startTestSmtp(0, { tls: certificate });
    t = await startTestApp({
      kioskDir: false,
      mail: { autoDispatch: false, trustedCertificates: [certificate.ca] },
    });
    try {
      org = createOrganization(t.app, 'City Hall Events');
      owner = await signedInMember(t.app, org, 'owner');
      far.requireAuth('tickets', 'right');
      t.app.ctx.mail.saveSettings(
        org.id,
        mailSettingsFor(far, { security: 'starttls', username: 'tickets', password: 'wrong' }),
      );
      const refused = await owner.send('POST', '/mail-settings/test', { to: 'olive@example.com' });
      expect(refused.body.data).toMatchObject({ sent: false, hint: 'credentials' });
      t.app.ctx.mail.saveSettings(
        org.id,
        mailSettingsFor(far, { security: 'starttls', username: 'tickets', password: 'right' }),
      );
      const sent = await owner.send('POST', '/mail-settings/test', { to: 'olive@example.com' });
      expect(sent.body.data.sent).toBe(true);
      expect(sent.body.data).not.toHaveProperty('hint');
    } finally {
      await far.close();
    }
  });
});
