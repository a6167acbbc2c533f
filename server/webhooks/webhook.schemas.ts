import { z } from 'zod';
import { DELIVERY_STATUSES, WEBHOOK_DISABLED_REASONS } from '../contract/vocabulary.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import {
  RESPONSE_EXCERPT_BYTES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGE_TYPES,
  webhookUrlProblem,
  type WebhookUrlProblem,
} from './webhook.rules.ts';
import { ATTRIBUTE, timestamp } from '../platform/schemas.ts';

const urlProblemMessage: Record<WebhookUrlProblem, string> = {
  invalid: fieldMessage.url(ATTRIBUTE),
  scheme: fieldMessage.httpUrl(ATTRIBUTE),
  credentials: fieldMessage.urlCredentials(ATTRIBUTE),
};

const endpointShape = {
  url: z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .superRefine((value, ctx) => {
      const problem = webhookUrlProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: urlProblemMessage[problem] });
    }),
  description: z.string().trim().max(500),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(WEBHOOK_EVENT_TYPES.length),
  enabled: z.boolean(),
};

export const createEndpointBody = z.object(endpointShape).partial().required({ url: true }).meta({
  id: 'CreateWebhookEndpoint',
  description: 'event_types defaults to every kind; enabled defaults to true.',
});

export const updateEndpointBody = z.object(endpointShape).partial().meta({ id: 'UpdateWebhookEndpoint' });

export type EndpointInput = z.output<typeof updateEndpointBody>;

export const webhookEndpointSchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    url: z.string(),
    description: z.string(),
    event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable().meta({
      description: 'manual: switched off by the organization; gone: the endpoint answered 410 Gone.',
    }),
    waiting_count: z.number().int().meta({ description: 'Notifications still to be delivered' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'WebhookEndpoint' });

/** The signing secret, in responses that show it: creation and rotation only. */
export const endpointWithSecret = z.object({
  data: webhookEndpointSchema,
  secret: z.string().meta({ description: 'whsec_ + base64 key; shown once', example: 'whsec_MfKQ9r8G…' }),
});

export const endpointListResponse = z.object({
  data: z.array(webhookEndpointSchema),
  meta: z.object({ waiting_count: z.number().int() }),
});

export const attemptSchema = z
  .object({
    number: z.number().int(),
    status_code: z.number().int().nullable(),
    duration_ms: z.number().int(),
    response_excerpt: z
      .string()
      .nullable()
      .meta({ description: `The first ${RESPONSE_EXCERPT_BYTES} bytes of the response body` }),
    error: z.string().nullable().meta({ description: 'Why no answer came (refused, timed out...)' }),
    attempted_at: timestamp,
  })
  .meta({ id: 'WebhookAttempt' });

export const deliverySchema = z
  .object({
    id: z.number().int(),
    message_id: z.string().meta({ description: 'The webhook-id header, the same on every attempt' }),
    type: z.enum(WEBHOOK_MESSAGE_TYPES),
    status: z.enum(DELIVERY_STATUSES),
    attempt_count: z.number().int(),
    next_attempt_at: timestamp.nullable(),
    last_status_code: z.number().int().nullable(),
    created_at: timestamp,
    last_attempt: attemptSchema.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export const deliveryDetailSchema = deliverySchema
  .extend({
    payload: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The body sent: id, type, timestamp, data' }),
    attempts: z.array(attemptSchema),
  })
  .meta({ id: 'WebhookDeliveryDetail' });

export const deliveryListQuery = z.object({
  status: z.enum(DELIVERY_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export const deliveryListResponse = z.object({
  data: z.array(deliverySchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
});
