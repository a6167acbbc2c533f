/**
 * One chaos run (test/chaos/README.md): a copy of the venue, the seed's faults and workload played for a while, every
 * link healed and every process brought back, then the checks. The same seed draws the same faults and the same
 * steps at the same times; what the processes make of them in real time may differ a little from one replay to the
 * next, so a failure is replayed by running its seed again (a few times if it depends on a race).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkRun, untilQuiescent, type Failure } from './checks.ts';
import {
  describeFault,
  drawFaultSchedule,
  playFaults,
  type FaultLogEntry,
  type ScheduledFault,
} from './faults.ts';
import { NODES, startVenue, type NodeName, type Template } from './processes.ts';
import { prng } from './prng.ts';
import {
  describeStep,
  drawWorkload,
  workloadClient,
  type Attempt,
  type Step,
  type WorkloadRecord,
} from './workload.ts';

export interface ChaosOptions {
  seed: number;
  /** How long faults and writes are played. */
  seconds: number;
  /** How long the venue may take to settle once healed. */
  settleTimeoutMs?: number;
  /** Keep the data dirs and logs even when the run passes. */
  keep?: boolean;
  /** Progress lines (the CLI prints them). */
  log?: (line: string) => void;
}

export interface ChaosResult {
  seed: number;
  seconds: number;
  passed: boolean;
  failures: Failure[];
  schedule: ScheduledFault[];
  steps: Step[];
  faultLog: FaultLogEntry[];
  record: WorkloadRecord;
  settledMs: number;
  /** Each node's wall-clock skew at each of its starts, as the report prints it. */
  clocks: string[];
  /** Where the data dirs, logs and full report are (removed when the run passed, unless kept). */
  dir: string;
  kept: boolean;
}

/** The knobs of a run, from its length: the fault and step rates are those of issue 30's runs. */
function drawRun(seed: number, seconds: number) {
  const random = prng(seed);
  const durationMs = seconds * 1000;
  const schedule = drawFaultSchedule(random.fork('faults'), {
    durationMs,
    minGapMs: 2_500,
    maxGapMs: 7_000,
    minProcessGapMs: 5_000,
    maxProcessGapMs: 12_000,
  });
  const steps = drawWorkload(random.fork('workload'), {
    durationMs,
    clients: 4,
    minGapMs: 150,
    maxGapMs: 900,
    guests: 14,
  });
  // Wall clocks set wrong: a kiosk's by up to two minutes, the hub's by up to half a minute, drawn again at each
  // start (a clock corrected, or set wrong, while the process was down). The online server's is right.
  const clocks = random.fork('clocks');
  const skews = Object.fromEntries(
    NODES.map((node) => [
      node,
      Array.from({ length: 64 }, () =>
        node === 'online'
          ? 0
          : node === 'hub'
            ? clocks.chance(0.3)
              ? clocks.int(-30_000, 30_000)
              : 0
            : clocks.chance(0.5)
              ? clocks.int(-120_000, 120_000)
              : 0,
      ),
    ]),
  ) as Record<NodeName, number[]>;
  const clockSkewMs = (node: NodeName, boot: number) => skews[node][boot % 64]!;
  return { schedule, steps, durationMs, clockSkewMs };
}

export async function runChaos(template: Template, options: ChaosOptions): Promise<ChaosResult> {
  const log = options.log ?? (() => {});
  const { schedule, steps, durationMs, clockSkewMs } = drawRun(options.seed, options.seconds);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `arrivals-chaos-${options.seed}-`));
  const venue = await startVenue(template, dir, { clockSkewMs });
  let result: ChaosResult;
  try {
    log(
      `seed ${options.seed}: venue up in ${dir}; ${schedule.length} faults, ${steps.length} steps over ${options.seconds} s`,
    );
    const startedAt = Date.now();
    const faults = playFaults(venue, schedule, startedAt);
    const client = workloadClient(venue, startedAt);
    const playing = client.play(steps);
    // The run's length, not a wait for anything: the faults and steps are timed from the start.
    await new Promise((resolve) => setTimeout(resolve, durationMs));
    await playing.stop();
    await faults.stop();
    await venue.healAll();
    log(`seed ${options.seed}: healed; waiting for the venue to settle`);
    const settled = await untilQuiescent(venue, options.settleTimeoutMs ?? 120_000);
    const crashes = NODES.flatMap((node) => venue.nodes[node].crashes());
    const failures = checkRun({ venue, record: client.record, crashes, quiescence: settled });
    await client.close();
    result = {
      seed: options.seed,
      seconds: options.seconds,
      passed: failures.length === 0,
      failures,
      schedule,
      steps,
      faultLog: faults.log,
      record: client.record,
      settledMs: settled.waitedMs,
      clocks: NODES.map((node) => {
        const boots = 1 + schedule.filter((fault) => fault.kind === 'kill' && fault.target === node).length;
        const seconds = Array.from(
          { length: boots },
          (_, boot) => `${(clockSkewMs(node, boot) / 1000).toFixed(1)} s`,
        );
        return `${node}: ${seconds.join(', ')}`;
      }),
      dir,
      kept: false,
    };
  } finally {
    await venue.close();
  }
  fs.writeFileSync(path.join(dir, 'report.txt'), fullReport(result));
  if (result.passed && !options.keep) fs.rmSync(dir, { recursive: true, force: true });
  else result.kept = true;
  return result;
}

const count = (attempts: Attempt[], outcome: Attempt['outcome']) =>
  attempts.filter((a) => a.outcome === outcome).length;

/** One line: the seed, passed or failed, and what the run did. */
export function summaryLine(result: ChaosResult): string {
  const { attempts } = result.record;
  const writes = attempts.filter((a) => a.step.kind !== 'check');
  const ackedAtKiosks = writes.filter((a) => a.outcome === 'acked' && a.step.node.startsWith('kiosk')).length;
  const listScans = writes.filter((a) =>
    ['admitted', 'reentered', 'exit_recorded'].includes(a.answeredResult ?? ''),
  ).length;
  const verdict = result.passed ? 'passed' : `FAILED (${result.failures.length} failures)`;
  return (
    `seed ${result.seed}: ${verdict}; ${count(writes, 'acked')} writes acked (${ackedAtKiosks} at kiosks), ` +
    `${count(writes, 'refused')} refused, ${count(writes, 'unknown')} unanswered, ${count(writes, 'skipped')} skipped; ` +
    `${listScans} scans on lists recorded; ` +
    `${result.faultLog.length} faults played; settled in ${(result.settledMs / 1000).toFixed(1)} s`
  );
}

/** What failed, by class, with the first differences of each, and how to replay it. */
export function failureReport(result: ChaosResult, perClass = 3): string {
  if (result.passed) return summaryLine(result);
  const byKind = new Map<string, Failure[]>();
  for (const failure of result.failures)
    byKind.set(failure.kind, [...(byKind.get(failure.kind) ?? []), failure]);
  const lines = [
    summaryLine(result),
    `  replay: npm run test:chaos -- --seed ${result.seed} --seconds ${result.seconds}`,
    `  data dirs, logs and the full report (schedule, steps, every answer): ${result.dir}`,
  ];
  for (const [kind, failures] of byKind) {
    lines.push(`  ${kind} (${failures.length}):`);
    for (const failure of failures.slice(0, perClass))
      lines.push(`    - ${failure.detail.split('\n').join('\n      ')}`);
  }
  lines.push(`  wall clocks off by, at each start: ${result.clocks.join('; ')}`);
  lines.push('  fault schedule:');
  for (const fault of result.schedule) lines.push(`    ${describeFault(fault)}`);
  return lines.join('\n');
}

function fullReport(result: ChaosResult): string {
  const lines = [failureReport(result, Infinity), '', 'faults as played:'];
  for (const entry of result.faultLog)
    lines.push(`  ${(entry.atMs / 1000).toFixed(1).padStart(6)} s  ${entry.what}`);
  lines.push('', 'steps as planned:');
  for (const step of result.steps) lines.push(`  ${describeStep(step)}`);
  lines.push('', 'attempts:');
  for (const attempt of result.record.attempts) {
    lines.push(
      `  ${(attempt.startedMs / 1000).toFixed(1).padStart(6)}-${(attempt.endedMs / 1000).toFixed(1)} s  ${attempt.step.node} ` +
        `${attempt.step.kind} ${attempt.step.event} ${attempt.step.email} -> ${attempt.outcome} ${attempt.status ?? ''} ` +
        `${JSON.stringify(attempt.answered)}${attempt.code ? ` code ${attempt.code}` : ''}` +
        `${attempt.list ? ` list ${attempt.list.uuid} ${attempt.list.direction} ${attempt.answeredResult ?? ''}` : ''}` +
        `${attempt.note ? ` (${attempt.note})` : ''}`,
    );
  }
  return lines.join('\n') + '\n';
}
