/**
 * A replica's outbox (sync/sync.repository.ts): what waits for the hub, read from the first op not acked on, and the
 * sequence numbers the hub asks for again after a restore from a backup.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase, SCHEMA_VERSION, type Db } from '../../server/platform/database.ts';
import { newOpId } from '../../server/sync/journal.ts';
import { syncRepository, type SyncRepository } from '../../server/sync/sync.repository.ts';
import type { OpKind, OpPayload } from '../../server/sync/sync.types.ts';
import { tempDataDir } from '../helpers/app.ts';

let db: Db;
let sync: SyncRepository;

beforeEach(() => {
  db = openDatabase(tempDataDir());
  sync = syncRepository(db);
  sync.pairWith({
    role: 'kiosk',
    url: 'http://127.0.0.1:1',
    deviceUuid: 'b1c0ffee-0000-4000-8000-000000000001',
    credential: 'secret',
    organizationUuid: 'b1c0ffee-0000-4000-8000-000000000002',
    eventIds: [],
    grantedNext: null,
    grantedTo: null,
    pairedAt: '2026-11-25T08:00:00Z',
  });
});

afterEach(() => db.close());

/** An op of this kiosk: by default a self check-in of one attendee. */
const enqueue = (
  kind: OpKind = 'check_in',
  payload: OpPayload = { event: 'e', attendee: 'a', via: 'self' },
): number =>
  sync.enqueueOp({
    op_id: newOpId(),
    device: 'b1c0ffee-0000-4000-8000-000000000001',
    kind,
    payload,
    wall_ms: 0,
    mono_ms: 0,
    boot_id: 'boot',
    schema_version: SCHEMA_VERSION,
  });

const seqs = (limit = 100) => sync.pendingOps(limit).map((op) => op.seq);
const ackedThrough = () =>
  (db.prepare('SELECT outbox_acked_through AS n FROM sync_upstream').get() as { n: number }).n;

it('waits with the ops not acked, from the first of them on', () => {
  const [a, b, c, d] = [enqueue(), enqueue(), enqueue(), enqueue()];
  expect(seqs()).toEqual([a, b, c, d]);
  expect(sync.pendingCount()).toBe(4);

  sync.ackOps([a, b], '2026-11-25T08:01:00Z');
  expect(ackedThrough()).toBe(b);
  expect(seqs()).toEqual([c, d]);
  expect(sync.pendingCount()).toBe(2);

  sync.ackOps([c, d], '2026-11-25T08:02:00Z');
  expect(ackedThrough()).toBe(d);
  expect(seqs()).toEqual([]);
  expect(sync.pendingCount()).toBe(0);
});

it('never skips an op left waiting before acked ones', () => {
  const [a, b, c] = [enqueue(), enqueue(), enqueue()];
  // Not what a hub answers (it acks the first ones), but what waits must never depend on it.
  sync.ackOps([b, c], '2026-11-25T08:01:00Z');
  expect(ackedThrough()).toBe(a - 1);
  expect(seqs()).toEqual([a]);
  expect(sync.pendingCount()).toBe(1);
});

it('sends again what a hub restored from a backup lost', () => {
  const [a, b, c] = [enqueue(), enqueue(), enqueue()];
  sync.ackOps([a, b, c], '2026-11-25T08:01:00Z');
  sync.unackAfter(a);
  expect(seqs()).toEqual([b, c]);
  expect(sync.pendingCount()).toBe(2);
  expect(sync.opsAfter(0, 10).map((op) => op.seq)).toEqual([a, b, c]);
});

it('numbers on after every acked op was pruned', () => {
  const first = [enqueue(), enqueue(), enqueue()];
  sync.ackOps(first, '2026-11-25T08:01:00Z');
  sync.pruneAckedBefore('2026-11-26T08:00:00Z');
  const next = enqueue();
  expect(next).toBe(first[2]! + 1);
  expect(seqs()).toEqual([next]);
  // The newest acked op stays for that; the older ones went.
  expect(sync.opsAfter(0, 10).map((op) => op.seq)).toEqual([first[2], next]);
});
