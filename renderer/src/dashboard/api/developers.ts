import { answer, api } from '../../shared/api/client.ts';
import type { Answer, RequestBody, Schema } from '../../shared/api/types.ts';

/**
 * Developers: API tokens (server/access/api-token.routes.ts), webhook endpoints (server/webhooks/webhook.routes.ts,
 * mounted at /dashboard/api/webhooks) and the LAN integrations webhooks may reach
 * (server/webhooks/lan-integration.routes.ts), owners only. Secrets come back once, in the answer that made them.
 */

export {
  DEFAULT_TOKEN_SCOPES,
  TOKEN_EXPIRIES,
  TOKEN_SCOPES,
  WEBHOOK_EVENT_TYPES,
} from '../../shared/api/vocabulary.ts';

/** A token as listed; `event_ids` null: it may reach every event. */
export type ApiToken = Schema<'ApiToken'>;
export type TokenScope = ApiToken['scopes'][number];
/** Left out of `event_ids`: every event. */
export type TokenInput = RequestBody<'/dashboard/api/tokens', 'post'>;
export type TokenExpiry = TokenInput['expires'];

export type WebhookEndpoint = Schema<'WebhookEndpoint'>;
export type WebhookEventType = WebhookEndpoint['event_types'][number];
/** An endpoint's settings as the form holds them, every one of them. */
export type EndpointInput = Required<RequestBody<'/dashboard/api/webhooks', 'post'>>;
export type EndpointChanges = RequestBody<'/dashboard/api/webhooks/{id}', 'patch'>;

export type DeliveryAttempt = Schema<'WebhookAttempt'>;
export type Delivery = Schema<'WebhookDelivery'>;
export type DeliveryStatus = Delivery['status'];
export type WebhookMessageType = Delivery['type'];
export type DeliveryList = Answer<'/dashboard/api/webhooks/{id}/deliveries', 'get'>;

/** A host on the venue network (or this machine) that webhooks may reach: `host` or `host:port`. */
export type LanIntegration = Schema<'LanIntegration'>;
export type LanIntegrationInput = RequestBody<'/dashboard/api/lan-integrations', 'post'>;

/** An endpoint with the signing secret it was just given. */
export type EndpointWithSecret = Answer<'/dashboard/api/webhooks', 'post'>;

export const tokensApi = {
  list: (signal?: AbortSignal) => answer(api.GET('/dashboard/api/tokens', { signal })).then((r) => r.data),

  create: (input: TokenInput) => answer(api.POST('/dashboard/api/tokens', { body: input })),

  remove: (id: number) => answer(api.DELETE('/dashboard/api/tokens/{id}', { params: { path: { id } } })),
};

const endpoint = (id: string) => ({ params: { path: { id } } });

export const webhooksApi = {
  list: (signal?: AbortSignal) => answer(api.GET('/dashboard/api/webhooks', { signal })),

  get: (id: string, signal?: AbortSignal) =>
    answer(api.GET('/dashboard/api/webhooks/{id}', { ...endpoint(id), signal })).then((r) => r.data),

  create: (input: EndpointInput) => answer(api.POST('/dashboard/api/webhooks', { body: input })),

  update: (id: string, changes: EndpointChanges) =>
    answer(api.PATCH('/dashboard/api/webhooks/{id}', { ...endpoint(id), body: changes })).then((r) => r.data),

  remove: (id: string) => answer(api.DELETE('/dashboard/api/webhooks/{id}', endpoint(id))),

  rotateSecret: (id: string) => answer(api.POST('/dashboard/api/webhooks/{id}/rotate-secret', endpoint(id))),

  deliveries: (id: string, signal?: AbortSignal) =>
    answer(api.GET('/dashboard/api/webhooks/{id}/deliveries', { ...endpoint(id), signal })),

  redeliver: (id: string, deliveryId: number) =>
    answer(
      api.POST('/dashboard/api/webhooks/{id}/deliveries/{delivery_id}/redeliver', {
        // The path takes the delivery's integer id as its digits.
        params: { path: { id, delivery_id: String(deliveryId) } },
      }),
    ),

  sendTest: (id: string) => answer(api.POST('/dashboard/api/webhooks/{id}/test', endpoint(id))),
};

export const lanIntegrationsApi = {
  list: (signal?: AbortSignal) =>
    answer(api.GET('/dashboard/api/lan-integrations', { signal })).then((r) => r.data),

  add: (input: LanIntegrationInput) =>
    answer(api.POST('/dashboard/api/lan-integrations', { body: input })).then((r) => r.data),

  remove: (id: number) =>
    answer(api.DELETE('/dashboard/api/lan-integrations/{id}', { params: { path: { id } } })),
};
