#!/usr/bin/env node
// `npm run build` and `npm install` (prepare): the server as one JavaScript file per entry in out/server, so
// `arrivals` starts without compiling TypeScript (bin/server-bundle.mjs).
import { BUNDLE_DIR, buildServerBundle } from './server-bundle.mjs';

const began = performance.now();
const { inputs, outputs } = await buildServerBundle();
console.log(
  `${BUNDLE_DIR}: ${outputs.join(', ')} from ${Object.keys(inputs).length} files in ${Math.round(performance.now() - began)} ms`,
);
