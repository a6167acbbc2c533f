#!/usr/bin/env node
// `npm start` (after `npm run build`): the Electron kiosk where Electron's binary is installed; elsewhere one
// line saying so and the same kiosk and dashboard served headless, as `arrivals serve` does. Never downloads.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { importServer, ROOT as root } from './server-bundle.mjs';

const args = process.argv.slice(2);
const { findElectronBinary } = await importServer('find-electron');

let electronDir = null;
try {
  electronDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
} catch {
  // Not installed (a production install without devDependencies): serve headless.
}

/** @param {string} reason */
async function serveHeadless(reason) {
  const portFlag = args.indexOf('--port');
  const port = (portFlag >= 0 ? args[portFlag + 1] : undefined) ?? process.env.ARRIVALS_PORT ?? '8787';
  process.stderr.write(
    `arrivals: ${reason}, so no desktop window here; serving the kiosk and dashboard headless at http://localhost:${port} instead.\n`,
  );
  const { runCli } = await importServer('cli');
  process.exitCode = await runCli(['serve', ...args], {
    out: (line) => process.stdout.write(line + '\n'),
    err: (line) => process.stderr.write(line + '\n'),
  });
}

/** better-sqlite3 built for Electron's ABI, beside (never instead of) Node's build: electron/README.md. */
function ensureElectronSqlite() {
  if (fs.existsSync(path.join(root, 'out', 'native', 'better_sqlite3.node'))) return true;
  const build = spawnSync(process.execPath, [path.join(root, 'electron', 'build-native.mjs')], {
    cwd: root,
    stdio: 'inherit',
    timeout: 300_000,
  });
  return build.status === 0;
}

const electron = findElectronBinary(electronDir);
if (!electron.found) {
  await serveHeadless(`${electron.reason} (and it cannot be fetched offline)`);
} else if (!ensureElectronSqlite()) {
  await serveHeadless('better-sqlite3 could not be built for Electron (electron/build-native.mjs)');
} else {
  const child = spawn(electron.binary, [root, ...args], { cwd: root, stdio: 'inherit' });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
    process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal ? 1 : 0);
  });
}
