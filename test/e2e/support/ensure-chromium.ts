/**
 * Makes sure the browser tests have a Chromium before they run (`npm test` calls this): Debian's package where
 * apt-get is there and we are root, else Playwright's own download. Exits non-zero when none can be had, so the
 * browser tests fail rather than being skipped.
 */
import { spawnSync } from 'node:child_process';
import { findChromium } from './chromium.ts';

function run(command: string, args: string[]): boolean {
  console.log(`$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit' }).status === 0;
}

const hasAptGet = () => spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

function install(): void {
  if (process.platform === 'linux' && process.getuid?.() === 0 && hasAptGet()) {
    if (run('apt-get', ['update']) && run('apt-get', ['install', '-y', 'chromium'])) return;
    console.error("Installing Debian's chromium failed; trying Playwright's download.");
  }
  run('npx', ['playwright', 'install', 'chromium']);
}

let found = findChromium();
if (!found && !process.env.CHROMIUM_PATH) {
  console.log('No Chromium found for the browser tests; installing one.');
  install();
  found = findChromium();
}
if (!found) {
  console.error(
    process.env.CHROMIUM_PATH
      ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file.`
      : 'No Chromium could be found or installed; the browser tests cannot run.',
  );
  process.exit(1);
}
console.log(`Browser tests use ${found.executablePath} (${found.source}).`);
