import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openApiDocument } from '../../bin/api-types.mjs';

/**
 * The document as a running server answers it, linted by Redocly CLI (redocly.yaml: its recommended rules) and
 * Spectral (.spectral.yaml: its OpenAPI ruleset): no errors and no warnings from either. Each config says why a rule
 * is off.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        cwd: ROOT,
        timeout: 90_000,
        maxBuffer: 64 * 1024 * 1024,
        // Redocly would otherwise phone home (usage telemetry, update checks) from a test.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

let dir: string;
let file: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-openapi-'));
  file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(await openApiDocument(), null, 2));
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('passes Redocly CLI and Spectral with neither errors nor warnings', { timeout: 120_000 }, async () => {
  // Side by side: each CLI spends most of its time starting up.
  const [redocly, spectral] = await Promise.all([
    run(bin('redocly'), ['lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format=json']),
    run(bin('spectral'), [
      'lint',
      file,
      '--ruleset',
      path.join(ROOT, '.spectral.yaml'),
      '--format=json',
      '--quiet',
    ]),
  ]);

  const redoclyReport = JSON.parse(redocly.stdout) as {
    totals: { errors: number; warnings: number };
    problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
  };
  expect(
    redoclyReport.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`),
    'Redocly CLI',
  ).toEqual([]);
  expect(redoclyReport.totals).toMatchObject({ errors: 0, warnings: 0 });
  expect(redocly.code, redocly.stderr).toBe(0);

  const spectralReport = JSON.parse(spectral.stdout) as { code: string; message: string; path: string[] }[];
  expect(
    spectralReport.map((p) => `${p.code} ${p.path.join('.')}: ${p.message}`),
    'Spectral',
  ).toEqual([]);
  expect(spectral.code, spectral.stderr).toBe(0);
});
