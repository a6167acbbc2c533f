import type { z } from 'zod';
import { toTimestamp } from '../platform/time.ts';
import type {
  attemptSchema,
  deliveryDetailSchema,
  deliverySchema,
  webhookEndpointSchema,
} from './webhook.schemas.ts';
import type { lanIntegrationSchema } from './lan-integration.schemas.ts';
import type {
  LanIntegrationRecord,
  WebhookAttemptRecord,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
} from './webhook.types.ts';

export function presentEndpoint(
  endpoint: WebhookEndpointRecord,
  waiting: number,
): z.input<typeof webhookEndpointSchema> {
  return {
    id: endpoint.uuid,
    url: endpoint.url,
    description: endpoint.description,
    event_types: endpoint.eventTypes,
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabledReason,
    waiting_count: waiting,
    created_at: endpoint.createdAt,
    updated_at: endpoint.updatedAt,
  };
}

const presentAttempt = (attempt: WebhookAttemptRecord): z.input<typeof attemptSchema> => ({
  number: attempt.number,
  status_code: attempt.statusCode,
  duration_ms: attempt.durationMs,
  response_excerpt: attempt.responseExcerpt,
  error: attempt.error,
  attempted_at: attempt.attemptedAt,
});

export function presentDelivery(delivery: WebhookDeliveryRecord): z.input<typeof deliverySchema> {
  return {
    id: delivery.id,
    message_id: delivery.messageUid,
    type: delivery.type,
    status: delivery.status,
    attempt_count: delivery.attemptCount,
    next_attempt_at: delivery.nextAttemptAt === null ? null : toTimestamp(new Date(delivery.nextAttemptAt)),
    last_status_code: delivery.lastStatusCode,
    created_at: delivery.createdAt,
    last_attempt: delivery.lastAttempt && presentAttempt(delivery.lastAttempt),
  };
}

export function presentDeliveryDetail(
  delivery: WebhookDeliveryRecord,
  attempts: readonly WebhookAttemptRecord[],
): z.input<typeof deliveryDetailSchema> {
  return {
    ...presentDelivery(delivery),
    payload: JSON.parse(delivery.payload) as Record<string, unknown>,
    attempts: attempts.map(presentAttempt),
  };
}

export const presentLanIntegration = (
  integration: LanIntegrationRecord,
): z.input<typeof lanIntegrationSchema> => ({
  id: integration.id,
  host: integration.host,
  description: integration.description,
  created_at: integration.createdAt,
});
