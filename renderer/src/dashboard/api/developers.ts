import type {
  DeliveryStatus,
  TokenExpiry,
  TokenScope,
  WebhookDisabledReason,
  WebhookEventType,
  WebhookMessageType,
} from '../../../../server/contract/vocabulary.ts';
import { request, segment } from '../../shared/api/client.ts';
import { DASHBOARD_API } from './session.ts';

/**
 * Developers: API tokens (server/routes/dashboard/tokens.ts) and webhook endpoints (server/routes/webhooks.ts,
 * mounted at /dashboard/api/webhooks), owners only. Secrets come back once, in the answer that made them.
 */

export { TOKEN_EXPIRIES, TOKEN_SCOPES, WEBHOOK_EVENT_TYPES } from '../../../../server/contract/vocabulary.ts';
export type { DeliveryStatus, TokenExpiry, TokenScope, WebhookEventType, WebhookMessageType };

export interface ApiToken {
  id: number;
  name: string;
  scopes: TokenScope[];
  /** The events it may reach; null for all of them. */
  event_ids: string[] | null;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}

export interface TokenInput {
  name: string;
  expires: TokenExpiry;
  scopes: TokenScope[];
  /** Left out: every event. */
  event_ids?: string[];
}

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  event_types: WebhookEventType[];
  enabled: boolean;
  /** Why it is off: switched off here, or the receiver answered 410 Gone. */
  disabled_reason: WebhookDisabledReason | null;
  /** Notifications still to be delivered to it. */
  waiting_count: number;
  created_at: string;
  updated_at: string;
}

export interface EndpointInput {
  url: string;
  description: string;
  event_types: WebhookEventType[];
  enabled: boolean;
}

export interface DeliveryAttempt {
  number: number;
  status_code: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  /** Why no answer came (refused, timed out...). */
  error: string | null;
  attempted_at: string;
}

export interface Delivery {
  id: number;
  message_id: string;
  type: WebhookMessageType;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  created_at: string;
  last_attempt: DeliveryAttempt | null;
}

export interface DeliveryList {
  data: Delivery[];
  meta: { total: number; page: number; per_page: number };
}

/** An endpoint with the signing secret it was just given. */
export interface EndpointWithSecret {
  data: WebhookEndpoint;
  secret: string;
}

const tokensPath = (rest = '') => `${DASHBOARD_API}/tokens${rest}`;
const webhooksPath = (rest = '') => `${DASHBOARD_API}/webhooks${rest}`;
const endpointPath = (id: string, rest = '') => webhooksPath(`/${segment(id)}${rest}`);

export const tokensApi = {
  list: (signal?: AbortSignal) =>
    request<{ data: ApiToken[] }>('GET', tokensPath(), { signal }).then((r) => r.data),

  create: (input: TokenInput) =>
    request<{ data: ApiToken; token: string }>('POST', tokensPath(), { body: input }),

  remove: (id: number) => request<{ message: string }>('DELETE', tokensPath(`/${id}`)),
};

export const webhooksApi = {
  list: (signal?: AbortSignal) =>
    request<{ data: WebhookEndpoint[]; meta: { waiting_count: number } }>('GET', webhooksPath(), { signal }),

  get: (id: string, signal?: AbortSignal) =>
    request<{ data: WebhookEndpoint }>('GET', endpointPath(id), { signal }).then((r) => r.data),

  create: (input: EndpointInput) => request<EndpointWithSecret>('POST', webhooksPath(), { body: input }),

  update: (id: string, changes: Partial<EndpointInput>) =>
    request<{ data: WebhookEndpoint }>('PATCH', endpointPath(id), { body: changes }).then((r) => r.data),

  remove: (id: string) => request<{ message: string }>('DELETE', endpointPath(id)),

  rotateSecret: (id: string) => request<EndpointWithSecret>('POST', endpointPath(id, '/rotate-secret')),

  deliveries: (id: string, signal?: AbortSignal) =>
    request<DeliveryList>('GET', endpointPath(id, '/deliveries'), { signal }),

  redeliver: (id: string, deliveryId: number) =>
    request<{ message: string; data: Delivery }>(
      'POST',
      endpointPath(id, `/deliveries/${deliveryId}/redeliver`),
    ),

  sendTest: (id: string) => request<{ message: string; data: Delivery }>('POST', endpointPath(id, '/test')),
};
