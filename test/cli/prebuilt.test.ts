import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { BUNDLE_DIR, buildServerBundle } from '../../bin/server-bundle.mjs';
import { registration } from '../helpers/app.ts';
import { seedWebhookOrganization, startReceiver, verifyWithLibrary } from '../helpers/webhooks.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A directory standing for a checkout, whose packages are this one's. */
function checkout(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-prebuilt-'));
  dirs.push(dir);
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  return dir;
}

/**
 * `serve` from the bundle alone, in a directory with no server/ beside it: anything left pointing at a source
 * would fail. Resolves once it listens.
 */
async function serveBundle(dir: string, ...args: string[]) {
  const script = `
    const { runCli } = await import(${JSON.stringify(pathToFileURL(path.join(dir, BUNDLE_DIR, 'cli.js')).href)});
    process.exitCode = await runCli(process.argv.slice(1), { out: console.log, err: console.error });
  `;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', script, 'serve', '--host', '127.0.0.1', '--port', '0', ...args],
    { cwd: dir, env: { ...process.env, ARRIVALS_LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let stderr = '';
  const origin = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /at http:\/\/localhost:(\d+)\//.exec(stderr);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.once('exit', () => reject(new Error(`serve exited: ${stderr}`)));
  });
  return {
    origin,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('the prebuilt server (out/server)', () => {
  it('serves the screens from out/renderer beside it, as a hub and as a satellite', async () => {
    const dir = checkout();
    await buildServerBundle({ root: ROOT, outDir: path.join(dir, BUNDLE_DIR) });
    fs.mkdirSync(path.join(dir, 'out/renderer'));
    fs.writeFileSync(
      path.join(dir, 'out/renderer/index.html'),
      '<!doctype html><title>built screens</title>\n',
    );

    const hub = await serveBundle(dir, '--data', path.join(dir, 'data'));
    // The satellite's proxy is a chunk of its own, loaded only by a satellite.
    const satellite = await serveBundle(dir, '--hub', hub.origin.replace('http://', ''));
    try {
      // The migrations are part of the bundle.
      expect(fs.existsSync(path.join(dir, 'data/arrivals.db'))).toBe(true);
      for (const { origin } of [hub, satellite]) {
        const home = await fetch(`${origin}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain('built screens');
      }
      expect(await (await fetch(`${satellite.origin}/satellite/status`)).json()).toEqual({
        satellite: true,
        hub: hub.origin,
        hub_reachable: true,
      });
      expect(
        (await fetch(`${satellite.origin}/public/events/00000000-0000-4000-8000-000000000000`)).status,
      ).toBe(404);
      // Swagger UI is bundled too, and finds its page files in node_modules.
      const openapi = (await (await fetch(`${hub.origin}/openapi.json`)).json()) as { openapi: string };
      expect(openapi.openapi).toBe('3.1.0');
      const docs = await fetch(`${hub.origin}/docs`);
      expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await docs.text()).toContain('swagger-ui-bundle.js');
      for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'swagger-initializer.js']) {
        const response = await fetch(`${hub.origin}/docs/static/${asset}`);
        expect(response.status, asset).toBe(200);
        expect((await response.arrayBuffer()).byteLength, asset).toBeGreaterThan(100);
      }
      // The CSV import's worker sits beside the bundle, where the server looks for it, and runs on its own.
      const worker = new Worker(path.join(dir, BUNDLE_DIR, 'import.worker.js'), {
        workerData: { dataDir: path.join(dir, 'data') },
      });
      try {
        const job = {
          eventId: 999,
          body: JSON.stringify({ rows: [{ email: 'a@example.com' }] }),
          at: new Date().toISOString(),
        };
        const answer = new Promise((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
        });
        worker.postMessage({ type: 'import', job });
        expect(await answer).toEqual({
          type: 'done',
          outcome: { ok: false, reason: 'event_not_found' },
          queued: false,
        });
      } finally {
        await worker.terminate();
      }
    } finally {
      expect(await satellite.stop()).toBe(0);
      expect(await hub.stop()).toBe(0);
    }
  }, 30_000);

  // undici is loaded at the first delivery, and a bundle gives a dynamic import of a CommonJS package only a default
  // export: the sources through tsx sent webhooks while the bundle, what `npm start` runs, failed every one.
  it('sends webhooks, signed, to an allowed host', async () => {
    const dir = checkout();
    await buildServerBundle({ root: ROOT, outDir: path.join(dir, BUNDLE_DIR) });
    const receiver = await startReceiver();
    const dataDir = path.join(dir, 'data');
    fs.mkdirSync(dataDir);
    const { eventUuid, secret } = seedWebhookOrganization(dataDir, receiver.url);
    const hub = await serveBundle(dir, '--data', dataDir);
    try {
      const registered = await fetch(`${hub.origin}/public/events/${eventUuid}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(registration('bundle@example.com')),
      });
      expect(registered.status).toBe(201);
      // A real process sends in the background: wait for the request to arrive, however busy the machine is.
      await expect.poll(() => receiver.requests.length, { timeout: 30_000 }).toBeGreaterThan(0);
      const [request] = receiver.requests;
      expect(verifyWithLibrary(secret, request!)).toMatchObject({ type: 'attendee.registered' });
    } finally {
      expect(await hub.stop()).toBe(0);
      await receiver.close();
    }
  }, 60_000);

  it('bin/arrivals.mjs runs it while it matches the sources, and the sources through tsx once they change', async () => {
    const dir = checkout();
    fs.mkdirSync(path.join(dir, 'bin'));
    for (const file of ['arrivals.mjs', 'server-bundle.mjs']) {
      fs.copyFileSync(path.join(ROOT, 'bin', file), path.join(dir, 'bin', file));
    }
    // Stand-ins for the real entries, saying which of the two ran.
    const source = path.join(dir, 'server/cli.ts');
    fs.mkdirSync(path.dirname(source));
    fs.writeFileSync(
      source,
      `export async function runCli(_argv: string[], io: { out: (line: string) => void }): Promise<number> {
        io.out(import.meta.url.endsWith('.ts') ? 'source' : 'bundle');
        return 0;
      }\n`,
    );
    fs.mkdirSync(path.join(dir, 'electron'));
    fs.writeFileSync(
      path.join(dir, 'electron/find-electron.ts'),
      'export const findElectronBinary = null;\n',
    );
    fs.mkdirSync(path.join(dir, 'server/attendees'));
    fs.writeFileSync(path.join(dir, 'server/attendees/import.worker.ts'), 'export {};\n');
    const arrivals = async () =>
      (await run(process.execPath, [path.join(dir, 'bin/arrivals.mjs')], { cwd: dir })).stdout.trim();
    const setMtime = (file: string, ms: number) => fs.utimesSync(file, new Date(ms), new Date(ms));

    expect(await arrivals(), 'never built').toBe('source');

    setMtime(source, Date.now() - 60_000);
    await buildServerBundle({ root: dir });
    expect(await arrivals(), 'just built').toBe('bundle');

    fs.appendFileSync(source, '// an edit\n');
    expect(await arrivals(), 'a source edited after the build').toBe('source');

    setMtime(source, Date.now() - 60_000);
    await buildServerBundle({ root: dir });
    expect(await arrivals(), 'built again').toBe('bundle');

    setMtime(source, Date.now() - 3_600_000);
    expect(await arrivals(), 'a source replaced by an older copy').toBe('source');
  }, 60_000);
});
