import { recordRun, runStamp } from './history.ts';
import { type LoadSample, percentile } from './load.ts';

/** The issues' targets, for 2 cores: a read pays only its own checks over the twin's route, so it is held higher. */
export const MIN_RATIO = 0.7;
export const MIN_READ_RATIO = 0.75;
export const BULK_LIMIT_MS = 150;

/** A figure that could not be measured (the endpoint failed outright) prints as n/a rather than NaN. */
const measured = (value: number, format: (value: number) => string) =>
  Number.isFinite(value) ? format(value) : 'n/a';
/** Whole requests per second, except for the slow bulk row, whose sequential rate is a handful a second. */
const formatRate = (perSecond: number) =>
  measured(perSecond, (r) => (r < 10 ? r.toFixed(2) : Math.round(r).toLocaleString('en-US')));
const formatMs = (ms: number) => measured(ms, (t) => `${t.toFixed(t < 10 ? 2 : 1)} ms`);
/** Truncated, not rounded: 0.698 must not read as a passing 0.70 beside a FAIL. */
const formatRatio = (ratio: number) => measured(ratio, (r) => (Math.floor(r * 100) / 100).toFixed(2));

export interface SideStats {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  failures: Record<string, number>;
}

export interface Row {
  endpoint: string;
  app: SideStats;
  twin: SideStats;
  /** App throughput over twin throughput: 1.00 means the app costs nothing over the bare route. */
  ratio: number;
  pass: boolean;
  /** Why a row failed besides its number, e.g. non-2xx answers. */
  note: string;
  /** Server CPU microseconds per request, for the sustained-load rows. */
  cpu?: { app: number; twin: number };
}

export interface RunContext {
  connections: number;
  seconds: number;
  forks: number;
  warmupSeconds: number;
  rounds: number;
  bulkRuns: number;
  bulkSize: number;
  attendees: number;
  /** Which cores the load generator and the servers ran on; null when not pinned. */
  cores: { loadGenerator: string; servers: string } | null;
}

function sideStats(sample: LoadSample): SideStats {
  return {
    reqPerSec: sample.succeeded / sample.seconds,
    p50Ms: percentile(sample.latenciesMs, 50),
    p99Ms: percentile(sample.latenciesMs, 99),
    failures: sample.failures,
  };
}

function describeFailures(side: string, sample: LoadSample): string | null {
  const entries = Object.entries(sample.failures);
  if (entries.length === 0) return null;
  const counts = entries.map(([status, count]) => `${count} × ${status}`).join(', ');
  return `${side}: ${counts}${sample.firstFailure ? ` (first: ${sample.firstFailure})` : ''}`;
}

/**
 * A sustained-load row: passes at `minRatio` of the twin's throughput (MIN_READ_RATIO for a read, MIN_RATIO for the
 * rest), and only when every answer was 2xx.
 */
export function throughputRow(
  endpoint: string,
  app: LoadSample,
  twin: LoadSample,
  minRatio = MIN_RATIO,
): Row {
  const appStats = sideStats(app);
  const twinStats = sideStats(twin);
  const ratio = appStats.reqPerSec / twinStats.reqPerSec;
  const problems = [describeFailures('app', app), describeFailures('twin', twin)].filter(
    (p): p is string => p !== null,
  );
  return {
    endpoint,
    app: appStats,
    twin: twinStats,
    ratio,
    pass: ratio >= minRatio && problems.length === 0,
    note: problems.join('; '),
  };
}

/**
 * The bulk row, from single requests one at a time: p50 is the median run, p99 the slowest run (too few runs for
 * a real 99th percentile), req/s is 1000 / median. Passes when the app's median is under BULK_LIMIT_MS.
 */
export function bulkRow(
  endpoint: string,
  appMs: readonly number[],
  twinMs: readonly number[],
  plannedRuns: number,
): Row {
  const stats = (ms: readonly number[]): SideStats => {
    const median = percentile(ms, 50);
    return { reqPerSec: 1000 / median, p50Ms: median, p99Ms: Math.max(...ms), failures: {} };
  };
  const app = stats(appMs);
  const twin = stats(twinMs);
  const pass = app.p50Ms < BULK_LIMIT_MS;
  const notes = [
    pass ? null : `app median ${formatMs(app.p50Ms)} is over the ${BULK_LIMIT_MS} ms target`,
    appMs.length < plannedRuns
      ? `only ${appMs.length} of ${plannedRuns} runs per server (time budget)`
      : null,
  ];
  return {
    endpoint,
    app,
    twin,
    ratio: app.reqPerSec / twin.reqPerSec,
    pass,
    note: notes.filter((note) => note !== null).join('; '),
  };
}

/** How much dearer a scan on a list with rules may be than today's check-in, on the same run (issue 38). */
export const LIST_SCAN_LIMIT = 1.1;
/** How long reading who is inside may take, for an event of 20,000 people and 100,000 scans (issue 38). */
export const INSIDE_NOW_LIMIT_MS = 10;

/**
 * The list scan's row, judged against today's check-in of the same run too: its server CPU per request, and its
 * throughput, within LIST_SCAN_LIMIT of the check-in's.
 */
export function besideCheckIn(listScan: Row, checkIn: Row | undefined): Row {
  if (!checkIn || !listScan.cpu || !checkIn.cpu) return listScan;
  const cpu = listScan.cpu.app / checkIn.cpu.app;
  const throughput = checkIn.app.reqPerSec / listScan.app.reqPerSec;
  const within = cpu <= LIST_SCAN_LIMIT;
  const note =
    `${formatRatio(cpu)}× the check-in's CPU per request (${Math.round(listScan.cpu.app)} vs ` +
    `${Math.round(checkIn.cpu.app)} µs) and ${formatRatio(throughput)}× its time per request; target ` +
    `${LIST_SCAN_LIMIT.toFixed(1)}× by CPU (its ratio to a twin doing only a check-in's SQL is for information)`;
  const failures = Object.keys(listScan.app.failures).length + Object.keys(listScan.twin.failures).length;
  return {
    ...listScan,
    // The issue's target for this row is the check-in of the same run, not the bare route.
    pass: within && failures === 0,
    note: [listScan.note, note].filter((text) => text !== '').join('; '),
  };
}

/**
 * A read timed one request at a time, against a limit of its own rather than a twin (there is no bare route for
 * a count kept by the app's own triggers): p50 is the median request, which the limit judges (a shared machine's
 * scheduler puts its own pauses in the tail), p99 the 99th percentile.
 */
export function latencyRow(endpoint: string, appMs: readonly number[], limitMs: number): Row {
  const stats: SideStats = {
    reqPerSec: 1000 / percentile(appMs, 50),
    p50Ms: percentile(appMs, 50),
    p99Ms: percentile(appMs, 99),
    failures: {},
  };
  const none: SideStats = { reqPerSec: Number.NaN, p50Ms: Number.NaN, p99Ms: Number.NaN, failures: {} };
  const pass = stats.p50Ms < limitMs;
  return {
    endpoint,
    app: stats,
    twin: none,
    ratio: Number.NaN,
    pass,
    note:
      `${appMs.length} requests one at a time, through HTTP; target: read in under ${limitMs} ms (the median ` +
      `request)${pass ? '' : ', missed'}`,
  };
}

/** An endpoint whose measurement broke off, e.g. on a 500: a FAIL row that says why. */
export function brokenRow(endpoint: string, reason: string): Row {
  const none: SideStats = { reqPerSec: Number.NaN, p50Ms: Number.NaN, p99Ms: Number.NaN, failures: {} };
  return { endpoint, app: none, twin: none, ratio: Number.NaN, pass: false, note: reason };
}

const HEADER = [
  'endpoint',
  'app req/s',
  'app p50',
  'app p99',
  'twin req/s',
  'twin p50',
  'twin p99',
  'ratio',
  'result',
];

function cells(row: Row): string[] {
  return [
    row.endpoint,
    formatRate(row.app.reqPerSec),
    formatMs(row.app.p50Ms),
    formatMs(row.app.p99Ms),
    formatRate(row.twin.reqPerSec),
    formatMs(row.twin.p50Ms),
    formatMs(row.twin.p99Ms),
    formatRatio(row.ratio),
    row.pass ? 'PASS' : 'FAIL',
  ];
}

/** Plain-text table for the terminal: endpoint left-aligned, figures right-aligned. */
export function formatTable(rows: readonly Row[]): string {
  const table = [HEADER, ...rows.map(cells)];
  const widths = HEADER.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  const render = (line: string[]) =>
    line
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!)))
      .join('  ');
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [render(HEADER), rule, ...rows.map(cells).map(render)].join('\n');
}

export function formatNotes(rows: readonly Row[]): string[] {
  return rows.filter((row) => row.note !== '').map((row) => `${row.endpoint}: ${row.note}`);
}

function markdownTable(rows: readonly Row[]): string {
  const line = (values: string[]) => `| ${values.join(' | ')} |`;
  const align = HEADER.map((_, column) => (column === 0 ? '---' : '---:'));
  return [line(HEADER), line(align), ...rows.map((row) => line(cells(row)))].join('\n');
}

/** CPU per request barely moves with outside load, so it backs up (or explains) a ratio measured on a busy box. */
export function formatCpu(rows: readonly Row[]): string[] {
  return rows.flatMap((row) =>
    row.cpu
      ? [
          `${row.endpoint}: app ${Math.round(row.cpu.app)} µs, twin ${Math.round(row.cpu.twin)} µs ` +
            `(twin/app ${formatRatio(row.cpu.twin / row.cpu.app)})`,
        ]
      : [],
  );
}

function markdownReport(rows: readonly Row[], context: RunContext): string {
  const notes = formatNotes(rows);
  const cpu = formatCpu(rows);
  return [
    `## \`npm run bench\`, ${runStamp()}`,
    '',
    'The API against its bare twin.',
    '',
    markdownTable(rows),
    '',
    `Each endpoint ran on ${context.forks} fresh pairs of server processes in turn, each pair on its own copy of ` +
      `the seeded database, ${context.rounds} × ` +
      `${context.seconds} s per process with ${context.connections} connections, app and twin alternating (after ` +
      `${context.warmupSeconds} s of warmup per process); the figures pool all rounds. ` +
      'The twin is bare Fastify + better-sqlite3 running the same SQL. Targets: ratio ' +
      `(app req/s over twin req/s) at least ${MIN_READ_RATIO.toFixed(2)} for the reads (event details, check, ` +
      `attendee lookup, profile), ${MIN_RATIO.toFixed(2)} for the writes; bulk no-show under ${BULK_LIMIT_MS} ms. ` +
      `The main event holds ${context.attendees.toLocaleString('en-US')} seeded attendees. ` +
      (context.cores
        ? `The load generator ran on core ${context.cores.loadGenerator} and the servers on core ${context.cores.servers}.`
        : 'Processes were not pinned to cores.'),
    '',
    `Bulk no-show: ${context.bulkRuns} single requests per server of ${context.bulkSize.toLocaleString('en-US')} ` +
      'ids, each on a freshly seeded event; p50 is the median request, p99 the slowest one, req/s is 1000 / p50.',
    ...(cpu.length > 0 ? ['', 'Server CPU time per request:', '', ...cpu.map((line) => `- ${line}`)] : []),
    ...(notes.length > 0 ? ['', 'Notes:', '', ...notes.map((note) => `- ${note}`)] : []),
    '',
  ].join('\n');
}

/** Adds the run to bench/results.md, the benchmarks' history. */
export async function recordHttpRun(rows: readonly Row[], context: RunContext): Promise<void> {
  await recordRun(markdownReport(rows, context));
}
