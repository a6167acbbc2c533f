import type { FastifyRequest } from 'fastify';
import { wholeOrganizationOf, type Caller } from '../access/caller.http.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from './webhook.types.ts';
import {
  MAX_ENDPOINTS_PER_ORGANIZATION,
  MAX_ATTEMPTS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_TYPE,
} from './webhook.rules.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { messageBody, uuidParam } from '../platform/schemas.ts';
import {
  createEndpointBody,
  deliveryDetailSchema,
  deliveryListQuery,
  deliveryListResponse,
  deliverySchema,
  endpointListResponse,
  endpointWithSecret,
  updateEndpointBody,
  webhookEndpointSchema,
} from './webhook.schemas.ts';
import { presentDelivery, presentDeliveryDetail, presentEndpoint } from './webhook.presenters.ts';
import { DELIVERY_RETENTION_DAYS } from './dispatcher.service.ts';
import type { SendOutcome } from './endpoint.service.ts';

const endpointParams = z.object({ id: uuidParam('Webhook endpoint UUID') });
const deliveryParams = endpointParams.extend({
  delivery_id: z.string().max(32).meta({ description: 'Delivery id (an integer)' }),
});

const signingDescription =
  `Every notification is a POST with body \`{ "id", "type", "timestamp", "data" }\` (data: the attendee as ` +
  `\`GET /api/attendees/{id}\` returns it, or the event; for \`attendee.entered\` and \`attendee.exited\`, ` +
  `\`{ "attendee", "list": { "id", "name" }, "scan" }\`, the scan as a person's history shows it), signed per Standard Webhooks: \`webhook-id\` (the same ` +
  `on every retry; dedupe on it), \`webhook-timestamp\` (Unix seconds of the attempt) and \`webhook-signature: ` +
  `v1,<base64 HMAC-SHA256 of "id.timestamp.body">\` keyed with the base64-decoded part of the \`whsec_\` secret. ` +
  `Kinds: ${WEBHOOK_EVENT_TYPES.join(', ')}; ${WEBHOOK_TEST_TYPE} is the test ping. Any 2xx is success; other ` +
  `answers, redirects included, are retried up to ${MAX_ATTEMPTS} attempts (at once, 5 s, 5 min, 30 min, 2 h, ` +
  `5 h, 10 h, 24 h, with jitter; Retry-After honoured); 410 Gone disables the endpoint.`;

const destinationDescription =
  'Loopback, private, link-local and other non-public addresses are refused unless an owner allowed the host ' +
  "in the dashboard's LAN integrations: a URL naming such an address is a 422 on `url`, and a host name is " +
  'checked each time a connection is made (a delivery to a refused address fails at once, with no response stored).';

/**
 * Webhook management: endpoints (create, list, show, edit, delete, rotate the secret), their recent deliveries,
 * redelivery and a test ping. The token API and the dashboard mount the same routes with their own access rules.
 */
export function webhookRoutes(caller: Caller): FastifyPluginAsyncZod {
  const tags = [caller.tag('Webhooks')];
  const config = caller.access({ scope: 'webhooks:manage', role: 'owner' });
  const basePath = `${caller.basePath}/webhooks`;
  // An endpoint receives every event of the organization, so a token restricted to some events may not manage them.
  const organizationOf = (request: FastifyRequest) => wholeOrganizationOf(caller, request);
  /** What `endpointOf` refuses, and `deliveryOf` besides. */
  const endpointRefusals = [caller.organizationRefusals, { 404: [messages.webhookNotFound] }] as const;
  const deliveryRefusals = [...endpointRefusals, { 404: [messages.deliveryNotFound] }] as const;
  /** What `queued` refuses. */
  const disabledRefusal = { 422: [messages.webhookDisabled] } as const;

  return async (app) => {
    const { webhooks } = app.ctx;

    /** An endpoint of the caller's organization; another organization's is not found. */
    function endpointOf(request: FastifyRequest, uuid: string): WebhookEndpointRecord {
      const endpoint = webhooks.findEndpoint(organizationOf(request), uuid);
      if (!endpoint) throw new HttpError(404, messages.webhookNotFound);
      return endpoint;
    }

    function deliveryOf(endpoint: WebhookEndpointRecord, id: string): WebhookDeliveryRecord {
      const delivery = /^[1-9]\d{0,14}$/.test(id) ? webhooks.findDelivery(endpoint, Number(id)) : null;
      if (!delivery) throw new HttpError(404, messages.deliveryNotFound);
      return delivery;
    }

    /** A LAN or loopback address that no owner has allowed: the interface's field error on `url`. */
    function destinationNotAllowed(): ValidationError {
      return new ValidationError({ url: [fieldMessage.destinationNotAllowed('url')] });
    }

    function queued(outcome: SendOutcome, endpoint: WebhookEndpointRecord) {
      if (!outcome.ok) throw new HttpError(422, messages.webhookDisabled);
      return presentDelivery(webhooks.findDelivery(endpoint, outcome.deliveryId)!);
    }

    app.get(
      basePath,
      {
        config,
        schema: {
          tags,
          summary: "The organization's webhook endpoints and how many notifications wait",
          description: signingDescription,
          response: { 200: endpointListResponse, ...refusals(caller.organizationRefusals) },
        },
      },
      async function listWebhookEndpoints(request) {
        const { endpoints, waiting } = webhooks.listEndpoints(organizationOf(request));
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
          description: `At most ${MAX_ENDPOINTS_PER_ORGANIZATION} per organization. ${destinationDescription} ${signingDescription}`,
          body: createEndpointBody,
          response: {
            201: endpointWithSecret,
            ...refusals(caller.organizationRefusals, {
              422: [messages.webhookLimitReached(MAX_ENDPOINTS_PER_ORGANIZATION)],
            }),
          },
        },
      },
      async function createWebhookEndpoint(request, reply) {
        const outcome = webhooks.createEndpoint(organizationOf(request), request.body);
        if (!outcome.ok && outcome.reason === 'destination_not_allowed') throw destinationNotAllowed();
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
          response: { 200: z.object({ data: webhookEndpointSchema }), ...refusals(...endpointRefusals) },
        },
      },
      async function showWebhookEndpoint(request) {
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
          description: destinationDescription,
          params: endpointParams,
          body: updateEndpointBody,
          response: { 200: z.object({ data: webhookEndpointSchema }), ...refusals(...endpointRefusals) },
        },
      },
      async function editWebhookEndpoint(request) {
        const outcome = webhooks.updateEndpoint(endpointOf(request, request.params.id), request.body);
        if (!outcome.ok) throw destinationNotAllowed();
        return { data: presentEndpoint(outcome.endpoint, webhooks.waitingFor(outcome.endpoint)) };
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
          response: { 200: messageBody, ...refusals(...endpointRefusals) },
        },
      },
      async function deleteWebhookEndpoint(request) {
        webhooks.removeEndpoint(endpointOf(request, request.params.id));
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
          response: { 200: endpointWithSecret, ...refusals(...endpointRefusals) },
        },
      },
      async function rotateWebhookSecret(request) {
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
          response: { 200: deliveryListResponse, ...refusals(...endpointRefusals) },
        },
      },
      async function listDeliveries(request) {
        const endpoint = endpointOf(request, request.params.id);
        const { status, page, per_page: perPage } = request.query;
        const { items, total } = webhooks.listDeliveries(
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
          response: { 200: z.object({ data: deliveryDetailSchema }), ...refusals(...deliveryRefusals) },
        },
      },
      async function showDelivery(request) {
        const delivery = deliveryOf(endpointOf(request, request.params.id), request.params.delivery_id);
        return { data: presentDeliveryDetail(delivery, webhooks.attemptsOf(delivery)) };
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
            ...refusals(...deliveryRefusals, disabledRefusal),
          },
        },
      },
      async function redeliver(request, reply) {
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
            ...refusals(...endpointRefusals, disabledRefusal),
          },
        },
      },
      async function sendTestPing(request, reply) {
        const endpoint = endpointOf(request, request.params.id);
        const data = queued(webhooks.sendTest(endpoint), endpoint);
        reply.code(202);
        return { message: messages.webhookTestQueued, data };
      },
    );
  };
}
