import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';

/** Every benchmark run, newest first: the README shows the current tables, this file keeps the runs behind them. */
export const HISTORY_FILE = fileURLToPath(new URL('./results.md', import.meta.url));

const HEADER = `# Benchmark history

Every run of \`npm run bench\`, \`npm run bench:kiosk\`, \`npm run bench:webhooks\` and the other benchmarks,
newest first, as each wrote it. The README shows the current tables and what they mean.
`;

/**
 * The machine a table was measured on, for the line above it: absolute figures mean nothing across machines, and
 * even ratios against a twin move with the CPU and with how busy the shared cores were
 * (`Machine: AMD EPYC, 2 cores; Node v20.20.2, linux; load average 1.2 at the end.`).
 */
export function machineHeader(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() || 'unknown CPU';
  const cores = `${cpus.length} ${cpus.length === 1 ? 'core' : 'cores'}`;
  const load = os.loadavg()[0]!.toFixed(1);
  return `Machine: ${model}, ${cores}; Node ${process.version}, ${os.platform()}; load average ${load} at the end.`;
}

/** A benchmark's report on stdout (its tables and notes), headed by the machine it ran on. */
export function printReport(report: string): void {
  process.stdout.write(`${machineHeader()}\n\n${report.trim()}\n`);
}

/**
 * Adds a run (a markdown section that starts with its own \`##\` heading) at the top of the history, formatted as
 * Prettier would, so the checked-in file passes \`npm run lint\`. The machine's line goes under the heading.
 */
export async function recordRun(section: string): Promise<void> {
  const existing = fs.existsSync(HISTORY_FILE) ? fs.readFileSync(HISTORY_FILE, 'utf8') : HEADER;
  const body = existing.startsWith(HEADER) ? existing.slice(HEADER.length) : `\n${existing}`;
  const [heading, ...rest] = section.trim().split('\n');
  const headed = [heading, '', machineHeader(), ...rest].join('\n');
  const markdown = `${HEADER}\n${headed}\n\n${body.trim()}\n`;
  const config = (await prettier.resolveConfig(HISTORY_FILE)) ?? {};
  fs.writeFileSync(HISTORY_FILE, await prettier.format(markdown, { ...config, parser: 'markdown' }));
}

/** `2026-11-24 10:06 UTC`. */
export const runStamp = (date = new Date()) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The machine a run had, and how busy it was when the run ended: a note for the run's record. */
export const machineAtEnd = () =>
  `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${os.platform()}, load average ${os.loadavg()[0]!.toFixed(1)} at the end.`;
