import type { LedgerService } from '../attendees/ledger.service.ts';
import type { FactDetail } from '../attendees/ledger.rules.ts';
import { listsFromFeed } from '../lists/presence.service.ts';
import { bootIdOf, monotonicMs } from '../platform/clock.ts';
import { emailKey } from '../platform/email.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import { isEmptyPage, type FeedPage, type FeedRepository } from './feed.repository.ts';
import type { changesResponse, pushResponse } from './sync.schemas.ts';
import type { z } from 'zod';
import { blockSizeFor, needsRefill } from './id-ranges.rules.ts';
import type { SyncRepository } from './sync.repository.ts';
import { MAX_OPS_PER_PUSH, type Op, type OpStatus, type UpstreamRecord } from './sync.types.ts';

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
    /** A 429's Retry-After, in milliseconds. */
    readonly retryAfterMs = 0,
    /** The hub's machine refused the connection: its server is not listening (yet). */
    readonly connectionRefused = false,
  ) {
    super(message);
  }
}

/**
 * The most a push carries, in bytes of JSON: under the hub's body limit for `/sync/ops` (sync.routes.ts), whatever
 * the ops hold. A batch that could never be sent would stop every op behind it.
 */
export const MAX_PUSH_BYTES = 1536 * 1024;

/**
 * A push made because a change was recorded waits this long after the one before: changes made in between go
 * together, and a busy kiosk stays well under its hub's per-device limit. Draining a backlog does not wait.
 */
export const MIN_PUSH_INTERVAL_MS = 150;

/**
 * While a backlog drains (the last push was a full batch, and more waits), the feed is read at most this often.
 * What comes down then is mostly this replica's own ops coming back: read as soon as each chunk of them committed
 * at the hub, they cost the hub a feed read and this replica a transaction (a wait for its disk) every few dozen
 * ops, about as long in all as the drain itself (bench/README.md, "bench:sync").
 */
export const DRAIN_PULL_INTERVAL_MS = 500;

/** A kept-alive connection that the hub closed as a request left on it. */
const CLOSED_UNDER_US = new Set(['ECONNRESET', 'UND_ERR_SOCKET']);

/**
 * The wait before trying again when the hub's machine refused the connection: it is there but its server is not
 * listening yet, most often because it is restarting. A venue's waiting changes then flow within a quarter of a
 * second of its return (the usual wait, `retryMs`, if shorter); a refused connection costs either side next to nothing.
 */
export const RESTARTING_RETRY_MS = 250;

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

/** The first ops of `ops` that fit in one push (always at least one: a single op is far below the limit). */
function withinPushBytes(ops: Op[]): Op[] {
  let bytes = 0;
  for (let i = 0; i < ops.length; i++) {
    bytes += JSON.stringify(ops[i]).length + 1;
    if (bytes > MAX_PUSH_BYTES) return ops.slice(0, Math.max(1, i));
  }
  return ops;
}

/** What the hub answered for an op it did not keep: the replica's own copy goes out of its rows too. */
const NOT_KEPT: ReadonlySet<OpStatus> = new Set(['refused', 'dropped', 'failed', 'not_found']);

/**
 * A replica's side of sync (docs/sync.md): it pushes its outbox to the hub and follows the hub's change feed. Its
 * ledger holds the hub's facts and its own not yet confirmed, and its rows are made of both by the rules every node
 * applies, so its kiosks always answer from a current picture and never wait on the hub. There is no "offline
 * mode": when the hub is away the loops keep trying, and that is all.
 */
export function replicaService(
  store: Store,
  sync: SyncRepository,
  feed: FeedRepository,
  ledger: LedgerService,
  options: ReplicaOptions = DEFAULT_REPLICA_OPTIONS,
  /**
   * Told of a sync that failed here rather than at the hub or on the way (an error of this node's, writing a page or
   * reading its outbox): the loops try again, and the log says why (the chaos test found one only through a probe).
   */
  onLocalError: (error: unknown) => void = () => {},
) {
  const { clock, repos } = store;
  const lists = listsFromFeed(repos);
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
  /** The last push took a full batch and more waits behind it: the feed can wait (DRAIN_PULL_INTERVAL_MS). */
  let draining = false;
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

  /** Records a failed exchange; returns the wait before the next try. */
  function failed(error: unknown): number {
    if (!(error instanceof HubError)) onLocalError(error);
    failures += 1;
    hubAway = error instanceof HubError && error.unsent;
    reportDue = true;
    if (error instanceof HubError && (error.status === 401 || error.status === 403)) refused = true;
    return error instanceof HubError && error.connectionRefused
      ? Math.min(options.retryMs, RESTARTING_RETRY_MS)
      : options.retryMs;
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
      // A kept-alive connection the hub closed as this request left is reset (or found closed: undici's "other side
      // closed") before the hub read anything. Every sync request may be sent twice (ops are applied once by their
      // id), so it goes once more on a new one.
      if (
        cause?.code !== undefined &&
        CLOSED_UNDER_US.has(cause.code) &&
        attempt === 1 &&
        !controller.signal.aborted
      ) {
        return call(path, init, 2);
      }
      throw new HubError(
        null,
        cause?.message ?? (error as Error).message,
        cause?.code !== undefined && NOT_CONNECTED.has(cause.code),
        0,
        cause?.code === 'ECONNREFUSED',
      );
    } finally {
      timeouts.delete(timeout);
    }
    const body = (await response.json().catch(() => ({}))) as T & { message?: string };
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('retry-after') ?? 0);
      throw new HubError(
        response.status,
        body.message ?? `HTTP ${response.status}`,
        false,
        Number.isFinite(retryAfter) ? Math.min(60, Math.max(0, retryAfter)) * 1000 : 0,
      );
    }
    return body;
  }

  /** Sends a batch of the waiting ops and stores the hub's acks; true when there is more to send at once. */
  async function pushOnce(): Promise<boolean> {
    // While the hub is away, one op: each retry would read, parse and serialise a full batch for nothing, every
    // second, on a kiosk cut off with thousands waiting. The first push that goes through says there is more, and
    // the next one takes a full batch. After any other failure (a reset, a timeout, an answer lost on the way back)
    // the batch may well have reached the hub, and goes whole again: on a flaky link the hub gets every change.
    const batch = hubAway ? 1 : Math.min(options.batchSize, MAX_OPS_PER_PUSH);
    // Only what has committed leaves for the hub (platform/group-commit.ts).
    store.settle();
    const read = sync.pendingOps(batch);
    const pending = withinPushBytes(read);
    const record = upstream();
    const wantsIds = needsRefill(record.grantedNext, record.grantedTo, blockSizeFor(record.role));
    if (pending.length === 0 && !reportDue && !wantsIds) {
      draining = false;
      return false;
    }
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
      draining = false;
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
        // What the hub did not keep leaves this replica's rows too: it shows what the hub will.
        if (seq !== undefined && NOT_KEPT.has(outcome.status)) forget(outcome.op_id);
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
    draining =
      !stuck &&
      !answer.restored &&
      (read.length === batch || pending.length < read.length) &&
      sync.pendingCount() > 0;
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

  /** An op of this replica's that its hub did not keep: its fact stays, refused, and the rows are made without it. */
  function forget(opId: string): void {
    const registration = repos.ledger.registrationByOp(opId);
    const fact = registration ? null : repos.ledger.factByOp(opId);
    if (!repos.ledger.refuse(opId)) return;
    const person = registration
      ? { eventId: registration.eventId, emailKey: registration.emailKey }
      : fact && repos.ledger.personOf(fact.subject);
    if (!person) return;
    // A refused edit no longer moves the registrations it named: back to the people they were.
    const moved =
      fact?.kind === 'edit' ? ledger.rekeyFromFeed(person.eventId, [fact.subject, ...fact.names]) : [];
    repos.ledger.replaying(() => {
      for (const key of new Set([person.emailKey, ...moved])) ledger.materialize(person.eventId, key);
    });
  }

  /** Takes one page of the hub's feed and writes it. */
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
      // A new snapshot: what this replica holds from the hub is stale until the snapshot brings it again.
      if (answer.reset) {
        repos.ledger.markUpstreamStale();
        sync.setSnapshotCleanup(true);
      }
      const snapshotEnds = !answer.more && upstream().snapshotCleanup;
      writePage(answer.page as FeedPage, snapshotEnds);
      if (snapshotEnds) sync.setSnapshotCleanup(false);
      sync.setPulled(answer.epoch, answer.revision);
    });
    latestRevision = answer.latest ?? answer.revision;
    succeeded();
    return answer;
  }

  /**
   * Writes a page of the hub's feed: its rows of the organization, events, people and staff as they are, and its
   * registrations and attendee facts into this replica's ledger, after which the rows of every person the page
   * touched are made again (with this replica's own facts not yet confirmed, so it shows its own changes on top of
   * the hub's). The whole page or nothing: the revision moves past it in the same transaction.
   */
  function writePage(page: FeedPage, snapshotEnds: boolean): void {
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
    const touched = new Map<string, { eventId: number; emailKey: string }>();
    const touch = (person: { eventId: number; emailKey: string } | null) => {
      if (person) touched.set(`${person.eventId} ${person.emailKey}`, person);
    };
    // Registrations that may belong to another person than their own email's: new ones (an edit of them may be
    // here already) and those an edit in this page names (ledger.rules.ts `currentEmail`).
    const mayMove = new Map<number, Set<string>>();
    const mightMove = (eventId: number, uuids: readonly string[]) => {
      const held = mayMove.get(eventId) ?? new Set<string>();
      for (const uuid of uuids) held.add(uuid);
      mayMove.set(eventId, held);
    };
    // Lists before the facts that name them. A list edited since a scan on it has a later revision, and may come a
    // page after that scan: its people are written again once it is here.
    for (const row of page.lists ?? []) {
      const eventId = feed.eventIdOf(row.event_uuid);
      if (eventId !== null) for (const person of lists.takeFromFeed(row, eventId)) touch(person);
    }
    for (const row of page.registrations) {
      const eventId = feed.eventIdOf(row.event_uuid);
      if (eventId === null) continue;
      const registration = {
        uuid: row.uuid,
        id: row.id,
        opId: row.op_id,
        at: row.registered_at,
        status: row.status,
        email: row.email,
        emailKey: emailKey(row.email),
        name: row.name,
        answers: row.answers,
        checkinCode: row.checkin_code,
        refused: row.refused === 1,
      };
      const held = repos.ledger.registrationByUuid(row.uuid);
      if (held) {
        touch({ eventId: held.eventId, emailKey: held.emailKey });
        repos.ledger.overwriteRegistration(registration);
      } else {
        const insert = () =>
          repos.ledger.insertRegistration({ ...registration, eventId, pendingUpstream: false });
        try {
          store.db.transaction(insert)();
        } catch (error) {
          // Its id or code is held by a registration made here and not yet confirmed: that one gives way.
          if (!sync.isUniqueViolation(error) || !repos.ledger.giveWayTo(row.id, row.checkin_code))
            throw error;
          insert();
        }
        if (registration.refused) repos.ledger.refuse(row.op_id);
        mightMove(eventId, [registration.uuid]);
      }
      touch({ eventId, emailKey: registration.emailKey });
    }
    for (const row of page.facts) {
      const eventId = feed.eventIdOf(row.event_uuid);
      if (eventId === null) continue;
      const fact = {
        opId: row.op_id,
        kind: row.kind,
        subject: row.subject,
        at: row.at,
        names: JSON.parse(row.names) as string[],
        detail: row.detail ? (JSON.parse(row.detail) as FactDetail) : null,
        device: row.device,
        refused: row.refused === 1,
      };
      const held = repos.ledger.factByOp(row.op_id);
      if (held) {
        // Most often this replica's own fact coming back as the hub took it: confirmed, and the person's rows are
        // what they were (they are made from facts and registrations only, not from what is confirmed), so they are
        // not made again. A fact the hub changed (refused, merged) makes them again, before and after.
        if (!repos.ledger.overwriteFact(fact)) continue;
        touch(repos.ledger.personOf(held.subject));
      } else {
        repos.ledger.insertFact({ ...fact, eventId, pendingUpstream: false });
        if (fact.refused) repos.ledger.refuse(row.op_id);
      }
      const person = repos.ledger.personOf(row.subject);
      if (person?.eventId === eventId) touch(person);
      if (fact.kind === 'edit') mightMove(eventId, [fact.subject, ...fact.names]);
    }
    for (const [eventId, uuids] of mayMove) {
      for (const key of ledger.rekeyFromFeed(eventId, [...uuids])) touch({ eventId, emailKey: key });
    }
    if (snapshotEnds) {
      for (const person of repos.ledger.dropStale()) {
        touch(person);
        // An edit that went with the stale rows no longer moves the registrations it named.
        const uuids = repos.ledger.registrationsOf(person.eventId, person.emailKey).map((held) => held.uuid);
        mightMove(person.eventId, uuids);
      }
      for (const [eventId, uuids] of mayMove) {
        for (const key of ledger.rekeyFromFeed(eventId, [...uuids])) touch({ eventId, emailKey: key });
      }
    }
    repos.ledger.replaying(() => {
      for (const { eventId, emailKey: key } of touched.values()) ledger.materialize(eventId, key);
    });
  }

  async function pushLoop(): Promise<void> {
    let woken = false;
    let lastPushMs = 0;
    while (!stopped) {
      let waitMs = options.retryMs;
      try {
        // A push a new change woke waits for the changes that follow it closely (MIN_PUSH_INTERVAL_MS).
        if (woken) await sleepUnlessStopped(lastPushMs + MIN_PUSH_INTERVAL_MS - Date.now());
        lastPushMs = Date.now();
        if (await pushOnce()) {
          woken = false;
          continue;
        }
      } catch (error) {
        if (stopped) return;
        // Too many requests: the hub is there and says when to come back; nothing failed.
        if (error instanceof HubError && error.status === 429) waitMs = Math.max(waitMs, error.retryAfterMs);
        else waitMs = failed(error);
      }
      woken = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), waitMs);
        timer.unref();
        pushWake = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
      pushWake = null;
    }
  }

  /** Waits `ms` (real time: transport, not business time), cut short by stop(). */
  function sleepUnlessStopped(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    const { signal } = controller;
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      signal.addEventListener('abort', done);
    });
  }

  async function pullLoop(): Promise<void> {
    while (!stopped) {
      try {
        const answer = await pullOnce(options.longPollMs);
        if (answer.more) continue;
        if (draining && !isEmptyPage(answer.page as FeedPage))
          await sleepUnlessStopped(DRAIN_PULL_INTERVAL_MS);
      } catch (error) {
        if (stopped) return;
        if (error instanceof HubError && error.status === 429) {
          await sleepUnlessStopped(Math.max(options.retryMs, error.retryAfterMs));
          continue;
        }
        await untilRetryOrStop(failed(error));
      }
    }
  }

  /** The pull loop's wait before trying again, cut short by stop(), which would otherwise wait for it. */
  function untilRetryOrStop(waitMs: number): Promise<void> {
    const { signal } = controller;
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, waitMs);
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
