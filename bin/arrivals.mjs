#!/usr/bin/env node
// The `arrivals` command. The server is TypeScript run through tsx, so `npx arrivals` works from a fresh clone
// without a build step.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../server/cli.ts');
const code = await runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
});
process.exitCode = code;
