/**
 * The venue of a chaos run as real processes on loopback: an online server, a hub following it (`arrivals upstream
 * connect`) and three kiosks paired with the hub (`arrivals device pair`), each an `arrivals serve` over its own data
 * dir, every link through a fault proxy (fault-proxy.ts). A process is SIGKILLed and started again on the same data
 * dir and port, or SIGSTOPped and SIGCONTed.
 *
 * Setting a venue up takes most of a minute on a busy machine, so it is done once (`buildTemplate`) and copied for
 * each seed (`startVenue`): the copies differ only in the proxy addresses written into their `sync_upstream`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { buildApp } from '../../server/app.ts';
import { runCli } from '../../server/cli.ts';
import { systemClock } from '../../server/platform/clock.ts';
import { DATABASE_FILE } from '../../server/platform/database.ts';
import { createEvent, createToken } from '../helpers/app.ts';
import { CLI, freePort } from '../helpers/server-process.ts';
import { OWNER, pairKiosk } from '../helpers/sync-venue.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';

export const KIOSKS = ['kiosk1', 'kiosk2', 'kiosk3'] as const;
export const NODES = ['online', 'hub', ...KIOSKS] as const;
export type NodeName = (typeof NODES)[number];
export type Tier = 'online' | 'hub' | 'kiosk';
export const tierOf = (node: NodeName): Tier =>
  node === 'online' ? 'online' : node === 'hub' ? 'hub' : 'kiosk';

/** The link each node syncs over, named after the node that sends on it: `hub` is hub -> online. */
export const LINKS = ['hub', ...KIOSKS] as const;
export type LinkName = (typeof LINKS)[number];

/** The events of every run: one that anyone may check into, one whose registrations wait for approval. */
export const EVENTS = ['main', 'vip'] as const;
export type EventName = (typeof EVENTS)[number];

/** Registrations made online before the hub connects: people the workload can check in from the start. */
export const PREREGISTERED = Array.from({ length: 16 }, (_, i) => `early${i}@chaos.test`);

/** Preloaded into a process whose wall clock is skewed (clock-skew.mjs). */
const CLOCK_SKEW_MODULE = pathToFileURL(path.join(import.meta.dirname, 'clock-skew.mjs')).href;

/** Rate limits out of the way: the run measures sync, not the limiter. */
const UNLIMITED_ENV = Object.fromEntries(
  ['PUBLIC_EVENTS', 'PROFILE', 'PUBLIC', 'KIOSK_SCAN', 'TOKEN', 'SIGN_IN', 'SIGN_IN_ACCOUNT'].map((name) => [
    `ARRIVALS_RATE_LIMIT_${name}`,
    '1000000',
  ]),
);

export interface Template {
  dir: string;
  organizationSlug: string;
  events: Record<EventName, string>;
  /**
   * The main event's check-in lists beside its main entrance, made online (issue 38): a workshop that admits once
   * and a terrace that admits every time, both scanning exits.
   */
  lists: { workshop: string; terrace: string };
  /** The check-in codes of the early registrations, as their tickets carry them: what people scan at the doors. */
  codes: Record<string, string>;
  /** Tokens of the token API (default scopes) on the online server and on the hub. */
  tokens: { online: string; hub: string };
}

async function cli(args: string[]): Promise<string> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
  if (code !== 0) throw new Error(`arrivals ${args.join(' ')} failed (${code}): ${err.join('\n')}`);
  return out.join('\n');
}

/** Writes a data dir's database directly (the processes over it are stopped). */
function withDb<T>(dataDir: string, work: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  try {
    db.pragma('busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}

/**
 * One venue, set up as people set one up, then stopped: the online server with its organization, owner, two
 * events and a few registrations; the hub connected to it; three kiosks paired with the hub.
 */
export async function buildTemplate(): Promise<Template> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-chaos-template-'));
  const dirOf = (node: NodeName) => {
    const nodeDir = path.join(dir, node);
    fs.mkdirSync(nodeDir, { recursive: true });
    return nodeDir;
  };
  const app = await buildApp({ dataDir: dirOf('online'), kioskDir: false, clock: systemClock });
  let template: Omit<Template, 'tokens'> & { tokens: { online: string; sync: string } };
  try {
    const setup = await app.ctx.staff.setUp({
      organizationName: 'Chaos Hall',
      name: 'Olive Owner',
      email: OWNER.email,
      password: OWNER.password,
      loadDemo: false,
      setupCode: null,
      fromThisMachine: true,
    });
    if (!setup.ok) throw new Error('the online server was set up already');
    const organization = app.ctx.organizations.listOrganizations()[0]!;
    const main = createEvent(app, organization, { name: 'Main Hall' });
    const vip = createEvent(app, organization, { name: 'VIP Lounge', requires_approval: true });
    const codes: Record<string, string> = {};
    for (const email of PREREGISTERED) {
      const outcome = app.ctx.registrations.addWalkIn(main, { email, first_name: 'Early', last_name: email });
      if (!outcome.ok) throw new Error(`could not register ${email}: ${outcome.reason}`);
      codes[email] = outcome.attendee.checkinCode;
    }
    const list = (name: string, entryRule: 'once' | 'every_time') => {
      const created = app.ctx.lists.createList(main, { name, entry_rule: entryRule, exits_scanned: true });
      if (!created.ok) throw new Error(`could not create the list ${name}: ${created.reason}`);
      return created.list.list.uuid;
    };
    template = {
      dir,
      organizationSlug: organization.slug,
      events: { main: main.uuid, vip: vip.uuid },
      lists: { workshop: list('Workshop', 'once'), terrace: list('Terrace', 'every_time') },
      codes,
      tokens: {
        online: createToken(app, organization, { name: 'chaos' }),
        sync: createToken(app, organization, { name: 'venue', scopes: ['sync'] }),
      },
    };
  } finally {
    await app.close();
  }

  const online = await startNodeProcess('online', path.join(dir, 'online'), await freePort(), null);
  const up = await startFaultProxy('hub', { port: online.port });
  const started: NodeProcess[] = [online];
  try {
    await cli([
      'upstream',
      'connect',
      '--url',
      up.url,
      '--token',
      template.tokens.sync,
      '--events',
      Object.values(template.events).join(','),
      '--data',
      dirOf('hub'),
    ]);
    const hubToken = (
      await cli([
        'token',
        'create',
        '--org',
        template.organizationSlug,
        '--name',
        'chaos',
        '--expires',
        'never',
        '--data',
        path.join(dir, 'hub'),
      ])
    ).trim();
    const hub = await startNodeProcess('hub', path.join(dir, 'hub'), await freePort(), null);
    started.push(hub);
    for (const kiosk of KIOSKS) {
      const down = await startFaultProxy(kiosk, { port: hub.port });
      try {
        await pairKiosk({
          hubDir: path.join(dir, 'hub'),
          hubAddress: `127.0.0.1:${down.port}`,
          kioskDir: dirOf(kiosk),
          name: kiosk,
          events: Object.values(template.events),
        });
      } finally {
        await down.close();
      }
    }
    return { ...template, tokens: { online: template.tokens.online, hub: hubToken } };
  } finally {
    for (const node of started.reverse()) await node.stop();
    await up.close();
  }
}

export function removeTemplate(template: Template): void {
  fs.rmSync(template.dir, { recursive: true, force: true });
}

/** A running `arrivals serve`: the one process of a node until it is killed. */
interface NodeProcess {
  child: ChildProcess;
  port: number;
  exited: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Spawns `arrivals serve` on `port` and waits until `/satellite/status` answers 200. Its output is appended to
 * `logFile` (kept across restarts). A port another process took meanwhile is tried again until the deadline.
 */
async function startNodeProcess(
  name: string,
  dataDir: string,
  port: number,
  logFile: string | null,
  onExit: (code: number | null, signal: NodeJS.Signals | null) => void = () => {},
  clockSkewMs = 0,
  timeoutMs = 60_000,
): Promise<NodeProcess> {
  const deadline = Date.now() + timeoutMs;
  let lastOutput = '';
  while (Date.now() < deadline) {
    const child = spawn(
      process.execPath,
      [
        ...(clockSkewMs !== 0 ? ['--import', CLOCK_SKEW_MODULE] : []),
        CLI,
        'serve',
        '--data',
        dataDir,
        '--port',
        String(port),
        '--host',
        '127.0.0.1',
      ],
      {
        cwd: path.dirname(path.dirname(CLI)),
        env: {
          ...process.env,
          ARRIVALS_LOG_LEVEL: 'warn',
          ...UNLIMITED_ENV,
          ARRIVALS_CHAOS_CLOCK_SKEW_MS: String(clockSkewMs),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const log = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : null;
    log?.write(
      `--- ${new Date().toISOString()} ${name} started, pid ${child.pid}, port ${port}, clock skew ${clockSkewMs} ms\n`,
    );
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      log?.write(chunk);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    let done = false;
    const exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        done = true;
        log?.end(`--- ${new Date().toISOString()} ${name} exited (${signal ?? code})\n`);
        onExit(code, signal);
        resolve();
      });
    });
    const processHandle: NodeProcess = {
      child,
      port,
      exited,
      async stop() {
        if (!done) child.kill('SIGCONT');
        if (!done) child.kill('SIGTERM');
        await exited;
      },
    };
    const ready = await untilReady(`http://127.0.0.1:${port}/satellite/status`, () => done, deadline);
    if (ready) return processHandle;
    lastOutput = output;
    if (!done) {
      child.kill('SIGKILL');
      await exited;
    }
    if (!/EADDRINUSE/.test(output)) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not start on port ${port}:\n${lastOutput}`);
}

async function untilReady(url: string, exited: () => boolean, deadline: number): Promise<boolean> {
  while (Date.now() < deadline && !exited()) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

export type NodeState = 'up' | 'paused' | 'down';

/** One tier's process as the run drives it. */
export interface ChaosNode {
  name: NodeName;
  tier: Tier;
  dir: string;
  port: number;
  baseUrl: string;
  state(): NodeState;
  /** SIGKILL: no shutdown, like a power cut for the process. */
  kill(): Promise<void>;
  /** Started again over the same data dir, on the same port; resolves once it answers. */
  restart(): Promise<void>;
  /** SIGSTOP. */
  pause(): void;
  /** SIGCONT. */
  resume(): void;
  /** Exits the harness did not cause, with the end of the output: a crash is a failure of the run. */
  crashes(): string[];
  /** SIGCONT and SIGTERM, and wait for the exit. */
  stop(): Promise<void>;
}

export interface Venue {
  dir: string;
  template: Template;
  nodes: Record<NodeName, ChaosNode>;
  links: Record<LinkName, FaultProxy>;
  /** Heals every link and brings every process back. */
  healAll(): Promise<void>;
  close(): Promise<void>;
}

export interface VenueOptions {
  /** How far the wall clock of `node` is off at its `boot`-th start (0 for the first), in ms. */
  clockSkewMs?: (node: NodeName, boot: number) => number;
}

/** A copy of the template over `dir`, every process started, every link open. */
export async function startVenue(
  template: Template,
  dir: string,
  options: VenueOptions = {},
): Promise<Venue> {
  const skewOf = options.clockSkewMs ?? (() => 0);
  fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
  for (const node of NODES)
    fs.cpSync(path.join(template.dir, node), path.join(dir, node), { recursive: true });
  const nodes = {} as Record<NodeName, ChaosNode>;
  const links = {} as Record<LinkName, FaultProxy>;
  const closing = { value: false };
  try {
    nodes.online = await chaosNode('online', dir, closing, skewOf);
    links.hub = await startFaultProxy('hub', { port: nodes.online.port });
    withDb(path.join(dir, 'hub'), (db) => db.prepare('UPDATE sync_upstream SET url = ?').run(links.hub.url));
    nodes.hub = await chaosNode('hub', dir, closing, skewOf);
    for (const kiosk of KIOSKS) {
      links[kiosk] = await startFaultProxy(kiosk, { port: nodes.hub.port });
      withDb(path.join(dir, kiosk), (db) =>
        db.prepare('UPDATE sync_upstream SET url = ?').run(links[kiosk].url),
      );
      nodes[kiosk] = await chaosNode(kiosk, dir, closing, skewOf);
    }
  } catch (error) {
    closing.value = true;
    for (const node of Object.values(nodes)) await node.stop();
    for (const link of Object.values(links)) await link.close();
    throw error;
  }
  return {
    dir,
    template,
    nodes,
    links,
    async healAll() {
      for (const link of Object.values(links)) link.heal();
      for (const node of Object.values(nodes)) {
        if (node.state() === 'paused') node.resume();
      }
      await Promise.all(
        Object.values(nodes).map((node) => (node.state() === 'down' ? node.restart() : null)),
      );
    },
    async close() {
      closing.value = true;
      await Promise.all(Object.values(nodes).map((node) => node.stop()));
      for (const link of Object.values(links)) await link.close();
    },
  };
}

async function chaosNode(
  name: NodeName,
  venueDir: string,
  closing: { value: boolean },
  skewOf: (node: NodeName, boot: number) => number,
): Promise<ChaosNode> {
  const dir = path.join(venueDir, name);
  const logFile = path.join(venueDir, 'logs', `${name}.log`);
  const port = await freePort();
  const crashes: string[] = [];
  let state: NodeState = 'down';
  let current: NodeProcess | null = null;
  let expectingExit = false;
  let boots = 0;
  const start = async () => {
    expectingExit = false;
    current = await startNodeProcess(
      name,
      dir,
      port,
      logFile,
      (code, signal) => {
        state = 'down';
        if (!expectingExit && !closing.value) {
          const tail = fs.readFileSync(logFile, 'utf8').slice(-4_000);
          crashes.push(`${name} exited by itself (${signal ?? `code ${code}`}):\n${tail}`);
        }
      },
      skewOf(name, boots++),
    );
    state = 'up';
  };
  await start();
  const node: ChaosNode = {
    name,
    tier: tierOf(name),
    dir,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    state: () => state,
    async kill() {
      if (!current || state === 'down') return;
      expectingExit = true;
      current.child.kill('SIGKILL');
      await current.exited;
      state = 'down';
    },
    async restart() {
      if (state !== 'down') await node.kill();
      await start();
    },
    pause() {
      if (state !== 'up' || !current) return;
      current.child.kill('SIGSTOP');
      state = 'paused';
    },
    resume() {
      if (state !== 'paused' || !current) return;
      current.child.kill('SIGCONT');
      state = 'up';
    },
    crashes: () => [...crashes],
    async stop() {
      expectingExit = true;
      if (current && state !== 'down') await current.stop();
      state = 'down';
    },
  };
  return node;
}
