/**
 * Mail nobody can turn into a weapon (issue 36): each row of the table is an attack that worked, and each
 * `describe` below is named after its row and fails without the change that stops it. Mail goes through a real SMTP
 * server on a loopback port (test/helpers/smtp.ts), step by step: `autoDispatch` off, `dispatch()` runs a round,
 * the test clock moves between them.
 */
import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
  type TestApp,
} from '../helpers/app.ts';
import { signedInMember, type DashboardClient } from '../helpers/dashboard.ts';
import {
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

/** The PEM of the CA the test SMTP servers' certificate is under: the app is told to trust it. */
let trustedCa: string;

beforeEach(async () => {
  const certificate = await testCertificate();
  trustedCa = certificate.ca;
  // STARTTLS on offer: `security: 'none'` does not use it, `starttls` must.
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

/** More SMTP servers a test starts: closed after the app, whose pooled connections they would otherwise wait for. */
const servers: TestSmtp[] = [];
async function anotherSmtp(...options: Parameters<typeof startTestSmtp>): Promise<TestSmtp> {
  const server = await startTestSmtp(...options);
  servers.push(server);
  return server;
}

afterEach(async () => {
  await t.close();
  await smtp.close();
  for (const server of servers.splice(0)) await server.close();
});

const dispatch = () => t.app.ctx.mailDispatcher.dispatchDue();

async function register(email: string, answers: Record<string, unknown> = {}) {
  const answer = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
    body: registration(email, answers),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return String(answer.headers.location).replace('/t/', '');
}

const PHISHING_EVENT = 'Open Day\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nURL:http://evil.example/phish';

describe('row 3: calendar entries cannot be forged', () => {
  let owner: DashboardClient;
  beforeEach(async () => {
    owner = await signedInMember(t.app, org, 'owner');
  });

  it('refuses a line break in an event’s name and place, from the dashboard and the token API', async () => {
    const renamed = await owner.send('PATCH', `/events/${event.uuid}`, { name: PHISHING_EVENT });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toEqual({
      name: ['The name field must be a single line, without line breaks or tabs.'],
    });
    const moved = await owner.send('PATCH', `/events/${event.uuid}`, { location: 'Hall\nURL:x' });
    expect(moved.body.errors).toEqual({
      location: ['The location field must be a single line, without line breaks or tabs.'],
    });
    const token = createToken(t.app, org);
    const created = await call(t.app, 'POST', '/api/events', { token, body: { name: PHISHING_EVENT } });
    expect(created.status).toBe(422);
    expect(Object.keys(created.body.errors)).toEqual(['name']);
    expect(t.app.store.repos.events.findByUuid(event.uuid)!.name).toBe('Open Day');
  });

  it('writes a name that holds line breaks (stored before the rule) as one escaped line, served and mailed', async () => {
    t.app.store.db.prepare('UPDATE events SET name = ? WHERE id = ?').run(PHISHING_EVENT, event.id);
    const secret = await register('ada@example.com');
    const served = (await t.app.inject({ method: 'GET', url: `/public/tickets/${secret}/event.ics` })).body;
    await dispatch();
    const mailed = smtp.received[0]!.parsed.attachments.find((a) => a.filename === 'event.ics')!;
    for (const ics of [served, mailed.content.toString('utf8')]) {
      const lines = ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
      expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
      expect(lines.filter((line) => /^URL[:;]/.test(line))).toEqual([
        `URL;VALUE=URI:https://tickets.cityhall.example/t/${secret}`,
      ]);
      expect(icsProperty(ics, 'X-WR-CALNAME')).toBe(
        'Open Day\\nEND:VEVENT\\nBEGIN:VEVENT\\nURL:http://evil.example/phish',
      );
    }
  });
});

describe('row 5: a person’s name is quoted in the organization’s mail only in a bounded form', () => {
  it('greets by at most 60 characters of the first name, and by no name when it carries a link', async () => {
    const long = 'Ada'.padEnd(200, 'x');
    await register('long@example.com', { first_name: long, last_name: 'Lovelace' });
    await register('phish@example.com', {
      first_name: 'URGENT: your account is locked, verify at http://evil.example/login',
      last_name: 'Support',
    });
    await register('bare@example.com', {
      first_name: 'Verify at evil.example now',
      last_name: 'x',
    });
    await dispatch();
    const textOf = (to: string) => smtp.received.find((mail) => mail.to[0] === to)!.parsed;
    expect(textOf('long@example.com').text!.split('\n')[0]).toBe(`Hello ${long.slice(0, 60)},`);
    expect(textOf('long@example.com').text).not.toContain(long.slice(0, 61));
    for (const to of ['phish@example.com', 'bare@example.com']) {
      const mail = textOf(to);
      expect(mail.text!.split('\n')[0]).toBe('Hello,');
      expect(mail.text).not.toContain('evil.example');
      expect(mail.html).not.toContain('evil.example');
    }
  });
});

describe('row 9: control characters are stored nowhere', () => {
  let owner: DashboardClient;
  beforeEach(async () => {
    owner = await signedInMember(t.app, org, 'owner');
  });

  const mailBody = {
    host: '127.0.0.1',
    port: 2525,
    security: 'none',
    from_address: 'tickets@cityhall.example',
    public_url: 'https://tickets.cityhall.example',
  };

  it('refuses them in the from-name and public URL of the mail settings', async () => {
    const named = await owner.send('PUT', '/mail-settings', { ...mailBody, from_name: 'City\r\nBcc: x' });
    expect(named.status).toBe(422);
    expect(named.body.errors).toEqual({
      from_name: ['The from name field must be a single line, without line breaks or tabs.'],
    });
    const linked = await owner.send('PUT', '/mail-settings', {
      ...mailBody,
      public_url: 'https://tickets.cityhall.example/\r\nX-Evil: 1',
    });
    expect(linked.body.errors).toEqual({
      public_url: ['The public url field must be a single line, without line breaks or tabs.'],
    });
    const belled = await owner.send('PUT', '/mail-settings', { ...mailBody, from_name: 'City\u0007Hall' });
    expect(belled.body.errors).toEqual({
      from_name: ['The from name field must not contain control characters.'],
    });
    const c1 = await owner.send('PUT', '/mail-settings', { ...mailBody, from_name: 'City\u0085Hall' });
    expect(c1.body.errors).toEqual({
      from_name: ['The from name field must not contain control characters.'],
    });
    expect(t.app.ctx.mail.settingsOf(org.id)!.fromName).toBe('City Hall Events');
  });

  it('refuses them and direction overrides in a person’s name, on every door that registers', async () => {
    const reversed = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('rlo@example.com', { first_name: 'Ada\u202Emoc.elpmaxe' }),
    });
    expect(reversed).toMatchObject({
      status: 422,
      body: {
        message: 'Validation failed.',
        errors: {
          first_name: ['The first name field must not contain characters that change the direction of text.'],
        },
      },
    });
    const kiosk = await call(t.app, 'POST', `/kiosk/api/events/${event.uuid}/register`, {
      body: registration('cr@example.com', { last_name: 'Love\rlace' }),
    });
    expect(kiosk.status).toBe(422);
    expect(kiosk.body.errors).toEqual({
      last_name: ['The last name field must be a single line, without line breaks or tabs.'],
    });
    const staff = await signedInMember(t.app, org, 'staff');
    const walkIn = await staff.send('POST', `/events/${event.uuid}/attendees`, {
      ...registration('esc@example.com'),
      first_name: 'Ada\u001b[31m',
    });
    expect(walkIn.status).toBe(422);
    expect(walkIn.body.errors).toEqual({
      first_name: ['The first name field must not contain control characters.'],
    });
    const rows = t.app.store.db.prepare('SELECT count(*) AS n FROM attendees').get() as { n: number };
    expect(rows.n).toBe(0);
  });

  it('keeps what right-to-left scripts need, and line breaks where a field runs over lines', async () => {
    const arabic = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('nour@example.com', { first_name: 'نور\u200F', last_name: 'الهدى' }),
    });
    expect(arabic.status).toBe(201);
    const described = await owner.send('PATCH', `/events/${event.uuid}`, {
      description: 'Doors at nine.\r\n\tTalks at ten.',
    });
    expect(described.status).toBe(200);
  });
});

describe('row 6: no spelling of a ticket or profile path writes its secret to the log', () => {
  it('redacts by the route that matched, or the normalised path, however the path is written', async () => {
    const lines: string[] = [];
    const logged = await startTestApp({
      kioskDir: false,
      mail: { autoDispatch: false },
      logger: {
        level: 'info',
        stream: {
          write: (line: string) => {
            lines.push(line);
          },
        },
      },
    });
    try {
      const organization = createOrganization(logged.app);
      const loggedEvent = createEvent(logged.app, organization);
      const registered = await call(logged.app, 'POST', `/public/events/${loggedEvent.uuid}/register`, {
        body: registration('ada@example.com'),
      });
      const secret = String(registered.headers.location).replace('/t/', '');
      const token = createToken(logged.app, organization);
      const user = await call(logged.app, 'POST', '/api/users', {
        token,
        body: { email: 'grace@example.com', first_name: 'Grace', profile_public: true },
      });
      const code = user.body.data.profile_code as string;
      const spellings = [
        `/public/tickets/${secret}`,
        `/public/%74ickets/${secret}`,
        `/public/tickets/${secret}/event.ics`,
        `/public//tickets/${secret}`,
        `/t/${secret}`,
        `/%74/${secret}`,
        `/t//${secret}`,
        `//t/${secret}`,
        `/t/./${secret}`,
        `/T/${secret}`,
        `/public/profile/${code}`,
        `/public/%70rofile/${code}`,
        `/p/${code}`,
        `/%70/${code}`,
        `/p//${code}`,
        // Encoded twice or more: the router answers 404, but a proxy in front may have decoded it once already.
        `/%2574/${secret}`,
        `/public/%2574ickets/${secret}`,
        `/public/%252574ickets/${secret}/event.ics`,
        `/t%252F${secret}`,
        `/%2570/${code}`,
        `/public/%2570rofile/${code}`,
        `/%25252570/${code}`,
      ];
      const statuses: Record<string, number> = {};
      for (const url of spellings)
        statuses[url] = (await logged.app.inject({ method: 'GET', url })).statusCode;
      // The spellings the issue found answering 200 still do: only the log changed.
      expect(statuses[`/public/%74ickets/${secret}`]).toBe(200);
      expect(statuses[`/public/profile/${code}`]).toBe(200);
      const log = lines.join('');
      expect(log).toContain('[redacted]');
      expect(log).not.toContain(secret);
      expect(log).not.toContain(code);
    } finally {
      await logged.close();
    }
  });
});

describe('row 2: the password belongs to its host', () => {
  let owner: DashboardClient;
  let stranger: TestSmtp;
  beforeEach(async () => {
    owner = await signedInMember(t.app, org, 'owner');
    stranger = await anotherSmtp(0, { tls: await testCertificate() });
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    host: '127.0.0.1',
    port: smtp.port,
    security: 'starttls',
    username: 'tickets',
    from_address: 'tickets@cityhall.example',
    public_url: 'https://tickets.cityhall.example',
    ...overrides,
  });

  it('is dropped when the host moves without it, and never reaches the new host', async () => {
    smtp.requireAuth('tickets', 'the smtp password');
    const saved = await owner.send('PUT', '/mail-settings', body({ password: 'the smtp password' }));
    expect(saved.body.data).toMatchObject({ has_password: true });
    const tested = await owner.send('POST', '/mail-settings/test', { to: 'olive@example.com' });
    expect(tested.body.data.sent).toBe(true);
    expect(smtp.signIns).toEqual([{ user: 'tickets', password: 'the smtp password', secure: true }]);

    // Someone at the owner's session moves the host to a server of theirs and leaves the password "unchanged".
    const moved = await owner.send('PUT', '/mail-settings', body({ port: stranger.port }));
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ port: stranger.port, username: 'tickets', has_password: false });
    expect(t.app.ctx.mail.settingsOf(org.id)!.password).toBeNull();
    await owner.send('POST', '/mail-settings/test', { to: 'olive@example.com' });
    await register('ada@example.com');
    await dispatch();
    expect(stranger.signIns.map((signIn) => signIn.password)).not.toContain('the smtp password');
  });

  it('goes with a change of security or user too, and stays through any other change', async () => {
    const withPassword = () => owner.send('PUT', '/mail-settings', body({ password: 'the smtp password' }));
    for (const change of [{ security: 'tls' }, { username: 'other' }, { host: 'localhost' }]) {
      await withPassword();
      const changed = await owner.send('PUT', '/mail-settings', body(change));
      expect(changed.body.data.has_password, JSON.stringify(change)).toBe(false);
    }
    await withPassword();
    const renamed = await owner.send(
      'PUT',
      '/mail-settings',
      body({ from_name: 'Box office', host: '127.0.0.1' }),
    );
    expect(renamed.body.data).toMatchObject({ from_name: 'Box office', has_password: true });
    const typedAgain = await owner.send(
      'PUT',
      '/mail-settings',
      body({ port: stranger.port, password: 'new one' }),
    );
    expect(typedAgain.body.data.has_password).toBe(true);
  });
});

describe('row 7: the password is never sent in clear', () => {
  let owner: DashboardClient;
  beforeEach(async () => {
    owner = await signedInMember(t.app, org, 'owner');
  });

  it('refuses security none with a password, under security', async () => {
    const refused = await owner.send('PUT', '/mail-settings', {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      username: 'tickets',
      password: 'the smtp password',
      from_address: 'tickets@cityhall.example',
      public_url: 'https://tickets.cityhall.example',
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: 'Validation failed.',
      errors: {
        security: ['A password needs STARTTLS or TLS, so that it never crosses the network in clear.'],
      },
    });
    expect(t.app.ctx.mail.settingsOf(org.id)!.password).toBeNull();
  });

  it('signs in over plain text to nobody, even with a password stored before the rule', async () => {
    const careless = await anotherSmtp(0, { tls: await testCertificate(), allowInsecureAuth: true });
    t.app.store.repos.mailSettings.save(
      org.id,
      settings({ port: careless.port, username: 'tickets', password: 'the smtp password' }),
      '2026-11-21T10:00:00+00:00',
    );
    await owner.send('POST', '/mail-settings/test', { to: 'olive@example.com' });
    await register('ada@example.com');
    await dispatch();
    expect(careless.signIns).toEqual([]);
    // Both went, unsigned: a relay that needs no sign-in takes them.
    expect(careless.received).toHaveLength(2);
  });

  it('never falls back to plain text with starttls: a server without it is not signed in to', async () => {
    const plain = await anotherSmtp();
    t.app.ctx.mail.saveSettings(
      org.id,
      settings({
        port: plain.port,
        security: 'starttls',
        username: 'tickets',
        password: 'the smtp password',
      }),
    );
    const tested = await owner.send('POST', '/mail-settings/test', { to: 'olive@example.com' });
    expect(tested.body.data.sent).toBe(false);
    expect(plain.signIns).toEqual([]);
    expect(plain.received).toEqual([]);
  });
});

/** A far end that is not SMTP: an SSH server's banner, sent as soon as a client connects. */
async function sshListener(): Promise<{
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}> {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.write('SSH-2.0-OpenSSH_9.6 internal-build-host-7\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('row 4: the test mail is an SMTP client, not a port scanner', () => {
  let owner: DashboardClient;
  beforeEach(async () => {
    owner = await signedInMember(t.app, org, 'owner');
  });

  const body = (host: string, port = 25) => ({
    host,
    port,
    security: 'none',
    from_address: 'tickets@cityhall.example',
    public_url: 'https://tickets.cityhall.example',
  });

  it('answers a far end that does not greet as SMTP with one generic answer, nothing of its banner', async () => {
    const ssh = await sshListener();
    try {
      t.app.ctx.mail.saveSettings(org.id, settings({ port: ssh.port }));
      const tested = await owner.send('POST', '/mail-settings/test', { to: 'olive@example.com' });
      expect(tested.status).toBe(200);
      expect(tested.body).toEqual({
        message: 'The mail server did not take the test email.',
        data: {
          sent: false,
          reply: null,
          detail: 'What answered at this host and port is not an SMTP server.',
        },
      });
      // The outbox, the desk and the settings page say no more.
      await register('ada@example.com');
      await dispatch();
      const everything = JSON.stringify([
        t.app.store.db.prepare('SELECT * FROM mail_outbox').all(),
        (await owner.send('GET', '/mail-settings')).body,
        (await owner.send('GET', `/events/${event.uuid}/attendees`)).body,
      ]);
      expect(everything).toContain('not an SMTP server');
      expect(everything).not.toMatch(/SSH|OpenSSH|internal-build-host/);
    } finally {
      await ssh.close();
    }
  });

  it('refuses link-local and metadata addresses as webhooks do, and keeps loopback and private ones', async () => {
    const refusal = [
      'The host field is a link-local or cloud metadata address, which mail is never sent to.',
    ];
    for (const host of [
      '169.254.169.254',
      'fe80::1',
      '[fe80::1]',
      '::ffff:169.254.169.254',
      '0.0.0.0',
      'fd00:ec2::254',
    ]) {
      const refused = await owner.send('PUT', '/mail-settings', body(host));
      expect(refused.status, host).toBe(422);
      expect(refused.body.errors, host).toEqual({ host: refusal });
    }
    for (const host of ['127.0.0.1', '10.0.0.5', '192.168.1.20', 'fd12:3456::25', 'smtp.example.com']) {
      expect((await owner.send('PUT', '/mail-settings', body(host))).status, host).toBe(200);
    }
  });

  it('never connects to such an address stored before the rule', async () => {
    t.app.store.repos.mailSettings.save(
      org.id,
      settings({ host: '169.254.169.254' }),
      '2026-11-21T10:00:00+00:00',
    );
    const tested = await owner.send('POST', '/mail-settings/test', { to: 'olive@example.com' });
    expect(tested.body.data).toEqual({
      sent: false,
      reply: null,
      detail: 'The mail server’s address is link-local or cloud metadata, which mail is never sent to.',
    });
  });

  it('is for owners only, as before', async () => {
    const staff = await signedInMember(t.app, org, 'staff');
    expect((await staff.send('POST', '/mail-settings/test', { to: 'olive@example.com' })).status).toBe(403);
  });
});

describe('row 8: the organization is no relay', () => {
  it('sends at most 10 test emails an hour for an organization', async () => {
    const owner = await signedInMember(t.app, org, 'owner');
    for (let i = 1; i <= 10; i++) {
      const sent = await owner.send('POST', '/mail-settings/test', { to: `stranger${i}@example.com` });
      expect(sent.body.data?.sent, `test mail ${i}: ${JSON.stringify(sent.body)}`).toBe(true);
    }
    const refused = await owner.send('POST', '/mail-settings/test', { to: 'stranger11@example.com' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: 'At most 10 test emails an hour can be sent for an organization. Please try again later.',
    });
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    expect(smtp.received).toHaveLength(10);
    t.clock.advance(60 * 60_000);
    expect(
      (await owner.send('POST', '/mail-settings/test', { to: 'again@example.com' })).body.data.sent,
    ).toBe(true);
  });

  it('resends one person’s ticket at most 3 times an hour', async () => {
    await register('ada@example.com');
    await dispatch();
    const staff = await signedInMember(t.app, org, 'staff');
    const id = (await staff.send('GET', `/events/${event.uuid}/attendees`)).body.data[0].id as string;
    for (let i = 1; i <= 3; i++) {
      expect((await staff.send('POST', `/events/${event.uuid}/mail/attendees/${id}/resend`)).status).toBe(
        202,
      );
      t.clock.advance(60_000);
    }
    const refused = await staff.send('POST', `/events/${event.uuid}/mail/attendees/${id}/resend`);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: 'This ticket was resent 3 times in the last hour. Please try again later.',
    });
    expect(Number(refused.headers['retry-after'])).toBe(57 * 60);
    await register('grace@example.com');
    const other = (await staff.send('GET', `/events/${event.uuid}/attendees`)).body.data.find(
      (row: { email: string }) => row.email === 'grace@example.com',
    ).id as string;
    expect((await staff.send('POST', `/events/${event.uuid}/mail/attendees/${other}/resend`)).status).toBe(
      202,
    );
  });
});

describe('row 1: nobody mail-bombs an address from the organization’s server', () => {
  const cancelByEmail = (email: string, remoteAddress?: string) =>
    call(t.app, 'POST', `/public/events/${event.uuid}/cancel`, { body: { email }, remoteAddress });
  const mailsTo = (address: string) =>
    smtp.received.filter((mail) => mail.to.some((to) => to.toLowerCase() === address));
  const outboxOf = () =>
    t.app.store.db.prepare('SELECT kind, status, error FROM mail_outbox ORDER BY id').all() as {
      kind: string;
      status: string;
      error: string | null;
    }[];

  it('caps the register-and-cancel loop at 3 mails an hour to the address, answering as always', async () => {
    for (let cycle = 1; cycle <= 10; cycle++) {
      const registered = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
        body: registration('victim@example.com'),
      });
      expect(registered.status).toBe(201);
      expect(registered.body).toMatchObject({
        message: 'Registration successful.',
        data: { email: 'victim@example.com', name: 'Ada Lovelace', status: 'confirmed', is_guest: true },
      });
      // The organization's server takes every mail at once: the worst case.
      await dispatch();
      expect(await cancelByEmail('victim@example.com')).toMatchObject({
        status: 200,
        body: { message: 'Your registration has been cancelled.' },
      });
      await dispatch();
      t.clock.advance(30_000);
    }
    expect(mailsTo('victim@example.com')).toHaveLength(3);
    expect(mailsTo('victim@example.com').map((mail) => mail.parsed.subject)).toEqual([
      'Your ticket for Open Day',
      'Your ticket for Open Day',
      'Your ticket for Open Day',
    ]);
    const outbox = outboxOf();
    // A cancellation made with the email alone, minutes after registering, is not mailed at all.
    expect(outbox.filter((mail) => mail.kind === 'cancellation')).toEqual([]);
    expect(outbox.map((mail) => mail.status)).toEqual([
      'sent',
      'sent',
      'sent',
      ...Array(7).fill('suppressed'),
    ]);
    expect(outbox[3]!.error).toBe(
      'Not sent: this address already got 3 emails about this event in the last hour, the most it may get ' +
        '(an owner can raise the limit in the event’s email settings).',
    );

    // A day's cap too: 10 a day, however the hours are spread.
    for (let hour = 1; hour <= 4; hour++) {
      t.clock.advance(60 * 60_000);
      for (let cycle = 0; cycle < 3; cycle++) {
        await register('victim@example.com');
        await dispatch();
        await cancelByEmail('victim@example.com');
      }
    }
    expect(mailsTo('victim@example.com')).toHaveLength(10);
  });

  it('records a mail over the cap as suppressed, shown on the desk with its reason, never sent later', async () => {
    await register('ada@example.com');
    await dispatch();
    const staff = await signedInMember(t.app, org, 'staff');
    const row = async () => (await staff.send('GET', `/events/${event.uuid}/attendees`)).body.data[0];
    const id = (await row()).id as string;
    for (let i = 0; i < 3; i++) {
      expect((await staff.send('POST', `/events/${event.uuid}/mail/attendees/${id}/resend`)).status).toBe(
        202,
      );
      await dispatch();
    }
    expect(mailsTo('ada@example.com')).toHaveLength(3);
    expect((await row()).mail).toEqual({
      kind: 'confirmation',
      status: 'suppressed',
      queued_at: '2026-11-21T10:00:00+00:00',
      sent_at: null,
      error:
        'Not sent: this address already got 3 emails about this event in the last hour, the most it may get ' +
        '(an owner can raise the limit in the event’s email settings).',
    });
    const overview = await staff.send('GET', `/events/${event.uuid}/mail`);
    expect(overview.body.data.counts).toMatchObject({ sent: 3, queued: 0, suppressed: 1 });
    expect(overview.body.data.limits).toEqual({ per_address_per_hour: 3, per_address_per_day: 10 });
    t.clock.advance(2 * 60 * 60_000);
    await dispatch();
    expect(mailsTo('ada@example.com')).toHaveLength(3);
    expect((await row()).mail.status).toBe('suppressed');
  });

  it('counts the organization’s test emails to the address too, and an owner raises the caps per event', async () => {
    const owner = await signedInMember(t.app, org, 'owner');
    for (let i = 0; i < 3; i++) await owner.send('POST', '/mail-settings/test', { to: 'Ada@Example.com' });
    await register('ada@example.com');
    await dispatch();
    expect(outboxOf()).toMatchObject([{ kind: 'confirmation', status: 'suppressed' }]);

    const staff = await signedInMember(t.app, org, 'staff');
    const limits = { per_address_per_hour: 5, per_address_per_day: 12 };
    expect((await staff.send('PUT', `/events/${event.uuid}/mail/limits`, limits)).status).toBe(403);
    const raised = await owner.send('PUT', `/events/${event.uuid}/mail/limits`, limits);
    expect(raised).toMatchObject({ status: 200, body: { data: limits } });
    const tooHigh = await owner.send('PUT', `/events/${event.uuid}/mail/limits`, {
      per_address_per_hour: 1000,
      per_address_per_day: 12,
    });
    expect(tooHigh.status).toBe(422);
    expect(tooHigh.body.errors).toEqual({
      per_address_per_hour: ['The per address per hour field must not be greater than 50.'],
    });
    await register('grace@example.com');
    const id = (await staff.send('GET', `/events/${event.uuid}/attendees`)).body.data.find(
      (row: { email: string }) => row.email === 'ada@example.com',
    ).id as string;
    await staff.send('POST', `/events/${event.uuid}/mail/attendees/${id}/resend`);
    await dispatch();
    expect(mailsTo('ada@example.com').map((mail) => mail.parsed.subject)).toEqual([
      'Arrivals test email for City Hall Events',
      'Arrivals test email for City Hall Events',
      'Arrivals test email for City Hall Events',
      'Your ticket for Open Day',
    ]);
  });

  it('mails a cancellation by email made later, and one by the ticket link or the desk at any time', async () => {
    await register('early@example.com');
    await dispatch();
    t.clock.advance(10 * 60_000);
    await cancelByEmail('early@example.com');
    const secret = await register('linked@example.com');
    await dispatch();
    await call(t.app, 'POST', `/public/tickets/${secret}/cancel`);
    await dispatch();
    expect(mailsTo('early@example.com').map((mail) => mail.parsed.subject)).toEqual([
      'Your ticket for Open Day',
      'Registration cancelled: Open Day',
    ]);
    expect(mailsTo('linked@example.com').map((mail) => mail.parsed.subject)).toEqual([
      'Your ticket for Open Day',
      'Registration cancelled: Open Day',
    ]);
  });
});

describe('row 1: the public write limits count per client across routes, IPv6 per /64', () => {
  beforeEach(async () => {
    await t.close();
    t = await startTestApp({
      kioskDir: false,
      mail: { autoDispatch: false, trustedCertificates: [trustedCa] },
      rateLimits: { publicEvents: 5 },
    });
    org = createOrganization(t.app, 'City Hall Events');
    event = createEvent(t.app, org);
  });

  const write = (path: string, email: string, remoteAddress: string) =>
    call(t.app, 'POST', `/public/events/${event.uuid}/${path}`, {
      body: path === 'register' ? registration(email) : { email },
      remoteAddress,
    });

  it('shares one budget between register, cancel and check-in, apart from reads', async () => {
    const client = '203.0.113.7';
    expect((await write('register', 'a@example.com', client)).status).toBe(201);
    expect((await write('cancel', 'a@example.com', client)).status).toBe(200);
    expect((await write('register', 'a@example.com', client)).status).toBe(201);
    expect((await write('check-in', 'a@example.com', client)).status).toBe(200);
    const fifth = await write('cancel', 'b@example.com', client);
    expect(fifth.headers['x-ratelimit-remaining']).toBe('0');
    const sixth = await write('register', 'c@example.com', client);
    expect(sixth).toMatchObject({ status: 429, body: { message: 'Too Many Attempts.' } });
    expect(sixth.headers['x-ratelimit-limit']).toBe('5');
    // Reading the event is not writing: its own budget.
    const read = await call(t.app, 'GET', `/public/events/${event.uuid}`, { remoteAddress: client });
    expect(read.status).toBe(200);
    // Another client has its own.
    expect((await write('register', 'c@example.com', '203.0.113.8')).status).toBe(201);
  });

  it('counts IPv6 clients by their /64', async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await write('register', `v6-${i}@example.com`, `2001:db8:1:2::${i}`)).status).toBe(201);
    }
    const sameNetwork = await write('register', 'v6-6@example.com', '2001:db8:1:2:ffff:1:2:3');
    expect(sameNetwork.status).toBe(429);
    expect((await write('register', 'v6-7@example.com', '2001:db8:1:3::1')).status).toBe(201);
  });
});
