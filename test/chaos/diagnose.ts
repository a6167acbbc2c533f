/**
 * `node --import tsx test/chaos/diagnose.ts RUN_DIR NODE [--trace-aliases]`: why a node of a kept chaos run stopped
 * reading its upstream's feed. Copies NODE (`hub` or a kiosk) and its upstream from RUN_DIR, starts the upstream as
 * a process on the copy, and has NODE's replica read the feed in this process, printing the error its sync loop
 * keeps meeting (a replica's failed pull is not logged). With --trace-aliases, every alias it adds is printed with
 * the alias that already holds its number.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemClock } from '../../server/platform/clock.ts';
import { openDatabase, SCHEMA_VERSION } from '../../server/platform/database.ts';
import { createStore } from '../../server/store.ts';
import { applyService } from '../../server/sync/apply.service.ts';
import { feedRepository } from '../../server/sync/feed.repository.ts';
import { replayRepository } from '../../server/sync/replay.repository.ts';
import { DEFAULT_REPLICA_OPTIONS, replicaService } from '../../server/sync/replica.service.ts';
import { syncRepository } from '../../server/sync/sync.repository.ts';
import { silentNotifier } from '../../server/webhooks/notifier.ts';
import { startServer } from '../helpers/server-process.ts';

const [runDir, node, flag] = process.argv.slice(2);
if (!runDir || !node || node === 'online') {
  console.error(
    'usage: node --import tsx test/chaos/diagnose.ts RUN_DIR hub|kiosk1|kiosk2|kiosk3 [--trace-aliases]',
  );
  process.exit(2);
}
const upstreamName = node === 'hub' ? 'online' : 'hub';
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-chaos-diagnose-'));
for (const name of [node, upstreamName]) {
  fs.cpSync(path.join(runDir, name), path.join(copy, name), { recursive: true });
}
// The upstream serves its feed as it is; whether it can reach its own upstream does not matter here.
const upstream = await startServer({
  dataDir: path.join(copy, upstreamName),
  readyPath: '/satellite/status',
});
const db = openDatabase(path.join(copy, node));
db.prepare('UPDATE sync_upstream SET url = ?').run(upstream.baseUrl);
const store = createStore(db, systemClock);
const sync = syncRepository(db);
if (flag === '--trace-aliases') {
  const addAlias = sync.addAlias.bind(sync);
  sync.addAlias = (...args: Parameters<typeof addAlias>) => {
    const [uuid, number, attendeeId] = args;
    const holder = db
      .prepare(
        `SELECT al.uuid, a.uuid AS attendee, a.email FROM attendee_aliases al JOIN attendees a ON a.id = al.attendee_id
         WHERE al.number = ? AND al.uuid <> ?`,
      )
      .get(number, uuid);
    const target = db.prepare('SELECT uuid, email FROM attendees WHERE id = ?').get(attendeeId);
    console.log('alias', uuid, '#', number, '->', target, holder ? ['number held by', holder] : '');
    return addAlias(...args);
  };
}
const apply = applyService(store, sync, replayRepository(db), silentNotifier);
const replica = replicaService(
  store,
  sync,
  feedRepository(db),
  apply,
  SCHEMA_VERSION,
  DEFAULT_REPLICA_OPTIONS,
);
try {
  await replica.pullNow();
  console.log(`${node} read ${upstreamName}'s feed to its end:`, sync.upstream()?.pulledRev);
} catch (error) {
  console.log(`${node} cannot read ${upstreamName}'s feed:`, error);
} finally {
  db.close();
  await upstream.kill();
  fs.rmSync(copy, { recursive: true, force: true });
}
process.exit(0);
