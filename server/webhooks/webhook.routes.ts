import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from '../platform/types.ts';
import {
  MAX_ENDPOINTS_PER_ORGANIZATION,
  MAX_ATTEMPTS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_TYPE,
} from './webhook.rules.ts';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { tokenOf } from '../access/token-auth.http.ts';
import { errorResponses, messageBody, uuidParam } from '../platform/schemas.ts';
import {
  createEndpointBody,
  deliveryDetailSchema,
  deliveryListQuery,
  deliveryListResponse,
  deliverySchema,
  endpointListResponse,
  endpointWithSecret,
  presentDelivery,
  presentDeliveryDetail,
  presentEndpoint,
  updateEndpointBody,
  webhookEndpointSchema,
} from './webhook.schemas.ts';
import { DELIVERY_RETENTION_DAYS } from './dispatcher.service.ts';
import type { SendOutcome } from './webhook.service.ts';

export interface WebhookRoutesOptions {
  /** Where the routes live, below the scope's own prefix. */
  basePath: string;
  tags: string[];
  /** Who may call them: a token scope or a dashboard role. */
  config: FastifyContextConfig;
  /** The caller's organization; throws the caller's kind of 401/403 when there is none. */
  organizationOf(request: FastifyRequest): number;
  /** Whether the scope answers 429 (token requests are rate-limited, dashboard ones are not). */
  rateLimited: boolean;
}

const endpointParams = z.object({ id: uuidParam('Webhook endpoint UUID') });
const deliveryParams = endpointParams.extend({
  delivery_id: z.string().max(32).meta({ description: 'Delivery id (an integer)' }),
});

const signingDescription =
  `Every notification is a POST with body \`{ "id", "type", "timestamp", "data" }\` (data: the attendee as ` +
  `\`GET /api/attendees/{id}\` returns it, or the event), signed per Standard Webhooks: \`webhook-id\` (the same ` +
  `on every retry; dedupe on it), \`webhook-timestamp\` (Unix seconds of the attempt) and \`webhook-signature: ` +
  `v1,<base64 HMAC-SHA256 of "id.timestamp.body">\` keyed with the base64-decoded part of the \`whsec_\` secret. ` +
  `Kinds: ${WEBHOOK_EVENT_TYPES.join(', ')}; ${WEBHOOK_TEST_TYPE} is the test ping. Any 2xx is success; other ` +
  `answers, redirects included, are retried up to ${MAX_ATTEMPTS} attempts (at once, 5 s, 5 min, 30 min, 2 h, ` +
  `5 h, 10 h, 24 h, with jitter; Retry-After honoured); 410 Gone disables the endpoint.`;

/**
 * Webhook management: endpoints (create, list, show, edit, delete, rotate the secret), their recent deliveries,
 * redelivery and a test ping. The token API and the dashboard mount the same routes with their own access rules.
 */
export function webhookRoutes(options: WebhookRoutesOptions): FastifyPluginAsyncZod {
  const { basePath, tags, config, organizationOf } = options;
  const limited = options.rateLimited ? ([429] as const) : [];

  return async (app) => {
    const { repos, webhooks } = app.ctx;

    /** An endpoint of the caller's organization; another organization's is not found. */
    function endpointOf(request: FastifyRequest, uuid: string): WebhookEndpointRecord {
      const organizationId = organizationOf(request);
      const endpoint = repos.webhookEndpoints.findByUuid(uuid);
      if (!endpoint || endpoint.organizationId !== organizationId) {
        throw new HttpError(404, messages.webhookNotFound);
      }
      return endpoint;
    }

    function deliveryOf(endpoint: WebhookEndpointRecord, id: string): WebhookDeliveryRecord {
      const delivery = /^[1-9]\d{0,14}$/.test(id) ? webhooks.delivery(endpoint, Number(id)) : null;
      if (!delivery) throw new HttpError(404, messages.deliveryNotFound);
      return delivery;
    }

    function queued(outcome: SendOutcome, endpoint: WebhookEndpointRecord) {
      if (!outcome.ok) throw new HttpError(422, messages.webhookDisabled);
      return presentDelivery(webhooks.delivery(endpoint, outcome.deliveryId)!);
    }

    app.get(
      basePath,
      {
        config,
        schema: {
          tags,
          summary: "The organization's webhook endpoints and how many notifications wait",
          description: signingDescription,
          response: { 200: endpointListResponse, ...errorResponses(401, 403, ...limited) },
        },
      },
      async (request) => {
        const { endpoints, waiting } = webhooks.list(organizationOf(request));
        return {
          data: endpoints.map(({ endpoint, waiting }) => presentEndpoint(endpoint, waiting)),
          meta: { waiting_count: waiting },
        };
      },
    );

    app.post(
      basePath,
      {
        config,
        schema: {
          tags,
          summary: 'Create an endpoint; its signing secret is in this response only',
          description: `At most ${MAX_ENDPOINTS_PER_ORGANIZATION} per organization. ${signingDescription}`,
          body: createEndpointBody,
          response: { 201: endpointWithSecret, ...errorResponses(401, 403, 422, ...limited) },
        },
      },
      async (request, reply) => {
        const outcome = webhooks.create(organizationOf(request), request.body);
        if (!outcome.ok)
          throw new HttpError(422, messages.webhookLimitReached(MAX_ENDPOINTS_PER_ORGANIZATION));
        reply.code(201);
        return { data: presentEndpoint(outcome.endpoint, 0), secret: outcome.secret };
      },
    );

    app.get(
      `${basePath}/:id`,
      {
        config,
        schema: {
          tags,
          summary: 'One endpoint',
          params: endpointParams,
          response: {
            200: z.object({ data: webhookEndpointSchema }),
            ...errorResponses(401, 403, 404, ...limited),
          },
        },
      },
      async (request) => {
        const endpoint = endpointOf(request, request.params.id);
        return { data: presentEndpoint(endpoint, webhooks.waitingFor(endpoint)) };
      },
    );

    app.patch(
      `${basePath}/:id`,
      {
        config,
        schema: {
          tags,
          summary: 'Edit an endpoint (only the keys sent change); enabling it resumes what waited',
          params: endpointParams,
          body: updateEndpointBody,
          response: {
            200: z.object({ data: webhookEndpointSchema }),
            ...errorResponses(401, 403, 404, 422, ...limited),
          },
        },
      },
      async (request) => {
        const updated = webhooks.update(endpointOf(request, request.params.id), request.body);
        return { data: presentEndpoint(updated, webhooks.waitingFor(updated)) };
      },
    );

    app.delete(
      `${basePath}/:id`,
      {
        config,
        schema: {
          tags,
          summary: 'Delete an endpoint and its delivery log; nothing more is sent to it',
          params: endpointParams,
          response: { 200: messageBody, ...errorResponses(401, 403, 404, ...limited) },
        },
      },
      async (request) => {
        webhooks.remove(endpointOf(request, request.params.id));
        return { message: messages.webhookDeleted };
      },
    );

    app.post(
      `${basePath}/:id/rotate-secret`,
      {
        config,
        schema: {
          tags,
          summary: 'A new signing secret, shown once; the old one keeps signing beside it for 24 hours',
          params: endpointParams,
          response: { 200: endpointWithSecret, ...errorResponses(401, 403, 404, ...limited) },
        },
      },
      async (request) => {
        const { endpoint, secret } = webhooks.rotateSecret(endpointOf(request, request.params.id));
        return { data: presentEndpoint(endpoint, webhooks.waitingFor(endpoint)), secret };
      },
    );

    app.get(
      `${basePath}/:id/deliveries`,
      {
        config,
        schema: {
          tags,
          summary: 'Recent deliveries, newest first, each with its last attempt',
          description:
            `Delivered and failed deliveries stay ${DELIVERY_RETENTION_DAYS} days after their last attempt; ` +
            'pending ones stay until they finish.',
          params: endpointParams,
          querystring: deliveryListQuery,
          response: { 200: deliveryListResponse, ...errorResponses(401, 403, 404, 422, ...limited) },
        },
      },
      async (request) => {
        const endpoint = endpointOf(request, request.params.id);
        const { status, page, per_page: perPage } = request.query;
        const { items, total } = webhooks.deliveries(
          endpoint,
          { status },
          { limit: perPage, offset: (page - 1) * perPage },
        );
        return { data: items.map(presentDelivery), meta: { total, page, per_page: perPage } };
      },
    );

    app.get(
      `${basePath}/:id/deliveries/:delivery_id`,
      {
        config,
        schema: {
          tags,
          summary: 'One delivery: the body sent and every attempt',
          params: deliveryParams,
          response: {
            200: z.object({ data: deliveryDetailSchema }),
            ...errorResponses(401, 403, 404, ...limited),
          },
        },
      },
      async (request) => {
        const delivery = deliveryOf(endpointOf(request, request.params.id), request.params.delivery_id);
        return { data: presentDeliveryDetail(delivery, webhooks.attempts(delivery)) };
      },
    );

    app.post(
      `${basePath}/:id/deliveries/:delivery_id/redeliver`,
      {
        config,
        schema: {
          tags,
          summary: 'Send a delivery again (same webhook-id), with a fresh retry schedule',
          params: deliveryParams,
          response: {
            202: z.object({ message: z.string(), data: deliverySchema }),
            ...errorResponses(401, 403, 404, 422, ...limited),
          },
        },
      },
      async (request, reply) => {
        const endpoint = endpointOf(request, request.params.id);
        const delivery = deliveryOf(endpoint, request.params.delivery_id);
        const data = queued(webhooks.redeliver(endpoint, delivery), endpoint);
        reply.code(202);
        return { message: messages.redeliveryQueued, data };
      },
    );

    app.post(
      `${basePath}/:id/test`,
      {
        config,
        schema: {
          tags,
          summary: `Send a test ping (${WEBHOOK_TEST_TYPE}) to this endpoint`,
          params: endpointParams,
          response: {
            202: z.object({ message: z.string(), data: deliverySchema }),
            ...errorResponses(401, 403, 404, 422, ...limited),
          },
        },
      },
      async (request, reply) => {
        const endpoint = endpointOf(request, request.params.id);
        const data = queued(webhooks.sendTest(endpoint), endpoint);
        reply.code(202);
        return { message: messages.webhookTestQueued, data };
      },
    );
  };
}

/**
 * The token API's webhooks (scope `webhooks:manage`). An endpoint receives every event of the organization, so a
 * token restricted to some events may not manage them.
 */
export const tokenWebhookRoutes = webhookRoutes({
  basePath: '/api/webhooks',
  tags: ['Webhooks'],
  config: { scope: 'webhooks:manage' },
  rateLimited: true,
  organizationOf(request) {
    const token = tokenOf(request);
    if (token.eventIds !== null) throw new HttpError(403, messages.accessDenied);
    return token.organizationId;
  },
});
