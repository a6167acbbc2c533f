#!/usr/bin/env node
// `npm run test:stress`: the whole suite (`npm test`) while one busy loop per core keeps the machine at full load,
// as on a laptop doing something else. A test that passes only on an idle machine fails here. Not part of `npm test`.
import { spawn } from 'node:child_process';
import os from 'node:os';

const cores = os.availableParallelism();
const hogs = Array.from({ length: cores }, () =>
  spawn(process.execPath, ['-e', 'for(;;);'], { stdio: 'ignore' }),
);
const stopHogs = () => {
  for (const hog of hogs) if (hog.exitCode === null && hog.signalCode === null) hog.kill('SIGKILL');
};
process.on('exit', stopHogs);

console.log(`test:stress: ${cores} busy loop(s) running (pids ${hogs.map((hog) => hog.pid).join(', ')}).`);
const started = Date.now();
const suite = spawn('npm', ['test'], { stdio: 'inherit', shell: process.platform === 'win32' });

// Ctrl-C reaches npm test through the terminal; the hogs are ours to stop.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    suite.kill(signal);
    stopHogs();
  });
}

suite.on('exit', (code, signal) => {
  stopHogs();
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const outcome = code === 0 ? 'passed' : `failed (${signal ?? `exit code ${code}`})`;
  console.log(`test:stress: npm test ${outcome} under load in ${minutes} min.`);
  process.exit(code ?? 1);
});
