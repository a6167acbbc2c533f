import type { DeliveryStatus } from '../contract/vocabulary.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import { isUrlAllowedAtSave } from './destination.rules.ts';
import { applyEndpointInput } from './endpoint.input.ts';
import { fanOutNotifications, type WebhookOutbox } from './outbox.service.ts';
import { MAX_ENDPOINTS_PER_ORGANIZATION, PREVIOUS_SECRET_GRACE_MS } from './webhook.rules.ts';
import type { EndpointInput } from './webhook.schemas.ts';
import { generateWebhookSecret } from './webhook.secrets.ts';
import type { WebhookAttemptRecord, WebhookDeliveryRecord, WebhookEndpointRecord } from './webhook.types.ts';

/** `destination_not_allowed`: the URL names a LAN or loopback address that the organization has not allowed. */
export type CreateEndpointOutcome =
  | { ok: true; endpoint: WebhookEndpointRecord; secret: string }
  | { ok: false; reason: 'limit_reached' | 'destination_not_allowed' };

export type UpdateEndpointOutcome =
  { ok: true; endpoint: WebhookEndpointRecord } | { ok: false; reason: 'destination_not_allowed' };

export type SendOutcome = { ok: true; deliveryId: number } | { ok: false; reason: 'endpoint_disabled' };

export interface EndpointWithWaiting {
  endpoint: WebhookEndpointRecord;
  /** Deliveries still to go out. */
  waiting: number;
}

/** Managing webhook endpoints and reading their deliveries, shared by the token API and the dashboard. */
export function webhookEndpointService(store: Store, outbox: WebhookOutbox) {
  const { db, repos, clock } = store;
  const { webhookEndpoints, webhookDeliveries } = repos;
  const now = () => toTimestamp(clock.now());
  /** Notifications stored a moment ago may not be deliveries yet: make them, so that reads are complete. */
  const fanOut = () => fanOutNotifications(db, repos, clock);

  /** An endpoint of the organization; another organization's is null here, as if there were none. */
  function findEndpoint(organizationId: number, uuid: string): WebhookEndpointRecord | null {
    const endpoint = webhookEndpoints.findByUuid(uuid);
    return endpoint?.organizationId === organizationId ? endpoint : null;
  }

  /** The organization's endpoints, oldest first, each with how many notifications wait for it. */
  function listEndpoints(organizationId: number): { endpoints: EndpointWithWaiting[]; waiting: number } {
    fanOut();
    const waitingBy = webhookDeliveries.waitingByEndpoint(organizationId);
    const endpoints = webhookEndpoints
      .listForOrganization(organizationId)
      .map((endpoint) => ({ endpoint, waiting: waitingBy.get(endpoint.id) ?? 0 }));
    return { endpoints, waiting: endpoints.reduce((sum, e) => sum + e.waiting, 0) };
  }

  function waitingFor(endpoint: WebhookEndpointRecord): number {
    fanOut();
    return webhookDeliveries.waitingByEndpoint(endpoint.organizationId).get(endpoint.id) ?? 0;
  }

  /** Newest first. */
  function listDeliveries(
    endpoint: WebhookEndpointRecord,
    filter: { status?: DeliveryStatus },
    page: { limit: number; offset: number },
  ): { items: WebhookDeliveryRecord[]; total: number } {
    fanOut();
    return webhookDeliveries.listForEndpoint(endpoint.id, filter, page);
  }

  function findDelivery(endpoint: WebhookEndpointRecord, deliveryId: number): WebhookDeliveryRecord | null {
    fanOut();
    return webhookDeliveries.findForEndpoint(endpoint.id, deliveryId);
  }

  /**
   * Whether the URL may be saved: an address written out in it must be public or on the LAN integrations list.
   * A name is judged when connecting, by what it then resolves to.
   */
  function isAllowedUrl(organizationId: number, url: string): boolean {
    return isUrlAllowedAtSave(url, repos.lanIntegrations.hostsFor(organizationId));
  }

  function attemptsOf(delivery: WebhookDeliveryRecord): WebhookAttemptRecord[] {
    return webhookDeliveries.attempts(delivery.id);
  }

  /** The secret is returned here only; after this it signs but is never shown again. */
  function createEndpoint(
    organizationId: number,
    input: EndpointInput & { url: string },
  ): CreateEndpointOutcome {
    const create = db.transaction((): CreateEndpointOutcome => {
      if (!isAllowedUrl(organizationId, input.url)) return { ok: false, reason: 'destination_not_allowed' };
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
  }

  /** Applies only the keys present. Enabling again resumes the deliveries that waited meanwhile. */
  function updateEndpoint(endpoint: WebhookEndpointRecord, input: EndpointInput): UpdateEndpointOutcome {
    if (input.url !== undefined && !isAllowedUrl(endpoint.organizationId, input.url)) {
      return { ok: false, reason: 'destination_not_allowed' };
    }
    const updated = webhookEndpoints.update(endpoint.id, applyEndpointInput(endpoint, input), now());
    if (updated.enabled && !endpoint.enabled) outbox.wake();
    return { ok: true, endpoint: updated };
  }

  /** Its deliveries go with it (queued ones too), and the notifications no other endpoint still needs. */
  function removeEndpoint(endpoint: WebhookEndpointRecord): void {
    db.transaction(() => {
      fanOut();
      webhookEndpoints.remove(endpoint.id);
      webhookDeliveries.pruneOrphanMessages();
    }).immediate();
  }

  /** A new secret, shown once; the old one keeps signing beside it for a day. */
  function rotateSecret(endpoint: WebhookEndpointRecord): {
    endpoint: WebhookEndpointRecord;
    secret: string;
  } {
    const secret = generateWebhookSecret();
    const at = clock.now();
    const rotated = webhookEndpoints.rotateSecret(
      endpoint.id,
      secret,
      at.getTime() + PREVIOUS_SECRET_GRACE_MS,
      toTimestamp(at),
    );
    return { endpoint: rotated, secret };
  }

  function sendTest(endpoint: WebhookEndpointRecord): SendOutcome {
    if (!endpoint.enabled) return { ok: false, reason: 'endpoint_disabled' };
    // Expanded at once, with whatever else waits, so that the newest delivery of the endpoint is this one.
    const send = db.transaction(() => {
      outbox.enqueueTest(endpoint);
      fanOut();
      return webhookDeliveries.latestDeliveryId(endpoint.id)!;
    });
    return { ok: true, deliveryId: send.immediate() };
  }

  function redeliver(endpoint: WebhookEndpointRecord, delivery: WebhookDeliveryRecord): SendOutcome {
    if (!endpoint.enabled) return { ok: false, reason: 'endpoint_disabled' };
    outbox.requeue(delivery);
    return { ok: true, deliveryId: delivery.id };
  }

  return {
    findEndpoint,
    listEndpoints,
    waitingFor,
    listDeliveries,
    findDelivery,
    attemptsOf,
    createEndpoint,
    updateEndpoint,
    removeEndpoint,
    rotateSecret,
    sendTest,
    redeliver,
  };
}

export type WebhookEndpointService = ReturnType<typeof webhookEndpointService>;
