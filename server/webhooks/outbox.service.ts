import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/database.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Repositories } from '../store.ts';
import { WEBHOOK_TEST_TYPE, type WebhookEventType, type WebhookMessageType } from './webhook.rules.ts';
import { generateNotificationKey, webhookMessageId } from './webhook.secrets.ts';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from './webhook.types.ts';

/** The data of the test ping: which endpoint it was sent to, and a sentence saying what it is. */
export const TEST_PING_MESSAGE = 'This is a test notification from Arrivals.';

export type WebhookOutbox = ReturnType<typeof webhookOutbox>;

/**
 * Writes notifications into the outbox. Call it inside the transaction of the change it reports, so that both are
 * stored or neither is. Nothing is written when no enabled endpoint of the organization subscribes to the kind.
 * The notifications of one call are one row; `fanOutNotifications` expands them later. `onQueued` tells the
 * dispatcher there is work; it must not send before the caller's transaction commits.
 */
export function webhookOutbox(repos: Repositories, clock: Clock, onQueued: () => void) {
  const { webhookEndpoints, webhookDeliveries } = repos;
  /** While a replayed op is applied: the key its notifications' ids derive from (see `keyed`). */
  let opKey: { key: string; written: number } | null = null;

  function write(
    organizationId: number,
    endpointIds: readonly number[],
    type: WebhookMessageType,
    items: readonly object[],
    shared: Readonly<Record<string, unknown>> | null = null,
  ): void {
    const notificationKey = opKey
      ? opKey.written++ === 0
        ? opKey.key
        : `${opKey.key}:${opKey.written}`
      : generateNotificationKey();
    webhookDeliveries.insertOutboxBatch({
      notificationKey,
      organizationId,
      type,
      endpointIds,
      items,
      shared,
      createdAt: toTimestamp(clock.now()),
    });
    onQueued();
  }

  return {
    /**
     * Runs `work` with the notifications it stores keyed by `key` (an op's id), so that their `webhook-id`s derive
     * from the op: the same op applied on another node, or again after a crash, gives the same ids.
     */
    keyed<T>(key: string, work: () => T): T {
      opKey = { key, written: 0 };
      try {
        return work();
      } finally {
        opKey = null;
      }
    },

    /** One notification of `type` carrying `data`. */
    enqueue(organizationId: number, type: WebhookEventType, data: object): void {
      const endpointIds = webhookEndpoints.subscribedIds(organizationId, type);
      if (endpointIds.length > 0) write(organizationId, endpointIds, type, [data]);
    },

    /**
     * One notification per item, each item's data followed by the fields of `shared`, which are stored once: a
     * bulk change's thousand notifications all carry the same event. `items` is only built when some endpoint
     * listens.
     */
    enqueueSharing(
      organizationId: number,
      type: WebhookEventType,
      items: () => readonly object[],
      shared: Readonly<Record<string, unknown>>,
    ): void {
      const endpointIds = webhookEndpoints.subscribedIds(organizationId, type);
      if (endpointIds.length === 0) return;
      const built = items();
      if (built.length > 0) write(organizationId, endpointIds, type, built, shared);
    },

    /** Whether some enabled endpoint of the organization subscribes to `type`, for callers that read differently. */
    listens(organizationId: number, type: WebhookEventType): boolean {
      return webhookEndpoints.subscribedIds(organizationId, type).length > 0;
    },

    /** The test ping to one endpoint, whatever it subscribes to. */
    enqueueTest(endpoint: WebhookEndpointRecord): void {
      const data = { webhook_id: endpoint.uuid, message: TEST_PING_MESSAGE };
      write(endpoint.organizationId, [endpoint.id], WEBHOOK_TEST_TYPE, [data]);
    },

    /** Deliveries that waited may go out now (their endpoint was enabled again). */
    wake: onQueued,

    /** Sends a delivery again from the start of the retry schedule, under the same `webhook-id`. */
    requeue(delivery: WebhookDeliveryRecord): void {
      const now = clock.now();
      webhookDeliveries.requeue(delivery.id, now.getTime(), toTimestamp(now));
      onQueued();
    },
  };
}

/**
 * Expands the outbox, oldest change first: each notification becomes a message (its own `webhook-id` and the body
 * every attempt sends) with a delivery, due now, to each of its endpoints that still exists. A batch is deleted in
 * the transaction that expands it, so whichever connection runs this, none is expanded twice or lost.
 */
export function fanOutNotifications(db: Db, repos: Repositories, clock: Clock): void {
  const { webhookEndpoints, webhookDeliveries } = repos;
  const expandOne = db.transaction((): boolean => {
    const batch = webhookDeliveries.firstOutboxBatch();
    if (!batch) return false;
    const endpointIds = batch.endpointIds.filter((id) => webhookEndpoints.findById(id) !== null);
    if (endpointIds.length > 0) {
      const dueAt = clock.now().getTime();
      batch.items.forEach((item, index) => {
        const uid = webhookMessageId(batch.notificationKey, index);
        const data = batch.shared ? { ...item, ...batch.shared } : item;
        const messageId = webhookDeliveries.insertMessage({
          uid,
          organizationId: batch.organizationId,
          type: batch.type,
          payload: JSON.stringify({ id: uid, type: batch.type, timestamp: batch.createdAt, data }),
          createdAt: batch.createdAt,
        });
        for (const endpointId of endpointIds) {
          webhookDeliveries.insertDelivery(messageId, endpointId, dueAt, batch.createdAt);
        }
      });
    }
    webhookDeliveries.removeOutboxBatch(batch.id);
    return true;
  });
  // One transaction per batch: a bulk of thousands is held in memory and locks the store one batch at a time.
  while (webhookDeliveries.hasOutboxBatches()) {
    if (!expandOne.immediate()) break;
  }
}
