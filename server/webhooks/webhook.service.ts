import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/database.ts';
import { generateNotificationKey, generateWebhookSecret, webhookMessageId } from '../platform/secrets.ts';
import { toTimestamp } from '../platform/time.ts';
import type {
  DeliveryStatus,
  WebhookAttemptRecord,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
} from '../platform/types.ts';
import {
  MAX_ENDPOINTS_PER_ORGANIZATION,
  PREVIOUS_SECRET_GRACE_MS,
  WEBHOOK_TEST_TYPE,
  type WebhookEventType,
  type WebhookMessageType,
} from './webhook.rules.ts';
import { messages } from '../platform/messages.ts';
import type { Repositories } from '../store.ts';
import { applyEndpointInput, type EndpointInput } from './webhook.schemas.ts';

export type WebhookOutbox = ReturnType<typeof webhookOutbox>;

/**
 * Writes notifications into the outbox. Call it inside the transaction of the change it reports, so that both are
 * stored or neither is. Nothing is written when no enabled endpoint of the organization subscribes to the kind.
 * The notifications of one call are one row; `fanOutNotifications` expands them later. `onQueued` tells the
 * dispatcher there is work; it must not send before the caller's transaction commits.
 */
export function webhookOutbox(repos: Repositories, clock: Clock, onQueued: () => void) {
  const { webhookEndpoints, webhookDeliveries } = repos;

  function write(
    organizationId: number,
    endpointIds: readonly number[],
    type: WebhookMessageType,
    items: readonly object[],
    shared: Readonly<Record<string, unknown>> | null = null,
  ): void {
    webhookDeliveries.insertOutboxBatch({
      notificationKey: generateNotificationKey(),
      organizationId,
      type,
      endpointIds,
      items,
      shared,
      createdAt: toTimestamp(clock.now()),
    });
    onQueued();
  }

  function enqueueMany(organizationId: number, type: WebhookEventType, data: () => readonly object[]): void {
    const endpointIds = webhookEndpoints.subscribedIds(organizationId, type);
    if (endpointIds.length === 0) return;
    const items = data();
    if (items.length > 0) write(organizationId, endpointIds, type, items);
  }

  return {
    /** One notification of `type` carrying `data`. */
    enqueue(organizationId: number, type: WebhookEventType, data: object): void {
      enqueueMany(organizationId, type, () => [data]);
    },

    /** One notification per item; `data` is only built when some endpoint listens. */
    enqueueMany,

    /**
     * One notification per item, each item's data followed by the fields of `shared`, which are stored once: a
     * bulk change's thousand notifications all carry the same event.
     */
    enqueueSharing(
      organizationId: number,
      type: WebhookEventType,
      items: readonly object[],
      shared: Readonly<Record<string, unknown>>,
    ): void {
      const endpointIds = webhookEndpoints.subscribedIds(organizationId, type);
      if (endpointIds.length > 0 && items.length > 0) write(organizationId, endpointIds, type, items, shared);
    },

    /** Whether some enabled endpoint of the organization subscribes to `type`, for callers that read differently. */
    listens(organizationId: number, type: WebhookEventType): boolean {
      return webhookEndpoints.subscribedIds(organizationId, type).length > 0;
    },

    /** The test ping to one endpoint, whatever it subscribes to. */
    enqueueTest(endpoint: WebhookEndpointRecord): void {
      const data = { webhook_id: endpoint.uuid, message: messages.webhookTestPing };
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

export type CreateEndpointOutcome =
  { ok: true; endpoint: WebhookEndpointRecord; secret: string } | { ok: false; reason: 'limit_reached' };

export type SendOutcome = { ok: true; deliveryId: number } | { ok: false; reason: 'endpoint_disabled' };

export interface EndpointWithWaiting {
  endpoint: WebhookEndpointRecord;
  /** Deliveries still to go out. */
  waiting: number;
}

/** Managing webhook endpoints and reading their deliveries, shared by the token API and the dashboard. */
export function webhookService(db: Db, repos: Repositories, clock: Clock, outbox: WebhookOutbox) {
  const { webhookEndpoints, webhookDeliveries } = repos;
  const now = () => toTimestamp(clock.now());
  /** Notifications stored a moment ago may not be deliveries yet: make them, so that reads are complete. */
  const fanOut = () => fanOutNotifications(db, repos, clock);

  return {
    /** The organization's endpoints, oldest first, each with how many notifications wait for it. */
    list(organizationId: number): { endpoints: EndpointWithWaiting[]; waiting: number } {
      fanOut();
      const waitingBy = webhookDeliveries.waitingByEndpoint(organizationId);
      const endpoints = webhookEndpoints
        .listForOrganization(organizationId)
        .map((endpoint) => ({ endpoint, waiting: waitingBy.get(endpoint.id) ?? 0 }));
      return { endpoints, waiting: endpoints.reduce((sum, e) => sum + e.waiting, 0) };
    },

    waitingFor(endpoint: WebhookEndpointRecord): number {
      fanOut();
      return webhookDeliveries.waitingByEndpoint(endpoint.organizationId).get(endpoint.id) ?? 0;
    },

    /** Newest first. */
    deliveries(
      endpoint: WebhookEndpointRecord,
      filter: { status?: DeliveryStatus },
      page: { limit: number; offset: number },
    ): { items: WebhookDeliveryRecord[]; total: number } {
      fanOut();
      return webhookDeliveries.listForEndpoint(endpoint.id, filter, page);
    },

    delivery(endpoint: WebhookEndpointRecord, deliveryId: number): WebhookDeliveryRecord | null {
      fanOut();
      return webhookDeliveries.findForEndpoint(endpoint.id, deliveryId);
    },

    attempts(delivery: WebhookDeliveryRecord): WebhookAttemptRecord[] {
      return webhookDeliveries.attempts(delivery.id);
    },

    /** The secret is returned here only; after this it signs but is never shown again. */
    create(organizationId: number, input: EndpointInput & { url: string }): CreateEndpointOutcome {
      const create = db.transaction((): CreateEndpointOutcome => {
        if (webhookEndpoints.countForOrganization(organizationId) >= MAX_ENDPOINTS_PER_ORGANIZATION) {
          return { ok: false, reason: 'limit_reached' };
        }
        const secret = generateWebhookSecret();
        const settings = applyEndpointInput(null, input);
        return {
          ok: true,
          endpoint: webhookEndpoints.create(organizationId, settings, secret, now()),
          secret,
        };
      });
      return create.immediate();
    },

    /** Applies only the keys present. Enabling again resumes the deliveries that waited meanwhile. */
    update(endpoint: WebhookEndpointRecord, input: EndpointInput): WebhookEndpointRecord {
      const updated = webhookEndpoints.update(endpoint.id, applyEndpointInput(endpoint, input), now());
      if (updated.enabled && !endpoint.enabled) outbox.wake();
      return updated;
    },

    /** Its deliveries go with it (queued ones too), and the notifications no other endpoint still needs. */
    remove(endpoint: WebhookEndpointRecord): void {
      db.transaction(() => {
        fanOut();
        webhookEndpoints.remove(endpoint.id);
        webhookDeliveries.pruneOrphanMessages();
      }).immediate();
    },

    /** A new secret, shown once; the old one keeps signing beside it for a day. */
    rotateSecret(endpoint: WebhookEndpointRecord): { endpoint: WebhookEndpointRecord; secret: string } {
      const secret = generateWebhookSecret();
      const at = clock.now();
      const rotated = webhookEndpoints.rotateSecret(
        endpoint.id,
        secret,
        at.getTime() + PREVIOUS_SECRET_GRACE_MS,
        toTimestamp(at),
      );
      return { endpoint: rotated, secret };
    },

    sendTest(endpoint: WebhookEndpointRecord): SendOutcome {
      if (!endpoint.enabled) return { ok: false, reason: 'endpoint_disabled' };
      // Expanded at once, with whatever else waits, so that the newest delivery of the endpoint is this one.
      const send = db.transaction(() => {
        outbox.enqueueTest(endpoint);
        fanOut();
        return webhookDeliveries.latestDeliveryId(endpoint.id)!;
      });
      return { ok: true, deliveryId: send.immediate() };
    },

    redeliver(endpoint: WebhookEndpointRecord, delivery: WebhookDeliveryRecord): SendOutcome {
      if (!endpoint.enabled) return { ok: false, reason: 'endpoint_disabled' };
      outbox.requeue(delivery);
      return { ok: true, deliveryId: delivery.id };
    },
  };
}

export type WebhookService = ReturnType<typeof webhookService>;
