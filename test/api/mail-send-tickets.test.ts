/**
 * "Send tickets" to 5,000 people imported from a spreadsheet (issue 31): the desk's job queues one ticket each,
 * the dispatcher sends them all through a real SMTP server on loopback, the job's progress says so, and nobody gets
 * two. An organization that chose it mails an import at once instead.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import { createEvent, createOrganization, startTestApp, type TestApp } from '../helpers/app.ts';
import { signedInMember, type DashboardClient } from '../helpers/dashboard.ts';
import { decodeQrPng, parseMail, startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

let t: TestApp;
let smtp: TestSmtp;
let org: Organization;
let event: EventRecord;
let owner: DashboardClient;

const PEOPLE = 5_000;

beforeEach(async () => {
  smtp = await startTestSmtp(0, { parse: false });
  t = await startTestApp({ kioskDir: false, mail: { autoDispatch: false } });
  org = createOrganization(t.app, 'City Hall Events');
  event = createEvent(t.app, org, { name: 'Open Day', seats: null });
  owner = await signedInMember(t.app, org, 'owner');
  const settings = await owner.send('PUT', '/mail-settings', {
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    from_address: 'tickets@cityhall.example',
    public_url: 'https://tickets.cityhall.example',
  });
  expect(settings.status).toBe(200);
});

afterEach(async () => {
  await t.close();
  await smtp.close();
});

const rows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    email: `guest${i}@example.com`,
    first_name: 'Guest',
    last_name: `Number ${i}`,
  }));

it('sends tickets to 5,000 imported attendees, one each, with the progress on the desk', async () => {
  const imported = await owner.send('POST', `/events/${event.uuid}/import`, { rows: rows(PEOPLE) });
  expect(imported.body).toMatchObject({ imported: PEOPLE });
  // Imports are not mailed by default: the desk sends them once the list is right.
  expect(t.app.store.db.prepare('SELECT count(*) FROM mail_outbox').pluck().get()).toBe(0);

  const started = await owner.send('POST', `/events/${event.uuid}/mail/send-tickets`);
  expect(started.status).toBe(202);
  expect(started.body).toMatchObject({
    message: 'Sending 5000 tickets.',
    data: { total: PEOPLE, queued: PEOPLE, sent: 0 },
  });

  await t.app.ctx.mailDispatcher.dispatchDue();

  const overview = await owner.send('GET', `/events/${event.uuid}/mail`);
  expect(overview.body.data.counts).toEqual({
    queued: 0,
    sent: PEOPLE,
    failed: 0,
    suppressed: 0,
    not_sent: 0,
  });
  expect(overview.body.data.job).toMatchObject({ total: PEOPLE, queued: 0, sent: PEOPLE, failed: 0 });
  expect(overview.body.data.job.finished_at).not.toBeNull();
  const recipients = smtp.received.map((mail) => mail.to[0]);
  expect(recipients).toHaveLength(PEOPLE);
  expect(new Set(recipients).size).toBe(PEOPLE);

  // Any one of them carries its own code.
  const mail = smtp.received[1234]!;
  const parsed = await parseMail(mail);
  const code = t.app.store.db
    .prepare('SELECT checkin_code FROM attendees WHERE email = ?')
    .pluck()
    .get(mail.to[0]);
  const qr = parsed.attachments.find((a) => a.contentType === 'image/png')!;
  expect(decodeQrPng(qr.content)).toBe(`ARV1:${code}`);
}, 600_000);

it('mails an import at once when the organization chose it', async () => {
  t.app.ctx.mail.saveSettings(org.id, { ...t.app.ctx.mail.settingsOf(org.id)!, mailImports: true });
  const imported = await owner.send('POST', `/events/${event.uuid}/import`, { rows: rows(300) });
  expect(imported.body).toMatchObject({ imported: 300 });
  await t.app.ctx.mailDispatcher.dispatchDue();
  expect(new Set(smtp.received.map((mail) => mail.to[0])).size).toBe(300);
  expect(smtp.received).toHaveLength(300);
  const nothing = await owner.send('POST', `/events/${event.uuid}/mail/send-tickets`);
  expect(nothing.status).toBe(409);
}, 120_000);
