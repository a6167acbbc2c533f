/**
 * `node --import tsx bench/upstream.ts [--attendees N] [--registrations N]` (50,000 and 30 by default): a venue's
 * hub following an online server (docs/sync.md), with real `arrivals` processes on loopback.
 * - The download: `arrivals upstream connect` of an event with N attendees, timed and its peak memory (VmHWM)
 *   read, against `arrivals device pair` (a kiosk's first snapshot of the same event from the same server, the
 *   issue-22 path) and a plain copy of the server's database file, both in the same run. Targets: under 10 s and
 *   under 300 MB, the prebuilt server (out/server) built first when it is older than the sources.
 * - The way down: online registrations, one every 250 ms, until each shows in a kiosk's database behind the hub
 *   (two hops), against a kiosk paired with the online server itself (one hop). Target: p95 under 10 s.
 * The table goes to stdout and bench/results.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { bundleIsFresh, buildServerBundle } from '../bin/server-bundle.mjs';
import { apiTokenService } from '../server/access/api-token.service.ts';
import { systemClock } from '../server/platform/clock.ts';
import { DATABASE_FILE, openDatabase } from '../server/platform/database.ts';
import { createStore } from '../server/store.ts';
import { log, runBench, wholeNumber } from './cli.ts';
import { machineAtEnd, printReport, recordRun, runStamp } from './history.ts';
import { seedDatabase } from './seed.ts';

const CLI = fileURLToPath(new URL('../bin/arrivals.mjs', import.meta.url));
const ROOT = path.dirname(path.dirname(CLI));
const TARGET_SNAPSHOT_MS = 10_000;
const TARGET_RSS_MB = 300;
const TARGET_P95_MS = 10_000;
const REGISTRATION_EVERY_MS = 250;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function options() {
  const { values } = parseArgs({
    options: { attendees: { type: 'string' }, registrations: { type: 'string' } },
  });
  return {
    attendees: wholeNumber(values.attendees, 50_000, 'attendees'),
    registrations: wholeNumber(values.registrations, 30, 'registrations'),
  };
}

/** Peak resident memory of a process so far, in MB (Linux's VmHWM); null where /proc is missing. */
function peakRssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

interface CommandRun {
  ms: number;
  peakMb: number | null;
  out: string;
}

/** Runs `arrivals ...` as its own process, timing it and sampling its peak memory until it exits. */
function runCommand(args: string[]): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    let peakMb: number | null = null;
    const sample = setInterval(() => {
      peakMb = peakRssMb(child.pid!) ?? peakMb;
    }, 20);
    child.once('exit', (code) => {
      clearInterval(sample);
      const ms = performance.now() - started;
      if (code !== 0) reject(new Error(`arrivals ${args.join(' ')} exited with ${code}:\n${out}`));
      else resolve({ ms, peakMb, out });
    });
  });
}

interface Served {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `arrivals serve` over a data dir on a free port, once it answers. */
async function serve(dataDir: string, port: number): Promise<Served> {
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--data', dataDir, '--port', String(port), '--host', '127.0.0.1'],
    {
      cwd: ROOT,
      env: { ...process.env, ARRIVALS_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const answer = await fetch(`${url}/satellite/status`);
      if (answer.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`arrivals serve --data ${dataDir} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

let nextPort = 20_000 + Math.floor(Math.random() * 20_000);
const port = () => nextPort++;

/** Pairs a fresh kiosk data dir with `hubDir`'s server at `hubUrl`, as people do; returns the command's run. */
async function pairKiosk(hubDir: string, hubUrl: string, kioskDir: string): Promise<CommandRun> {
  const code = (await runCommand(['device', 'code', '--data', hubDir])).out.trim().split('\n')[0]!;
  return runCommand([
    'device',
    'pair',
    '--hub',
    hubUrl,
    '--code',
    code,
    '--data',
    kioskDir,
    '--name',
    'Bench kiosk',
  ]);
}

/** Registers on the online server one at a time and times each until the kiosk's database holds it. */
async function wayDown(
  onlineUrl: string,
  eventUuid: string,
  kioskDir: string,
  count: number,
): Promise<number[]> {
  const kiosk = new Database(path.join(kioskDir, DATABASE_FILE), { readonly: true });
  const held = kiosk.prepare('SELECT 1 FROM attendees WHERE email = ?').pluck();
  const latencies: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const email = `online-${process.pid}-${i}-${Math.random().toString(36).slice(2)}@example.com`;
      const started = performance.now();
      const answer = await fetch(`${onlineUrl}/public/events/${eventUuid}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email, first_name: 'Online', last_name: `Guest ${i}` }),
      });
      if (answer.status !== 201)
        throw new Error(`registration answered ${answer.status}: ${await answer.text()}`);
      while (!held.get(email)) {
        if (performance.now() - started > 60_000) throw new Error(`${email} never reached the kiosk`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, REGISTRATION_EVERY_MS));
    }
  } finally {
    kiosk.close();
  }
  return latencies;
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function main(): Promise<void> {
  const opts = options();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-bench-upstream-'));
  const dir = (name: string) => path.join(workDir, name);
  const servers: Served[] = [];
  try {
    // What a venue runs: the prebuilt server (`npm install` makes it). Sources run through tsx instead take ~40 MB
    // more of every process, which the memory target would measure (a stale bundle is never used).
    if (!bundleIsFresh(ROOT)) {
      log('building the server bundle (out/server is older than the sources)...');
      await buildServerBundle({ root: ROOT });
    }
    log(`seeding an online server with an event of ${opts.attendees} attendees...`);
    const fixture = seedDatabase(dir('online'), {
      attendees: opts.attendees,
      checkInPool: 0,
      profiles: 0,
      bulkEvents: 0,
      bulkSize: 0,
    });
    const token = withOnlineStore(dir('online'), (store) => {
      const organizationId = store.repos.organizations.list()[0]!.id;
      const issued = apiTokenService(store).issueApiToken({
        organizationId,
        name: 'venue',
        expires: 'never',
        scopes: ['sync', 'attendees:read'],
      });
      if (!issued.ok) throw new Error(issued.reason);
      return issued.token;
    });

    const copyStarted = performance.now();
    fs.mkdirSync(dir('copy'));
    fs.copyFileSync(path.join(dir('online'), DATABASE_FILE), path.join(dir('copy'), DATABASE_FILE));
    const copyMs = performance.now() - copyStarted;

    const online = await serve(dir('online'), port());
    servers.push(online);
    log('a kiosk pairs with the online server (one hop: the baseline)...');
    const kioskPair = await pairKiosk(dir('online'), online.url, dir('kiosk-direct'));
    log('the venue hub follows the online server...');
    const connect = await runCommand([
      'upstream',
      'connect',
      '--url',
      online.url,
      '--token',
      token,
      '--events',
      fixture.eventUuid,
      '--data',
      dir('hub'),
    ]);
    const held = new Database(path.join(dir('hub'), DATABASE_FILE), { readonly: true });
    const downloaded = held.prepare('SELECT count(*) FROM attendees').pluck().get() as number;
    held.close();
    if (downloaded !== opts.attendees)
      throw new Error(`the hub holds ${downloaded} of ${opts.attendees} attendees`);

    log('online registrations on their way down...');
    const hub = await serve(dir('hub'), port());
    servers.push(hub);
    await pairKiosk(dir('hub'), hub.url, dir('kiosk-venue'));
    servers.push(await serve(dir('kiosk-venue'), port()));
    servers.push(await serve(dir('kiosk-direct'), port()));
    const direct = await wayDown(online.url, fixture.eventUuid, dir('kiosk-direct'), opts.registrations);
    const throughHub = await wayDown(online.url, fixture.eventUuid, dir('kiosk-venue'), opts.registrations);

    const mb = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(0)} MB`);
    const p95 = percentile(throughHub, 95);
    const checks = {
      snapshot: connect.ms < TARGET_SNAPSHOT_MS,
      memory: connect.peakMb !== null && connect.peakMb < TARGET_RSS_MB,
      latency: p95 < TARGET_P95_MS,
    };
    const table = [
      '| Measure | Venue hub (upstream) | Baseline | Ratio | Target | Pass |',
      '|---|---|---|---|---|---|',
      `| Download of ${opts.attendees.toLocaleString('en')} attendees | ${seconds(connect.ms)} | kiosk pairing ${seconds(kioskPair.ms)}; file copy ${seconds(copyMs)} | ${(connect.ms / kioskPair.ms).toFixed(2)}x the pairing | < ${seconds(TARGET_SNAPSHOT_MS)} | ${checks.snapshot ? 'yes' : 'no'} |`,
      `| Peak memory of the downloading process | ${mb(connect.peakMb)} | kiosk pairing ${mb(kioskPair.peakMb)} | ${connect.peakMb && kioskPair.peakMb ? (connect.peakMb / kioskPair.peakMb).toFixed(2) + 'x' : 'n/a'} | < ${TARGET_RSS_MB} MB | ${checks.memory ? 'yes' : 'no'} |`,
      `| Online registration at a kiosk, p50 / p95 (${opts.registrations} each) | ${seconds(percentile(throughHub, 50))} / ${seconds(p95)} (via the hub) | ${seconds(percentile(direct, 50))} / ${seconds(percentile(direct, 95))} (kiosk of the online server) | ${(p95 / percentile(direct, 95)).toFixed(2)}x at p95 | p95 < ${seconds(TARGET_P95_MS)} | ${checks.latency ? 'yes' : 'no'} |`,
    ].join('\n');
    const context = `${machineAtEnd()} Every tier is an \`arrivals\` process on loopback; the download includes the command's start.`;
    printReport(`${table}\n\n${context}`);
    await recordRun(
      `## \`npm run bench:sync\` (a venue following an online server), ${runStamp()}\n\n${table}\n\n- ${context}\n`,
    );
    if (!Object.values(checks).every(Boolean)) process.exitCode = 1;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

function withOnlineStore<T>(dataDir: string, work: (store: ReturnType<typeof createStore>) => T): T {
  const db = openDatabase(dataDir);
  try {
    return work(createStore(db, systemClock));
  } finally {
    db.close();
  }
}

runBench('bench/upstream.ts', main);
