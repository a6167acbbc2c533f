import type { Db } from '../platform/database.ts';
import type { WebhookMessageType } from './webhook.rules.ts';
import type { DeliveryStatus } from '../contract/vocabulary.ts';
import type { WebhookAttemptRecord, WebhookDeliveryRecord } from './webhook.types.ts';

interface AttemptRow {
  number: number;
  status_code: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
  attempted_at: string;
}

interface DeliveryRow {
  id: number;
  endpoint_id: number;
  uid: string;
  type: WebhookMessageType;
  payload: string;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: number | null;
  last_status_code: number | null;
  created_at: string;
  updated_at: string;
  // The last attempt, when there was one.
  a_number: number | null;
  a_status_code: number | null;
  a_duration_ms: number | null;
  a_response_excerpt: string | null;
  a_error: string | null;
  a_attempted_at: string | null;
}

const toAttempt = (row: AttemptRow): WebhookAttemptRecord => ({
  number: row.number,
  statusCode: row.status_code,
  durationMs: row.duration_ms,
  responseExcerpt: row.response_excerpt,
  error: row.error,
  attemptedAt: row.attempted_at,
});

const toDelivery = (row: DeliveryRow): WebhookDeliveryRecord => ({
  id: row.id,
  endpointId: row.endpoint_id,
  messageUid: row.uid,
  type: row.type,
  payload: row.payload,
  status: row.status,
  attemptCount: row.attempt_count,
  nextAttemptAt: row.next_attempt_at,
  lastStatusCode: row.last_status_code,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  lastAttempt:
    row.a_number === null
      ? null
      : toAttempt({
          number: row.a_number,
          status_code: row.a_status_code,
          duration_ms: row.a_duration_ms!,
          response_excerpt: row.a_response_excerpt,
          error: row.a_error,
          attempted_at: row.a_attempted_at!,
        }),
});

const DELIVERY_SELECT = `
  SELECT d.id, d.endpoint_id, m.uid, m.type, m.payload, d.status, d.attempt_count, d.next_attempt_at,
    d.last_status_code, d.created_at, d.updated_at,
    a.number AS a_number, a.status_code AS a_status_code, a.duration_ms AS a_duration_ms,
    a.response_excerpt AS a_response_excerpt, a.error AS a_error, a.attempted_at AS a_attempted_at
  FROM webhook_deliveries AS d
  JOIN webhook_messages AS m ON m.id = d.message_id
  LEFT JOIN webhook_attempts AS a ON a.delivery_id = d.id AND a.number = d.attempt_count`;

/** The notifications of one change, as the change's transaction stores them. */
export interface OutboxBatch {
  /** The webhook-ids of the notifications derive from it. */
  notificationKey: string;
  organizationId: number;
  type: WebhookMessageType;
  /** The endpoints that receive them. */
  endpointIds: readonly number[];
  /** The `data` of each notification, but for `shared`. */
  items: readonly object[];
  /** Fields every notification's data ends with, stored once (the event of a bulk no-show); null for none. */
  shared: Readonly<Record<string, unknown>> | null;
  createdAt: string;
}

interface OutboxRow {
  id: number;
  notification_key: string;
  organization_id: number;
  type: WebhookMessageType;
  endpoint_ids: string;
  items: string;
  shared: string | null;
  created_at: string;
}

export interface NewWebhookMessage {
  uid: string;
  organizationId: number;
  type: WebhookMessageType;
  payload: string;
  createdAt: string;
}

/** A delivery a dispatcher has leased and is about to send. */
export interface ClaimedDelivery {
  id: number;
  messageUid: string;
  payload: string;
  attemptCount: number;
  roundAttempts: number;
}

/** What one attempt did to its delivery. */
export interface AttemptResult {
  status: DeliveryStatus;
  /** Unix ms; null once delivered or failed. */
  nextAttemptAt: number | null;
  unreachable: boolean;
  attempt: WebhookAttemptRecord;
  now: string;
}

/** The outbox (as changes store it), the messages and deliveries made from it, and every attempt. */
export function webhookDeliveriesRepository(db: Db) {
  const insertOutbox = db.prepare<[string, number, string, string, string, string | null, string]>(
    `INSERT INTO webhook_outbox (notification_key, organization_id, type, endpoint_ids, items, shared, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const anyOutbox = db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM webhook_outbox)').pluck();
  const firstOutbox = db.prepare<[], OutboxRow>('SELECT * FROM webhook_outbox ORDER BY id LIMIT 1');
  const removeOutbox = db.prepare<[number]>('DELETE FROM webhook_outbox WHERE id = ?');
  const insertMessage = db.prepare<[string, number, string, string, string]>(
    'INSERT INTO webhook_messages (uid, organization_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertDelivery = db.prepare<[number | bigint, number, number, string, string]>(
    `INSERT INTO webhook_deliveries (message_id, endpoint_id, status, next_attempt_at, created_at, updated_at)
     VALUES (?, ?, 'pending', ?, ?, ?)`,
  );
  const latestDelivery = db
    .prepare<[number], number>('SELECT MAX(id) FROM webhook_deliveries WHERE endpoint_id = ?')
    .pluck();
  const byId = db.prepare<[number, number], DeliveryRow>(
    `${DELIVERY_SELECT} WHERE d.endpoint_id = ? AND d.id = ?`,
  );
  const attemptsOf = db.prepare<[number], AttemptRow>(
    `SELECT number, status_code, duration_ms, response_excerpt, error, attempted_at
     FROM webhook_attempts WHERE delivery_id = ? ORDER BY number`,
  );
  const waiting = db.prepare<[number], { endpoint_id: number; total: number }>(
    `SELECT d.endpoint_id, COUNT(*) AS total
     FROM webhook_endpoints AS e JOIN webhook_deliveries AS d ON d.endpoint_id = e.id AND d.status = 'pending'
     WHERE e.organization_id = ? GROUP BY d.endpoint_id`,
  );
  const requeue = db.prepare<[number, string, number]>(
    `UPDATE webhook_deliveries SET status = 'pending', round_attempts = 0, next_attempt_at = ?,
       last_unreachable = 0, updated_at = ?
     WHERE id = ?`,
  );
  const releaseAllLeases = db.prepare(
    'UPDATE webhook_deliveries SET lease_expires_at = NULL WHERE lease_expires_at IS NOT NULL',
  );
  // Oldest waiting work first, so one busy endpoint does not starve the others.
  const dueEndpoints = db.prepare<[number], { endpoint_id: number }>(
    `SELECT d.endpoint_id FROM webhook_deliveries AS d JOIN webhook_endpoints AS e ON e.id = d.endpoint_id
     WHERE d.status = 'pending' AND d.next_attempt_at <= ? AND e.enabled = 1
     GROUP BY d.endpoint_id ORDER BY MIN(d.id)`,
  );
  // The endpoint's oldest due delivery, unless one of its deliveries is already out: one in flight per endpoint.
  const claim = db.prepare<
    { endpoint_id: number; now: number; lease_until: number },
    { id: number; message_id: number; attempt_count: number; round_attempts: number }
  >(
    `UPDATE webhook_deliveries SET lease_expires_at = @lease_until
     WHERE id = (
       SELECT d.id FROM webhook_deliveries AS d JOIN webhook_endpoints AS e ON e.id = d.endpoint_id
       WHERE d.endpoint_id = @endpoint_id AND d.status = 'pending' AND d.next_attempt_at <= @now AND e.enabled = 1
       ORDER BY d.id LIMIT 1)
     AND NOT EXISTS (
       SELECT 1 FROM webhook_deliveries
       WHERE endpoint_id = @endpoint_id AND status = 'pending' AND lease_expires_at > @now)
     RETURNING id, message_id, attempt_count, round_attempts`,
  );
  const messageOf = db.prepare<[number], { uid: string; payload: string }>(
    'SELECT uid, payload FROM webhook_messages WHERE id = ?',
  );
  const releaseLease = db.prepare<[number]>(
    'UPDATE webhook_deliveries SET lease_expires_at = NULL WHERE id = ?',
  );
  const finishAttempt = db.prepare<Record<string, unknown>>(
    `UPDATE webhook_deliveries SET status = @status, attempt_count = attempt_count + 1,
       round_attempts = round_attempts + 1, next_attempt_at = @next_attempt_at, lease_expires_at = NULL,
       last_status_code = @status_code, last_unreachable = @unreachable, updated_at = @now
     WHERE id = @id`,
  );
  const insertAttempt = db.prepare<Record<string, unknown>>(
    `INSERT INTO webhook_attempts
       (delivery_id, number, status_code, duration_ms, response_excerpt, error, attempted_at)
     VALUES (@delivery_id, @number, @status_code, @duration_ms, @response_excerpt, @error, @attempted_at)`,
  );
  const pullForward = db.prepare<{ endpoint_id: number; now: number }>(
    `UPDATE webhook_deliveries SET next_attempt_at = @now
     WHERE endpoint_id = @endpoint_id AND status = 'pending' AND last_unreachable = 1 AND next_attempt_at > @now`,
  );
  const pruneMessages = db.prepare(
    `DELETE FROM webhook_messages
     WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries WHERE message_id = webhook_messages.id)`,
  );
  // A bounded number at a time: a long-running kiosk can have a large backlog to prune (pruneFinished).
  const pruneFinished = db
    .prepare<[string, number], number>(
      `DELETE FROM webhook_deliveries WHERE id IN (
         SELECT id FROM webhook_deliveries WHERE status != 'pending' AND updated_at < ? LIMIT ?)
       RETURNING message_id`,
    )
    .pluck();
  const pruneMessageIfOrphan = db.prepare<{ id: number }>(
    `DELETE FROM webhook_messages
     WHERE id = @id AND NOT EXISTS (SELECT 1 FROM webhook_deliveries WHERE message_id = @id)`,
  );

  return {
    /** Stores the notifications of one change: one row, however many there are. */
    insertOutboxBatch(batch: OutboxBatch): void {
      insertOutbox.run(
        batch.notificationKey,
        batch.organizationId,
        batch.type,
        JSON.stringify(batch.endpointIds),
        JSON.stringify(batch.items),
        batch.shared && JSON.stringify(batch.shared),
        batch.createdAt,
      );
    },

    hasOutboxBatches(): boolean {
      return anyOutbox.get() === 1;
    },

    /** The oldest batch still to expand into messages and deliveries, with its id to remove it by. */
    firstOutboxBatch(): (OutboxBatch & { id: number }) | null {
      const row = firstOutbox.get();
      if (!row) return null;
      return {
        id: row.id,
        notificationKey: row.notification_key,
        organizationId: row.organization_id,
        type: row.type,
        endpointIds: JSON.parse(row.endpoint_ids) as number[],
        items: JSON.parse(row.items) as object[],
        shared: row.shared === null ? null : (JSON.parse(row.shared) as Record<string, unknown>),
        createdAt: row.created_at,
      };
    },

    removeOutboxBatch(id: number): void {
      removeOutbox.run(id);
    },

    /** Returns the message's row id, for its deliveries. */
    insertMessage(message: NewWebhookMessage): number | bigint {
      return insertMessage.run(
        message.uid,
        message.organizationId,
        message.type,
        message.payload,
        message.createdAt,
      ).lastInsertRowid;
    },

    /** A delivery due at `dueAt` (Unix ms). */
    insertDelivery(messageId: number | bigint, endpointId: number, dueAt: number, createdAt: string): void {
      insertDelivery.run(messageId, endpointId, dueAt, createdAt, createdAt);
    },

    /** The endpoint's newest delivery. */
    latestDeliveryId(endpointId: number): number | null {
      return latestDelivery.get(endpointId) ?? null;
    },

    findForEndpoint(endpointId: number, deliveryId: number): WebhookDeliveryRecord | null {
      const row = byId.get(endpointId, deliveryId);
      return row ? toDelivery(row) : null;
    },

    /** Newest first. */
    listForEndpoint(
      endpointId: number,
      filter: { status?: DeliveryStatus },
      page: { limit: number; offset: number },
    ): { items: WebhookDeliveryRecord[]; total: number } {
      const where = filter.status ? 'd.endpoint_id = ? AND d.status = ?' : 'd.endpoint_id = ?';
      const params: unknown[] = filter.status ? [endpointId, filter.status] : [endpointId];
      const { total } = db
        .prepare<unknown[], { total: number }>(
          `SELECT COUNT(*) AS total FROM webhook_deliveries AS d WHERE ${where}`,
        )
        .get(...params)!;
      const rows = db
        .prepare<unknown[], DeliveryRow>(
          `${DELIVERY_SELECT} WHERE ${where} ORDER BY d.id DESC LIMIT ? OFFSET ?`,
        )
        .all(...params, page.limit, page.offset);
      return { items: rows.map(toDelivery), total };
    },

    attempts(deliveryId: number): WebhookAttemptRecord[] {
      return attemptsOf.all(deliveryId).map(toAttempt);
    },

    /** Deliveries still to go out, per endpoint of the organization (endpoints with none are absent). */
    waitingByEndpoint(organizationId: number): Map<number, number> {
      return new Map(waiting.all(organizationId).map((row) => [row.endpoint_id, row.total]));
    },

    /** Queues a delivery again, whatever became of it, with a fresh retry schedule. */
    requeue(deliveryId: number, dueAt: number, now: string): void {
      requeue.run(dueAt, now, deliveryId);
    },

    /** Leases left by a process that died; only one dispatcher runs per data directory. */
    releaseAllLeases(): void {
      releaseAllLeases.run();
    },

    dueEndpointIds(now: number): number[] {
      return dueEndpoints.all(now).map((row) => row.endpoint_id);
    },

    /** Leases the endpoint's next due delivery until `leaseUntil`; null when none is due or one is in flight. */
    claimNext(endpointId: number, now: number, leaseUntil: number): ClaimedDelivery | null {
      const row = claim.get({ endpoint_id: endpointId, now, lease_until: leaseUntil });
      if (!row) return null;
      const message = messageOf.get(row.message_id)!;
      return {
        id: row.id,
        messageUid: message.uid,
        payload: message.payload,
        attemptCount: row.attempt_count,
        roundAttempts: row.round_attempts,
      };
    },

    releaseLease(deliveryId: number): void {
      releaseLease.run(deliveryId);
    },

    /** False when the delivery is gone (its endpoint was deleted while the request was out). */
    recordAttempt(deliveryId: number, result: AttemptResult): boolean {
      const updated = finishAttempt.run({
        id: deliveryId,
        status: result.status,
        next_attempt_at: result.nextAttemptAt,
        status_code: result.attempt.statusCode,
        unreachable: result.unreachable ? 1 : 0,
        now: result.now,
      });
      if (updated.changes === 0) return false;
      insertAttempt.run({
        delivery_id: deliveryId,
        number: result.attempt.number,
        status_code: result.attempt.statusCode,
        duration_ms: result.attempt.durationMs,
        response_excerpt: result.attempt.responseExcerpt,
        error: result.attempt.error,
        attempted_at: result.attempt.attemptedAt,
      });
      return true;
    },

    /** Makes due now the endpoint's deliveries that were waiting only because it could not be reached. */
    pullForward(endpointId: number, now: number): void {
      pullForward.run({ endpoint_id: endpointId, now });
    },

    /** Messages no delivery refers to any more (their endpoints were deleted). */
    pruneOrphanMessages(): void {
      pruneMessages.run();
    },

    /**
     * Deletes up to `limit` finished deliveries (delivered, or failed for good) last updated before `before`, an
     * ISO timestamp, with their attempts and the messages no other delivery needs; returns how many deliveries.
     * Pending ones are never pruned, however old.
     */
    pruneFinished: db.transaction((before: string, limit: number): number => {
      const messageIds = pruneFinished.all(before, limit);
      for (const id of new Set(messageIds)) pruneMessageIfOrphan.run({ id });
      return messageIds.length;
    }),
  };
}
