import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../../electron/find-electron.ts';
import { tempDataDir } from '../../helpers/app.ts';
import { freePort } from '../../helpers/server-process.ts';

const START = fileURLToPath(new URL('../../../bin/start.mjs', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-electron-pkg-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** An electron package folder as npm leaves it, with or without the downloaded binary. */
function electronPackage(options: { pathTxt?: string; binary?: 'executable' | 'plain' }): string {
  const dir = tempDir();
  if (options.pathTxt !== undefined) fs.writeFileSync(path.join(dir, 'path.txt'), options.pathTxt);
  if (options.binary) {
    fs.mkdirSync(path.join(dir, 'dist'));
    fs.writeFileSync(path.join(dir, 'dist', 'electron'), '#!/bin/sh\n', {
      mode: options.binary === 'executable' ? 0o755 : 0o644,
    });
  }
  return dir;
}

describe('findElectronBinary', () => {
  it('finds the binary that path.txt names in dist/', () => {
    const dir = electronPackage({ pathTxt: 'electron', binary: 'executable' });
    expect(findElectronBinary(dir, {})).toEqual({ found: true, binary: path.join(dir, 'dist', 'electron') });
  });

  it.each([
    ['no electron package', null, 'the electron package is not installed'],
    ['a package whose binary was never downloaded (this machine)', {}, "Electron's binary is not installed"],
    ['path.txt without the binary', { pathTxt: 'electron' }, "Electron's binary is missing from"],
    [
      'a binary that is not executable',
      { pathTxt: 'electron', binary: 'plain' as const },
      "Electron's binary is missing from",
    ],
  ])('reports %s, without downloading anything', (_why, options, reason) => {
    const result = findElectronBinary(options === null ? null : electronPackage(options), {});
    expect(result.found).toBe(false);
    if (!result.found) expect(result.reason).toContain(reason);
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH like the electron package does', () => {
    const dist = path.join(electronPackage({ pathTxt: 'electron', binary: 'executable' }), 'dist');
    expect(findElectronBinary(electronPackage({}), { ELECTRON_OVERRIDE_DIST_PATH: dist })).toEqual({
      found: true,
      binary: path.join(dist, 'electron'),
    });
    expect(findElectronBinary(electronPackage({}), { ELECTRON_OVERRIDE_DIST_PATH: tempDir() }).found).toBe(
      false,
    );
  });

  it("knows this checkout's electron package has no binary (TOOLCHAIN.md)", () => {
    const installed = path.dirname(fileURLToPath(import.meta.resolve('electron/package.json')));
    if (fs.existsSync(path.join(installed, 'dist'))) return; // a machine where Electron was downloaded
    expect(findElectronBinary(installed, {}).found).toBe(false);
  });
});

describe('npm start without Electron', () => {
  it('says so in one line and serves the kiosk headless, stopping cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const env: NodeJS.ProcessEnv = { ...process.env, ARRIVALS_LOG_LEVEL: 'warn' };
    delete env.ELECTRON_OVERRIDE_DIST_PATH;
    const child = spawn(
      process.execPath,
      [START, '--port', String(port), '--host', '127.0.0.1', '--data', dataDir],
      {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.resume();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      let status: unknown = null;
      for (let i = 0; i < 200 && status === null; i++) {
        status = await fetch(`http://127.0.0.1:${port}/satellite/status`).then(
          (r) => r.json(),
          () => null,
        );
        if (status === null) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status, stderr).toEqual({ satellite: false, hub: null, hub_reachable: null });
      const notices = stderr.split('\n').filter((line) => line.includes('no desktop window here'));
      expect(notices).toEqual([
        `arrivals: Electron's binary is not installed (and it cannot be fetched offline), so no desktop window here; serving the kiosk and dashboard headless at http://localhost:${port} instead.`,
      ]);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 30_000);
});
