/**
 * Three tiers as three real `arrivals serve` processes on loopback (docs/sync.md, "A venue following an online
 * server"): an online server, a venue's hub following it (connected with the real `arrivals upstream connect`) and a
 * kiosk paired with the hub. Each hop runs through a TCP proxy the test cuts (partitions, answers lost after a
 * commit); each process is SIGKILLed while it syncs. Nothing may be lost or doubled, and all three must end with
 * the same attendees, field by field.
 */
import fs from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { runCli } from '../../server/cli.ts';
import { systemClock } from '../../server/platform/clock.ts';
import { createEvent, createToken, tempDataDir } from '../helpers/app.ts';
import type { ServerProcess } from '../helpers/server-process.ts';
import {
  attendeeRows,
  pairKiosk,
  send,
  startHub,
  startKioskProcess,
  until,
  waitingOps,
} from '../helpers/sync-venue.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

/** Generous: three processes compile TypeScript at start on a busy 2-core machine; every wait ends when it holds. */
const CONVERGE_MS = 90_000;

let dirs: { online: string; hub: string; kiosk: string };
let online: ServerProcess;
let hub: ServerProcess;
let kiosk: ServerProcess;
let up: TcpProxy;
let down: TcpProxy;
/** Where each proxy forwards to: read at each connection, so a restarted process is reached on its new port. */
let upTarget: { port: number };
let downTarget: { port: number };
let eventUuid: string;
let token: string;

/** The online server's organization, its event with a few registrations, and a token with the `sync` scope. */
async function seedOnline(dataDir: string): Promise<{ eventUuid: string; token: string }> {
  const app = await buildApp({ dataDir, kioskDir: false, clock: systemClock });
  try {
    const organization = app.ctx.organizations.createOrganization('City Hall Events', 'city-hall');
    if (!organization.ok) throw new Error(organization.reason);
    const event = createEvent(app, organization.organization, { name: 'Open Day' });
    for (let i = 0; i < 10; i++) {
      const outcome = app.ctx.registrations.addWalkIn(event, {
        email: `early${i}@example.com`,
        first_name: 'Early',
        last_name: `Bird ${i}`,
      });
      if (!outcome.ok) throw new Error(outcome.reason);
    }
    return {
      eventUuid: event.uuid,
      token: createToken(app, organization.organization, { scopes: ['attendees:read', 'sync'] }),
    };
  } finally {
    await app.close();
  }
}

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const startOnline = () => startHub(dirs.online);

/** What must agree on all three tiers: every registration of the event, as the rules left it. */
const picture = (dataDir: string) => attendeeRows(dataDir, eventUuid).map(({ rev: _rev, ...row }) => row);

async function register(server: ServerProcess, email: string) {
  const answer = await send(server.baseUrl, 'POST', `/public/events/${eventUuid}/register`, {
    body: { email, first_name: 'Guest', last_name: email },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

async function checkIn(server: ServerProcess, email: string) {
  const answer = await send(server.baseUrl, 'POST', `/public/events/${eventUuid}/check-in`, {
    body: { email },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** All three hold the same registrations, `count` of them, and nothing waits to go up anywhere. */
async function converged(count: number) {
  const final = await until(
    'the same attendees on the online server, the hub and the kiosk',
    () => {
      const [a, b, c] = [picture(dirs.online), picture(dirs.hub), picture(dirs.kiosk)];
      const waiting = waitingOps(dirs.hub) + waitingOps(dirs.kiosk);
      return {
        a,
        same: JSON.stringify(a) === JSON.stringify(b) && JSON.stringify(b) === JSON.stringify(c),
        waiting,
      };
    },
    (state) => state.same && state.waiting === 0 && state.a.length === count,
    CONVERGE_MS,
  );
  // Nothing doubled: one live registration per email, each UUID once.
  expect(new Set(final.a.map((row) => row.uuid)).size).toBe(count);
  expect(new Set(final.a.map((row) => row.email)).size).toBe(count);
  return final.a;
}

beforeEach(async () => {
  dirs = { online: tempDataDir(), hub: tempDataDir(), kiosk: tempDataDir() };
  ({ eventUuid, token } = await seedOnline(dirs.online));
  online = await startOnline();
  upTarget = { port: online.port };
  up = await startTcpProxy(upTarget);

  const connected = await cli([
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
  expect(connected.code, connected.err).toBe(0);
  expect(connected.out).toContain('10 attendees here');
  hub = await startHub(dirs.hub);
  downTarget = { port: hub.port };
  down = await startTcpProxy(downTarget);
  await pairKiosk({ hubDir: dirs.hub, hubAddress: down.url, kioskDir: dirs.kiosk, name: 'Door 1' });
  kiosk = await startKioskProcess(dirs.kiosk);
}, 180_000);

afterEach(async () => {
  await Promise.all([kiosk?.kill(), hub?.kill(), online?.kill()]);
  await Promise.all([up?.close(), down?.close()]);
  for (const dir of Object.values(dirs)) fs.rmSync(dir, { recursive: true, force: true });
});

it('online registrations reach the kiosk, kiosk check-ins reach the online server, under partitions at each hop', async () => {
  expect(picture(dirs.kiosk)).toHaveLength(10);

  await register(online, 'web@example.com');
  await until(
    'the online registration at the kiosk',
    () => picture(dirs.kiosk).length,
    (n) => n === 11,
    CONVERGE_MS,
  );
  await checkIn(kiosk, 'web@example.com');
  await until(
    'the kiosk check-in online',
    () => picture(dirs.online).find((row) => row.email === 'web@example.com')?.checked_in_at ?? null,
    (at) => at !== null,
    CONVERGE_MS,
  );

  // The internet drops: the venue runs on, kiosk and hub still in touch; the online server takes registrations.
  up.setMode('cut');
  for (let i = 0; i < 5; i++) await register(kiosk, `door${i}@example.com`);
  for (let i = 0; i < 3; i++) await checkIn(kiosk, `early${i}@example.com`);
  for (let i = 0; i < 5; i++) await register(online, `late${i}@example.com`);
  await until(
    'the kiosk changes at the hub',
    () => picture(dirs.hub).length,
    (n) => n === 16,
    CONVERGE_MS,
  );
  // The kiosk's Wi-Fi drops too.
  down.setMode('cut');
  await register(kiosk, 'offline@example.com');
  await checkIn(kiosk, 'early5@example.com');

  up.setMode('open');
  down.setMode('open');
  const rows = await converged(22);
  expect(rows.filter((row) => row.checked_in_at !== null).map((row) => row.email)).toEqual(
    expect.arrayContaining([
      'web@example.com',
      'early0@example.com',
      'early1@example.com',
      'early2@example.com',
      'early5@example.com',
    ]),
  );
}, 300_000);

it('answers lost after a commit, on both hops, are sent again and applied once', async () => {
  up.setMode('lose-answers');
  down.setMode('lose-answers');
  const lostUp = up.whenAnswerLost(/^POST \/sync\/ops/);
  const lostDown = down.whenAnswerLost(/^POST \/sync\/ops/);
  await register(kiosk, 'twice@example.com');
  await checkIn(kiosk, 'twice@example.com');
  await lostDown;
  await lostUp;
  up.setMode('open');
  down.setMode('open');
  const rows = await converged(11);
  expect(rows.find((row) => row.email === 'twice@example.com')?.checked_in_at).not.toBeNull();
}, 300_000);

it('each process SIGKILLed mid-sync and started again: nothing lost or doubled', async () => {
  // The hub, while the kiosk pushes a batch to it.
  const pushed = down.whenForwarded(/^POST \/sync\/ops/);
  for (let i = 0; i < 20; i++) await register(kiosk, `batch${i}@example.com`);
  await pushed;
  await hub.kill();
  hub = await startHub(dirs.hub);
  downTarget.port = hub.port;

  // The online server, while the hub pushes to it.
  const relayed = up.whenForwarded(/^POST \/sync\/ops/);
  for (let i = 0; i < 10; i++) await checkIn(kiosk, `batch${i}@example.com`);
  await relayed;
  await online.kill();
  online = await startOnline();
  upTarget.port = online.port;

  // The kiosk, while its changes are on their way.
  const sent = down.whenForwarded(/^POST \/sync\/ops/);
  for (let i = 0; i < 5; i++) await register(kiosk, `last${i}@example.com`);
  await sent;
  await kiosk.kill();
  kiosk = await startKioskProcess(dirs.kiosk);

  const rows = await converged(35);
  expect(rows.filter((row) => row.checked_in_at !== null)).toHaveLength(10);
}, 300_000);
