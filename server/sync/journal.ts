import { randomHex } from '../platform/random.ts';
import { bootIdOf, monotonicMs, type Clock } from '../platform/clock.ts';
import { RANDOM_IDS_FROM, RANDOM_IDS_TO } from './id-ranges.rules.ts';
import type { SyncRepository } from './sync.repository.ts';
import type { Op, OpKind, OpPayload } from './sync.types.ts';

/** An op's id: 128 random bits, as hex (the conflict rules compare them as text). */
export const newOpId = (): string => randomHex(16);

/**
 * Where the services tell of each change they make, inside its transaction, so that a replica can send it to its
 * hub as an op (docs/sync.md). On a node that follows nobody it only hands out ids.
 */
export interface ChangeJournal {
  /** The integer id of a registration made here: from a replica's granted block, or null for the database's own. */
  nextAttendeeId(): number | null;
  /** Whether changes to this event go to a node this one follows (so they wait for it to confirm them). */
  sendsUp(eventUuid: string): boolean;
  /** This node's device UUID on the node it follows; null on a node that follows nobody. */
  device(): string | null;
  /**
   * `at`: when the change happened as its facts say (default: now). The op carries that time, so the node followed
   * keeps it where the clocks agree (clock.rules.ts) and the fact comes back as it was written.
   */
  record(kind: OpKind, opId: string, payload: OpPayload, at?: string): void;
}

/** A hub (or a standalone kiosk): nothing to send anywhere. */
export const rootJournal: ChangeJournal = {
  nextAttendeeId: () => null,
  sendsUp: () => false,
  device: () => null,
  record: () => {},
};

/**
 * A replica's journal: each change becomes an op in the outbox, with the device's wall time, monotonic time and
 * boot, in the transaction of the change itself. `onRecorded` wakes the push loop once the transaction commits.
 */
export function replicaJournal(
  sync: SyncRepository,
  clock: Clock,
  deviceUuid: string,
  schemaVersion: number,
  onRecorded: () => void,
): ChangeJournal & { setDevice(uuid: string): void } {
  let device = deviceUuid;
  return {
    /** A venue's hub learns its device id when it connects, after it was built. */
    setDevice(uuid) {
      device = uuid;
    },
    nextAttendeeId() {
      return (
        sync.takeGrantedId() ??
        RANDOM_IDS_FROM + Math.floor(Math.random() * (RANDOM_IDS_TO - RANDOM_IDS_FROM))
      );
    },
    sendsUp: () => true,
    device: () => device,
    record(kind, opId, payload, at) {
      const nowMs = clock.now().getTime();
      const atMs = at === undefined ? nowMs : Date.parse(at);
      sync.enqueueOp({
        op_id: opId,
        device,
        kind,
        payload,
        wall_ms: atMs,
        mono_ms: monotonicMs(clock) - (nowMs - atMs),
        boot_id: bootIdOf(clock),
        schema_version: schemaVersion,
      });
      queueMicrotask(onRecorded);
    },
  };
}

/**
 * A venue's hub passes the ops of its kiosks on to the online server it follows, with the same op id and device,
 * in the transaction that applied them. Their times travel on the hub's clock (already corrected there), so the
 * online server corrects them with its readings of the hub: one hop at a time.
 */
export interface Relay {
  /** Whether this hub follows an online server now. */
  active(): boolean;
  relay(op: Op, atMs: number, uncertain: boolean): void;
}

/** No online server to follow: nothing is passed on. */
export const noRelay: Relay = { active: () => false, relay: () => {} };

export function outboxRelay(sync: SyncRepository, clock: Clock, onRecorded: () => void): Relay {
  return {
    active: () => true,
    relay(op, atMs, uncertain) {
      const nowMs = clock.now().getTime();
      sync.enqueueOp({
        op_id: op.op_id,
        device: op.device,
        kind: op.kind,
        payload: op.payload,
        wall_ms: atMs,
        mono_ms: monotonicMs(clock) - (nowMs - atMs),
        boot_id: bootIdOf(clock),
        schema_version: op.schema_version,
        ...(uncertain ? { time_uncertain: true } : {}),
      });
      queueMicrotask(onRecorded);
    },
  };
}
