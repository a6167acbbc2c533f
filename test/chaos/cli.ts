/**
 * `npm run test:chaos -- [--seeds N] [--seed S] [--seconds T] [--keep]`: long chaos runs, one seed after another
 * (test/chaos/README.md). Seeds S, S+1, ... S+N-1; without --seed, S is drawn and printed. Each seed's result is
 * printed as it ends; the exit code is 1 if any failed.
 */
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildTemplate, removeTemplate } from './processes.ts';
import { failureReport, runChaos } from './run.ts';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '1' },
    seed: { type: 'string' },
    seconds: { type: 'string', default: '60' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
const USAGE = 'usage: npm run test:chaos -- [--seeds N] [--seed S] [--seconds T] [--keep]';
if (values.help) {
  console.log(
    `${USAGE}\n\n  --seeds N    how many seeds to run, one after another (default 1)\n` +
      '  --seed S     the first seed (default: one drawn at random, printed)\n' +
      '  --seconds T  how long each run writes and faults (default 60)\n' +
      '  --keep       keep the data dirs, logs and report of passing seeds too (failing ones are always kept)',
  );
  process.exit(0);
}
const seeds = Number(values.seeds);
const first = values.seed !== undefined ? Number(values.seed) : randomInt(1, 2 ** 31);
const seconds = Number(values.seconds);
if (![seeds, first, seconds].every((n) => Number.isSafeInteger(n) && n >= 0) || seeds < 1 || seconds < 1) {
  console.error(USAGE);
  process.exit(2);
}

// The server prebuilt: a process starts in a fraction of the time tsx takes, and the run restarts dozens of them.
// A bundle older than the sources is never used (bin/server-bundle.mjs), so this only saves time.
execFileSync(process.execPath, [path.join(import.meta.dirname, '../../bin/build-server.mjs')], {
  stdio: 'ignore',
});

console.log(`chaos: ${seeds} seed(s) from ${first}, ${seconds} s each; setting up the venue...`);
const template = await buildTemplate();
let failed = 0;
try {
  for (let seed = first; seed < first + seeds; seed++) {
    const result = await runChaos(template, {
      seed,
      seconds,
      keep: values.keep,
      log: (line) => console.log(`  ${line}`),
    });
    if (!result.passed) failed += 1;
    console.log(failureReport(result));
  }
} finally {
  removeTemplate(template);
}
console.log(
  `chaos: ${seeds - failed} of ${seeds} seed(s) passed (seeds ${first}-${first + seeds - 1}, ${seconds} s each).`,
);
// Explicitly: Node 20 may spin for ever in its exit cleanup after sockets reset mid-connect (nodejs/node#47748).
process.exit(failed > 0 ? 1 : 0);
