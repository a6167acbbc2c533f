import type { AttendeeStatus } from '../contract/vocabulary.ts';
import { bootIdOf, monotonicMs } from '../platform/clock.ts';
import { emailKey } from '../platform/email.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import type { ApplyService } from './apply.service.ts';
import type { FeedPage, FeedRepository } from './feed.repository.ts';
import type { changesResponse, pushResponse } from './sync.schemas.ts';
import type { z } from 'zod';
import { blockSizeFor, needsRefill } from './id-ranges.rules.ts';
import type { SyncRepository } from './sync.repository.ts';
import type { Op, RegistrationPayload, UpstreamRecord } from './sync.types.ts';

export interface ReplicaOptions {
  /** Ops sent in one request. */
  batchSize: number;
  /**
   * How long the hub may hold a feed request open when nothing changed. Its answer is how an idle replica learns
   * that the hub is still there, so this stays well under OFFLINE_AFTER_MS.
   */
  longPollMs: number;
  /** The wait before trying the hub again after a failure. */
  retryMs: number;
  /** A hub that does not connect within this is unreachable. */
  connectTimeoutMs: number;
  /** Acked ops are kept this long, for a hub restored from a backup to get them again. */
  keepAckedMs: number;
}

export const DEFAULT_REPLICA_OPTIONS: ReplicaOptions = {
  batchSize: 500,
  longPollMs: 2_000,
  retryMs: 1_000,
  connectTimeoutMs: 2_000,
  keepAckedMs: 7 * 24 * 60 * 60_000,
};

/** After this many failed syncs in a row, or this long without a good one, the kiosk says it works offline. */
export const OFFLINE_AFTER_FAILURES = 2;
export const OFFLINE_AFTER_MS = 5_000;

export interface ReplicaStatus {
  hub: string;
  /** Whether the last exchange with the hub went through. */
  hubReachable: boolean;
  /** Changes made here that the hub has not acked yet. */
  waiting: number;
  lastSyncAt: string | null;
  /** What the banner says: working offline, N changes waiting. */
  offline: boolean;
  /** The hub refused this device (revoked, or a hub that forgot it). */
  refused: boolean;
  /** How far the feed is read, and the hub's revision at its last answer (null before one): a download's progress. */
  pulledRevision: number;
  latestRevision: number | null;
}

type PushAnswer = z.output<typeof pushResponse>;
type FeedAnswer = z.output<typeof changesResponse>;

class HubError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
    /** No connection was made: the request cannot have reached the hub (refused, no route, no such host). */
    readonly unsent = false,
  ) {
    super(message);
  }
}

/** Errors of a connection that was never made. A reset or a timeout may come after the hub read the request. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * A replica's side of sync (docs/sync.md): it pushes its outbox to the hub, follows the hub's change feed, and
 * re-applies its own pending ops over what the hub sends, so its kiosks always answer from a current picture and
 * never wait on the hub. There is no "offline mode": when the hub is away the loops keep trying, and that is all.
 */
export function replicaService(
  store: Store,
  sync: SyncRepository,
  feed: FeedRepository,
  apply: ApplyService,
  schemaVersion: number,
  options: ReplicaOptions = DEFAULT_REPLICA_OPTIONS,
) {
  const { clock } = store;
  let stopped = true;
  let controller = new AbortController();
  let failures = 0;
  /** The last failure was a connection never made: the hub is away (or unreachable), not merely slow to answer. */
  let hubAway = false;
  let lastSuccessMs: number | null = null;
  // "Without a good sync" counts from the start: a kiosk does not say it works offline before it had a chance.
  let startedMs: number | null = null;
  let lastSyncAt: string | null = null;
  let refused = false;
  let latestRevision: number | null = null;
  /**
   * Whether the hub should hear from this replica even with no ops to send. At each push the hub measures the
   * replica's clock (sync/clock.rules.ts), so a replica pushes once at each boot: else every op of a boot that ends
   * while cut off would have an uncertain time, though the hub could have measured the clock while it was there.
   * It pushes once again after the hub was away: only a push tells the hub what this replica saw acked, and a hub
   * back from a backup must hear that to ask again for what it lost, even from a replica with nothing waiting.
   */
  let reportDue = true;
  let pushWake: (() => void) | null = null;
  let pushing: Promise<void> = Promise.resolve();
  let pulling: Promise<void> = Promise.resolve();

  const upstream = (): UpstreamRecord => {
    const record = sync.upstream();
    if (!record) throw new Error('this data dir is not paired with a hub');
    return record;
  };

  function succeeded(): void {
    failures = 0;
    hubAway = false;
    refused = false;
    lastSuccessMs = clock.now().getTime();
    lastSyncAt = toTimestamp(clock.now());
  }

  function failed(error: unknown): void {
    failures += 1;
    hubAway = error instanceof HubError && error.unsent;
    reportDue = true;
    if (error instanceof HubError && (error.status === 401 || error.status === 403)) refused = true;
  }

  /** Timeout signals of requests under way, held so the collector cannot take one that only `any()` refers to. */
  const timeouts = new Set<AbortSignal>();

  async function call<T>(path: string, init: RequestInit & { timeoutMs: number }, attempt = 1): Promise<T> {
    const { url, credential } = upstream();
    const timeout = AbortSignal.timeout(init.timeoutMs);
    timeouts.add(timeout);
    let response: Response;
    try {
      response = await fetch(new URL(path, url), {
        ...init,
        signal: AbortSignal.any([timeout, controller.signal]),
        headers: {
          authorization: `Bearer ${credential}`,
          'content-type': 'application/json',
          ...init.headers,
        },
      });
    } catch (error) {
      // fetch says only "fetch failed"; its cause says why (refused, reset, timed out).
      const cause = (error as Error & { cause?: NodeJS.ErrnoException }).cause;
      // A kept-alive connection the hub closed as this request left is reset before the hub read anything. Every
      // sync request may be sent twice (ops are applied once by their id), so it goes once more on a new one.
      if (cause?.code === 'ECONNRESET' && attempt === 1 && !controller.signal.aborted) {
        return call(path, init, 2);
      }
      throw new HubError(
        null,
        cause?.message ?? (error as Error).message,
        cause?.code !== undefined && NOT_CONNECTED.has(cause.code),
      );
    } finally {
      timeouts.delete(timeout);
    }
    const body = (await response.json().catch(() => ({}))) as T & { message?: string };
    if (!response.ok) throw new HubError(response.status, body.message ?? `HTTP ${response.status}`);
    return body;
  }

  /** Sends a batch of the waiting ops and stores the hub's acks; true when there is more to send at once. */
  async function pushOnce(): Promise<boolean> {
    // While the hub is away, one op: each retry would read, parse and serialise a full batch for nothing, every
    // second, on a kiosk cut off with thousands waiting. The first push that goes through says there is more, and
    // the next one takes a full batch. After any other failure (a reset, a timeout, an answer lost on the way back)
    // the batch may well have reached the hub, and goes whole again: on a flaky link the hub gets every change.
    const pending = sync.pendingOps(hubAway ? 1 : options.batchSize);
    const record = upstream();
    const wantsIds = needsRefill(record.grantedNext, record.grantedTo, blockSizeFor(record.role));
    if (pending.length === 0 && !reportDue && !wantsIds) return false;
    const reporting = reportDue;
    reportDue = false;
    const answer = await call<PushAnswer>('/sync/ops', {
      method: 'POST',
      timeoutMs: 30_000 + options.connectTimeoutMs,
      body: JSON.stringify({
        sent_wall_ms: clock.now().getTime(),
        sent_mono_ms: monotonicMs(clock),
        boot_id: bootIdOf(clock),
        waiting: sync.pendingCount(),
        acked_seq: record.ackedSeq,
        wants_ids: wantsIds,
        ops: pending,
      }),
    }).catch((error: unknown) => {
      reportDue ||= reporting;
      throw error;
    });
    store.inTransaction(() => {
      if (answer.restored) {
        // The hub lost history: everything after what it still holds goes again, and the feed starts over.
        sync.unackAfter(answer.acked_seq);
        sync.resetUpstreamAcked(answer.acked_seq);
        sync.setPulled(answer.epoch, 0);
        return;
      }
      const at = toTimestamp(clock.now());
      const seqOf = new Map(pending.map((op) => [op.op_id, op.seq]));
      const acked: number[] = [];
      for (const outcome of answer.outcomes) {
        const seq = seqOf.get(outcome.op_id);
        if (seq !== undefined && outcome.status !== 'upgrade_required') acked.push(seq);
      }
      sync.ackOps(acked, at);
      // A venue's hub shows on its own Sync page what the online server flagged: both sides see the conflict.
      if (record.role === 'venue') recordUpstreamConflicts(pending, answer.outcomes, at);
      sync.setUpstreamAcked(answer.acked_seq);
      if (answer.grant) sync.setUpstreamGrant(answer.grant.from, answer.grant.to);
      sync.pruneAckedBefore(toTimestamp(new Date(clock.now().getTime() - options.keepAckedMs)));
    });
    succeeded();
    const stuck = answer.outcomes.some((outcome) => outcome.status === 'upgrade_required');
    return !stuck && answer.outcomes.length > 0;
  }

  function recordUpstreamConflicts(sent: Op[], outcomes: PushAnswer['outcomes'], at: string): void {
    const byId = new Map(sent.map((op) => [op.op_id, op]));
    for (const outcome of outcomes) {
      const op = byId.get(outcome.op_id);
      const eventId = op ? feed.eventIdOf(op.payload.event) : null;
      if (!op || eventId === null) continue;
      const attendee = outcome.attendee ?? ('attendee' in op.payload ? op.payload.attendee : null);
      for (const kind of outcome.conflicts) {
        sync.recordConflict({
          eventId,
          attendeeUuid: typeof attendee === 'string' ? attendee : (attendee?.uuid ?? ''),
          kind,
          opId: op.op_id,
          deviceUuid: op.device,
          details: { at: toTimestamp(new Date(op.wall_ms)), kind: op.kind, decided_online: true },
          createdAt: at,
        });
      }
    }
  }

  /** Takes one page of the hub's feed and writes it, then re-applies the ops still waiting over it. */
  async function pullOnce(waitMs: number): Promise<FeedAnswer> {
    const record = upstream();
    const query = new URLSearchParams({
      since: String(record.pulledRev),
      epoch: record.upstreamEpoch ?? '',
      wait: String(Math.round(waitMs / 1000)),
      waiting: String(sync.pendingCount()),
    });
    const answer = await call<FeedAnswer>(`/sync/changes?${query}`, {
      method: 'GET',
      // A page of a snapshot is thousands of rows: a busy hub may take a while to read and send it.
      timeoutMs: waitMs + options.connectTimeoutMs + 30_000,
    });
    store.inTransaction(() => {
      writePage(answer.page as FeedPage);
      rebase(answer.page as FeedPage);
      sync.setPulled(answer.epoch, answer.revision);
    });
    latestRevision = answer.latest ?? answer.revision;
    succeeded();
    return answer;
  }

  function writePage(page: FeedPage): void {
    for (const row of page.organizations) feed.upsertOrganization(row);
    const organizationOf = (row: Record<string, unknown>) =>
      feed.organizationIdOf(String(row.organization_uuid));
    for (const row of page.events) {
      const organizationId = organizationOf(row);
      if (organizationId !== null) feed.upsertEvent(row, organizationId);
    }
    for (const row of page.users) {
      const organizationId = organizationOf(row);
      if (organizationId !== null) feed.upsertUser(row, organizationId);
    }
    for (const row of page.staff) {
      const organizationId = organizationOf(row);
      if (organizationId !== null) feed.upsertStaff(row, organizationId);
    }
    for (const tombstone of page.tombstones) {
      if (tombstone.kind === 'staff') feed.deleteStaff(tombstone.uuid);
    }
    // A merged registration's row goes before its survivor arrives, which may carry the same email.
    for (const alias of page.aliases) {
      if (alias.uuid !== alias.attendee) feed.deleteAttendee(alias.uuid);
    }
    sync.replaying(() => {
      for (const row of page.attendees) writeAttendee(row);
    });
    for (const alias of page.aliases) {
      const survivor = feed.attendeeByUuid(alias.attendee);
      if (survivor) sync.addAlias(alias.uuid, alias.number, survivor.id);
    }
  }

  /**
   * One attendee as the hub has it. A registration made here and not yet acked may hold the same email (the hub
   * has not heard of it): the merge rule decides locally as the hub will, the other becoming an alias.
   */
  function writeAttendee(row: Record<string, unknown>): void {
    const uuid = String(row.uuid);
    if (feed.attendeeByUuid(uuid)) return updateAttendee(row);
    const eventId = feed.eventIdOf(String(row.event_uuid));
    if (eventId === null) return;
    if (sync.aliasTarget(uuid) !== null) {
      // A registration the hub parted again from the one it was merged into (a cancellation that named only some
      // of them): a row of its own. A merge made here that the hub has not heard of yet is made again by `rebase`.
      sync.removeAlias(uuid);
      displaced.add(uuid);
    }
    try {
      feed.insertAttendee(row, eventId);
    } catch (error) {
      if (!sync.isUniqueViolation(error)) throw error;
      // A local registration of the same email, not yet known to the hub: the rules settle it when its op is
      // re-applied below (rebase), as the hub will settle it when the op arrives there.
      const local = apply.resolveAttendee(uuid);
      if (local) return;
      deferred.push(row);
    }
  }

  /**
   * An attendee the replica holds, as the hub has it now. A cancelled registration the hub brought back (a check-in
   * made on another kiosk stands, docs/sync.md) may meet a registration of the same email made here and not yet
   * acked: that one gives way for now, and `rebase` registers it again over this page, merging it as the hub will
   * when its op arrives.
   */
  function updateAttendee(row: Record<string, unknown>): void {
    try {
      feed.updateAttendee(row);
    } catch (error) {
      if (!sync.isUniqueViolation(error)) throw error;
      const eventId = feed.eventIdOf(String(row.event_uuid));
      const local = eventId === null ? null : store.repos.attendees.findForEmail(eventId, String(row.email));
      if (!local || local.status === 'canceled') throw error;
      feed.deleteAttendee(local.uuid);
      displaced.add(local.uuid);
      feed.updateAttendee(row);
    }
  }

  /** Hub rows that met a local registration of the same email; applied as registrations by `rebase`. */
  const deferred: Record<string, unknown>[] = [];
  /** Local registrations that gave way to a row of the hub's; their ops are applied again by `rebase`. */
  const displaced = new Set<string>();

  /**
   * The ops still waiting, applied again over what the hub just sent: the replica shows its own changes. Only the
   * ops about the attendees the page wrote (by UUID, merged UUID or a registration's email): the others' rows kept
   * their local state. A kiosk with thousands of ops waiting would otherwise apply them all at every page.
   */
  function rebase(page: FeedPage): void {
    for (const row of deferred.splice(0)) {
      apply.applyOp(
        {
          op: {
            op_id: String(row.op_id ?? row.uuid),
            seq: 0,
            device: 'hub',
            kind: 'register',
            payload: {
              event: String(row.event_uuid),
              attendee: {
                uuid: String(row.uuid),
                number: Number(row.id),
                email: String(row.email),
                name: String(row.name),
                answers: JSON.parse(String(row.answers)) as Record<string, string>,
                status: row.status as AttendeeStatus,
              },
            },
            wall_ms: Date.parse(String(row.registered_at)),
            mono_ms: 0,
            boot_id: 'hub',
            schema_version: schemaVersion,
          },
          at: String(row.registered_at),
          uncertain: false,
        },
        { authoritative: false },
      );
    }
    const touched = new Set<string>();
    for (const row of page.attendees) touched.add(String(row.uuid)).add(`${row.event_uuid} ${row.email_key}`);
    for (const alias of page.aliases) touched.add(alias.uuid).add(alias.attendee);
    for (const uuid of displaced) touched.add(uuid);
    displaced.clear();
    if (touched.size === 0) return;
    for (const op of sync.pendingOpsAbout([...touched])) {
      if (!touches(op, touched)) continue;
      apply.applyOp(
        { op, at: toTimestamp(new Date(op.wall_ms)), uncertain: false },
        { authoritative: false },
      );
    }
  }

  /** Whether an op is about an attendee (or, for a registration, an email of its event) in `touched`. */
  function touches(op: Op, touched: ReadonlySet<string>): boolean {
    const { event, attendee } = op.payload as {
      event: string;
      attendee: string | RegistrationPayload['attendee'];
    };
    if (typeof attendee === 'string') return touched.has(attendee.toLowerCase());
    return touched.has(attendee.uuid.toLowerCase()) || touched.has(`${event} ${emailKey(attendee.email)}`);
  }

  async function pushLoop(): Promise<void> {
    while (!stopped) {
      try {
        if (await pushOnce()) continue;
      } catch (error) {
        if (stopped) return;
        failed(error);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.retryMs);
        timer.unref();
        pushWake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      pushWake = null;
    }
  }

  async function pullLoop(): Promise<void> {
    while (!stopped) {
      try {
        const answer = await pullOnce(options.longPollMs);
        if (answer.more) continue;
      } catch (error) {
        if (stopped) return;
        failed(error);
        await untilRetryOrStop();
      }
    }
  }

  /** The pull loop's wait before trying again, cut short by stop(), which would otherwise wait for it. */
  function untilRetryOrStop(): Promise<void> {
    const { signal } = controller;
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, options.retryMs);
      timer.unref();
      signal.addEventListener('abort', done);
    });
  }

  return {
    /** Starts the push and pull loops (the server's start does this). */
    start(): void {
      if (!stopped) return;
      stopped = false;
      startedMs = clock.now().getTime();
      controller = new AbortController();
      pushing = pushLoop();
      pulling = pullLoop();
    },
    async stop(): Promise<void> {
      stopped = true;
      controller.abort();
      pushWake?.();
      await Promise.allSettled([pushing, pulling]);
    },
    /**
     * A change was recorded: push it now rather than at the next tick, unless the hub is away. Then the retry
     * schedule finds it back; trying again at every change made offline would cost each one a failed connection.
     */
    wake(): void {
      if (failures === 0) pushWake?.();
    },
    /** The hub's feed read to its end, with nothing pushed first: what a replica whose pushes fail sees (tests). */
    async pullNow(): Promise<void> {
      // Stopped loops aborted their requests' signal: this one is on its own.
      if (stopped) controller = new AbortController();
      while ((await pullOnce(0)).more);
    },
    /** One push and one pull, for the CLI's first sync and for tests. */
    async syncNow(): Promise<void> {
      while (await pushOnce());
      for (;;) {
        const answer = await pullOnce(0);
        if (!answer.more) break;
      }
    },
    status(): ReplicaStatus {
      const record = upstream();
      const since = lastSuccessMs ?? startedMs;
      const staleMs = since === null ? Infinity : clock.now().getTime() - since;
      return {
        hub: record.url,
        hubReachable: failures === 0 && lastSuccessMs !== null,
        waiting: sync.pendingCount(),
        lastSyncAt,
        offline: failures >= OFFLINE_AFTER_FAILURES || staleMs > OFFLINE_AFTER_MS,
        refused,
        pulledRevision: record.pulledRev,
        latestRevision,
      };
    },
  };
}

export type ReplicaService = ReturnType<typeof replicaService>;
