/**
 * `node --import tsx test/chaos/diagnose.ts RUN_DIR NODE`: why a node of a kept chaos run stopped syncing with its
 * upstream. Copies NODE (`hub` or a kiosk) and its upstream from RUN_DIR, starts the upstream as a process on its
 * copy, and runs one sync round of NODE in this process (a kiosk reads the feed; the hub pushes, then reads), printing
 * the error its sync loop keeps meeting: a replica's failed sync is not logged.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/platform/database.ts';
import { startServer } from '../helpers/server-process.ts';

const [runDir, node] = process.argv.slice(2);
if (!runDir || !node || node === 'online') {
  console.error('usage: node --import tsx test/chaos/diagnose.ts RUN_DIR hub|kiosk1|kiosk2|kiosk3');
  process.exit(2);
}
const upstreamName = node === 'hub' ? 'online' : 'hub';
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-chaos-diagnose-'));
for (const name of [node, upstreamName]) {
  fs.cpSync(path.join(runDir, name), path.join(copy, name), { recursive: true });
}
// The upstream serves as it is; whether it can reach its own upstream does not matter here.
const upstream = await startServer({
  dataDir: path.join(copy, upstreamName),
  readyPath: '/satellite/status',
});
const db = openDatabase(path.join(copy, node));
db.prepare('UPDATE sync_upstream SET url = ?').run(upstream.baseUrl);
db.close();
// Built and never made ready: its sync loops do not start; the round below is the only one.
const app = await buildApp({ dataDir: path.join(copy, node), kioskDir: false });
try {
  if (app.ctx.replica) await app.ctx.replica.pullNow();
  else await app.ctx.venue!.syncNow();
  console.log(`${node} synced with ${upstreamName} without an error.`);
} catch (error) {
  console.log(`${node} cannot sync with ${upstreamName}:`, error);
} finally {
  await app.close();
  await upstream.kill();
  fs.rmSync(copy, { recursive: true, force: true });
}
process.exit(0);
