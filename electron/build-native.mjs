#!/usr/bin/env node
// Builds better-sqlite3 for Electron's ABI into out/native/better_sqlite3.node, from a copy of its sources in a
// temporary folder. node_modules keeps the Node build that the CLI and the tests load: nothing there is touched.
// Run by `npm run dist` and by `npm start` where Electron is installed. Needs network once (Electron's headers).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { rebuild } from '@electron/rebuild';

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const sqliteDir = path.dirname(require.resolve('better-sqlite3/package.json'));
const sqliteVersion = JSON.parse(fs.readFileSync(path.join(sqliteDir, 'package.json'), 'utf8')).version;
const electronVersion = JSON.parse(fs.readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
const target = path.join(root, 'out', 'native', 'better_sqlite3.node');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-native-'));
try {
  const copy = path.join(work, 'node_modules', 'better-sqlite3');
  // Sources only: the Node build in build/ must not be mistaken for an Electron one.
  fs.cpSync(sqliteDir, copy, {
    recursive: true,
    filter: (file) => !file.startsWith(path.join(sqliteDir, 'build')),
  });
  fs.writeFileSync(
    path.join(work, 'package.json'),
    JSON.stringify({
      name: 'arrivals-native',
      private: true,
      dependencies: { 'better-sqlite3': sqliteVersion },
    }),
  );
  console.error(`Building better-sqlite3 ${sqliteVersion} for Electron ${electronVersion}…`);
  await rebuild({
    buildPath: work,
    electronVersion,
    arch: process.env.npm_config_arch || process.arch,
    onlyModules: ['better-sqlite3'],
    force: true,
  });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(path.join(copy, 'build', 'Release', 'better_sqlite3.node'), target);
  console.error(`Wrote ${path.relative(root, target)}`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
