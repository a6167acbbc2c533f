/**
 * `npm run bench [-- options]`: the real app against a bare Fastify + better-sqlite3 twin doing the same SQL, each
 * in its own child process, driven by autocannon from this one. Prints the table and writes bench/results.md.
 * `--help` lists the options.
 */
import fs from 'node:fs';
import { HISTORY_FILE, printReport } from './history.ts';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { timeBulkNoShow } from './bulk.ts';
import { log, runBench, UsageError, wholeNumber } from './cli.ts';
import { type CorePlan, pinLoadGenerator } from './cores.ts';
import { type LoadOptions, type LoadSample, poolSamples, type RequestSpec, runLoad } from './load.ts';
import {
  besideCheckIn,
  brokenRow,
  bulkRow,
  INSIDE_NOW_LIMIT_MS,
  latencyRow,
  formatCpu,
  formatNotes,
  formatTable,
  MIN_RATIO,
  MIN_READ_RATIO,
  type Row,
  type RunContext,
  throughputRow,
  recordHttpRun,
} from './report.ts';
import { SCENARIO_NAMES, scenarios, type Scenario } from './scenarios.ts';
import type { ServerMode } from './server.ts';
import { type RunningServer, startServer } from './servers.ts';
import { cloneDataDir, type Fixture, seedDatabase, seedInsideDatabase, type SeedSizes } from './seed.ts';

const BULK_ENDPOINT = 'bulk no-show';
const INSIDE_ENDPOINT = 'inside now';
/** The event whose "inside now" is read: its people, and the scans they made through its lists (issue 38). */
const INSIDE_PEOPLE = 20_000;
const INSIDE_SCANS = 100_000;
/** Reads of "inside now", one at a time, after a few unmeasured. */
const INSIDE_READS = 300;
const PROFILES = 1_000;
const BULK_SIZE = 10_000;
const BULK_BUDGET_MS = 30_000;
const BULK_ROW = `${BULK_ENDPOINT} (${BULK_SIZE.toLocaleString('en-US')} ids)`;
/**
 * More check-ins a second than one server process can answer, to size the check-in pool: a check-in costs 240-290 µs
 * of server CPU on the fastest machine seen (2026-11-24, where the twin averaged 3,131 a second), and each server
 * runs on one core, so no server gets past about 4,200 a second. The ceiling before, 3,000, was above every rate seen
 * until that machine ran past it.
 */
const CHECK_INS_PER_SECOND_CEILING = 10_000;

const HELP = `npm run bench -- [options]

  --connections N   concurrent connections per load run (default 10)
  --duration S      seconds per measured run (default 2)
  --forks N         fresh app and twin processes per endpoint, one pair after the other (default 8)
  --warmup S        seconds of unmeasured load before each process's first run (default 3)
  --rounds N        measured runs per process, alternating app and twin (default 2)
  --bulk-runs N     bulk no-show requests per server, each on a fresh event (default 10)
  --attendees N     main-event attendees that lookups and checks pick from (default 20000)
  --checkin-pool N  more main-event attendees, one per check-in request (default: enough for one process)
  --only LIST       comma-separated endpoints to run (e.g. "profile,bulk no-show"); not added to bench/results.md
  --cpu-prof        write a V8 CPU profile of each server process to a temp dir (printed at the end)
  --no-pin          leave the processes where the scheduler puts them (by default, with 2+ cores, the load
                    generator runs on core 0 and the servers on core 1)
  --keep            keep the temp dir: the seeded database and the last pair's copies`;

interface BenchOptions extends LoadOptions {
  forks: number;
  warmupSeconds: number;
  rounds: number;
  bulkRuns: number;
  sizes: SeedSizes;
  only: string[] | null;
  cpuProf: boolean;
  pin: boolean;
  keep: boolean;
}

type Servers = Record<ServerMode, RunningServer>;

/** Seconds, which may be fractional. */
function secondsOption(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new UsageError(`--${name} must be a positive number`);
  return number;
}

function parseOptions(argv: string[]): BenchOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      connections: { type: 'string' },
      duration: { type: 'string' },
      forks: { type: 'string' },
      warmup: { type: 'string' },
      rounds: { type: 'string' },
      'bulk-runs': { type: 'string' },
      attendees: { type: 'string' },
      'checkin-pool': { type: 'string' },
      only: { type: 'string' },
      'cpu-prof': { type: 'boolean', default: false },
      'no-pin': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return null;
  const bulkRuns = wholeNumber(values['bulk-runs'], 10, 'bulk-runs');
  const only = values.only ? values.only.split(',').map((name) => name.trim()) : null;
  const unknown = only?.filter(
    (name) => name !== BULK_ENDPOINT && name !== INSIDE_ENDPOINT && !SCENARIO_NAMES.some((s) => s === name),
  );
  if (unknown && unknown.length > 0) {
    throw new UsageError(
      `--only: unknown ${unknown.join(', ')}; known: ${[...SCENARIO_NAMES, BULK_ENDPOINT, INSIDE_ENDPOINT].join(', ')}`,
    );
  }
  const withBulk = only === null || only.includes(BULK_ENDPOINT);
  const seconds = secondsOption(values.duration, 2, 'duration');
  const forks = wholeNumber(values.forks, 8, 'forks');
  const warmupSeconds = secondsOption(values.warmup, 3, 'warmup');
  const rounds = wholeNumber(values.rounds, 2, 'rounds');
  // Every pair starts from a fresh copy of the seeded database, so a server checks in through one warmup and its
  // rounds (by default 3 s + 2 × 2 s), each request with an attendee of its own; past the pool the answers would turn
  // 409 and the row would fail.
  const checkInSeconds = warmupSeconds + rounds * seconds;
  return {
    connections: wholeNumber(values.connections, 10, 'connections'),
    seconds,
    forks,
    warmupSeconds,
    rounds,
    bulkRuns,
    sizes: {
      attendees: wholeNumber(values.attendees, 20_000, 'attendees'),
      checkInPool: wholeNumber(
        values['checkin-pool'],
        Math.ceil(checkInSeconds * CHECK_INS_PER_SECOND_CEILING),
        'checkin-pool',
      ),
      profiles: PROFILES,
      // One more than measured: the first event warms both servers up.
      bulkEvents: withBulk ? bulkRuns + 1 : 0,
      bulkSize: BULK_SIZE,
    },
    only,
    cpuProf: values['cpu-prof'],
    pin: !values['no-pin'],
    keep: values.keep,
  };
}

interface Measured {
  sample: LoadSample;
  /** Server CPU time spent during the run, in microseconds. */
  cpuMicros: number;
}

async function measure(
  server: RunningServer,
  stream: () => RequestSpec,
  options: LoadOptions,
): Promise<Measured> {
  const before = await server.cpuMicros();
  const sample = await runLoad(server.url, stream, options);
  return { sample, cpuMicros: (await server.cpuMicros()) - before };
}

const cpuPerRequest = (runs: readonly Measured[]) =>
  runs.reduce((sum, run) => sum + run.cpuMicros, 0) /
  runs.reduce((sum, run) => sum + run.sample.responses, 0);

function describeRun(run: Measured): string {
  const { sample } = run;
  return `${Math.round(sample.succeeded / sample.seconds)} req/s, ${Math.round(cpuPerRequest([run]))} µs CPU/req`;
}

/**
 * Each endpoint runs on `forks` fresh pairs of server processes, one pair after the other (JMH's forks, for the same
 * reason): the same server's CPU per request differs by a tenth to a half from one process to the next, and
 * consistently so through every round of that process (four identical bare Fastify servers, ten alternating rounds:
 * medians of 32, 35, 35 and 42 µs), so one app process against one twin process measures the processes' luck as much
 * as the code. Every pair starts from its own copy of the seeded database, with request streams that start afresh,
 * so no pair inherits the rows an earlier one wrote. Within a pair, rounds alternate the order (app-twin, twin-app)
 * so that drift on a shared machine, or the database growing under the write endpoints, lands on both sides alike.
 * Each process warms up before its first round: after one second the app still ran 40-55% more CPU per request in
 * its first round than in its later ones (V8 had not yet optimized its longer path), so the default is three.
 *
 * The measured time goes to many short pairs (8 × 2 rounds × 2 s a side) rather than a few long ones (3 × 2 × 5 s
 * before 2026-11-22). A row's ratio varies between the pairs of one run (SD about 0.1), partly with the processes'
 * own luck, which longer rounds do not average out and more pairs do: from that spread, the expected run-to-run SD
 * of a fast-read row went from about 0.058 (fifteen runs of three pairs) to about 0.045 (four runs of eight).
 */
async function benchScenario(
  scenario: Scenario,
  start: () => Promise<Servers>,
  options: BenchOptions,
): Promise<Row> {
  const runs: Record<ServerMode, Measured[]> = { app: [], twin: [] };
  for (let fork = 0; fork < options.forks; fork++) {
    await withServers(start, async (servers) => {
      const streams = { app: scenario.requests(), twin: scenario.requests() };
      for (let round = 0; round < options.rounds; round++) {
        const order: ServerMode[] = round % 2 === 0 ? ['app', 'twin'] : ['twin', 'app'];
        for (const mode of order) {
          if (round === 0) {
            await runLoad(servers[mode].url, streams[mode], { ...options, seconds: options.warmupSeconds });
          }
          const run = await measure(servers[mode], streams[mode], options);
          runs[mode].push(run);
          log(`  ${scenario.name}: ${mode} process ${fork + 1} round ${round + 1}: ${describeRun(run)}`);
        }
      }
    });
  }
  const row = throughputRow(
    scenario.name,
    poolSamples(runs.app.map((run) => run.sample)),
    poolSamples(runs.twin.map((run) => run.sample)),
    scenario.read ? MIN_READ_RATIO : MIN_RATIO,
  );
  return { ...row, cpu: { app: cpuPerRequest(runs.app), twin: cpuPerRequest(runs.twin) } };
}

/**
 * Single requests, one at a time, alternating servers; every request gets an event nobody has touched. A request
 * far over target (seconds, not milliseconds) would blow the run's time budget, so after BULK_BUDGET_MS the
 * remaining runs are skipped and the row says so.
 */
async function benchBulk(fixture: Fixture, servers: Servers, planned: number): Promise<Row> {
  const [warmupEvent, ...events] = fixture.bulkEvents;
  if (!warmupEvent || events.length === 0) throw new Error('bulk no-show needs at least two seeded events');
  const started = performance.now();
  const times: Record<ServerMode, number[]> = { app: [], twin: [] };
  for (const mode of ['app', 'twin'] as const) {
    await timeBulkNoShow(servers[mode].url, fixture.token, warmupEvent);
  }
  for (const [index, event] of events.entries()) {
    if (index > 0 && performance.now() - started > BULK_BUDGET_MS) break;
    const order: ServerMode[] = index % 2 === 0 ? ['app', 'twin'] : ['twin', 'app'];
    for (const mode of order) times[mode].push(await timeBulkNoShow(servers[mode].url, fixture.token, event));
  }
  for (const mode of ['app', 'twin'] as const) {
    log(`  ${BULK_ENDPOINT}: ${mode} ${times[mode].map((ms) => ms.toFixed(0)).join(' ')} ms`);
  }
  return bulkRow(BULK_ROW, times.app, times.twin, planned);
}

/**
 * "Inside now" of an event of INSIDE_PEOPLE people and INSIDE_SCANS scans, on a database of its own, read one request
 * at a time over the token API (the app only: the count is kept by its own triggers, which a twin would have to copy
 * whole).
 */
async function benchInsideNow(workDir: string, cpuProfDir: string | undefined, cores: CorePlan | null) {
  const dir = path.join(workDir, 'inside');
  const started = performance.now();
  const seeded = seedInsideDatabase(dir, INSIDE_PEOPLE, INSIDE_SCANS);
  log(`${INSIDE_ENDPOINT}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const server = await startServer('app', dir, { cpuProfDir, cores: cores?.servers });
  try {
    const url = `${server.url}/api/events/${seeded.eventUuid}/inside-now`;
    const headers = { accept: 'application/json', authorization: `Bearer ${seeded.token}` };
    const read = async () => {
      const begun = performance.now();
      const response = await fetch(url, { headers });
      const body = (await response.json()) as { data?: { inside_now: number } };
      if (response.status !== 200) throw new Error(`inside now answered ${response.status}`);
      return { ms: performance.now() - begun, inside: body.data!.inside_now };
    };
    for (let i = 0; i < 30; i++) await read();
    const times: number[] = [];
    let inside = 0;
    for (let i = 0; i < INSIDE_READS; i++) {
      const answer = await read();
      times.push(answer.ms);
      inside = answer.inside;
    }
    log(`  ${INSIDE_ENDPOINT}: ${inside.toLocaleString('en-US')} inside`);
    return latencyRow(
      `${INSIDE_ENDPOINT} (${INSIDE_PEOPLE.toLocaleString('en-US')} people, ${INSIDE_SCANS.toLocaleString('en-US')} scans)`,
      times,
      INSIDE_NOW_LIMIT_MS,
    );
  } finally {
    await server.stop();
  }
}

function seed(seedDir: string, sizes: SeedSizes): Fixture {
  const started = performance.now();
  const fixture = seedDatabase(seedDir, sizes);
  log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return fixture;
}

/** Byte-identical copies of the seeded database for the next pair, in place of the last pair's. */
function freshCopies(seedDir: string, workDir: string): Record<ServerMode, string> {
  const dirs = { app: path.join(workDir, 'app'), twin: path.join(workDir, 'twin') };
  for (const dir of Object.values(dirs)) {
    fs.rmSync(dir, { recursive: true, force: true });
    cloneDataDir(seedDir, dir);
  }
  return dirs;
}

async function startServers(
  dirs: Record<ServerMode, string>,
  cpuProfDir: string | undefined,
  cores: CorePlan | null,
): Promise<Servers> {
  const options = { cpuProfDir, cores: cores?.servers };
  const [app, twin] = await Promise.allSettled([
    startServer('app', dirs.app, options),
    startServer('twin', dirs.twin, options),
  ]);
  if (app.status === 'fulfilled' && twin.status === 'fulfilled') return { app: app.value, twin: twin.value };
  // One did not start: stop the other now rather than leave it running until the benchmark exits.
  await Promise.all(
    [app, twin].map((started) => (started.status === 'fulfilled' ? started.value.stop() : null)),
  );
  throw [app, twin].find((started): started is PromiseRejectedResult => started.status === 'rejected')!
    .reason;
}

/** Starts a pair of servers, hands it to `use` and stops both, whatever `use` does. */
async function withServers<T>(
  start: () => Promise<Servers>,
  use: (servers: Servers) => Promise<T>,
): Promise<T> {
  const servers = await start();
  try {
    return await use(servers);
  } finally {
    await Promise.all([servers.app.stop(), servers.twin.stop()]);
  }
}

async function benchmark(
  workDir: string,
  options: BenchOptions,
  cpuProfDir: string | undefined,
  cores: CorePlan | null,
): Promise<Row[]> {
  const seedDir = path.join(workDir, 'seed');
  const fixture = seed(seedDir, options.sizes);
  const start = () => startServers(freshCopies(seedDir, workDir), cpuProfDir, cores);
  const selected = (name: string) => options.only === null || options.only.includes(name);
  const rows: Row[] = [];
  for (const scenario of scenarios(fixture).filter((s) => selected(s.name))) {
    const row = await benchScenario(scenario, start, options);
    rows.push(
      scenario.name === 'list scan'
        ? besideCheckIn(
            row,
            rows.find((r) => r.endpoint === 'check-in'),
          )
        : row,
    );
  }
  if (selected(INSIDE_ENDPOINT)) {
    rows.push(
      await benchInsideNow(workDir, cpuProfDir, cores).catch((error: unknown) =>
        brokenRow(INSIDE_ENDPOINT, error instanceof Error ? error.message : String(error)),
      ),
    );
  }
  if (selected(BULK_ENDPOINT)) {
    // A broken bulk endpoint (a 500, a wrong count) is a result too: report it and keep the table.
    rows.push(
      await withServers(start, (servers) =>
        benchBulk(fixture, servers, options.bulkRuns).catch((error: unknown) =>
          brokenRow(
            BULK_ROW,
            `${error instanceof Error ? error.message : String(error)} (app: ${servers.app.url})`,
          ),
        ),
      ),
    );
  }
  return rows;
}

async function report(rows: Row[], options: BenchOptions, cores: CorePlan | null): Promise<void> {
  printReport([formatTable(rows), ...formatNotes(rows).map((note) => `! ${note}`)].join('\n'));
  for (const line of formatCpu(rows)) log(`CPU per request: ${line}`);
  if (options.only !== null) return;
  const context: RunContext = {
    connections: options.connections,
    seconds: options.seconds,
    forks: options.forks,
    warmupSeconds: options.warmupSeconds,
    rounds: options.rounds,
    bulkRuns: options.bulkRuns,
    bulkSize: BULK_SIZE,
    attendees: options.sizes.attendees + options.sizes.checkInPool,
    cores,
  };
  await recordHttpRun(rows, context);
  log(`added the run to ${path.relative(process.cwd(), HISTORY_FILE)}`);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!options) {
    console.log(HELP);
    return;
  }
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-bench-'));
  const cleanUp = () => {
    if (options.keep) log(`kept ${workDir}`);
    else fs.rmSync(workDir, { recursive: true, force: true });
  };
  // Ctrl-C skips `finally`; the servers get the same SIGINT and exit on their own.
  process.once('SIGINT', () => {
    cleanUp();
    process.exit(130);
  });
  const cpuProfDir = options.cpuProf
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-bench-prof-'))
    : undefined;
  const cores = options.pin ? pinLoadGenerator() : null;
  log(
    cores
      ? `load generator on core ${cores.loadGenerator}, servers on core ${cores.servers}`
      : `not pinned to cores (${options.pin ? 'one core, or no taskset' : '--no-pin'}): expect noisier rounds`,
  );
  try {
    await report(await benchmark(workDir, options, cpuProfDir, cores), options, cores);
  } finally {
    cleanUp();
  }
  if (cpuProfDir) log(`CPU profiles in ${cpuProfDir}`);
}

runBench('npm run bench', main, '--help lists the options');
