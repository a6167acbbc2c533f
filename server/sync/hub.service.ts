import { randomBytes, randomUUID } from 'node:crypto';
import { hashApiToken } from '../access/secrets.ts';
import { readOnce } from '../platform/memo.ts';
import { randomBase62 } from '../platform/random.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import type { ChangeNotifier } from '../webhooks/notifier.ts';
import { readsOnce, type ApplyReads, type ApplyService } from './apply.service.ts';
import { correctOpTime } from './clock.rules.ts';
import { isEmptyPage, type FeedRepository } from './feed.repository.ts';
import { blockSizeFor } from './id-ranges.rules.ts';
import { isTokenExpired } from '../access/api-token.rules.ts';
import type { ApiTokenRecord } from '../access/access.types.ts';
import type { EventRecord } from '../events/event.types.ts';
import { noRelay, type Relay } from './journal.ts';
import type { SyncRepository } from './sync.repository.ts';
import type { DeviceRecord, FeedAnswer, Op, OpOutcome, PushAnswer, PushRequest } from './sync.types.ts';

/** A pairing code lives this long: long enough to walk to the kiosk and type it. */
export const PAIRING_CODE_TTL_MS = 10 * 60_000;

/** How often long-polls look at the revision (a write made in this process wakes them sooner). */
const WATCH_INTERVAL_MS = 250;

/** How long after a write made here long-polls look: the writes in between wake each of them once. */
const NUDGE_COALESCE_MS = 100;

/**
 * Ops applied per transaction: a chunk takes ~7 ms (50 check-ins on a quiet 2-core machine), then other requests get
 * their turn. 25 wrote the pages every op shares (the revision, the counts, the indexes' hot ends) twice as often;
 * 100 held an honest client behind a rogue device's pushes ~15 ms a chunk (bench/results.md).
 */
const APPLY_CHUNK_OPS = 50;

/**
 * Runs `write` in a transaction whose commit does not wait for the disk (synchronous=NORMAL: in WAL mode a crash of
 * the process loses nothing, a power cut may lose the last commits, never damage the file); every other write waits
 * (platform/database.ts). Not on a venue's hub that follows an online server: the ops it relays leave through its
 * own outbox, which must not carry what a power cut could take back.
 */
function inChunk(store: Store, relay: Relay, write: () => void): void {
  if (relay.active()) return store.inTransaction(write);
  // Alone, not in the turn's group of writes (platform/group-commit.ts): that commits first, as it asked.
  store.settle();
  store.db.pragma('synchronous = NORMAL');
  try {
    store.db.transaction(write).immediate();
  } finally {
    store.db.pragma('synchronous = FULL');
  }
}

/** An applied op is remembered this long after its device has seen it acked (docs/sync.md, "Storage bounds"). */
const APPLIED_OPS_KEPT_MS = 24 * 60 * 60_000;

/** The attendee an op names, as a conflict about it shows. */
const attendeeNamedBy = (op: Op): string => {
  const named = (op.payload as { attendee: string | { uuid: string } }).attendee;
  return typeof named === 'string' ? named : named.uuid;
};

/** The most revisions one feed page spans; a replica asks again for the rest at once. */
const FEED_PAGE_REVISIONS = 10_000;

/** Pairing codes: 8 characters of an alphabet with no look-alikes (no 0/O, 1/I/l), shown in groups of four. */
const PAIRING_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function newPairingCode(): string {
  const bytes = randomBytes(8);
  let code = '';
  for (const byte of bytes) code += PAIRING_ALPHABET[byte % PAIRING_ALPHABET.length];
  return code;
}

/** What people type: spaces and dashes dropped, case ignored. */
export const normalizePairingCode = (typed: string) => typed.replace(/[\s-]/g, '').toUpperCase();

/** What one chunk of a push's ops settled (`takeChunk`). */
interface ChunkTaken {
  outcomes: OpOutcome[];
  /** Ops settled by this chunk and no earlier push. */
  settled: number;
  /** The highest `seq` settled or answered again; 0 when none. */
  ackedSeq: number;
  /** An op of a newer schema stopped the push. */
  stopped: boolean;
}

export type ConnectOutcome =
  | {
      ok: true;
      device: DeviceRecord;
      credential: string;
      organizationUuid: string;
      epoch: string;
      grant: { from: number; to: number };
    }
  | { ok: false; reason: 'no_sync_scope' }
  | { ok: false; reason: 'event_not_covered'; eventId: string }
  | { ok: false; reason: 'schema_mismatch'; schemaVersion: number };

export type PairOutcome =
  | {
      ok: true;
      device: DeviceRecord;
      credential: string;
      organizationUuid: string;
      epoch: string;
      grant: { from: number; to: number };
    }
  | { ok: false; reason: 'invalid_code' | 'expired_code' };

/**
 * The hub's side of sync (docs/sync.md): pairing devices, taking their ops (each applied once, by the conflict
 * rules, with its time corrected to the hub's clock), and serving the change feed of the events they serve.
 */
export function syncHubService(
  store: Store,
  sync: SyncRepository,
  feed: FeedRepository,
  apply: ApplyService,
  notify: ChangeNotifier,
  schemaVersion: number,
  /** On a venue's hub that follows an online server: passes the ops it applies on to it (sync/journal.ts). */
  relay: Relay = noRelay,
  /** Told of an op that failed to apply (logged by the app). */
  onOpFailed: (op: Op, error: unknown) => void = () => {},
) {
  const { repos, clock } = store;
  const now = () => toTimestamp(clock.now());

  /**
   * A block of ids for a device. A hub that follows an online server grants out of its own block from there, so ids
   * stay unique across venues; when that runs short, from the top of the range, where collisions are out of reach.
   */
  function grantBlock(kind: 'kiosk' | 'venue'): { from: number; to: number } {
    const size = blockSizeFor(kind);
    if (relay.active()) return sync.takeGrantedRange(size) ?? sync.grantIds(size, 2 ** 52);
    return sync.grantIds(size);
  }

  /** A short-lived code that pairs one device, serving `eventIds` of the organization. */
  function createPairingCode(
    organizationId: number,
    eventIds: readonly string[],
  ): { ok: true; code: string; expiresAt: string } | { ok: false; reason: 'unknown_event'; eventId: string } {
    for (const uuid of eventIds) {
      const event = repos.events.findByUuid(uuid);
      if (!event || event.organizationId !== organizationId)
        return { ok: false, reason: 'unknown_event', eventId: uuid };
    }
    const code = newPairingCode();
    const expiresAt = toTimestamp(new Date(clock.now().getTime() + PAIRING_CODE_TTL_MS));
    store.inTransaction(() => {
      sync.dropExpiredPairingCodes(now());
      sync.insertPairingCode(
        hashApiToken(code),
        organizationId,
        eventIds.map((id) => id.toLowerCase()),
        expiresAt,
      );
    });
    return { ok: true, code, expiresAt };
  }

  /** Uses up a pairing code: the device gets its credential (shown once) and its first block of ids. */
  function pairDevice(typedCode: string, name: string): PairOutcome {
    return store.inTransaction((): PairOutcome => {
      const taken = sync.takePairingCode(hashApiToken(normalizePairingCode(typedCode)));
      if (!taken) return { ok: false, reason: 'invalid_code' };
      if (Date.parse(taken.expiresAt) <= clock.now().getTime()) return { ok: false, reason: 'expired_code' };
      const credential = `arvd_${randomBase62(40)}`;
      const device = sync.createDevice({
        uuid: randomUUID(),
        organizationId: taken.organizationId,
        name,
        kind: 'kiosk',
        apiTokenId: null,
        credentialHash: hashApiToken(credential),
        eventIds: taken.eventIds,
        createdAt: now(),
      });
      const grant = grantBlock('kiosk');
      sync.setDeviceGrant(device.id, grant.from, grant.to);
      return {
        ok: true,
        device,
        credential,
        organizationUuid: repos.organizations.findById(taken.organizationId)!.uuid,
        epoch: sync.meta().epoch,
        grant,
      };
    });
  }

  /**
   * A venue's hub connecting with an API token that has the `sync` scope and covers every event it asks for, on the
   * same schema as this server's: it gets a device of its own, like a kiosk paired with a code.
   */
  function connectVenue(
    token: ApiTokenRecord,
    request: { name: string; eventIds: readonly string[]; schemaVersion: number },
  ): ConnectOutcome {
    if (!token.scopes.includes('sync')) return { ok: false, reason: 'no_sync_scope' };
    if (request.schemaVersion !== schemaVersion)
      return { ok: false, reason: 'schema_mismatch', schemaVersion };
    const eventIds = request.eventIds.map((id) => id.toLowerCase());
    for (const uuid of eventIds) {
      const event = repos.events.findByUuid(uuid);
      const covered = event && event.organizationId === token.organizationId;
      if (!covered || (token.eventIds !== null && !token.eventIds.includes(event.uuid))) {
        return { ok: false, reason: 'event_not_covered', eventId: uuid };
      }
    }
    return store.inTransaction((): ConnectOutcome => {
      const credential = `arvd_${randomBase62(40)}`;
      const device = sync.createDevice({
        uuid: randomUUID(),
        organizationId: token.organizationId,
        name: request.name,
        kind: 'venue',
        apiTokenId: token.id,
        credentialHash: hashApiToken(credential),
        eventIds,
        createdAt: now(),
      });
      const grant = grantBlock('venue');
      sync.setDeviceGrant(device.id, grant.from, grant.to);
      return {
        ok: true,
        device,
        credential,
        organizationUuid: repos.organizations.findById(token.organizationId)!.uuid,
        epoch: sync.meta().epoch,
        grant,
      };
    });
  }

  /** The events a `sync` token may follow: its organization's, or the ones it is restricted to. */
  function followableEvents(token: ApiTokenRecord): EventRecord[] | 'no_sync_scope' {
    if (!token.scopes.includes('sync')) return 'no_sync_scope';
    return repos.events
      .listForOrganization(token.organizationId)
      .filter((event) => token.eventIds === null || token.eventIds.includes(event.uuid));
  }

  /** The device of a credential; null when unknown or revoked, or its venue's token was deleted or expired. */
  function deviceOf(credential: string): DeviceRecord | null {
    const device = sync.deviceByCredentialHash(hashApiToken(credential));
    if (!device || device.revokedAt !== null) return null;
    if (device.apiTokenId !== null) {
      const expiresAt = sync.tokenExpiry(device.apiTokenId);
      if (expiresAt === undefined || isTokenExpired({ expiresAt }, clock.now())) return null;
    }
    return device;
  }

  /**
   * A replica's ops, each applied once, in sequence (docs/sync.md, "Ops" and "Liveness"). Each op is applied in a
   * savepoint of its own: one that fails (a bug of ours, never the device's input, which is checked first) is rolled
   * back alone, recorded with its error for staff, and the ops after it go on, so no op can stall a queue. The batch
   * is applied `APPLY_CHUNK_OPS` at a time, each chunk its own transaction, giving other requests their turn in
   * between: a hub killed half way has recorded the chunks before, and the replica sends the rest again (and the
   * ones it had, which answer their first outcome). An op of a newer schema than this hub's stops the batch: it
   * stays in the replica's outbox until the hub is upgraded.
   *
   * The chunks' commits do not wait for the disk; the answer's does, and with it every chunk before it (the WAL is
   * written in order: one sync takes all of it). A 10,000-op drain spent 2 s of its 5 s in 400 such waits of about
   * 5 ms (bench/README.md, "bench:sync"). Nothing is acked before that last commit, so a power cut loses nothing the
   * device does not send again, and the feed goes no further than where the push began until then
   * (`visibleRevision`): no replica reads a row that a power cut could take back and write again otherwise.
   */
  async function receiveOps(device: DeviceRecord, request: PushRequest): Promise<PushAnswer> {
    const hubMs = clock.now().getTime();
    const current = sync.deviceByUuid(device.uuid)!;
    if (request.ackedSeq > current.ackedSeq) {
      // The device saw more acked than this database holds for it: this database was restored from a backup (or the
      // device says what is not so). Only this device sends again what came after; what the others hold is not
      // touched on a device's word (a restore this hub notices itself takes a new epoch: platform/restore.ts).
      return {
        epoch: sync.meta().epoch,
        ackedSeq: current.ackedSeq,
        restored: true,
        outcomes: [],
        grant: null,
      };
    }
    store.inTransaction(() => {
      sync.setClockAnchor(device.uuid, request.bootId, hubMs, request.sentMonoMs);
      sync.setClockOffset(device.id, hubMs - request.sentWallMs);
      sync.pruneForDevice(
        device.uuid,
        request.ackedSeq,
        toTimestamp(new Date(hubMs - APPLIED_OPS_KEPT_MS)),
        request.bootId,
      );
    });
    const offset = hubMs - request.sentWallMs;
    const outcomes: OpOutcome[] = [];
    let ackedSeq = current.ackedSeq;
    // Ops settled by this push and no earlier one: a resent op means the replica did not hear the answer that
    // settled it, so it still counts it as waiting, and says so again at its next contact.
    let settledNow = 0;
    let stopped = false;
    const push = Symbol(device.uuid);
    pushesUnderWay.set(push, sync.meta().revision);
    try {
      for (let from = 0; from < request.ops.length && !stopped; from += APPLY_CHUNK_OPS) {
        if (from > 0) await new Promise<void>((resolve) => setImmediate(resolve));
        const ops = request.ops.slice(from, from + APPLY_CHUNK_OPS);
        let taken: ChunkTaken;
        try {
          taken = takeChunk(device, ops, hubMs, offset, 'together');
        } catch {
          // An op of the chunk threw, and the chunk's transaction is undone: again, each op on its own.
          taken = takeChunk(device, ops, hubMs, offset, 'each_alone');
        }
        outcomes.push(...taken.outcomes);
        settledNow += taken.settled;
        ackedSeq = Math.max(ackedSeq, taken.ackedSeq);
        stopped = taken.stopped;
      }
      return store.inTransaction((): PushAnswer => {
        sync.setDeviceAcked(device.id, ackedSeq);
        sync.touchDevice(device.id, now(), Math.max(0, request.waiting - settledNow));
        let grant: { from: number; to: number } | null = null;
        if (request.wantsIds) {
          grant = grantBlock(current.kind);
          sync.setDeviceGrant(device.id, grant.from, grant.to);
        }
        return { epoch: sync.meta().epoch, ackedSeq, restored: false, outcomes, grant };
      });
    } finally {
      pushesUnderWay.delete(push);
    }
  }

  /**
   * One chunk of a push's ops in one transaction (`inChunk`). `together`: the ops apply in the chunk's transaction
   * itself, and the first one that throws undoes the whole chunk (the caller takes it again `each_alone`).
   * `each_alone`: each op in a savepoint of its own, so one that throws is rolled back alone and recorded (`takeOp`).
   * Savepoints cost every op a copy of each page it changes, about a tenth of a drain, for an op that throws, which
   * only a bug of ours does: paid only then.
   */
  function takeChunk(
    device: DeviceRecord,
    ops: readonly Op[],
    hubMs: number,
    offset: number,
    savepoints: 'together' | 'each_alone',
  ): ChunkTaken {
    const taken: ChunkTaken = { outcomes: [], settled: 0, ackedSeq: 0, stopped: false };
    // Within a chunk's transaction nothing else writes: what its ops name, and clock anchors, are read once for it.
    const chunk = {
      reads: readsOnce(store, sync),
      anchorOf: readOnce((bootId: string) => sync.clockAnchor(device.uuid, bootId)),
      alone: savepoints === 'each_alone',
    };
    inChunk(store, relay, () =>
      // The seats guards stand aside for the whole chunk (each op's apply would set and clear it again).
      repos.ledger.replaying(() => {
        for (const op of ops) {
          const earlier = sync.appliedOutcome(op.op_id);
          if (earlier) {
            taken.outcomes.push(earlier);
            taken.ackedSeq = Math.max(taken.ackedSeq, op.seq);
            continue;
          }
          if (op.schema_version > schemaVersion) {
            taken.outcomes.push({ op_id: op.op_id, status: 'upgrade_required', conflicts: [] });
            taken.stopped = true;
            break;
          }
          const outcome = takeOp(device, op, hubMs, offset, chunk);
          sync.recordApplied(op, device.uuid, outcome, now());
          taken.outcomes.push(outcome);
          taken.settled += 1;
          taken.ackedSeq = Math.max(taken.ackedSeq, op.seq);
        }
      }),
    );
    return taken;
  }

  /** The revision each push under way began at: its chunks are not on disk for sure until it answers. */
  const pushesUnderWay = new Map<symbol, number>();

  /** How far the feed may go now: its horizon, or where the earliest push under way began. */
  function visibleRevision(): number {
    let revision = sync.feedHorizon();
    for (const began of pushesUnderWay.values()) revision = Math.min(revision, began);
    return revision;
  }

  /**
   * One op of a device: checked against what the device may touch, then applied (and, on a venue's hub, passed on to
   * the online server in the same write). Taken `alone` (`takeChunk`), in a savepoint: one that throws is rolled back
   * alone and recorded; else what it throws undoes its chunk.
   */
  function takeOp(
    device: DeviceRecord,
    op: Op,
    hubMs: number,
    offset: number,
    chunk: {
      reads: ApplyReads;
      anchorOf: (bootId: string) => { hubMs: number; monoMs: number } | null;
      alone: boolean;
    },
  ): OpOutcome {
    if (!device.eventIds.includes(op.payload.event.toLowerCase())) {
      // Not one of the events it serves: it may not change it.
      return { op_id: op.op_id, status: 'not_found', conflicts: [] };
    }
    const time = correctOpTime(
      { wallMs: op.wall_ms, monoMs: op.mono_ms, bootId: op.boot_id },
      // The pushing device's readings: a venue's hub relays its kiosks' ops on its own clock and boot.
      chunk.anchorOf(op.boot_id),
      offset,
      hubMs,
    );
    const uncertain = time.uncertain || op.time_uncertain === true;
    const write = (): OpOutcome => {
      const outcome = notify.keyed(op.op_id, () =>
        apply.applyOp(
          { op: upgradeOp(op), at: new Date(time.atMs).toISOString(), uncertain },
          { device, pendingUpstream: relay.active(), allocateId, reads: chunk.reads },
        ),
      );
      // A venue's hub passes what it applied on to the online server it follows, in the same write.
      if (relay.active() && outcome.status === 'applied') relay.relay(op, time.atMs, uncertain);
      return outcome;
    };
    if (!chunk.alone) return write();
    try {
      return store.db.transaction(write)();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const eventId = feed.eventIdOf(op.payload.event.toLowerCase());
      if (eventId !== null) {
        sync.recordConflict({
          eventId,
          attendeeUuid: attendeeNamedBy(op),
          kind: 'op_failed',
          opId: op.op_id,
          deviceUuid: op.device,
          details: { error: message.slice(0, 500), kind: op.kind, op: op.payload },
          createdAt: now(),
        });
      }
      onOpFailed(op, error);
      return { op_id: op.op_id, status: 'failed', conflicts: ['op_failed'] };
    }
  }

  /** An id of this node's own for a registration whose id was taken (apply.service.ts). */
  function allocateId(): number {
    return relay.active()
      ? (sync.takeGrantedId() ?? repos.ledger.takeLocalIds())
      : repos.ledger.takeLocalIds();
  }

  /**
   * Ops made by an older version of Arrivals, in the shape this one applies. The shapes have not changed yet;
   * when a migration changes what an op means, its upgrade goes here, keyed by the op's `schema_version`.
   */
  function upgradeOp(op: Op): Op {
    return op;
  }

  /** The changes of the device's events after `since` (everything, when its epoch is not this hub's). */
  function readFeed(device: DeviceRecord, since: number, epoch: string | null): FeedAnswer {
    // One read transaction: the page and the revision it reaches are one consistent picture.
    return store.db
      .transaction((): FeedAnswer => {
        const meta = sync.meta();
        const horizon = visibleRevision();
        // A device that has read further than this hub's history goes was fed by a history this hub lost (a restore
        // it could not notice: restore-watch.ts): it alone starts over.
        const reset = epoch !== meta.epoch || since > meta.revision;
        const from = reset ? 0 : since;
        const upTo = Math.min(horizon, from + FEED_PAGE_REVISIONS);
        const page = feed.read(
          { organizationId: device.organizationId, eventIds: device.eventIds },
          from,
          upTo,
        );
        return {
          epoch: meta.epoch,
          revision: upTo,
          latest: horizon,
          reset,
          more: upTo < horizon,
          page,
        };
      })
      .deferred();
  }

  /**
   * The feed after `since`, held up to `waitMs` until it carries a row for this device. Writes to other events move
   * the revision without answering it, so a hub busy with one event does not answer every replica of the others at
   * each check-in (nor take their next request). At the end of the wait it answers, empty, at the latest revision.
   */
  async function longPollFeed(
    device: DeviceRecord,
    since: number,
    epoch: string | null,
    waitMs: number,
  ): Promise<FeedAnswer> {
    const deadline = Date.now() + waitMs;
    let answer = readFeed(device, since, epoch);
    while (!answer.reset && !answer.more && isEmptyPage(answer.page) && !closing) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      await waitForChange(answer.revision, left);
      answer = readFeed(device, since, epoch);
    }
    return answer;
  }

  /**
   * Notes what a device said was waiting as its request arrives: a long-poll held for seconds must not, once
   * answered, put back a count that a push made since has replaced.
   */
  function noteWaiting(device: DeviceRecord, waiting: number): void {
    sync.touchDevice(device.id, now(), waiting);
  }

  /** Notes how far the device has read the feed (its lag on the Sync page). */
  function recordPull(device: DeviceRecord, revision: number): void {
    sync.recordPull(device.id, revision, now());
  }

  /** The feed's latest revision: what a replica may read up to now. */
  function currentRevision(): number {
    return visibleRevision();
  }

  /**
   * Long-polls waiting for a change, each with the revision it waits to see passed. One timer looks at the revision
   * for all of them every `WATCH_INTERVAL_MS`, and a write made here looks sooner (`nudge`).
   */
  const watchers = new Map<() => void, number>();
  let watchTimer: NodeJS.Timeout | null = null;
  let wakeTimer: NodeJS.Timeout | null = null;
  let closing = false;

  /** Answers every long-poll whose revision has passed (all of them when the server closes). */
  function checkWatchers(): void {
    if (watchers.size === 0) return;
    const revision = currentRevision();
    for (const [answer, since] of [...watchers]) if (closing || revision > since) answer();
  }

  /**
   * Resolves once the revision has passed `since`, or after `waitMs`, or when the server closes. The revision is
   * read again every quarter second (a write by another process, the CLI, shows too) and soon after a write made in
   * this one (`nudge`).
   */
  function waitForChange(since: number, waitMs: number): Promise<void> {
    if (closing || waitMs <= 0 || currentRevision() > since) return Promise.resolve();
    // Waiting is transport, not business time: real timers, whatever clock the app was given.
    return new Promise((resolve) => {
      const answer = () => {
        clearTimeout(deadline);
        watchers.delete(answer);
        if (watchers.size === 0 && watchTimer) {
          clearInterval(watchTimer);
          watchTimer = null;
        }
        resolve();
      };
      const deadline = setTimeout(answer, waitMs);
      deadline.unref();
      watchers.set(answer, since);
      if (!watchTimer) {
        watchTimer = setInterval(checkWatchers, WATCH_INTERVAL_MS);
        watchTimer.unref();
      }
    });
  }

  /**
   * A write was made here: long-polls look within `NUDGE_COALESCE_MS`. Writes in that window wake each replica
   * once, not once each: a hub taking hundreds of check-ins a second would otherwise answer every long-poll (and
   * take its next request) for every one of them.
   */
  function nudge(): void {
    if (wakeTimer || watchers.size === 0) return;
    wakeTimer = setTimeout(() => {
      wakeTimer = null;
      checkWatchers();
    }, NUDGE_COALESCE_MS);
    wakeTimer.unref();
  }

  /** The server closes: every long-poll answers now, so closing never waits for one. */
  function close(): void {
    closing = true;
    if (wakeTimer) clearTimeout(wakeTimer);
    wakeTimer = null;
    checkWatchers();
  }

  /** Whether this server is closing: its long-polls answer at once. */
  function isClosing(): boolean {
    return closing;
  }

  function listDevices(organizationId: number): DeviceRecord[] {
    return sync.listDevices(organizationId);
  }

  function revokeDevice(organizationId: number, uuid: string): boolean {
    const device = sync.deviceByUuid(uuid);
    if (!device || device.organizationId !== organizationId) return false;
    sync.revokeDevice(device.id, now());
    return true;
  }

  function listConflicts(organizationId: number, includeAcknowledged: boolean) {
    return sync.listConflicts(organizationId, includeAcknowledged);
  }

  function acknowledgeConflict(organizationId: number, uuid: string): boolean {
    return sync.acknowledgeConflict(organizationId, uuid, now());
  }

  return {
    createPairingCode,
    pairDevice,
    connectVenue,
    followableEvents,
    deviceOf,
    receiveOps,
    readFeed,
    noteWaiting,
    recordPull,
    currentRevision,
    waitForChange,
    longPollFeed,
    nudge,
    close,
    isClosing,
    listDevices,
    revokeDevice,
    listConflicts,
    acknowledgeConflict,
  };
}

export type SyncHubService = ReturnType<typeof syncHubService>;
