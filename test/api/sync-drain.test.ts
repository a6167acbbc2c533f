/**
 * A kiosk that worked alone for a long while (docs/sync.md, "Ops"): 10,000 registrations queued in its outbox reach
 * the hub in batches once it is back, each once, and the hub's Sync page shows what a kiosk said was waiting.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { pairedReplicaDir } from '../helpers/replica.ts';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import {
  createEvent,
  createOrganization,
  startTestApp,
  testClock,
  UNLIMITED,
  type TestApp,
} from '../helpers/app.ts';

const QUEUED = 10_000;

let hub: TestApp;
let event: EventRecord;
let replica: FastifyInstance;
let replicaDir: string;

beforeEach(async () => {
  hub = await startTestApp();
  await hub.app.listen({ host: '127.0.0.1', port: 0 });
  const organization = createOrganization(hub.app);
  event = createEvent(hub.app, organization);
  const clock = testClock();
  replicaDir = await pairedReplicaDir(hub.app, organization.id, [event.uuid], clock, 'Door 9');
  // Never made ready, so its sync loops never start: it syncs only when the test says so.
  replica = await buildApp({ dataDir: replicaDir, clock, rateLimits: UNLIMITED, kioskDir: false });
  await replica.ctx.replica!.syncNow();
});

afterEach(async () => {
  await replica.close();
  await hub.close();
  fs.rmSync(replicaDir, { recursive: true, force: true });
});

it('10,000 registrations queued on a kiosk drain to the hub once, in batches', async () => {
  const local = replica.ctx.events.findEvent(event.uuid)!;
  for (let i = 0; i < QUEUED; i++) {
    const outcome = replica.ctx.registrations.addWalkIn(local, {
      email: `queued${i}@example.com`,
      first_name: 'Queued',
      last_name: `Guest ${i}`,
    });
    if (!outcome.ok) throw new Error(outcome.reason);
  }
  expect(replica.ctx.replica!.status().waiting).toBe(QUEUED);

  await replica.ctx.replica!.syncNow();

  expect(replica.ctx.replica!.status().waiting).toBe(0);
  const held = hub.app.store.db
    .prepare('SELECT count(*) AS n, count(DISTINCT uuid) AS uuids FROM attendees WHERE event_id = ?')
    .get(event.id);
  expect(held).toEqual({ n: QUEUED, uuids: QUEUED });
  const applied = hub.app.store.db.prepare('SELECT count(*) FROM sync_applied_ops').pluck().get();
  expect(applied).toBe(QUEUED);
  // The kiosk's ids and UUIDs are the hub's.
  const sample = replica.store.db
    .prepare("SELECT id, uuid FROM attendees WHERE email = 'queued4321@example.com'")
    .get();
  expect(
    hub.app.store.db.prepare("SELECT id, uuid FROM attendees WHERE email = 'queued4321@example.com'").get(),
  ).toEqual(sample);
}, 180_000);

it('a push under way reaches the feed when the hub answers it, not chunk by chunk', async () => {
  // Its chunks are committed without waiting for the disk (sync/hub.service.ts): until the answer's commit makes them
  // durable, no replica may read what a power cut could take back.
  const local = replica.ctx.events.findEvent(event.uuid)!;
  // Several chunks' worth (APPLY_CHUNK_OPS, sync/hub.service.ts).
  for (let i = 0; i < 300; i++) {
    const outcome = replica.ctx.registrations.addWalkIn(local, {
      email: `chunked${i}@example.com`,
      first_name: 'Chunked',
      last_name: `Guest ${i}`,
    });
    if (!outcome.ok) throw new Error(outcome.reason);
  }
  const revision = () => hub.app.store.db.prepare('SELECT revision FROM sync_meta').pluck().get() as number;
  const before = revision();
  let done = false;
  const pushed = replica.ctx.replica!.syncNow().finally(() => (done = true));
  const seen: { written: number; visible: number }[] = [];
  while (!done) {
    seen.push({ written: revision(), visible: hub.app.ctx.syncHub.currentRevision() });
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await pushed;

  const midway = seen.filter((look) => look.written > before && look.written < revision());
  expect(midway.length).toBeGreaterThan(0);
  for (const look of midway) expect(look.visible).toBe(before);
  expect(hub.app.ctx.syncHub.currentRevision()).toBe(revision());
  // Every other write waits for the disk, as before.
  expect(hub.app.store.db.pragma('synchronous', { simple: true })).toBe(2);
});
