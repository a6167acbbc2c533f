/**
 * Mail with real `arrivals serve` processes (issue 31), mail set with the real `arrivals mail set`, received by a
 * real SMTP server on loopback: a server SIGKILLed while a mail is on the wire sends it again after its restart, at
 * most once more and under the same Message-ID; and three tiers (an online server, a venue's hub following it, a
 * kiosk paired with the hub), each hop through a TCP proxy: a registration online is mailed by the online server
 * alone, and one made at the venue while the internet is cut is mailed by the online server once the hub reaches it,
 * once. Waits poll what the processes wrote, and end as soon as it holds.
 */
import fs from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { runCli } from '../../server/cli.ts';
import { systemClock } from '../../server/platform/clock.ts';
import { createEvent, createToken, tempDataDir } from '../helpers/app.ts';
import type { ServerProcess } from '../helpers/server-process.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import {
  pairKiosk,
  readDb,
  send,
  startHub,
  startKioskProcess,
  until,
  waitingOps,
} from '../helpers/sync-venue.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

/** Generous: processes compile TypeScript at start on a busy 2-core machine; every wait ends when it holds. */
const WAIT_MS = 90_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function cli(args: string[]): Promise<string> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
  if (code !== 0) throw new Error(`arrivals ${args.join(' ')} failed (${code}): ${err.join('\n')}`);
  return out.join('\n');
}

/** An organization `city-hall` with one published event; its UUID. */
async function seed(dataDir: string): Promise<{ eventUuid: string; token: string }> {
  const app = await buildApp({ dataDir, kioskDir: false, clock: systemClock });
  try {
    const organization = app.ctx.organizations.createOrganization('City Hall Events', 'city-hall');
    if (!organization.ok) throw new Error(organization.reason);
    const event = createEvent(app, organization.organization, { name: 'Open Day' });
    return {
      eventUuid: event.uuid,
      token: createToken(app, organization.organization, { scopes: ['attendees:read', 'sync'] }),
    };
  } finally {
    await app.close();
  }
}

const mailSet = (dataDir: string, smtp: TestSmtp, slug = 'city-hall') =>
  cli([
    'mail',
    'set',
    '--org',
    slug,
    '--host',
    '127.0.0.1',
    '--port',
    String(smtp.port),
    '--security',
    'none',
    '--from',
    'tickets@cityhall.example',
    '--public-url',
    'https://tickets.cityhall.example',
    '--data',
    dataDir,
  ]);

async function started(server: Promise<ServerProcess>): Promise<ServerProcess> {
  const process = await server;
  cleanups.push(() => process.stop());
  return process;
}

function directory(): string {
  const dir = tempDataDir();
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function smtpServer(): Promise<TestSmtp> {
  const smtp = await startTestSmtp();
  cleanups.push(() => smtp.close());
  return smtp;
}

async function register(baseUrl: string, eventUuid: string, email: string): Promise<void> {
  const answer = await send(baseUrl, 'POST', `/public/events/${eventUuid}/register`, {
    body: { email, first_name: 'Guest', last_name: email },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

const mailRows = (dataDir: string) =>
  readDb(dataDir, (db) => db.prepare('SELECT status, message_id FROM mail_outbox').all()) as {
    status: string;
    message_id: string;
  }[];

it('a server SIGKILLed mid-send mails again after its restart, at most once more, under the same Message-ID', async () => {
  const smtp = await smtpServer();
  const dataDir = directory();
  const { eventUuid } = await seed(dataDir);
  expect(await mailSet(dataDir, smtp)).toContain('ticket links start with https://tickets.cityhall.example');

  // The server takes the message and never answers: the mail is on the wire when the process dies.
  smtp.onData({ kind: 'hang' });
  const first = await startHub(dataDir);
  await register(first.baseUrl, eventUuid, 'ada@example.com');
  await until(
    'the mail on the wire',
    () => smtp.attempts.length,
    (n) => n === 1,
    WAIT_MS,
  );
  await first.kill();
  expect(smtp.received).toHaveLength(0);

  smtp.onData({ kind: 'accept' });
  const second = await started(startHub(dataDir));
  await until(
    'the mail received',
    () => smtp.received.length,
    (n) => n === 1,
    WAIT_MS,
  );
  await until(
    'the mail recorded as sent',
    () => mailRows(dataDir).map((r) => r.status),
    (s) => s[0] === 'sent',
    WAIT_MS,
  );

  expect(smtp.received[0]!.to).toEqual(['ada@example.com']);
  expect(smtp.received[0]!.parsed.messageId).toBe(smtp.attempts[0]!.parsed.messageId);
  expect(smtp.received[0]!.parsed.messageId).toBe(mailRows(dataDir)[0]!.message_id);
  // Sent and recorded: nothing more goes out, whatever the poll does next.
  await second.stop();
  expect(smtp.attempts).toHaveLength(2);
}, 200_000);

it('three tiers: mail leaves from the online server only, and what the venue registered offline goes once, once', async () => {
  const onlineSmtp = await smtpServer();
  const hubSmtp = await smtpServer();
  const dirs = { online: directory(), hub: directory(), kiosk: directory() };
  const { eventUuid, token } = await seed(dirs.online);
  await mailSet(dirs.online, onlineSmtp);
  const online = await started(startHub(dirs.online));
  const upTarget = { port: online.port };
  const up: TcpProxy = await startTcpProxy(upTarget);
  cleanups.push(() => up.close());

  await cli([
    'upstream',
    'connect',
    '--url',
    up.url,
    '--token',
    token,
    '--events',
    eventUuid,
    '--data',
    dirs.hub,
  ]);
  // The hub's own mail settings for the followed organization (same slug here): it must still mail nothing of it.
  await mailSet(dirs.hub, hubSmtp);
  const hub = await started(startHub(dirs.hub));
  const downTarget = { port: hub.port };
  const down = await startTcpProxy(downTarget);
  cleanups.push(() => down.close());
  await pairKiosk({ hubDir: dirs.hub, hubAddress: down.url, kioskDir: dirs.kiosk, name: 'Door 1' });
  const kiosk = await started(startKioskProcess(dirs.kiosk));

  const attendeesOn = (dataDir: string) =>
    readDb(dataDir, (db) =>
      db.prepare('SELECT email FROM attendees ORDER BY email').pluck().all(),
    ) as string[];

  // Online: mailed by the online server; the hub and the kiosk get the registration and mail nothing.
  await register(online.baseUrl, eventUuid, 'web@example.com');
  await until(
    'the online mail',
    () => onlineSmtp.received.length,
    (n) => n === 1,
    WAIT_MS,
  );
  await until(
    'the registration at the kiosk',
    () => attendeesOn(dirs.kiosk),
    (e) => e.includes('web@example.com'),
    WAIT_MS,
  );

  // The internet goes: registrations at the hub and at the kiosk wait at the venue, and nobody mails them.
  up.setMode('cut');
  await register(hub.baseUrl, eventUuid, 'hub@example.com');
  await register(kiosk.baseUrl, eventUuid, 'kiosk@example.com');
  await until(
    'the kiosk op at the hub',
    () => attendeesOn(dirs.hub),
    (e) => e.includes('kiosk@example.com'),
    WAIT_MS,
  );
  expect(waitingOps(dirs.hub)).toBeGreaterThan(0);
  expect(onlineSmtp.received).toHaveLength(1);

  // Back: the online server takes the ops and mails each once.
  up.setMode('open');
  await until(
    'the venue mails',
    () => onlineSmtp.received.length,
    (n) => n >= 3,
    WAIT_MS,
  );
  await until(
    'nothing waiting at the venue',
    () => waitingOps(dirs.hub) + waitingOps(dirs.kiosk),
    (n) => n === 0,
    WAIT_MS,
  );
  await until(
    'every mail recorded',
    () => mailRows(dirs.online).filter((r) => r.status === 'sent').length,
    (n) => n === 3,
    WAIT_MS,
  );
  await Promise.all([online.stop(), hub.stop(), kiosk.stop()]);

  expect(onlineSmtp.received.map((m) => m.to[0]).sort()).toEqual([
    'hub@example.com',
    'kiosk@example.com',
    'web@example.com',
  ]);
  expect(hubSmtp.received).toHaveLength(0);
  expect(hubSmtp.attempts).toHaveLength(0);
  expect(mailRows(dirs.hub)).toEqual([]);
  expect(mailRows(dirs.kiosk)).toEqual([]);
}, 300_000);
