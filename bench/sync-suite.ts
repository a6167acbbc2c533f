/**
 * `npm run bench:sync [-- options]`: the replica kiosks' bench (bench/sync.ts, which takes the options), then the
 * online upstream's (bench/upstream.ts). It exits with the first one's code if that failed, else the second's;
 * `--help` and a usage error (exit code 2) stop after the first.
 */
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const run = (script: string, scriptArgs: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', script, ...scriptArgs], { stdio: 'inherit' }).status ?? 1;

const kiosks = run('bench/sync.ts', args);
if (args.includes('--help') || kiosks === 2) process.exit(kiosks);
const upstream = run('bench/upstream.ts', []);
process.exit(kiosks !== 0 ? kiosks : upstream);
