/**
 * Mail leaves only from the node that holds the truth, once (issue 31, docs/sync.md): a hub mails what its replica
 * kiosks register, never the kiosk; a venue's hub following an online server mails nothing of the events it
 * follows, and the online server mails what was registered at the venue once the hub's ops reach it, once however
 * often they are sent. Servers on loopback in this process, sync stepped with `syncNow`, mail with `dispatchDue`.
 * The same with three real processes is test/api/mail-processes.test.ts.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { MailSettingsInput } from '../../server/mail/mail.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import {
  call,
  createEvent,
  createOrganization,
  createToken,
  registration,
  startTestApp,
  testClock,
  UNLIMITED,
  type TestApp,
} from '../helpers/app.ts';
import { pairedReplicaDir } from '../helpers/replica.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

let smtp: TestSmtp;
let venueSmtp: TestSmtp;

const mailSettings = (port: number, overrides: Partial<MailSettingsInput> = {}): MailSettingsInput => ({
  host: '127.0.0.1',
  port,
  security: 'none',
  username: null,
  fromAddress: 'tickets@cityhall.example',
  fromName: null,
  replyTo: null,
  publicUrl: 'https://tickets.cityhall.example',
  mailKioskRegistrations: true,
  mailImports: false,
  maxPerMinute: null,
  ...overrides,
});

const outboxCount = (app: FastifyInstance) =>
  app.store.db.prepare('SELECT count(*) FROM mail_outbox').pluck().get() as number;

beforeEach(async () => {
  smtp = await startTestSmtp();
  venueSmtp = await startTestSmtp();
});
afterEach(async () => {
  await smtp.close();
  await venueSmtp.close();
});

describe('a hub and its replica kiosk', () => {
  let hub: TestApp;
  let replica: FastifyInstance;
  let replicaDir: string;
  let event: EventRecord;

  beforeEach(async () => {
    hub = await startTestApp({ kioskDir: false, mail: { autoDispatch: false } });
    await hub.app.listen({ host: '127.0.0.1', port: 0 });
    const organization = createOrganization(hub.app, 'City Hall Events');
    event = createEvent(hub.app, organization, { name: 'Open Day' });
    hub.app.ctx.mail.saveSettings(organization.id, mailSettings(smtp.port));
    const clock = testClock();
    replicaDir = await pairedReplicaDir(hub.app, organization.id, [event.uuid], clock);
    replica = await buildApp({
      dataDir: replicaDir,
      clock,
      rateLimits: UNLIMITED,
      checkResponseShapes: true,
      kioskDir: false,
      replica: { longPollMs: 0, retryMs: 50 },
      mail: { autoDispatch: false },
    });
    await replica.ctx.replica!.syncNow();
  });

  afterEach(async () => {
    await replica.close();
    await hub.close();
    fs.rmSync(replicaDir, { recursive: true, force: true });
  });

  it('mails what the kiosk registered from the hub, once, in its language, with the link the kiosk gave', async () => {
    const answer = await call(replica, 'POST', `/kiosk/api/events/${event.uuid}/register`, {
      body: registration('ada@example.com'),
      headers: { 'accept-language': 'fr' },
    });
    expect(answer.status).toBe(201);
    const secret = String(answer.headers.location).slice(3);
    // The kiosk queues nothing and could send nothing.
    await replica.ctx.mailDispatcher.dispatchDue();
    expect(outboxCount(replica)).toBe(0);

    await replica.ctx.replica!.syncNow();
    // The same ops pushed again, as after an answer lost on the way back: applied once, mailed once.
    replica.store.db.exec('UPDATE sync_outbox SET acked_at = NULL');
    replica.store.db.exec('UPDATE sync_upstream SET acked_seq = 0, outbox_acked_through = 0');
    await replica.ctx.replica!.syncNow();
    await hub.app.ctx.mailDispatcher.dispatchDue();

    expect(smtp.received).toHaveLength(1);
    const { parsed } = smtp.received[0]!;
    expect(parsed.subject).toBe('Votre billet pour Open Day');
    expect(parsed.text).toContain(`https://tickets.cityhall.example/t/${secret}`);
    expect(outboxCount(replica)).toBe(0);
    // The kiosk's own ticket page opens with that secret too.
    expect((await call(replica, 'GET', `/public/tickets/${secret}`)).body.data.name).toBe('Ada Lovelace');
  });

  it('mails the cancellation made at the kiosk from the hub', async () => {
    await call(hub.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('grace@example.com'),
    });
    await hub.app.ctx.mailDispatcher.dispatchDue();
    await replica.ctx.replica!.syncNow();
    const cancelled = await call(replica, 'POST', `/public/events/${event.uuid}/cancel`, {
      body: { email: 'grace@example.com' },
    });
    expect(cancelled.status).toBe(200);
    await replica.ctx.replica!.syncNow();
    await hub.app.ctx.mailDispatcher.dispatchDue();
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual([
      'Your ticket for Open Day',
      'Registration cancelled: Open Day',
    ]);
    expect(outboxCount(replica)).toBe(0);
  });
});

describe("a venue's hub following an online server", () => {
  let online: TestApp;
  let venue: TestApp;
  let organization: Organization;
  let event: EventRecord;

  beforeEach(async () => {
    online = await startTestApp({
      kioskDir: false,
      replica: { longPollMs: 0, retryMs: 50 },
      mail: { autoDispatch: false },
    });
    await online.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(online.app.server.address() as { port: number }).port}`;
    organization = createOrganization(online.app, 'City Hall Events');
    event = createEvent(online.app, organization, { name: 'Open Day' });
    online.app.ctx.mail.saveSettings(organization.id, mailSettings(smtp.port));
    venue = await startTestApp({
      kioskDir: false,
      replica: { longPollMs: 0, retryMs: 50 },
      mail: { autoDispatch: false },
    });
    const token = createToken(online.app, organization, { scopes: ['attendees:read', 'sync'] });
    expect(await venue.app.ctx.venue!.connect({ url, token, eventIds: [event.uuid] })).toEqual({ ok: true });
    await venue.app.ctx.venue!.whenDownloaded();
    // Even with mail settings of its own for the followed organization, the hub mails nothing of its events.
    const here = venue.app.ctx.organizations.listOrganizations().find((o) => o.uuid === organization.uuid)!;
    venue.app.ctx.mail.saveSettings(here.id, mailSettings(venueSmtp.port));
  });

  afterEach(async () => {
    await venue.close();
    await online.close();
  });

  it('a registration online is mailed by the online server alone', async () => {
    await call(online.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('web@example.com'),
    });
    await venue.app.ctx.venue!.syncNow();
    await online.app.ctx.mailDispatcher.dispatchDue();
    await venue.app.ctx.mailDispatcher.dispatchDue();
    expect(smtp.received.map((m) => m.to[0])).toEqual(['web@example.com']);
    expect(venueSmtp.received).toHaveLength(0);
    expect(outboxCount(venue.app)).toBe(0);
  });

  it('one made at the venue while the internet is down is mailed by the online server once it arrives, once', async () => {
    const answer = await call(venue.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('door@example.com'),
    });
    expect(answer.status).toBe(201);
    const secret = String(answer.headers.location).slice(3);
    await venue.app.ctx.mailDispatcher.dispatchDue();
    expect(outboxCount(venue.app)).toBe(0);
    expect(outboxCount(online.app)).toBe(0);

    await venue.app.ctx.venue!.syncNow();
    venue.app.store.db.exec('UPDATE sync_outbox SET acked_at = NULL');
    venue.app.store.db.exec('UPDATE sync_upstream SET acked_seq = 0, outbox_acked_through = 0');
    await venue.app.ctx.venue!.syncNow();
    await online.app.ctx.mailDispatcher.dispatchDue();
    await venue.app.ctx.mailDispatcher.dispatchDue();

    expect(smtp.received.map((m) => m.to[0])).toEqual(['door@example.com']);
    expect(venueSmtp.received).toHaveLength(0);
    // The link the venue gave is the one the online server mails, and it opens the ticket there.
    expect(smtp.received[0]!.parsed.text).toContain(`/t/${secret}`);
    expect((await call(online.app, 'GET', `/public/tickets/${secret}`)).status).toBe(200);

    // The desk at the venue says the online server mails this event.
    const here = venue.app.ctx.events.findEvent(event.uuid)!;
    expect(venue.app.ctx.mail.eventOverview(here).sentHere).toBe(false);
  });
});
