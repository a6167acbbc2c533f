/**
 * The chaos run in short (test/chaos/README.md): a few fixed seeds of a few seconds each, an online server, a hub and
 * three kiosks as real processes, faults on every link and process, a mixed workload on every tier, then every check
 * of run.ts. Long runs: `npm run test:chaos -- --seeds N`.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTemplate, removeTemplate, type Template } from './processes.ts';
import { failureReport, runChaos } from './run.ts';

const SEEDS = [1, 2, 3];
const SECONDS = 12;

let template: Template;

beforeAll(async () => {
  template = await buildTemplate();
}, 300_000);
afterAll(() => {
  if (template) removeTemplate(template);
});

for (const seed of SEEDS) {
  it(`seed ${seed}: every acked write on every node, one state everywhere, no 5xx, nothing left waiting`, async () => {
    const result = await runChaos(template, { seed, seconds: SECONDS });
    expect(result.failures, failureReport(result)).toEqual([]);
  }, 300_000);
}
