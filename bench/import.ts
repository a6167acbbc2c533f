/**
 * `npm run bench:import [-- options]`: whether a big CSV import holds other requests up. A real server process
 * (bench/server.ts) takes 10,000-row imports from the dashboard API while a probe, in this process, sends small
 * requests every 10 ms: `GET /satellite/status` and a public check (reads), and a public self check-in (a write).
 * Each import is preceded by a stretch of probing without one, the baseline of the same run. The table (the longest
 * wait and the p99 of each kind, without and during the imports, and their ratio) goes to stdout and
 * bench/results.md. Target: no request, read or write, waits more than 100 ms during an import (issue 21); the
 * baseline beside each figure says how much of a wait the shared machine adds by itself. `--help` lists the options.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { systemClock } from '../server/platform/clock.ts';
import { openDatabase } from '../server/platform/database.ts';
import { toTimestamp } from '../server/platform/time.ts';
import { createStore } from '../server/store.ts';
import { log, runBench, runOptions } from './cli.ts';
import { pinLoadGenerator } from './cores.ts';
import { machineAtEnd, printReport, recordRun, runStamp } from './history.ts';
import { type RunningServer, startServer } from './servers.ts';
import { createOpenEvent, type Fixture, ownerSessionCookie, seedDatabase } from './seed.ts';

const ROWS = 10_000;
const PROBE_INTERVAL_MS = 10;
/** Probing without an import before each one: the baseline. */
const BASELINE_MS = 3_000;
/** Probing goes on this long after the import's answer: what it left behind (a checkpoint) counts too. */
const TAIL_MS = 1_000;
const TARGET_MS = 100;
/** Generous: a check-in every 10 ms through each import's baseline, import and tail. */
const SECONDS_PER_IMPORT = 20;

const HELP = `npm run bench:import -- [options]

  --imports N   measured 10,000-row imports, each into an event of its own (default 5)
  --warmup N    imports before them, unmeasured: the first starts the import's worker (default 1)
  --no-pin      leave the processes where the scheduler puts them (by default, with 2+ cores, this process
                runs on core 0 and the server, all its threads, on core 1)
  --keep        keep the temp dir with the database`;

type ProbeKind = 'satellite status' | 'check' | 'check-in';
const READS: readonly ProbeKind[] = ['satellite status', 'check'];

interface ProbeSample {
  kind: ProbeKind;
  sentAt: number;
  ms: number;
  ok: boolean;
}

interface ImportRun {
  started: number;
  answered: number;
  samples: ProbeSample[];
  /** The longest the server's event loop was held, without the import and during it (with its tail). */
  loopMaxMs: { baseline: number; during: number };
}

interface Seeded {
  fixture: Fixture;
  cookie: string;
  importEvents: string[];
}

/** The probe's event and check-in pool, an owner's session, and an empty event per import. */
function seed(dataDir: string, imports: number): Seeded {
  const fixture = seedDatabase(dataDir, {
    attendees: 1_000,
    checkInPool: imports * SECONDS_PER_IMPORT * (1000 / PROBE_INTERVAL_MS),
    profiles: 0,
    bulkEvents: 0,
    bulkSize: 0,
  });
  const db = openDatabase(dataDir);
  try {
    const store = createStore(db, systemClock);
    const now = toTimestamp(new Date());
    const organization = store.repos.organizations.findBySlug('bench')!;
    const cookie = ownerSessionCookie(store, organization, now);
    const importEvents = Array.from(
      { length: imports },
      (_, index) => createOpenEvent(store.repos, organization, `Import ${index}`, now).uuid,
    );
    return { fixture, cookie, importEvents };
  } finally {
    db.close();
  }
}

/** A guest list as the dashboard sends it: rows mapped to the event's field keys. */
function importBody(run: number): string {
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    email: `import-${run}-${i}@example.com`,
    first_name: 'Grace',
    last_name: `Hopper ${i}`,
    company: 'Harvard Computation Lab',
  }));
  return JSON.stringify({ rows });
}

/** Sends the three probe requests every PROBE_INTERVAL_MS, whether or not the last ones were answered. */
function startProbe(baseUrl: string, fixture: Fixture, nextCheckIn: () => string) {
  const samples: ProbeSample[] = [];
  const pending = new Set<Promise<void>>();
  const event = `${baseUrl}/public/events/${fixture.eventUuid}`;
  let checks = 0;

  const request: Record<ProbeKind, () => Promise<Response>> = {
    'satellite status': () =>
      fetch(`${baseUrl}/satellite/status`, { headers: { accept: 'application/json' } }),
    check: () => {
      const email = fixture.attendeeEmails[checks++ % fixture.attendeeEmails.length]!;
      return fetch(`${event}/check?email=${encodeURIComponent(email)}`, {
        headers: { accept: 'application/json' },
      });
    },
    'check-in': () =>
      fetch(`${event}/check-in`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ email: nextCheckIn() }),
      }),
  };

  const fire = (kind: ProbeKind) => {
    const sentAt = performance.now();
    const done = request[kind]()
      .then(async (response) => {
        await response.arrayBuffer();
        samples.push({ kind, sentAt, ms: performance.now() - sentAt, ok: response.status === 200 });
      })
      .catch(() => {
        samples.push({ kind, sentAt, ms: performance.now() - sentAt, ok: false });
      })
      .finally(() => pending.delete(done));
    pending.add(done);
  };
  const timer = setInterval(() => {
    for (const kind of Object.keys(request) as ProbeKind[]) fire(kind);
  }, PROBE_INTERVAL_MS);

  return {
    async stop(): Promise<ProbeSample[]> {
      clearInterval(timer);
      await Promise.all(pending);
      return samples;
    },
  };
}

async function runImport(server: RunningServer, seeded: Seeded, eventUuid: string, body: string) {
  const response = await fetch(`${server.url}/dashboard/api/events/${eventUuid}/import`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      cookie: seeded.cookie,
      origin: server.url,
    },
    body,
  });
  const answer = (await response.json()) as { imported?: unknown };
  // A fast refusal must not pass for a fast import.
  if (response.status !== 200 || answer.imported !== ROWS) {
    throw new Error(`the import answered ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  }
}

/** Baseline probing, then one import under the probe, then its tail. */
async function measureImport(
  server: RunningServer,
  seeded: Seeded,
  eventUuid: string,
  body: string,
  nextCheckIn: () => string,
): Promise<ImportRun> {
  await server.loopDelayMaxMs();
  const probe = startProbe(server.url, seeded.fixture, nextCheckIn);
  await sleep(BASELINE_MS);
  const baseline = await server.loopDelayMaxMs();
  const started = performance.now();
  await runImport(server, seeded, eventUuid, body);
  const answered = performance.now();
  await sleep(TAIL_MS);
  const samples = await probe.stop();
  return { started, answered, samples, loopMaxMs: { baseline, during: await server.loopDelayMaxMs() } };
}

interface Summary {
  count: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

function summarize(samples: readonly ProbeSample[]): Summary {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return {
    count: samples.length,
    failed: samples.filter((s) => !s.ok).length,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

const ms = (value: number) => (value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`);
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const ratio = (during: number, baseline: number) => `${(during / baseline).toFixed(2)}x`;

function report(runs: readonly ImportRun[]) {
  // The probe stops at the tail's end: whatever was not sent before the import was sent during it or its tail.
  const during = (run: ImportRun, s: ProbeSample) => s.sentAt >= run.started;
  const pick = (kinds: readonly ProbeKind[], inImport: boolean) =>
    runs.flatMap((run) => run.samples.filter((s) => kinds.includes(s.kind) && during(run, s) === inImport));
  const rows = `${ROWS.toLocaleString('en-US')}-row import`;
  const verdict = (summary: Summary) => summary.max <= TARGET_MS && summary.failed === 0;
  const row = (label: string, summary: Summary, baseline: Summary | null) => {
    const compared = baseline
      ? `${ratio(summary.p99, baseline.p99)} / ${ratio(summary.max, baseline.max)}`
      : '—';
    const target = baseline ? `longest ≤ ${TARGET_MS} ms: ${verdict(summary) ? 'PASS' : 'FAIL'}` : '—';
    return `| ${label} | ${summary.count.toLocaleString('en-US')} | ${summary.failed} | ${ms(summary.p50)} | ${ms(summary.p99)} | ${ms(summary.max)} | ${compared} | ${target} |`;
  };
  const loopRow = (label: string, values: number[]) =>
    `| ${label} | — | — | — | — | ${ms(Math.max(...values))} | — | — |`;
  const readsBaseline = summarize(pick(READS, false));
  const readsDuring = summarize(pick(READS, true));
  const writesBaseline = summarize(pick(['check-in'], false));
  const writesDuring = summarize(pick(['check-in'], true));
  const pass = verdict(readsDuring) && verdict(writesDuring);
  const table = [
    '| probe | requests | failed | p50 | p99 | longest | to no import (p99 / longest) | target |',
    '|---|--:|--:|--:|--:|--:|--:|---|',
    row('reads, no import', readsBaseline, null),
    row(`reads, during a ${rows}`, readsDuring, readsBaseline),
    row('writes (check-ins), no import', writesBaseline, null),
    row(`writes (check-ins), during a ${rows}`, writesDuring, writesBaseline),
    loopRow(
      "server's event loop, no import",
      runs.map((run) => run.loopMaxMs.baseline),
    ),
    loopRow(
      `server's event loop, during a ${rows}`,
      runs.map((run) => run.loopMaxMs.during),
    ),
  ].join('\n');
  const importMs = runs.map((run) => run.answered - run.started);
  const longestOf = (run: ImportRun, kinds: readonly ProbeKind[], inImport: boolean) =>
    Math.max(
      ...run.samples.filter((s) => kinds.includes(s.kind) && during(run, s) === inImport).map((s) => s.ms),
    );
  const perRun = runs.map(
    (run) =>
      `${ms(longestOf(run, READS, true))} / ${ms(longestOf(run, ['check-in'], true))} (no import: ${ms(longestOf(run, READS, false))} / ${ms(longestOf(run, ['check-in'], false))})`,
  );
  const notes = [
    `${runs.length} imports of ${ROWS.toLocaleString('en-US')} rows (${(importBody(0).length / 1024 / 1024).toFixed(1)} MiB of JSON), each into an empty event; the request took ${ms(median(importMs))} (median; ${ms(Math.min(...importMs))}-${ms(Math.max(...importMs))}).`,
    `Longest read / write of each import: ${perRun.join('; ')}. Longest hold of the server's event loop during each: ${runs.map((run) => ms(run.loopMaxMs.during)).join(', ')} (how late a 1 ms timer fired there, which a busy machine's scheduler adds to).`,
    `Probe: every ${PROBE_INTERVAL_MS} ms, a GET /satellite/status, a public check (reads) and a public self check-in (a write), each sent whether or not the last was answered; "during" is from sending the import to ${TAIL_MS / 1000} s after its answer, "no import" the ${BASELINE_MS / 1000} s before each.`,
  ];
  return { table, notes, pass };
}

async function main(): Promise<void> {
  const opts = runOptions(HELP, { imports: { fallback: 5 }, warmup: { fallback: 1, min: 0 } });
  if (!opts) return;
  const plan = opts.pin ? pinLoadGenerator() : null;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-bench-import-'));
  const dataDir = path.join(workDir, 'data');
  let server: RunningServer | null = null;
  try {
    const total = opts.warmup + opts.imports;
    log(`seeding ${total} events to import into, and the probe's event...`);
    const seeded = seed(dataDir, total);
    let nextPoolIndex = 0;
    const nextCheckIn = () => seeded.fixture.checkInEmails[nextPoolIndex++]!;

    server = await startServer('app', dataDir, plan ? { cores: plan.servers } : {});
    const runs: ImportRun[] = [];
    for (let index = 0; index < total; index++) {
      const body = importBody(index);
      const run = await measureImport(server, seeded, seeded.importEvents[index]!, body, nextCheckIn);
      const measured = index >= opts.warmup;
      if (measured) runs.push(run);
      log(`import ${index + 1}/${total}${measured ? '' : ' (warm-up)'}: ${ms(run.answered - run.started)}`);
    }
    await server.stop();
    server = null;

    const { table, notes, pass } = report(runs);
    const where = plan
      ? 'This process ran on core 0 and the server, with all its threads (the import worker too), on core 1.'
      : 'Processes unpinned.';
    const context = `${machineAtEnd()} ${where}`;
    printReport(`${table}\n\n${[...notes, context].join('\n')}`);
    await recordRun(
      `## \`npm run bench:import\` (other requests during a CSV import), ${runStamp()}\n\n${table}\n\n${[...notes, context].map((note) => `- ${note}`).join('\n')}\n`,
    );
    if (!pass) process.exitCode = 1;
  } finally {
    await server?.stop();
    if (opts.keep) log(`kept ${workDir}`);
    else fs.rmSync(workDir, { recursive: true, force: true });
  }
}

runBench('bench/import.ts', main, 'npm run bench:import -- --help');
