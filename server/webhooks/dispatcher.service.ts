import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/database.ts';
import { toTimestamp } from '../platform/time.ts';
import { wakeAfterCommit } from '../platform/wake-after-commit.ts';
import type { WriteGate } from '../platform/write-gate.ts';
import type { WebhookEndpointRecord } from './webhook.types.ts';
import {
  judgeAttempt,
  nextAttemptAt,
  type DeliveryVerdict,
  parseRetryAfter,
  RESPONSE_EXCERPT_BYTES,
  responseExcerpt,
  signatureHeader,
  signingSecrets,
  type RandomSource,
} from './webhook.rules.ts';
import { createRepositories } from '../store.ts';
import type { ClaimedDelivery } from './delivery.repository.ts';
import { fanOutNotifications } from './outbox.service.ts';
import type { Response } from 'undici';
import { DESTINATION_REFUSED, webhookHttpClient } from './destination-agent.ts';

export interface WebhookDispatchOptions {
  /**
   * Send in the background: on a poll timer and right after each notification is stored. When false, nothing is
   * sent until `dispatchDue()` is called (tests step through the schedule that way).
   */
  autoDispatch: boolean;
  pollIntervalMs: number;
  /** The most one request may take, from connecting to the last byte of the answer read. */
  timeoutMs: number;
  /** Endpoints served at once; each endpoint has at most one request out. */
  concurrency: number;
  /** Spreads retries (jitter). */
  random: RandomSource;
  /** How long a finished delivery (delivered, or failed for good) stays in the delivery log after its last attempt. */
  retentionMs: number;
  /** How often older ones are looked for and deleted, while sending in the background. */
  pruneIntervalMs: number;
}

/** How long the delivery log keeps a finished delivery by default (the OpenAPI document says so too). */
export const DELIVERY_RETENTION_DAYS = 30;

export const DEFAULT_WEBHOOK_DISPATCH: WebhookDispatchOptions = {
  autoDispatch: true,
  pollIntervalMs: 1000,
  timeoutMs: 15_000,
  concurrency: 4,
  random: Math.random,
  retentionMs: DELIVERY_RETENTION_DAYS * 24 * 60 * 60_000,
  pruneIntervalMs: 60 * 60_000,
};

/** Finished deliveries deleted per statement when pruning, so no one prune holds the event loop for long. */
const PRUNE_BATCH = 500;

/** How long past the request timeout a lease holds, so a slow request is never sent twice. */
const LEASE_MARGIN_MS = 60_000;

const USER_AGENT = 'Arrivals-Webhooks/1.0';

/** Where the dispatcher reports trouble: the app's logger (pino's object-then-message form). */
interface Logger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * What came back from one request; `statusCode` is null when no answer came. `destinationRefused`: the connection
 * was not made, since it would have gone to an address the organization has not allowed.
 */
interface Answer {
  statusCode: number | null;
  destinationRefused: boolean;
  retryAfter: string | null;
  excerpt: string | null;
  error: string | null;
  durationMs: number;
  attemptedAt: Date;
}

/** Why an attempt got no answer, as the delivery log says it. */
const attemptError = {
  connectionRefused: 'Connection refused.',
  hostNotFound: 'Host not found.',
  connectionClosed: 'The connection closed before an answer came.',
  unreachable: 'The host could not be reached.',
  destinationRefused: 'The destination address is not allowed.',
  timedOut: (ms: number) => `No answer within ${ms / 1000} seconds.`,
  requestFailed: (reason: string) => `The request failed (${reason}).`,
} as const;

const FAILURE_MESSAGES: Record<string, string> = {
  ECONNREFUSED: attemptError.connectionRefused,
  ENOTFOUND: attemptError.hostNotFound,
  EAI_AGAIN: attemptError.hostNotFound,
  ECONNRESET: attemptError.connectionClosed,
  UND_ERR_SOCKET: attemptError.connectionClosed,
  EHOSTUNREACH: attemptError.unreachable,
  ENETUNREACH: attemptError.unreachable,
  [DESTINATION_REFUSED]: attemptError.destinationRefused,
};

/** The code of the error under fetch's `TypeError: fetch failed`, as Node names it (ECONNREFUSED...). */
function failureCode(error: unknown): string | null {
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' ? code : null;
}

/** Why no answer came, in words for the delivery log. Never the raw error: it could quote the URL. */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return attemptError.timedOut(timeoutMs);
  const code = failureCode(error);
  if (code !== null) return FAILURE_MESSAGES[code] ?? attemptError.requestFailed(code);
  return attemptError.requestFailed('network error');
}

/** At most RESPONSE_EXCERPT_BYTES of the body: a receiver answering with megabytes costs us nothing. */
async function readExcerpt(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size <= RESPONSE_EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // The status already answers; a body cut short (timeout, reset) leaves what arrived.
  } finally {
    reader.cancel().catch(() => {});
  }
  return responseExcerpt(Buffer.concat(chunks));
}

export type WebhookDispatcher = ReturnType<typeof webhookDispatcher>;

/**
 * Sends the outbox in the background, never on a request's path. Per endpoint one request at a time, in the order
 * the notifications were stored; a few endpoints at once. Failed attempts are retried on the schedule in
 * webhook.rules.ts; a success also releases the endpoint's deliveries that were waiting only because it was down,
 * so a receiver coming back gets its backlog at once and in order.
 *
 * `db` is a connection for it alone, which it sets to synchronous=NORMAL and closes when it stops: its writes
 * (expansions, leases, attempts) need no fsync, since losing them to a power cut only means a notification is
 * expanded or sent again, which at-least-once delivery allows. The changes and their notifications are written
 * durably by the app's connection.
 *
 * It writes on the server's thread, so each of its writes goes through `writeGate.write`: after another thread's
 * write and the app connection's group of writes (platform/write-gate.ts, platform/group-commit.ts).
 */
export function webhookDispatcher(
  db: Db,
  clock: Clock,
  options: WebhookDispatchOptions,
  writeGate: WriteGate,
) {
  db.pragma('synchronous = NORMAL');
  const repos = createRepositories(db);
  const { webhookDeliveries: deliveries, webhookEndpoints: endpoints, lanIntegrations } = repos;
  const http = webhookHttpClient();
  const working = new Map<number, Promise<void>>();
  const shutdown = new AbortController();
  let log: Logger | null = null;
  let timer: NodeJS.Timeout | null = null;
  let pruneTimer: NodeJS.Timeout | null = null;
  const sendTimeouts = new Set<AbortSignal>();

  async function send(endpoint: WebhookEndpointRecord, delivery: ClaimedDelivery): Promise<Answer | null> {
    const attemptedAt = clock.now();
    const timestamp = Math.floor(attemptedAt.getTime() / 1000);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    // Held until the answer is in: Node 20 lets the garbage collector take a timeout signal that only
    // AbortSignal.any() refers to, and then it never fires, leaving a send to a silent receiver hanging.
    const timeout = AbortSignal.timeout(options.timeoutMs);
    sendTimeouts.add(timeout);
    try {
      // The list is read at every attempt: an owner's change applies from the next connection on.
      const listed = lanIntegrations.hostsFor(endpoint.organizationId);
      const response = await http.fetch(endpoint.organizationId, listed, endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'webhook-id': delivery.messageUid,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatureHeader(
            signingSecrets(endpoint, attemptedAt.getTime()),
            delivery.messageUid,
            timestamp,
            delivery.payload,
          ),
        },
        body: delivery.payload,
        redirect: 'manual',
        signal: AbortSignal.any([timeout, shutdown.signal]),
      });
      const excerpt = await readExcerpt(response);
      return {
        statusCode: response.status,
        destinationRefused: false,
        retryAfter: response.headers.get('retry-after'),
        excerpt,
        error: null,
        durationMs: elapsed(),
        attemptedAt,
      };
    } catch (error) {
      // Cut off by app.close(): not the receiver's failure, so not an attempt; it goes out after the restart.
      if (shutdown.signal.aborted) return null;
      // A failure with no network cause is ours, not the receiver's: say so where an operator looks.
      if (failureCode(error) === null && !(error instanceof DOMException)) {
        log?.error({ err: error, webhook: endpoint.uuid }, 'webhook request could not be made');
      }
      return {
        statusCode: null,
        destinationRefused: failureCode(error) === DESTINATION_REFUSED,
        retryAfter: null,
        excerpt: null,
        error: describeFailure(error, options.timeoutMs),
        durationMs: elapsed(),
        attemptedAt,
      };
    } finally {
      sendTimeouts.delete(timeout);
    }
  }

  /** Stores the attempt and what follows from it; true when the notification was delivered. */
  function record(endpoint: WebhookEndpointRecord, delivery: ClaimedDelivery, answer: Answer): boolean {
    const finishedAt = clock.now().getTime();
    const verdict: DeliveryVerdict = answer.destinationRefused
      ? { outcome: 'refused' }
      : judgeAttempt(answer.statusCode);
    const attemptsMade = delivery.roundAttempts + 1;
    const next =
      verdict.outcome === 'retry'
        ? nextAttemptAt(
            finishedAt,
            attemptsMade,
            parseRetryAfter(answer.retryAfter, finishedAt),
            options.random,
          )
        : null;
    const status = verdict.outcome === 'delivered' ? 'delivered' : next === null ? 'failed' : 'pending';
    const now = toTimestamp(new Date(finishedAt));
    const attemptNumber = delivery.attemptCount + 1;

    db.transaction(() => {
      const stored = deliveries.recordAttempt(delivery.id, {
        status,
        nextAttemptAt: next,
        unreachable: verdict.outcome === 'retry' && verdict.unreachable,
        now,
        attempt: {
          number: attemptNumber,
          statusCode: answer.statusCode,
          durationMs: answer.durationMs,
          responseExcerpt: answer.excerpt,
          error: answer.error,
          attemptedAt: toTimestamp(answer.attemptedAt),
        },
      });
      if (!stored) return;
      if (verdict.outcome === 'gone') endpoints.disable(endpoint.id, 'gone', now);
      if (verdict.outcome === 'delivered') deliveries.pullForward(endpoint.id, finishedAt);
    }).immediate();

    // Endpoints are named by id only: URLs can carry tokens of their own, and payloads carry personal data.
    const context = {
      webhook: endpoint.uuid,
      message: delivery.messageUid,
      attempt: attemptNumber,
      statusCode: answer.statusCode,
      error: answer.error,
    };
    if (verdict.outcome === 'gone') log?.warn(context, 'webhook endpoint answered 410 Gone and was disabled');
    else if (verdict.outcome === 'refused') log?.warn(context, 'webhook destination address not allowed');
    else if (status === 'failed') log?.error(context, 'webhook delivery failed for good');
    else if (status === 'pending') log?.warn(context, 'webhook delivery failed; it will be retried');
    return verdict.outcome === 'delivered';
  }

  /** Sends the endpoint's due deliveries, oldest first, until none is due or one fails. */
  async function serveEndpoint(endpointId: number): Promise<void> {
    let claimed: ClaimedDelivery | null = null;
    try {
      while (!shutdown.signal.aborted) {
        const lease = await writeGate.write(() => {
          const now = clock.now().getTime();
          return deliveries.claimNext(endpointId, now, now + options.timeoutMs + LEASE_MARGIN_MS);
        });
        claimed = lease;
        const endpoint = lease && endpoints.findById(endpointId);
        if (!lease || !endpoint) return;
        const answer = await send(endpoint, lease);
        if (!answer) {
          await writeGate.write(() => deliveries.releaseLease(lease.id));
          return;
        }
        const delivered = await writeGate.write(() => record(endpoint, lease, answer));
        claimed = null;
        // A failure says the endpoint is down or refusing: the rest wait for the next round.
        if (!delivered) return;
      }
    } catch (error) {
      log?.error({ err: error, webhook: endpointId }, 'webhook dispatch failed');
      const lease = claimed;
      if (lease && db.open) {
        await writeGate.write(() => {
          if (db.open) deliveries.releaseLease(lease.id);
        });
      }
    }
  }

  /**
   * One round: turns newly stored notifications into deliveries, then serves every endpoint with due deliveries
   * (each at most once), a few at a time, and resolves when those sends, and any already under way, have settled.
   */
  async function dispatchDue(): Promise<void> {
    await writeGate.write(() => {
      if (!shutdown.signal.aborted) fanOutNotifications(db, repos, clock);
    });
    const served = new Set<number>();
    for (;;) {
      if (!shutdown.signal.aborted) {
        for (const endpointId of deliveries.dueEndpointIds(clock.now().getTime())) {
          if (working.size >= options.concurrency) break;
          if (served.has(endpointId) || working.has(endpointId)) continue;
          served.add(endpointId);
          working.set(
            endpointId,
            serveEndpoint(endpointId).finally(() => working.delete(endpointId)),
          );
        }
      }
      if (working.size === 0) return;
      await Promise.race(working.values());
    }
  }

  function dispatchInBackground(): void {
    dispatchDue().catch((error: unknown) => log?.error({ err: error }, 'webhook dispatch failed'));
  }

  /** There is new work: a round once the transaction that stored the notification has committed. */
  const wake = options.autoDispatch ? wakeAfterCommit(dispatchInBackground, shutdown.signal) : () => {};

  /**
   * Deletes the finished deliveries older than the retention period, with their attempts and the messages no
   * delivery needs any more, so the log of a kiosk that runs for years stays bounded. A batch at a time with a turn
   * of the event loop between batches: the dispatcher shares it with the server, and the first prune of a large log
   * must not stall requests. Resolves with how many deliveries went.
   */
  async function pruneOld(): Promise<number> {
    const before = toTimestamp(new Date(clock.now().getTime() - options.retentionMs));
    let pruned = 0;
    for (;;) {
      const batch = await writeGate.write(() =>
        shutdown.signal.aborted ? null : deliveries.pruneFinished(before, PRUNE_BATCH),
      );
      if (batch === null) return pruned;
      pruned += batch;
      if (batch < PRUNE_BATCH) break;
      await nextTurn();
    }
    return pruned;
  }

  function pruneInBackground(): void {
    pruneOld().catch((error: unknown) => log?.error({ err: error }, 'pruning old webhook deliveries failed'));
  }

  return {
    dispatchDue,
    wake,
    pruneOld,

    /** Resumes what a previous run left: its leases died with it. */
    start(logger: Logger): void {
      log = logger;
      deliveries.releaseAllLeases();
      if (!options.autoDispatch) return;
      timer = setInterval(dispatchInBackground, options.pollIntervalMs);
      pruneTimer = setInterval(pruneInBackground, options.pruneIntervalMs);
      // The timers alone never keep the process alive.
      timer.unref();
      pruneTimer.unref();
      wake();
      pruneInBackground();
    },

    /** Stops sending; requests under way are abandoned (not counted as attempts) and go out after a restart. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      if (pruneTimer) clearInterval(pruneTimer);
      shutdown.abort();
      await Promise.allSettled(working.values());
      await http.close();
      db.close();
    },
  };
}
