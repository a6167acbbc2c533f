#!/usr/bin/env node
// The `arrivals` command. It runs the prebuilt server (out/server, made by `npm install` and `npm run build`) while
// that matches the TypeScript sources, else the sources themselves through tsx: `npx arrivals` works from any
// checkout, and an edit to server/ takes effect at the next start without a build (bin/server-bundle.mjs).
import { importServer } from './server-bundle.mjs';

const { runCli } = await importServer('cli');
const code = await runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
});
process.exitCode = code;
