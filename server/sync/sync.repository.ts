import Database from 'better-sqlite3';
import type { Db } from '../platform/database.ts';
import { FIRST_GRANTED_ID } from './id-ranges.rules.ts';
import type {
  ConflictKind,
  ConflictRecord,
  DeviceRecord,
  Op,
  OpKind,
  OpOutcome,
  UpstreamRecord,
} from './sync.types.ts';

export interface SyncMeta {
  nodeId: string;
  epoch: string;
  revision: number;
}

interface DeviceRow {
  id: number;
  uuid: string;
  organization_id: number;
  name: string;
  kind: 'kiosk' | 'venue';
  api_token_id: number | null;
  event_ids: string;
  created_at: string;
  revoked_at: string | null;
  last_contact_at: string | null;
  last_pulled_rev: number;
  acked_seq: number;
  waiting_ops: number;
  clock_offset_ms: number | null;
  granted_from: number | null;
  granted_to: number | null;
}

const toDevice = (row: DeviceRow): DeviceRecord => ({
  id: row.id,
  uuid: row.uuid,
  organizationId: row.organization_id,
  name: row.name,
  kind: row.kind,
  apiTokenId: row.api_token_id,
  eventIds: JSON.parse(row.event_ids) as string[],
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
  lastContactAt: row.last_contact_at,
  lastPulledRev: row.last_pulled_rev,
  ackedSeq: row.acked_seq,
  waitingOps: row.waiting_ops,
  clockOffsetMs: row.clock_offset_ms,
  grantedFrom: row.granted_from,
  grantedTo: row.granted_to,
});

interface ConflictRow {
  uuid: string;
  event_id: number;
  attendee_uuid: string;
  kind: ConflictKind;
  op_id: string;
  device_uuid: string;
  details: string;
  created_at: string;
  acknowledged_at: string | null;
}

const toConflict = (row: ConflictRow): ConflictRecord => ({
  uuid: row.uuid,
  eventId: row.event_id,
  attendeeUuid: row.attendee_uuid,
  kind: row.kind,
  opId: row.op_id,
  deviceUuid: row.device_uuid,
  details: JSON.parse(row.details) as Record<string, unknown>,
  createdAt: row.created_at,
  acknowledgedAt: row.acknowledged_at,
});

interface UpstreamRow {
  role: 'kiosk' | 'venue';
  url: string;
  device_uuid: string;
  credential: string;
  organization_uuid: string;
  event_ids: string;
  upstream_epoch: string | null;
  pulled_rev: number;
  acked_seq: number;
  granted_next: number | null;
  granted_to: number | null;
  paired_at: string;
  snapshot_cleanup: number;
}

const toUpstream = (row: UpstreamRow): UpstreamRecord => ({
  role: row.role,
  url: row.url,
  deviceUuid: row.device_uuid,
  credential: row.credential,
  organizationUuid: row.organization_uuid,
  eventIds: JSON.parse(row.event_ids) as string[],
  upstreamEpoch: row.upstream_epoch,
  pulledRev: row.pulled_rev,
  ackedSeq: row.acked_seq,
  grantedNext: row.granted_next,
  grantedTo: row.granted_to,
  pairedAt: row.paired_at,
  snapshotCleanup: row.snapshot_cleanup === 1,
});

interface OutboxRow {
  seq: number;
  op_id: string;
  origin_device: string;
  kind: OpKind;
  payload: string;
  wall_ms: number;
  boot_id: string;
  mono_ms: number;
  schema_version: number;
  time_uncertain: number;
}

const toOp = (row: OutboxRow): Op => ({
  op_id: row.op_id,
  seq: row.seq,
  device: row.origin_device,
  kind: row.kind,
  payload: JSON.parse(row.payload) as Op['payload'],
  wall_ms: row.wall_ms,
  mono_ms: row.mono_ms,
  boot_id: row.boot_id,
  schema_version: row.schema_version,
  ...(row.time_uncertain ? { time_uncertain: true } : {}),
});

/** How many of a device's boots keep their clock readings (an op of an older boot is timed by the offset). */
const KEPT_BOOTS = 8;

/**
 * The sync feature's SQL: the revision counter, devices and pairing codes, applied ops, clock anchors, conflicts
 * and aliases on a hub; the upstream and the outbox on a replica; and the feed's reads of every replicated table.
 */
export function syncRepository(db: Db) {
  const meta = db.prepare<[], { node_id: string; epoch: string; revision: number }>(
    'SELECT node_id, epoch, revision FROM sync_meta WHERE id = 1',
  );
  // An import writing its rows in chunks (migration 012) holds the feed back to the revision before its first.
  const horizon = db
    .prepare<[], number>(
      `SELECT min(revision, coalesce((SELECT min(first_rev) - 1 FROM imports_under_way), revision))
       FROM sync_meta WHERE id = 1`,
    )
    .pluck();
  const setEpoch = db.prepare<[string]>('UPDATE sync_meta SET epoch = ? WHERE id = 1');
  const grantIds = db.prepare<{ floor: number; count: number }, { start: number }>(
    `UPDATE sync_meta SET next_granted_id = max(next_granted_id, @floor) + @count WHERE id = 1
     RETURNING next_granted_id - @count AS start`,
  );

  const insertDevice = db.prepare<Record<string, unknown>, DeviceRow>(
    `INSERT INTO sync_devices (uuid, organization_id, name, kind, api_token_id, credential_hash, event_ids, created_at)
     VALUES (@uuid, @organization_id, @name, @kind, @api_token_id, @credential_hash, @event_ids, @created_at)
     RETURNING *`,
  );
  const deviceByCredential = db.prepare<[string], DeviceRow>(
    'SELECT * FROM sync_devices WHERE credential_hash = ?',
  );
  const deviceByUuid = db.prepare<[string], DeviceRow>('SELECT * FROM sync_devices WHERE uuid = ?');
  const devicesOf = db.prepare<[number], DeviceRow>(
    'SELECT * FROM sync_devices WHERE organization_id = ? ORDER BY created_at, id',
  );
  const revokeDevice = db.prepare<[string, number]>(
    'UPDATE sync_devices SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
  );
  const touchDevice = db.prepare<[string, number, number]>(
    'UPDATE sync_devices SET last_contact_at = ?, waiting_ops = ? WHERE id = ?',
  );
  const pulledBy = db.prepare<[number, string, number]>(
    'UPDATE sync_devices SET last_pulled_rev = ?, last_contact_at = ? WHERE id = ?',
  );
  const setAcked = db.prepare<[number, number]>(
    'UPDATE sync_devices SET acked_seq = max(acked_seq, ?) WHERE id = ?',
  );
  const setOffset = db.prepare<[number, number]>('UPDATE sync_devices SET clock_offset_ms = ? WHERE id = ?');
  const setGrant = db.prepare<[number, number, number]>(
    'UPDATE sync_devices SET granted_from = ?, granted_to = ? WHERE id = ?',
  );
  // Every block a device was granted (migration 017): its registrations may take ids from any of them.
  const addGrant = db.prepare<[number, number, number]>(
    'INSERT OR IGNORE INTO sync_device_grants (device_id, first_id, end_id) VALUES (?, ?, ?)',
  );
  const countOrphan = db.prepare<[number, number]>(
    'UPDATE sync_devices SET orphan_facts = orphan_facts + 1 WHERE id = ? AND orphan_facts < ?',
  );
  const grantsOf = db.prepare<[number], { first_id: number; end_id: number }>(
    'SELECT first_id, end_id FROM sync_device_grants WHERE device_id = ?',
  );

  const insertCode = db.prepare<[string, number, string, string]>(
    'INSERT INTO sync_pairing_codes (code_hash, organization_id, event_ids, expires_at) VALUES (?, ?, ?, ?)',
  );
  const takeCode = db.prepare<[string], { organization_id: number; event_ids: string; expires_at: string }>(
    'DELETE FROM sync_pairing_codes WHERE code_hash = ? RETURNING organization_id, event_ids, expires_at',
  );
  const dropExpiredCodes = db.prepare<[string]>('DELETE FROM sync_pairing_codes WHERE expires_at <= ?');

  const appliedOp = db.prepare<[string], { outcome: string }>(
    'SELECT outcome FROM sync_applied_ops WHERE op_id = ?',
  );
  const insertApplied = db.prepare<[string, string, number, string, string, string]>(
    `INSERT INTO sync_applied_ops (op_id, device_uuid, seq, kind, outcome, applied_at) VALUES (?, ?, ?, ?, ?, ?)`,
  );

  const anchor = db.prepare<[string, string], { hub_ms: number; mono_ms: number }>(
    'SELECT hub_ms, mono_ms FROM sync_clock_anchors WHERE device_uuid = ? AND boot_id = ?',
  );
  const upsertAnchor = db.prepare<[string, string, number, number]>(
    `INSERT INTO sync_clock_anchors (device_uuid, boot_id, hub_ms, mono_ms) VALUES (?, ?, ?, ?)
     ON CONFLICT (device_uuid, boot_id) DO UPDATE SET hub_ms = excluded.hub_ms, mono_ms = excluded.mono_ms`,
  );

  const insertConflict = db.prepare<Record<string, unknown>>(
    `INSERT INTO sync_conflicts (uuid, event_id, attendee_uuid, kind, op_id, device_uuid, details, created_at)
     VALUES (lower(hex(randomblob(16))), @event_id, @attendee_uuid, @kind, @op_id, @device_uuid, @details, @created_at)
     ON CONFLICT (kind, op_id) DO NOTHING`,
  );
  const conflictsOf = db.prepare<[number, number], ConflictRow>(
    `SELECT c.* FROM sync_conflicts c JOIN events e ON e.id = c.event_id
     WHERE e.organization_id = ? AND (? OR c.acknowledged_at IS NULL) ORDER BY c.id DESC LIMIT 500`,
  );
  const acknowledge = db.prepare<[string, string, number]>(
    `UPDATE sync_conflicts SET acknowledged_at = ? WHERE uuid = ? AND acknowledged_at IS NULL
       AND event_id IN (SELECT id FROM events WHERE organization_id = ?)`,
  );

  // Duplicate scans a hub did not keep are counted on the conflict staff already see, one per person and device.
  const countDuplicate = db.prepare<Record<string, unknown>>(
    `UPDATE sync_conflicts SET details = json_set(details, '$.count', coalesce(json_extract(details, '$.count'), 1) + 1,
       '$.last_at', @at)
     WHERE id = (SELECT id FROM sync_conflicts WHERE event_id = @event_id AND attendee_uuid = @attendee_uuid
                 AND device_uuid = @device_uuid AND kind = 'duplicate_check_in' AND acknowledged_at IS NULL
                 ORDER BY id DESC LIMIT 1)`,
  );
  // Applied-op records of a device that it has seen acked (it says so with each push) and that are a day old: it
  // will never send those ops again, and the facts they made stay (their op ids keep them applied once).
  const pruneApplied = db.prepare<[string, number, string]>(
    'DELETE FROM sync_applied_ops WHERE device_uuid = ? AND seq <= ? AND applied_at < ?',
  );
  // A device's clock readings: the boots it still has ops from are its last few.
  const pruneAnchors = db.prepare<{ device: string; boot: string; kept: number }>(
    `DELETE FROM sync_clock_anchors WHERE device_uuid = @device AND boot_id <> @boot AND boot_id NOT IN (
       SELECT boot_id FROM sync_clock_anchors WHERE device_uuid = @device ORDER BY hub_ms DESC LIMIT @kept)`,
  );

  const tokenExpiry = db.prepare<[number], { expires_at: string | null }>(
    'SELECT expires_at FROM api_tokens WHERE id = ?',
  );
  const setReplaying = db.prepare('INSERT OR IGNORE INTO sync_replaying (id) VALUES (1)');
  const clearReplaying = db.prepare('DELETE FROM sync_replaying');

  const upstream = db.prepare<[], UpstreamRow>('SELECT * FROM sync_upstream WHERE id = 1');
  const insertUpstream = db.prepare<Record<string, unknown>>(
    `INSERT INTO sync_upstream (id, role, url, device_uuid, credential, organization_uuid, event_ids, granted_next,
       granted_to, paired_at)
     VALUES (1, @role, @url, @device_uuid, @credential, @organization_uuid, @event_ids, @granted_next, @granted_to,
       @paired_at)`,
  );
  const setPulled = db.prepare<[string, number]>(
    'UPDATE sync_upstream SET upstream_epoch = ?, pulled_rev = ? WHERE id = 1',
  );
  const setSnapshotCleanup = db.prepare<[number]>(
    'UPDATE sync_upstream SET snapshot_cleanup = ? WHERE id = 1',
  );
  const setUpstreamAcked = db.prepare<[number]>(
    'UPDATE sync_upstream SET acked_seq = max(acked_seq, ?) WHERE id = 1',
  );
  const resetUpstreamAcked = db.prepare<[number]>('UPDATE sync_upstream SET acked_seq = ? WHERE id = 1');
  const setUpstreamGrant = db.prepare<[number, number]>(
    'UPDATE sync_upstream SET granted_next = ?, granted_to = ? WHERE id = 1',
  );
  const takeGrantedRange = db.prepare<{ count: number }, { start: number }>(
    `UPDATE sync_upstream SET granted_next = granted_next + @count
     WHERE id = 1 AND granted_next IS NOT NULL AND granted_next + @count <= granted_to
     RETURNING granted_next - @count AS start`,
  );
  const takeGrantedId = db.prepare<[], { id: number }>(
    `UPDATE sync_upstream SET granted_next = granted_next + 1
     WHERE id = 1 AND granted_next IS NOT NULL AND granted_next < granted_to
     RETURNING granted_next - 1 AS id`,
  );

  const insertOutbox = db.prepare<unknown[], { seq: number }>(
    `INSERT INTO sync_outbox (op_id, origin_device, kind, payload, wall_ms, boot_id, mono_ms, schema_version,
       time_uncertain)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     RETURNING seq`,
  );
  // What waits is read from `outbox_acked_through` on, by the rowid (migration 016); a node that follows nobody has
  // no upstream row, and reads from the start.
  const WAITING = `FROM sync_outbox
     WHERE seq > IFNULL((SELECT outbox_acked_through FROM sync_upstream WHERE id = 1), 0) AND acked_at IS NULL`;
  const pendingOps = db.prepare<[number], OutboxRow>(`SELECT * ${WAITING} ORDER BY seq LIMIT ?`);
  const opsAfter = db.prepare<[number, number], OutboxRow>(
    'SELECT * FROM sync_outbox WHERE seq > ? ORDER BY seq LIMIT ?',
  );
  const pendingCount = db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n ${WAITING}`);
  const ackOp = db.prepare<[string, number]>(
    'UPDATE sync_outbox SET acked_at = ? WHERE seq = ? AND acked_at IS NULL',
  );
  // Up to the first op still waiting: after a push, the ops it acked and no more (the hub acks the first ones).
  const advanceAckedThrough = db.prepare(
    `UPDATE sync_upstream SET outbox_acked_through = IFNULL(
       (SELECT seq - 1 FROM sync_outbox WHERE seq > outbox_acked_through AND acked_at IS NULL ORDER BY seq LIMIT 1),
       (SELECT IFNULL(MAX(seq), outbox_acked_through) FROM sync_outbox))
     WHERE id = 1`,
  );
  const unackFrom = db.prepare<[number]>('UPDATE sync_outbox SET acked_at = NULL WHERE seq > ?');
  const lowerAckedThrough = db.prepare<[number]>(
    'UPDATE sync_upstream SET outbox_acked_through = min(outbox_acked_through, ?) WHERE id = 1',
  );
  // The newest op stays, acked or not: `seq` is the rowid, which SQLite draws as the largest plus one, so an outbox
  // pruned empty would number its next op 1 again, and a hub restored from a backup asks for ops by seq.
  const pruneAcked = db.prepare<[string]>(
    `DELETE FROM sync_outbox WHERE acked_at IS NOT NULL AND acked_at <= ?
       AND seq < (SELECT MAX(seq) FROM sync_outbox)`,
  );

  return {
    meta(): SyncMeta {
      const row = meta.get()!;
      return { nodeId: row.node_id, epoch: row.epoch, revision: row.revision };
    },
    /**
     * How far the feed may go: the revision, or the one before the first written by an import still under way, so
     * that nobody reading the feed sees part of an import (attendees/import.service.ts).
     */
    feedHorizon: (): number => horizon.get()!,
    setEpoch: (epoch: string) => void setEpoch.run(epoch),
    /** A block of `count` ids for a replica, at or above `floor` (the start of what a hub may grant). */
    grantIds(count: number, floor = FIRST_GRANTED_ID): { from: number; to: number } {
      const { start } = grantIds.get({ floor, count })!;
      return { from: start, to: start + count };
    },

    createDevice(device: {
      uuid: string;
      organizationId: number;
      name: string;
      kind: 'kiosk' | 'venue';
      apiTokenId: number | null;
      credentialHash: string;
      eventIds: readonly string[];
      createdAt: string;
    }): DeviceRecord {
      return toDevice(
        insertDevice.get({
          uuid: device.uuid,
          organization_id: device.organizationId,
          name: device.name,
          kind: device.kind,
          api_token_id: device.apiTokenId,
          credential_hash: device.credentialHash,
          event_ids: JSON.stringify(device.eventIds),
          created_at: device.createdAt,
        })!,
      );
    },
    deviceByCredentialHash(hash: string): DeviceRecord | null {
      const row = deviceByCredential.get(hash);
      return row ? toDevice(row) : null;
    },
    deviceByUuid(uuid: string): DeviceRecord | null {
      const row = deviceByUuid.get(uuid);
      return row ? toDevice(row) : null;
    },
    listDevices: (organizationId: number) => devicesOf.all(organizationId).map(toDevice),
    revokeDevice: (id: number, at: string) => revokeDevice.run(at, id).changes === 1,
    touchDevice: (id: number, at: string, waitingOps: number) => void touchDevice.run(at, waitingOps, id),
    recordPull: (id: number, rev: number, at: string) => void pulledBy.run(rev, at, id),
    setDeviceAcked: (id: number, seq: number) => void setAcked.run(seq, id),
    setClockOffset: (id: number, offsetMs: number) => void setOffset.run(Math.round(offsetMs), id),
    setDeviceGrant(id: number, from: number, to: number): void {
      setGrant.run(from, to, id);
      addGrant.run(id, from, to);
    },
    /**
     * Counts one more fact a device sent about a registration this hub does not hold, up to `max`: false when the
     * device has sent that many already.
     */
    countOrphanFact: (deviceId: number, max: number): boolean => countOrphan.run(deviceId, max).changes > 0,
    /** Every block of ids granted to a device. */
    grantsOf: (id: number) => grantsOf.all(id).map((row) => ({ from: row.first_id, to: row.end_id })),

    insertPairingCode: (
      hash: string,
      organizationId: number,
      eventIds: readonly string[],
      expiresAt: string,
    ) => void insertCode.run(hash, organizationId, JSON.stringify(eventIds), expiresAt),
    /** Takes (and so uses up) a pairing code; null when there is none. The caller checks its expiry. */
    takePairingCode(hash: string): { organizationId: number; eventIds: string[]; expiresAt: string } | null {
      const row = takeCode.get(hash);
      return row
        ? {
            organizationId: row.organization_id,
            eventIds: JSON.parse(row.event_ids) as string[],
            expiresAt: row.expires_at,
          }
        : null;
    },
    dropExpiredPairingCodes: (now: string) => void dropExpiredCodes.run(now),

    appliedOutcome(opId: string): OpOutcome | null {
      const row = appliedOp.get(opId);
      return row ? (JSON.parse(row.outcome) as OpOutcome) : null;
    },
    recordApplied(op: Op, device: string, outcome: OpOutcome, at: string): void {
      insertApplied.run(op.op_id, device, op.seq, op.kind, JSON.stringify(outcome), at);
    },

    clockAnchor(deviceUuid: string, bootId: string): { hubMs: number; monoMs: number } | null {
      const row = anchor.get(deviceUuid, bootId);
      return row ? { hubMs: row.hub_ms, monoMs: row.mono_ms } : null;
    },
    setClockAnchor: (deviceUuid: string, bootId: string, hubMs: number, monoMs: number) =>
      void upsertAnchor.run(deviceUuid, bootId, Math.round(hubMs), monoMs),

    recordConflict(conflict: {
      eventId: number;
      attendeeUuid: string;
      kind: ConflictKind;
      opId: string;
      deviceUuid: string;
      details: Record<string, unknown>;
      createdAt: string;
    }): void {
      insertConflict.run({
        event_id: conflict.eventId,
        attendee_uuid: conflict.attendeeUuid,
        kind: conflict.kind,
        op_id: conflict.opId,
        device_uuid: conflict.deviceUuid,
        details: JSON.stringify(conflict.details),
        created_at: conflict.createdAt,
      });
    },
    listConflicts: (organizationId: number, includeAcknowledged: boolean) =>
      conflictsOf.all(organizationId, includeAcknowledged ? 1 : 0).map(toConflict),
    acknowledgeConflict: (organizationId: number, uuid: string, at: string) =>
      acknowledge.run(at, uuid, organizationId).changes === 1,

    /**
     * One more scan of `attendeeUuid` from a device, not kept (the person is in): counted on the duplicate-scan
     * conflict staff see for that person and device, or recorded as one when there is none open.
     */
    countDuplicateScan(scan: {
      eventId: number;
      attendeeUuid: string;
      opId: string;
      deviceUuid: string;
      at: string;
      createdAt: string;
    }): void {
      const counted = countDuplicate.run({
        event_id: scan.eventId,
        attendee_uuid: scan.attendeeUuid,
        device_uuid: scan.deviceUuid,
        at: scan.at,
      }).changes;
      if (counted > 0) return;
      insertConflict.run({
        event_id: scan.eventId,
        attendee_uuid: scan.attendeeUuid,
        kind: 'duplicate_check_in',
        op_id: scan.opId,
        device_uuid: scan.deviceUuid,
        details: JSON.stringify({ duplicate: scan.opId, at: scan.at, kind: 'check_in', count: 1 }),
        created_at: scan.createdAt,
      });
    },

    /** Forgets what a device can no longer ask again (see the statements): bounded storage for each device. */
    pruneForDevice(deviceUuid: string, seenAcked: number, appliedBefore: string, currentBoot: string): void {
      pruneApplied.run(deviceUuid, seenAcked, appliedBefore);
      pruneAnchors.run({ device: deviceUuid, boot: currentBoot, kept: KEPT_BOOTS });
    },

    /** A token's expiry; undefined when the token is gone (deleted). */
    tokenExpiry: (id: number): string | null | undefined => tokenExpiry.get(id)?.expires_at,

    /** Runs `work` with the seats guards standing aside (see the migration): a replay never fails on seats. */
    replaying<T>(work: () => T): T {
      setReplaying.run();
      try {
        return work();
      } finally {
        clearReplaying.run();
      }
    },

    upstream(): UpstreamRecord | null {
      const row = upstream.get();
      return row ? toUpstream(row) : null;
    },
    pairWith(
      upstreamRecord: Omit<UpstreamRecord, 'upstreamEpoch' | 'pulledRev' | 'ackedSeq' | 'snapshotCleanup'>,
    ): void {
      insertUpstream.run({
        role: upstreamRecord.role,
        url: upstreamRecord.url,
        device_uuid: upstreamRecord.deviceUuid,
        credential: upstreamRecord.credential,
        organization_uuid: upstreamRecord.organizationUuid,
        event_ids: JSON.stringify(upstreamRecord.eventIds),
        granted_next: upstreamRecord.grantedNext,
        granted_to: upstreamRecord.grantedTo,
        paired_at: upstreamRecord.pairedAt,
      });
    },
    setPulled: (epoch: string, rev: number) => void setPulled.run(epoch, rev),
    /** A snapshot is under way whose end drops what it did not bring again (attendees/ledger.repository.ts). */
    setSnapshotCleanup: (on: boolean) => void setSnapshotCleanup.run(on ? 1 : 0),
    setUpstreamAcked: (seq: number) => void setUpstreamAcked.run(seq),
    /** The hub holds less than this replica saw acked (restored from a backup): back to what it holds. */
    resetUpstreamAcked: (seq: number) => void resetUpstreamAcked.run(seq),
    setUpstreamGrant: (next: number, to: number) => void setUpstreamGrant.run(next, to),
    /** `count` ids out of this node's own granted block (a venue's hub granting its kiosks); null when short. */
    takeGrantedRange(count: number): { from: number; to: number } | null {
      const row = takeGrantedRange.get({ count });
      return row ? { from: row.start, to: row.start + count } : null;
    },
    /** The next id of this replica's granted block; null when the block is used up. */
    takeGrantedId: (): number | null => takeGrantedId.get()?.id ?? null,

    /** Adds an op to the outbox; its sequence number. */
    enqueueOp(op: Omit<Op, 'seq'>): number {
      // Bound by position: a replica writes one with every change, and named parameters cost each a lookup by name.
      return insertOutbox.get(
        op.op_id,
        op.device,
        op.kind,
        JSON.stringify(op.payload),
        op.wall_ms,
        op.boot_id,
        op.mono_ms,
        op.schema_version,
        op.time_uncertain ? 1 : 0,
      )!.seq;
    },
    pendingOps: (limit: number) => pendingOps.all(limit).map(toOp),
    /** Every op kept after `seq`, acked or not: what a hub that lost history gets again. */
    opsAfter: (seq: number, limit: number) => opsAfter.all(seq, limit).map(toOp),
    pendingCount: () => pendingCount.get()!.n,
    /** Marks the ops of `seqs` acked (the hub's answer to a push). */
    ackOps(seqs: readonly number[], at: string): void {
      for (const seq of seqs) ackOp.run(at, seq);
      advanceAckedThrough.run();
    },
    /** Marks every op after `seq` as not acked: a hub restored from a backup gets them again. */
    unackAfter(seq: number): void {
      unackFrom.run(seq);
      lowerAckedThrough.run(seq);
    },
    pruneAckedBefore: (at: string) => void pruneAcked.run(at),

    isUniqueViolation: (error: unknown) =>
      error instanceof Database.SqliteError && error.code.startsWith('SQLITE_CONSTRAINT'),
  };
}

export type SyncRepository = ReturnType<typeof syncRepository>;
