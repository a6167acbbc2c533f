/**
 * A venue for the sync tests (docs/sync.md): a hub as a real `arrivals serve` process, kiosks paired with it through
 * the real `arrivals device code` / `device pair` commands, each kiosk reaching the hub through a TCP proxy the test
 * can cut. A kiosk runs either as a process of its own (to be SIGKILLed) or in this process over its data dir (to
 * be given a clock).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { runCli } from '../../server/cli.ts';
import type { Clock } from '../../server/platform/clock.ts';
import { DATABASE_FILE, openDatabase } from '../../server/platform/database.ts';
import { settleOpenGroups } from '../../server/platform/group-commit.ts';
import type { ReplicaOptions } from '../../server/sync/replica.service.ts';
import { systemClock } from '../../server/platform/clock.ts';
import { createEvent, createToken, tempDataDir, UNLIMITED } from './app.ts';
import { startServer, type ServerProcess } from './server-process.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

export const OWNER = { email: 'owner@example.com', password: 'a long enough passphrase' };

export interface HubSeed {
  organizationSlug: string;
  /** Event UUIDs by the name the test gave them. */
  events: Record<string, string>;
  /** A token of the organization's API, every scope, every event. */
  token: string;
}

export interface SeedOptions {
  /** Events to create, by name: their settings in the wire format (`seats`, `registration_closes_at`...). */
  events?: Record<string, Record<string, unknown>>;
  /** Registrations on the hub before any kiosk pairs, by event name. */
  attendees?: Record<string, readonly string[]>;
}

/**
 * An organization with its owner, events and attendees, written by the app itself over `dataDir` before the hub
 * process starts, with the real clock the hub process will use.
 */
export async function seedHub(dataDir: string, options: SeedOptions = {}): Promise<HubSeed> {
  const app = await buildApp({ dataDir, kioskDir: false, clock: systemClock });
  try {
    const setup = await app.ctx.staff.setUp({
      organizationName: 'Venue Hall',
      name: 'Olive Owner',
      email: OWNER.email,
      password: OWNER.password,
      loadDemo: false,
      setupCode: null,
      fromThisMachine: true,
    });
    if (!setup.ok) throw new Error('the hub was set up already');
    const organization = app.ctx.organizations.listOrganizations()[0]!;
    const events: Record<string, string> = {};
    for (const [name, settings] of Object.entries(options.events ?? { main: {} })) {
      const event = createEvent(app, organization, { name, ...settings });
      events[name] = event.uuid;
      for (const email of options.attendees?.[name] ?? []) {
        const outcome = app.ctx.registrations.addWalkIn(event, {
          email,
          first_name: 'Hub',
          last_name: email,
        });
        if (!outcome.ok) throw new Error(`could not register ${email}: ${outcome.reason}`);
      }
    }
    return { organizationSlug: organization.slug, events, token: createToken(app, organization) };
  } finally {
    await app.close();
  }
}

export function startHub(dataDir: string): Promise<ServerProcess> {
  return startServer({ dataDir, readyPath: '/satellite/status' });
}

/** `arrivals serve` over a paired kiosk's data dir: the replica. */
export function startKioskProcess(dataDir: string): Promise<ServerProcess> {
  return startServer({ dataDir, readyPath: '/satellite/status' });
}

async function cli(args: string[]): Promise<string> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
  if (code !== 0) throw new Error(`arrivals ${args.join(' ')} failed (${code}): ${err.join('\n')}`);
  return out.join('\n');
}

/**
 * Pairs `kioskDir` with the hub as people do: `arrivals device code` on the hub's data dir, then `arrivals device
 * pair` on the kiosk's, through `hubAddress` (the kiosk's proxy). The kiosk has its first snapshot afterwards.
 */
export async function pairKiosk(options: {
  hubDir: string;
  hubAddress: string;
  kioskDir: string;
  name: string;
  events?: readonly string[];
}): Promise<{ device: string }> {
  const code = (
    await cli([
      'device',
      'code',
      '--data',
      options.hubDir,
      ...(options.events ? ['--events', options.events.join(',')] : []),
    ])
  ).trim();
  await cli([
    'device',
    'pair',
    '--hub',
    options.hubAddress,
    '--code',
    code,
    '--data',
    options.kioskDir,
    '--name',
    options.name,
  ]);
  return readDb(options.kioskDir, (db) => ({
    device: (db.prepare('SELECT device_uuid FROM sync_upstream').get() as { device_uuid: string })
      .device_uuid,
  }));
}

/**
 * Reads a data dir's database while its server may be running (WAL lets a reader in beside the writer). A server of
 * this process commits what it wrote this turn first (platform/group-commit.ts), as it would before answering.
 */
export function readDb<T>(dataDir: string, read: (db: Database.Database) => T): T {
  settleOpenGroups();
  const db = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    return read(db);
  } finally {
    db.close();
  }
}

/** A data dir's database opened for writing, with the schema brought up to date (it creates it if missing). */
export function writeDb<T>(dataDir: string, write: (db: Database.Database) => T): T {
  settleOpenGroups();
  const db = openDatabase(dataDir);
  try {
    return write(db);
  } finally {
    db.close();
  }
}

export interface AttendeeRow {
  id: number;
  uuid: string;
  email: string;
  status: string;
  checked_in_at: string | null;
  checkin_op_id: string | null;
  /** The op of the registration the row shows, and that registration's revision in the ledger. */
  op_id: string | null;
  rev: number;
}

export function attendeeRows(dataDir: string, eventUuid: string): AttendeeRow[] {
  return readDb(
    dataDir,
    (db) =>
      db
        .prepare(
          `SELECT a.id, a.uuid, a.email, a.status, a.checked_in_at, a.checkin_op_id, r.op_id, r.rev
         FROM attendees a JOIN events e ON e.id = a.event_id JOIN registrations r ON r.uuid = a.uuid
         WHERE e.uuid = ? ORDER BY a.email, a.id`,
        )
        .all(eventUuid) as AttendeeRow[],
  );
}

/** The ops of a kiosk's outbox the hub has not acked. */
export function waitingOps(dataDir: string): number {
  return readDb(
    dataDir,
    (db) =>
      (db.prepare('SELECT COUNT(*) AS n FROM sync_outbox WHERE acked_at IS NULL').get() as { n: number }).n,
  );
}

/** Resolves once the hub has acked every op of the kiosk at `dataDir`; `what` names the wait if it times out. */
export function untilAcked(
  dataDir: string,
  what = 'the kiosk has its acks',
  timeoutMs?: number,
): Promise<number> {
  return until(
    what,
    () => waitingOps(dataDir),
    (n) => n === 0,
    timeoutMs,
  );
}

/** Polls `condition` until it holds or `timeoutMs` passes; the failure names what was awaited and its last value. */
export async function until<T>(
  what: string,
  probe: () => T | Promise<T>,
  holds: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  for (;;) {
    last = await probe();
    if (holds(last)) return last;
    if (Date.now() > deadline) {
      throw new Error(`${what}: not reached within ${timeoutMs} ms (last: ${JSON.stringify(last)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface HttpAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
  body: Record<string, any>;
  headers: Headers;
}

/** One HTTP request to a server on loopback, JSON in and out. */
export async function send(
  baseUrl: string,
  method: string,
  pathAndQuery: string,
  options: { body?: unknown; token?: string; cookie?: string } = {},
): Promise<HttpAnswer> {
  const response = await fetch(baseUrl + pathAndQuery, {
    method,
    headers: {
      accept: 'application/json',
      origin: baseUrl,
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  return { status: response.status, body: isJson ? JSON.parse(text) : { text }, headers: response.headers };
}

/** Checks `email` in for `eventUuid` at the server on `baseUrl`, as a kiosk's check-in screen does: its answer. */
export function checkInAt(baseUrl: string, eventUuid: string, email: string): Promise<HttpAnswer> {
  return send(baseUrl, 'POST', `/public/events/${eventUuid}/check-in`, { body: { email } });
}

/** Signs the owner in (on a hub, or on a replica: locally) and returns the session cookie. */
export async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/dashboard/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(OWNER),
    signal: AbortSignal.timeout(15_000),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`sign-in at ${baseUrl} answered ${response.status}`);
  return /arrivals_session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')![0];
}

export const person = (email: string) => ({ email, first_name: 'Walk', last_name: 'In' });

/**
 * A kiosk in this process, over its paired data dir: `app.inject` is its kiosk, and its clock is the test's.
 * Its loops run as the server's start runs them; `replica` shortens their waits.
 */
export async function startReplicaInProcess(
  dataDir: string,
  clock: Clock,
  replica: Partial<ReplicaOptions> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    dataDir,
    clock,
    kioskDir: false,
    rateLimits: UNLIMITED,
    checkResponseShapes: true,
    replica: { retryMs: 100, longPollMs: 2_000, connectTimeoutMs: 2_000, ...replica },
  });
  await app.ready();
  return app;
}

/** The temp dirs, processes, proxies and apps a test made, all undone by `teardown`. */
export function venueResources() {
  const dirs: string[] = [];
  const processes: ServerProcess[] = [];
  const proxies: TcpProxy[] = [];
  const apps: FastifyInstance[] = [];
  return {
    dir(): string {
      const dir = tempDataDir();
      dirs.push(dir);
      return dir;
    },
    async process(start: Promise<ServerProcess>): Promise<ServerProcess> {
      const started = await start;
      processes.push(started);
      return started;
    },
    async proxy(target: { port: number }): Promise<TcpProxy> {
      const proxy = await startTcpProxy(target);
      proxies.push(proxy);
      return proxy;
    },
    app(app: FastifyInstance): FastifyInstance {
      apps.push(app);
      return app;
    },
    async teardown(): Promise<void> {
      for (const app of apps.splice(0)) await app.close();
      for (const started of processes.splice(0)) await started.kill();
      for (const proxy of proxies.splice(0)) await proxy.close();
      for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A kiosk's clock as a test drives it: real time flows, and the test can make more pass or step the wall clock. */
export interface KioskClock extends Clock {
  readonly bootId: string;
  monotonicMs(): number;
  /** Time passes at the kiosk that did not pass in the room: its wall and monotonic clocks move together. */
  advance(ms: number): void;
  /** The wall clock is stepped (set by hand, corrected by NTP): the monotonic clock does not move. */
  stepWall(ms: number): void;
  /** The kiosk restarts: a new boot whose monotonic clock starts again, its wall clock as wrong as it was. */
  restart(): KioskClock;
}

export function kioskClock(wallSkewMs = 0): KioskClock {
  const bootStart = performance.now();
  let passed = 0;
  let skew = wallSkewMs;
  return {
    bootId: randomUUID(),
    now: () => new Date(Date.now() + skew + passed),
    monotonicMs: () => performance.now() - bootStart + passed,
    advance(ms) {
      passed += ms;
    },
    stepWall(ms) {
      skew += ms;
    },
    restart: () => kioskClock(skew + passed),
  };
}

export type VenueResources = ReturnType<typeof venueResources>;

/** A kiosk in this process (see `startReplicaInProcess`), with its proxy, on a clock the test drives. */
export interface InProcessKiosk {
  name: string;
  replica: Partial<ReplicaOptions>;
  dir: string;
  device: string;
  proxy: TcpProxy;
  app: FastifyInstance;
  clock: KioskClock;
  resources: VenueResources;
}

/** Pairs a kiosk with the hub through a proxy of its own and starts it in this process; the hub has measured it. */
export async function inProcessKiosk(
  resources: VenueResources,
  hub: { dir: string; port: number },
  name: string,
  clock: KioskClock = kioskClock(),
  replica: Partial<ReplicaOptions> = {},
): Promise<InProcessKiosk> {
  const proxy = await resources.proxy(hub);
  const dir = resources.dir();
  const { device } = await pairKiosk({
    hubDir: hub.dir,
    hubAddress: `127.0.0.1:${proxy.port}`,
    kioskDir: dir,
    name,
  });
  const app = resources.app(await startReplicaInProcess(dir, clock, replica));
  // A kiosk's first push, with nothing to send, is how the hub measures its clock.
  await until(
    `the hub measured ${name}'s clock`,
    () =>
      readDb(hub.dir, (db) =>
        db
          .prepare('SELECT hub_ms FROM sync_clock_anchors WHERE device_uuid = ? AND boot_id = ?')
          .get(device, clock.bootId),
      ),
    (anchor) => anchor !== undefined,
  );
  return { name, replica, dir, device, proxy, app, clock, resources };
}

/**
 * Cuts the kiosk off from the hub, and stops its sync loops while it is cut off, so that no request of theirs is on
 * its way while the test moves the kiosk's clocks (a request carries the readings of when it left).
 */
export async function cutOff(kiosk: InProcessKiosk): Promise<void> {
  kiosk.proxy.setMode('cut');
  await kiosk.app.ctx.replica!.stop();
}

/** The kiosk restarts while cut off: the same data dir, a new boot, its wall clock stepped by `wallStepMs`. */
export async function restartCutOff(kiosk: InProcessKiosk, wallStepMs = 0): Promise<void> {
  await kiosk.app.close();
  kiosk.clock = kiosk.clock.restart();
  kiosk.clock.stepWall(wallStepMs);
  kiosk.app = kiosk.resources.app(await startReplicaInProcess(kiosk.dir, kiosk.clock, kiosk.replica));
  await kiosk.app.ctx.replica!.stop();
}

/** The hub is back: the kiosk's loops run again; resolves once the hub has acked everything it had waiting. */
export async function reconnect(kiosk: InProcessKiosk, timeoutMs = 30_000): Promise<void> {
  kiosk.proxy.setMode('open');
  kiosk.app.ctx.replica!.start();
  await untilAcked(kiosk.dir, `${kiosk.name} drained`, timeoutMs);
}
